import Foundation

/// The files a reviewer judges a sample in: a TSV with empty verdict and reason columns, and optionally a
/// Markdown companion with the code around each finding.
enum SampleFiles {
    static let columns = ["rule", "app", "file:line", "severity", "message", "line text", "verdict", "reason"]

    static func tsv(_ sample: [Finding]) -> String {
        ([columns] + sample.map { [$0.rule, $0.app, $0.location, $0.severity, $0.message, $0.lineText, "", ""] })
            .map { $0.map(field).joined(separator: "\t") + "\n" }.joined()
    }

    /// Finding `n` here is row `n` of the TSV after its header. `appsFolder` holds the apps the findings name.
    static func contextMarkdown(_ sample: [Finding], radius: Int, appsFolder: URL) -> String {
        var sourcesByApp: [String: SourceLines] = [:]
        var text = "# mvlint findings to judge\n\nEach finding is a row of the TSV, in the same order; `>` marks the reported line.\n"
        for (index, finding) in sample.enumerated() {
            let lines = sourcesByApp[finding.app] ?? SourceLines(appFolder: appsFolder.appendingPathComponent(finding.app))
            sourcesByApp[finding.app] = lines
            let excerpt = lines.excerpt(around: finding.line, radius: radius, of: finding.file)
            let width = String(excerpt.last?.number ?? 0).count
            let code = excerpt.map { number, line in
                (number == finding.line ? ">" : " ") + String(repeating: " ", count: width - String(number).count) + "\(number) | \(line)"
            }.joined(separator: "\n")
            text += "\n## \(index + 1). \(Markdown.code(finding.rule)) in \(finding.app), \(Markdown.code(finding.location))\n\n"
                + "\(finding.severity): \(finding.message)\n\n"
                + (excerpt.isEmpty ? "(the file or line could not be read)\n" : Markdown.codeBlock(code, language: "swift"))
        }
        return text
    }

    /// The companion of `sample.tsv` is `sample.md`, next to it.
    static func contextURL(forTSV url: URL) -> URL {
        url.deletingPathExtension().appendingPathExtension("md")
    }

    /// One TSV field: tabs and line breaks would split it.
    private static func field(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }
}
