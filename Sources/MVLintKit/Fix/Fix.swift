/// One replacement of a byte range in a file's text; an empty range inserts.
public struct TextEdit: Sendable, Codable, Hashable {
    /// UTF-8 offsets into the text the finding was reported on.
    public var range: Range<Int>
    /// New text, written with `\n` line breaks: the fix engine converts them to the file's own style.
    public var replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    public static func insert(_ text: String, at offset: Int) -> TextEdit {
        TextEdit(range: offset..<offset, replacement: text)
    }

    /// Two edits conflict when their ranges share bytes, or when an insertion touches the other edit:
    /// the order of two texts written at one place would be a guess, so the second waits for the next round.
    func conflicts(with other: TextEdit) -> Bool {
        if range.isEmpty || other.range.isEmpty {
            return range.lowerBound <= other.range.upperBound && other.range.lowerBound <= range.upperBound
        }
        return range.overlaps(other.range)
    }
}

/// Whether `mvlint lint --fix` applies a fix on its own, or only with `--unsafe-fixes` (as ruff does).
public enum FixSafety: String, Sendable, Codable, Hashable {
    /// Keeps the program compiling and its meaning: applied by `--fix`.
    case safe
    /// May change behaviour (isolation, member order, timing), or may not compile where the rule cannot see the
    /// types (a value that may be `Color?`, a caller outside the main actor): needs `--unsafe-fixes`.
    case unsafe
}

/// The rewrite attached to a finding: edits on the text the finding was reported on, applied together or not at all.
public struct Fix: Sendable, Codable, Hashable {
    /// One line saying what the fix does (`replace `foregroundColor` with `foregroundStyle``).
    public var description: String
    public var safety: FixSafety
    public var edits: [TextEdit]

    public init(_ description: String, safety: FixSafety = .safe, edits: [TextEdit]) {
        self.description = description
        self.safety = safety
        self.edits = edits
    }
}
