/// Text made safe for one cell of a GitHub-flavoured Markdown table.
enum Markdown {
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// A code span whose fence is longer than any backtick run inside the text; empty text stays empty.
    static func code(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        let fence = String(repeating: "`", count: longestBacktickRun(in: text) + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return cell(fence + padding + text + padding + fence)
    }

    /// A fenced block that no line of `text` can close early.
    static func codeBlock(_ text: String, language: String) -> String {
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: text) + 1))
        return "\(fence)\(language)\n\(text)\n\(fence)\n"
    }

    static func table(_ header: [String], alignments: [String], _ rows: [[String]]) -> String {
        ([header, alignments] + rows).map { "| " + $0.joined(separator: " | ") + " |\n" }.joined()
    }

    private static func longestBacktickRun(in text: String) -> Int {
        var longest = 0, current = 0
        for character in text {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
