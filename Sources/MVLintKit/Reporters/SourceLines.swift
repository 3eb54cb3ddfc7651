/// One file's text split into lines, to turn the UTF-8 offsets and columns findings carry into the
/// line/column pairs report formats want, and to quote a line. No parsing: only line breaks are looked at.
struct SourceLines {
    private let bytes: [UInt8]
    /// UTF-8 offset at which each line starts; line 1 starts at 0.
    private let lineStarts: [Int]
    let lineBreakStyle: LineBreakStyle

    init(_ text: String) {
        bytes = Array(text.utf8)
        lineStarts = SourceText.lineTable(text).starts
        lineBreakStyle = LineBreakStyle(of: text)
    }

    /// The line's text without its line break (CR or LF), or nil past the end.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        var end = number < lineStarts.count ? lineStarts[number] : bytes.count
        while end > lineStarts[number - 1], bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[lineStarts[number - 1]..<end], as: UTF8.self)
    }

    /// Line and column (1-based, the column counted in Unicode scalars) of a UTF-8 offset, clamped to the text.
    func position(ofUTF8Offset offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        // The last line starting at or before the offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, scalarColumn(line: low + 1, utf8Column: offset - lineStarts[low] + 1))
    }

    /// Findings count columns in UTF-8 bytes (SwiftSyntax's unit); SARIF counts Unicode scalars or UTF-16 units.
    func scalarColumn(line: Int, utf8Column: Int) -> Int {
        guard line >= 1, line <= lineStarts.count, utf8Column > 1 else { return utf8Column }
        let start = lineStarts[line - 1]
        let end = min(start + utf8Column - 1, bytes.count)
        // Every byte that does not continue a multi-byte sequence starts a scalar.
        return bytes[start..<end].filter { $0 & 0b1100_0000 != 0b1000_0000 }.count + 1
    }
}

extension String {
    func droppingTrailing(while predicate: (Character) -> Bool) -> String {
        var trimmed = Substring(self)
        while let last = trimmed.last, predicate(last) { trimmed.removeLast() }
        return String(trimmed)
    }
}
