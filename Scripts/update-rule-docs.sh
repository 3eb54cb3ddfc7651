#!/usr/bin/env bash
# Regenerates the rule table in README.md from the rules' metadata (`mvlint rules --format markdown`).
set -euo pipefail
cd "$(dirname "$0")/.."
table=$(mktemp)
swift run -q mvlint rules --format markdown > "$table"
awk -v table="$table" '
  /<!-- rules:begin -->/ { print; while ((getline line < table) > 0) print line; skipping = 1; next }
  /<!-- rules:end -->/ { skipping = 0 }
  !skipping { print }
' README.md > README.md.new
mv README.md.new README.md
rm -f "$table"
echo "README.md rule table updated"
