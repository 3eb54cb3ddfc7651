/// The fixed parts of the HTML report: the document head with its inline style sheet, and the end with
/// the inline scripts (the findings filter here, the map explorer in `HTMLPageExplorer.swift`). Nothing here
/// comes from the code being linted.
enum HTMLPage {
    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="mvlint \(Markup.escape(MVLintVersion.current))">
        <title>\(Markup.escape(title))</title>
        <style>
        \(styleSheet)</style>
        </head>
        <body>

        """
    }

    static let tail = """
        <script>
        \(filterScript)\(explorerScript)</script>
        </body>
        </html>

        """

    /// Role colours come from `MapStyle`, so the roles table matches the map.
    static var styleSheet: String {
        let roleColours = (Role.allCases.map(Optional.some) + [nil]).map { role -> String in
            let look = MapStyle.look(of: ArchitectureMap.Node(id: "", name: "", role: role, file: "", line: 0))
            return ".role-\(look.className) { background: \(look.fill); border-color: \(look.stroke); }"
        }
        return """
        :root { color-scheme: light; --text: #111827; --muted: #4b5563; --line: #e5e7eb; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 24px 32px 48px; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
               color: var(--text); background: #ffffff; }
        code, pre { font-family: Menlo, "DejaVu Sans Mono", Consolas, "Liberation Mono", monospace; font-size: 12.5px; }
        h1 { font-size: 24px; margin: 0 0 4px; }
        h2 { font-size: 19px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
        h3 { font-size: 15px; margin: 20px 0 8px; color: var(--muted); }
        [hidden] { display: none !important; }
        .meta, .lead { color: var(--muted); margin: 4px 0; }
        .counts { margin: 10px 0; }
        nav a { margin-right: 16px; color: #1d4ed8; text-decoration: none; }
        .badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #ffffff; }
        .badge.error { background: #dc2626; }
        .badge.warning { background: #d97706; }
        .badge.advice { background: #64748b; }
        .counts .badge.none { background: #e5e7eb; color: var(--muted); }
        .note { color: #dc2626; }
        .map-frame { overflow: auto; max-height: 80vh; border: 1px solid var(--line); border-radius: 6px; background: #ffffff; }
        .map-frame svg { display: block; }
        .mvlint-map .node:hover rect, .mvlint-map .node:hover path, .mvlint-map .node:hover polygon { stroke-width: 3; }
        .mvlint-map .edge:hover { stroke-width: 3.5; stroke-opacity: 1; }
        .filters { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; padding: 10px 12px; margin: 8px 0 4px;
                   background: #f8fafc; border: 1px solid var(--line); border-radius: 6px; }
        .filters fieldset { border: 0; padding: 0; margin: 0; display: flex; gap: 10px; align-items: center; }
        .filters legend { float: left; margin-right: 6px; font-weight: 600; }
        .filters label { font-weight: 600; }
        .filters fieldset label { font-weight: normal; }
        .filters select { margin-left: 4px; font: inherit; }
        .finding-group { margin: 6px 0; border: 1px solid var(--line); border-radius: 6px; }
        .finding-group > summary { cursor: pointer; padding: 6px 10px; background: #f8fafc; border-radius: 6px; }
        .finding-group .count { display: inline-block; min-width: 20px; padding: 0 6px; border-radius: 10px; background: #e5e7eb;
                                font-size: 12px; text-align: center; }
        .rule-summary { margin: 6px 12px 0; color: var(--muted); }
        .finding-group ol { list-style: none; margin: 0; padding: 4px 12px 8px; }
        .finding { padding: 6px 0; border-top: 1px solid #f1f5f9; }
        .finding:first-child { border-top: 0; }
        .finding p { margin: 2px 0 6px; }
        .finding .where { color: #1f2937; }
        .finding .rule { color: var(--muted); }
        .fixable { font-size: 12px; color: #15803d; border: 1px solid #15803d; border-radius: 4px; padding: 0 4px; }
        .excerpt { margin: 0; padding: 6px 0; background: #f8fafc; border: 1px solid var(--line); border-radius: 4px; overflow-x: auto; }
        .excerpt .line { display: inline-block; min-width: 100%; padding: 0 10px; }
        .excerpt .hit { background: #fef3c7; }
        .excerpt .number { color: #9ca3af; user-select: none; margin-right: 8px; }
        table.roles, table.list { border-collapse: collapse; width: 100%; }
        table.roles th, table.roles td, table.list th, table.list td { text-align: left; vertical-align: top; padding: 5px 10px;
                                                                       border-bottom: 1px solid var(--line); }
        table.roles th, table.list th { background: #f8fafc; }
        .role { display: inline-block; padding: 0 8px; border: 1px solid; border-radius: 10px; font-size: 12px; }
        \(roleColours.joined(separator: "\n"))
        \(explorerStyleSheet)
        """
    }

    /// Shows the filter form and applies it: severities and a rule hide findings, a group left empty is
    /// hidden, and one grouping is shown at a time.
    static let filterScript = """
        (function () {
          var form = document.getElementById('filters');
          if (!form) { return; }
          form.hidden = false;
          function update() {
            var shown = {};
            form.querySelectorAll('input[name=severity]').forEach(function (box) { shown[box.value] = box.checked; });
            var rule = form.elements.rule.value;
            var group = form.elements.group.value;
            document.querySelectorAll('.finding').forEach(function (item) {
              item.hidden = !shown[item.dataset.severity] || (rule !== '' && item.dataset.rule !== rule);
            });
            document.querySelectorAll('.finding-group').forEach(function (section) {
              section.hidden = !section.querySelector('.finding:not([hidden])');
            });
            document.querySelectorAll('.findings-view').forEach(function (view) {
              view.hidden = view.dataset.group !== group;
            });
          }
          form.addEventListener('change', update);
          update();
        })();

        """
}
