#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A Swift file's text plus a table of where its lines start, for turning UTF-8 offsets into
/// `line:column` without a second pass over the syntax tree.
public struct SourceText: Sendable {
    public let text: String
    /// UTF-8 offset of the first byte of every line. As in swiftc, `\n`, `\r\n` and a lone `\r` each end a line.
    public let lineStarts: [Int]
    /// The longest line in UTF-8 bytes, line break excluded.
    let longestLine: Int

    public init(_ text: String) {
        self.text = text
        (lineStarts, longestLine) = Self.lineTable(text)
    }

    /// Where each line starts, and the longest line's length, in UTF-8 bytes.
    static func lineTable(_ text: String) -> (starts: [Int], longest: Int) {
        var starts = [0]
        var longest = 0
        var copy = text
        copy.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            if memchr(base, Int32(UInt8(ascii: "\r")), bytes.count) == nil {
                // Most files end every line with `\n` alone: `memchr` finds those many bytes at a step, where the loop
                // below compares each byte twice (every file's text is tabled before it is parsed).
                var offset = 0
                while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset) {
                    let lineBreak = UnsafeRawPointer(base).distance(to: found)
                    longest = max(longest, lineBreak - starts[starts.count - 1])
                    offset = lineBreak + 1
                    starts.append(offset)
                }
            } else {
                var offset = 0
                while offset < bytes.count {
                    let byte = bytes[offset]
                    offset += 1
                    guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else { continue }
                    longest = max(longest, offset - 1 - starts[starts.count - 1])
                    if byte == UInt8(ascii: "\r"), offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { offset += 1 }
                    starts.append(offset)
                }
            }
            longest = max(longest, bytes.count - starts[starts.count - 1])
        }
        return (starts, longest)
    }

    /// 1-based line and 1-based UTF-8 column, as swiftc and Xcode count them.
    public func location(ofUTF8Offset offset: Int) -> (line: Int, column: Int) {
        var lineIndex = 0
        return location(ofUTF8Offset: offset, near: &lineIndex)
    }

    /// `location(ofUTF8Offset:)`, trying first the line at `lineIndex` and the one after it, and leaving there the
    /// line found: a walk asks for positions mostly in order, a few on each line, where a search of the table was 0.4 %
    /// of a cold run.
    func location(ofUTF8Offset offset: Int, near lineIndex: inout Int) -> (line: Int, column: Int) {
        let last = lineStarts.count - 1
        /// Whether `offset` is on the line at `index`.
        func isOnLine(_ index: Int) -> Bool {
            index <= last && lineStarts[index] <= offset && (index == last || offset < lineStarts[index + 1])
        }
        if isOnLine(lineIndex) { return (lineIndex + 1, offset - lineStarts[lineIndex] + 1) }
        if isOnLine(lineIndex + 1) {
            lineIndex += 1
        } else {
            var low = 0
            var high = last
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            lineIndex = low
        }
        return (lineIndex + 1, offset - lineStarts[lineIndex] + 1)
    }

    /// True when `word` occurs anywhere in the text, in code, comments or strings alike.
    func contains(_ word: StaticString) -> Bool {
        var found = false
        forEachOccurrence(of: word) { _ in
            found = true
            return false
        }
        return found
    }

    /// The UTF-8 offset of each occurrence of `word` that does not overlap an earlier one, in order.
    func offsets(of word: StaticString) -> [Int] {
        var offsets: [Int] = []
        forEachOccurrence(of: word) { offset in
            offsets.append(offset)
            return true
        }
        return offsets
    }

    /// Calls `body` with the UTF-8 offset of each occurrence of `word` not overlapping the one before, until it
    /// returns false. An empty word occurs nowhere.
    private func forEachOccurrence(of word: StaticString, _ body: (Int) -> Bool) {
        var text = text
        text.withUTF8 { ByteSearch.forEachOccurrence(of: word, in: $0, body) }
    }

    /// The text of a 1-based line without its line break.
    public func line(_ number: Int) -> Substring {
        guard number >= 1, number <= lineStarts.count else { return "" }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[number - 1])
        var end = number < lineStarts.count ? utf8.index(utf8.startIndex, offsetBy: lineStarts[number]) : utf8.endIndex
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\n") { end = utf8.index(before: end) }
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") { end = utf8.index(before: end) }
        return text[start..<end]
    }
}
