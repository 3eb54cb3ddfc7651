#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The few string functions of Foundation the code used, on the standard library: FoundationEssentials, which the
// library imports on Linux, has none of them. Each keeps the behaviour of the function it replaces.

extension StringProtocol {
    /// Without leading and trailing spaces and tabs: `trimmingCharacters(in: .whitespaces)` (general category Zs,
    /// U+0009, and U+200B, which Foundation's table keeps from the Unicode versions that made it a space).
    func trimmingSpaces() -> String { trimmingScalars(where: Self.isSpace) }

    /// Without leading and trailing spaces, tabs and line breaks: `trimmingCharacters(in: .whitespacesAndNewlines)`
    /// (the above, U+000A–U+000D, U+0085 and the line and paragraph separators).
    func trimmingSpacesAndNewlines() -> String {
        trimmingScalars { scalar in
            Self.isSpace(scalar) || (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85
                || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
        }
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == " " || scalar == "\u{200B}" || (scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator)
    }

    private func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }), let last = scalars.lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(Substring(scalars[first...last]))
    }

    /// Every occurrence of `target` replaced by `replacement`, matched byte by byte (`replacingOccurrences(of:with:)`
    /// of the ASCII text it is asked for; a byte match also finds the `\n` of a `\r\n`, as Foundation's search did).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        let text = Array(utf8), pattern = Array(target.utf8)
        guard !pattern.isEmpty, text.count >= pattern.count else { return String(self) }
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if index + pattern.count <= text.count, text[index] == pattern[0], text[index..<index + pattern.count].elementsEqual(pattern) {
                result += replacement.utf8
                index += pattern.count
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Padded with spaces, or cut, to `length` UTF-16 units: `padding(toLength:withPad: " ", startingAt: 0)`.
    func padded(toUTF16Length length: Int) -> String {
        let count = utf16.count
        if count == length { return String(self) }
        if count < length { return String(self) + String(repeating: " ", count: length - count) }
        return String(decoding: Array(utf16.prefix(length)), as: UTF16.self)
    }

    /// Whether `word` occurs in any case, ASCII letters compared without case (`range(of:options: .caseInsensitive)`
    /// of the ASCII words it is asked for).
    func containsIgnoringCase(_ word: String) -> Bool {
        let lowered = { (byte: UInt8) in (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        let text = utf8.map(lowered), pattern = word.utf8.map(lowered)
        guard !pattern.isEmpty else { return true }
        guard text.count >= pattern.count else { return false }
        return (0...(text.count - pattern.count)).contains { start in text[start..<start + pattern.count].elementsEqual(pattern) }
    }
}

/// `value` written as C's `printf` writes it with `format` (`%.1f`, `%g`): `String(format:)` of one number.
func formatted(_ value: Double, _ format: String) -> String {
    withVaList([value]) { arguments in
        var buffer = [CChar](repeating: 0, count: 64)
        // Negative only for a format the C library rejects; none of the callers' is.
        let length = max(0, Int(vsnprintf(&buffer, buffer.count, format, arguments)))
        guard length >= buffer.count else { return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        buffer = [CChar](repeating: 0, count: length + 1)
        return withVaList([value]) { again in
            _ = vsnprintf(&buffer, buffer.count, format, again)
            return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
