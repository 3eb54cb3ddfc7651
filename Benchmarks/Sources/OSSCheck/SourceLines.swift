import Foundation

/// The lines of one app's files, each file read once however many findings point into it.
final class SourceLines {
    private let appFolder: URL
    private var linesByFile: [String: [Substring]] = [:]

    init(appFolder: URL) {
        self.appFolder = appFolder
    }

    /// The 1-based line, untrimmed; nil when the file or the line does not exist.
    func line(_ number: Int, of file: String) -> String? {
        let lines = lines(of: file)
        return lines.indices.contains(number - 1) ? String(lines[number - 1]) : nil
    }

    /// Lines `number - radius ... number + radius` that exist, with their numbers.
    func excerpt(around number: Int, radius: Int, of file: String) -> [(number: Int, text: String)] {
        let lines = lines(of: file)
        let first = max(1, number - radius), last = min(lines.count, number + radius)
        guard first <= last else { return [] }
        return (first...last).map { ($0, String(lines[$0 - 1])) }
    }

    private func lines(of file: String) -> [Substring] {
        if let cached = linesByFile[file] { return cached }
        let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : appFolder.appendingPathComponent(file)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        // `\r\n` is one Character, and a newline, so Windows line ends split here too.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        linesByFile[file] = lines
        return lines
    }
}
