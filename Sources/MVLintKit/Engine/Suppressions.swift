internal import SwiftSyntax

/// The `// mvlint:disable …` comments of one file and the lines they silence.
///
/// Forms: `disable` (until a matching `enable` or the end of the file), `disable:next`, `disable:this`,
/// `disable:previous`; each takes rule ids or `all`. A disable that silences nothing is itself reported.
public struct SuppressionMap: Sendable, Codable {
    public struct Directive: Sendable, Codable {
        public enum Scope: String, Sendable, Codable { case region = "", next, this, previous }
        public var isDisable: Bool
        public var scope: Scope
        /// Rule ids named, or `["all"]`.
        public var rules: [String]
        public var line: Int
        public var column: Int
    }

    struct Region: Sendable, Codable {
        var directive: Int
        var rule: String
        var firstLine: Int
        var lastLine: Int
    }

    /// Setters internal, not private: the cache's generated coder, in another file, sets them.
    public internal(set) var directives: [Directive] = []
    var regions: [Region] = []

    public init() {}

    /// Finds directives in `//` comments only: the tree tells whether a match lies in trivia or in a string.
    init(source: SourceText, tree: SourceFileSyntax) {
        let markers = source.offsets(of: "mvlint:")
        // The bytes around each marker are read from a copy of the text, made only for the few files that have one.
        let utf8 = markers.isEmpty ? [] : Array(source.text.utf8)
        let markerLength = "mvlint:".utf8.count
        for index in markers {
            // Only `// mvlint:…` (spaces allowed after the slashes) counts.
            var start = index - 1
            while start >= 0, utf8[start] == UInt8(ascii: " ") { start -= 1 }
            guard start >= 1, utf8[start] == UInt8(ascii: "/"), utf8[start - 1] == UInt8(ascii: "/") else { continue }
            let commentStart = start - 1
            guard let token = tree.token(at: AbsolutePosition(utf8Offset: commentStart)),
                  commentStart < token.positionAfterSkippingLeadingTrivia.utf8Offset
                    || commentStart >= token.endPositionBeforeTrailingTrivia.utf8Offset else { continue }
            var end = index + markerLength
            while end < utf8.count, utf8[end] != UInt8(ascii: "\n"), utf8[end] != UInt8(ascii: "\r") { end += 1 }
            let body = String(decoding: utf8[(index + markerLength)..<end], as: UTF8.self)
            let location = source.location(ofUTF8Offset: commentStart)
            if let directive = SuppressionMap.parse(body, line: location.line, column: location.column) {
                directives.append(directive)
            }
        }
        buildRegions(lineCount: source.lineStarts.count)
    }

    static func parse(_ body: String, line: Int, column: Int) -> Directive? {
        var words = body.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard !words.isEmpty else { return nil }
        let command = words.removeFirst().split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let action = command.first, action == "disable" || action == "enable" else { return nil }
        var scope = Directive.Scope.region
        if command.count > 1 {
            guard let parsed = Directive.Scope(rawValue: command[1]), parsed != .region else { return nil }
            scope = parsed
        }
        // Rule ids are lowercase words with dashes; a lone `-`/`--` (or any other word) starts the author's explanation.
        var rules: [String] = []
        for word in words {
            guard !word.allSatisfy({ $0 == "-" || $0 == "—" }),
                  word.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" || $0 == "_" }) else { break }
            rules.append(word)
        }
        guard !rules.isEmpty else { return nil }
        return Directive(isDisable: action == "disable", scope: scope, rules: rules, line: line, column: column)
    }

    private mutating func buildRegions(lineCount: Int) {
        var open: [Region] = []
        for (index, directive) in directives.enumerated() {
            if directive.isDisable {
                for rule in directive.rules {
                    switch directive.scope {
                    case .region: open.append(Region(directive: index, rule: rule, firstLine: directive.line, lastLine: lineCount))
                    case .next: regions.append(Region(directive: index, rule: rule, firstLine: directive.line + 1, lastLine: directive.line + 1))
                    case .this: regions.append(Region(directive: index, rule: rule, firstLine: directive.line, lastLine: directive.line))
                    case .previous: regions.append(Region(directive: index, rule: rule, firstLine: directive.line - 1, lastLine: directive.line - 1))
                    }
                }
            } else {
                let closesAll = directive.rules.contains("all")
                open.removeAll { region in
                    guard closesAll || directive.rules.contains(region.rule) else { return false }
                    var closed = region
                    closed.lastLine = directive.line
                    regions.append(closed)
                    return true
                }
            }
        }
        regions.append(contentsOf: open)
    }

    /// The directive that silences `rule` on `line`, if any.
    func suppressor(of rule: String, line: Int) -> Int? {
        regions.first { ($0.rule == rule || $0.rule == "all") && $0.firstLine <= line && line <= $0.lastLine }?.directive
    }

    /// For each disable directive, the rule ids it names that silenced nothing (given the ids that did).
    func unusedRules(used: Set<DirectiveUse>) -> [(directive: Directive, rules: [String])] {
        directives.enumerated().compactMap { index, directive in
            guard directive.isDisable else { return nil }
            let unused = directive.rules.filter { !used.contains(DirectiveUse(directive: index, rule: $0)) }
            return unused.isEmpty ? nil : (directive, unused)
        }
    }

    struct DirectiveUse: Hashable {
        var directive: Int
        var rule: String
    }

    /// Which of this directive's named ids silenced the finding (`all` when it did so as `all`).
    func use(of directive: Int, for rule: String) -> DirectiveUse {
        DirectiveUse(directive: directive, rule: directives[directive].rules.contains(rule) ? rule : "all")
    }
}
