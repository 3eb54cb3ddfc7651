/// One problem found in one place. Plain values only: findings outlive the syntax trees.
public struct Finding: Sendable, Hashable, Codable {
    public var rule: String
    public var severity: Severity
    /// The path as the user should see it (relative to the working directory when inside it).
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// The rewrite `--fix` can apply; reporters only say whether there is one.
    public var fix: Fix?

    public init(rule: String, severity: Severity, file: String, line: Int, column: Int, message: String, fix: Fix? = nil) {
        self.rule = rule
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.fix = fix
    }

    public var fixable: Bool { fix != nil }

    /// The order every reporter uses: file, line, column, rule.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        return lhs.rule < rhs.rule
    }
}
