/// Renders rule metadata: the `mvlint rules` table, the README's table and `mvlint explain`.
public enum RuleTable {
    public static func text(_ rules: [RuleDescription]) -> String {
        let rows = rules.map { [$0.id, $0.family.rawValue, $0.severity.rawValue, $0.profiles.displayName, $0.fix.rawValue] }
        let header = ["RULE", "FAMILY", "SEVERITY", "PROFILES", "FIX"]
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padded(toUTF16Length: widths[index])
            }.joined(separator: "  ") + "\n"
        }
        return ([header] + rows).map(line).joined() + "\n\(rules.count) rules. 'mvlint explain <rule>' tells more.\n"
    }

    /// One table per family, in registry order; the README embeds this output.
    public static func markdown(_ rules: [RuleDescription]) -> String {
        var output = ""
        for family in RuleFamily.allCases {
            let members = rules.filter { $0.family == family }
            guard !members.isEmpty else { continue }
            output += "#### \(family.title)\n\n| rule | severity | profiles | fix | what it checks |\n|---|---|---|---|---|\n"
            for rule in members {
                let summary = rule.summary.replacingEvery("|", with: "\\|")
                output += "| `\(rule.id)` | \(rule.severity.rawValue) | \(rule.profiles.displayName) | \(rule.fix.rawValue) | \(summary) |\n"
            }
            output += "\n"
        }
        return output
    }

    public static func json(_ rules: [RuleDescription]) -> String {
        let items = rules.map { rule in
            "  {\"id\": \(JSON.string(rule.id)), \"family\": \(JSON.string(rule.family.rawValue)), "
                + "\"severity\": \(JSON.string(rule.severity.rawValue)), \"profiles\": \(JSON.string(rule.profiles.displayName)), "
                + "\"fix\": \(JSON.string(rule.fix.rawValue)), \"summary\": \(JSON.string(rule.summary))}"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }

    /// `mvlint explain`: what it does, why it is bad, what to write instead, and examples either way.
    public static func explanation(_ rule: RuleDescription) -> String {
        var sections = [
            "\(rule.id) — \(rule.family.title)\nseverity: \(rule.severity.rawValue) · profiles: \(rule.profiles.displayName) · fix: \(rule.fix.rawValue)",
            "What it does\n" + wrap(rule.summary),
            "Why this is bad\n" + wrap(rule.rationale),
            "Instead\n" + wrap(rule.instead),
        ]
        if let bad = rule.triggering.first { sections.append("Reported (at ↓)\n" + indent(bad.code)) }
        if let bad = rule.triggering.first, let fixed = bad.fixed {
            let needsUnsafe = ExampleRunner.run(bad, rule: rule).fixes.contains { $0?.safety == .unsafe }
            sections.append("After `mvlint lint --fix\(needsUnsafe ? " --unsafe-fixes" : "")`\n" + indent(fixed))
        }
        if let good = rule.nonTriggering.first { sections.append("Not reported\n" + indent(ExampleRunner.strip(good.code).code)) }
        if !rule.options.isEmpty {
            sections.append("Options (under `\(rule.id):` in .mvlint.yml)\n"
                + rule.options.map { "    \($0.key): \($0.defaultValue) — \($0.meaning)" }.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// Code, indented by four spaces, without trailing blank lines.
    private static func indent(_ code: String) -> String {
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.trimmingSpaces().isEmpty == true { lines.removeLast() }
        return lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    /// Prose, indented and wrapped at 100 columns so it reads well in a terminal.
    private static func wrap(_ text: String, width: Int = 100) -> String {
        var lines: [String] = []
        var current = "   "
        for word in text.split(separator: " ") {
            if current.count + word.count + 1 > width, current.count > 3 {
                lines.append(current)
                current = "   "
            }
            current += " " + word
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }
}

#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
