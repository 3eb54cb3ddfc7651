#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import SwiftSyntax

/// Building an edit from a syntax node. Positions skip trivia, so comments and line breaks around the node stay.
extension TextEdit {
    /// Replaces the node's text, without its leading and trailing trivia.
    static func replacing(_ node: some SyntaxProtocol, with text: String) -> TextEdit {
        TextEdit(range: FixText.range(of: node), replacement: text)
    }
}

/// Text measurements that fixes share: ranges, indentation, the lines a declaration occupies.
enum FixText {
    /// The node's UTF-8 range without trivia.
    static func range(of node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }

    /// The spaces and tabs that start the line containing `offset`.
    static func indentation(ofLineContaining offset: Int, in source: SourceText) -> String {
        String(source.line(source.location(ofUTF8Offset: offset).line).prefix { $0 == " " || $0 == "\t" })
    }

    /// True when only spaces and tabs precede `offset` on its line.
    static func startsLine(_ offset: Int, in source: SourceText) -> Bool {
        let location = source.location(ofUTF8Offset: offset)
        return source.line(location.line).utf8.prefix(location.column - 1).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// Moves a multi-line snippet to another indentation: every line after the first that starts with `old`
    /// starts with `new` instead. Multi-line string literals keep their value, because their closing delimiter
    /// moves by the same amount as their content.
    static func reindent(_ text: String, from old: String, to new: String) -> String {
        guard old != new else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices.dropFirst() where lines[index].hasPrefix(old) {
            lines[index] = new + lines[index].dropFirst(old.count)
        }
        return lines.joined(separator: "\n")
    }

    /// The source between two offsets (empty when the range lies outside the text).
    static func text(in range: Range<Int>, of source: SourceText) -> Substring {
        let utf8 = source.text.utf8
        guard range.lowerBound >= 0, range.upperBound <= utf8.count else { return "" }
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
    }

    /// How often `identifier` occurs in the source as a whole word (not inside a longer name), counting comments
    /// and strings too: a fix that deletes a declaration uses it to find other uses, where an extra count can
    /// only make it more careful.
    static func occurrences(ofIdentifier identifier: String, in source: SourceText) -> Int {
        let needle = Array(identifier.utf8)
        guard let first = needle.first else { return 0 }
        func isNamePart(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte >= 0x80
        }
        var count = 0
        var copy = source.text
        copy.withUTF8 { bytes in
            var index = 0
            while index + needle.count <= bytes.count {
                defer { index += 1 }
                guard bytes[index] == first, (index == 0 || !isNamePart(bytes[index - 1])),
                      index + needle.count == bytes.count || !isNamePart(bytes[index + needle.count]),
                      needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) else { continue }
                count += 1
            }
        }
        return count
    }

    /// True when the source between these offsets holds a comment a rewrite of that span would lose.
    static func containsComment(_ range: Range<Int>, in source: SourceText) -> Bool {
        let slice = text(in: range, of: source)
        return slice.contains("//") || slice.contains("/*")
    }

    /// The whole lines from `start` (a line start) through the line holding `end`, line break included, for
    /// deleting a declaration; nil when code follows `end` on its line. When the deletion would leave two blank
    /// lines together, or a blank line right after an opening brace, one blank line after it goes too.
    static func lineDeletion(from start: Int, to end: Int, in source: SourceText) -> Range<Int>? {
        let endLine = source.location(ofUTF8Offset: end).line
        let lineEnd = source.lineStarts.indices.contains(endLine) ? source.lineStarts[endLine] : source.text.utf8.count
        guard text(in: end..<lineEnd, of: source).allSatisfy(\.isWhitespace) else { return nil }
        let firstLine = source.location(ofUTF8Offset: start).line
        let before = firstLine > 1 ? source.line(firstLine - 1).trimmingSpaces() : ""
        if endLine < source.lineStarts.count, source.line(endLine + 1).allSatisfy(\.isWhitespace),
           before.isEmpty || before.hasSuffix("{") {
            let afterBlank = source.lineStarts.indices.contains(endLine + 1) ? source.lineStarts[endLine + 1] : source.text.utf8.count
            return start..<afterBlank
        }
        return start..<lineEnd
    }

    /// The source text of a node without its trivia, with line breaks normalised to `\n` (the fix engine writes
    /// the file's own style back).
    static func text(of node: some SyntaxProtocol) -> String {
        node.trimmedText.replacingCRLF()
    }

    /// Where the lines a declaration occupies begin: the start of its first line, or of the comment lines right
    /// above it (a doc comment moves and disappears with its declaration; a comment after a blank line does not).
    /// Nil when the declaration shares its first line with other code.
    static func lineStart(ofDeclarationWithComments node: some SyntaxProtocol) -> Int? {
        var offset = node.position.utf8Offset
        // At the top of the file the first line starts with the trivia.
        var start: Int? = offset == 0 ? 0 : nil
        var lineBreaksSinceComment = 0
        for piece in node.leadingTrivia {
            let length = piece.sourceLength.utf8Length
            offset += length
            switch piece {
            case .unexpectedText where start == offset - length:
                start = offset  // a byte-order mark ahead of the first line stays
            case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count):
                lineBreaksSinceComment += count
                // Two breaks with nothing between them make a blank line: comments above it stay where they are.
                if start == nil || lineBreaksSinceComment >= 2 { start = offset }
            case .lineComment, .blockComment, .docLineComment, .docBlockComment:
                lineBreaksSinceComment = 0
            default:
                continue
            }
        }
        return start
    }

    static func containsComments(_ trivia: Trivia) -> Bool {
        trivia.contains { piece in
            switch piece {
            case .lineComment, .blockComment, .docLineComment, .docBlockComment: return true
            default: return false
            }
        }
    }
}

extension String {
    func replacingCRLF() -> String {
        split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
    }
}
