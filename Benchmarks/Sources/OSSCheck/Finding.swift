import Foundation

/// One finding of `mvlint lint --format json`, with the text of its line so runs can be compared by code,
/// not by line number.
struct Finding: Hashable, Sendable {
    var app: String
    var rule: String
    var severity: String
    /// As the JSON reports it: relative to the app's folder, because mvlint runs there.
    var file: String
    var line: Int
    var message: String
    /// The reported line, trimmed; empty when the file cannot be read.
    var lineText: String

    init(app: String, rule: String, severity: String, file: String, line: Int, message: String, lineText: String) {
        self.app = app
        self.rule = rule
        self.severity = severity
        self.file = file
        self.line = line
        self.message = message
        self.lineText = lineText
    }

    /// What makes two findings "the same" across runs: code that moved keeps its key, a reworded message does not.
    struct MatchKey: Hashable, Sendable {
        var app, rule, file, lineText, message: String
    }

    var matchKey: MatchKey {
        MatchKey(app: app, rule: rule, file: file, lineText: lineText, message: message)
    }

    var location: String { "\(file):\(line)" }

    /// Report order: by app, file, line, rule, message.
    static func reportOrder(_ left: Finding, _ right: Finding) -> Bool {
        (left.app, left.file, left.line, left.rule, left.message) < (right.app, right.file, right.line, right.rule, right.message)
    }
}

/// The parts of mvlint's JSON report (`JSONReporter`) this tool reads.
struct LintJSON: Decodable {
    struct Entry: Decodable {
        var rule: String
        var severity: String
        var file: String
        var line: Int
        var message: String
    }

    var version: String
    var findings: [Entry]
}
