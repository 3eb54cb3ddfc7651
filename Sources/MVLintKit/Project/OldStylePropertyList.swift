#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// A value of the old-style (OpenStep) property-list format that `project.pbxproj` files are written in.
/// Numbers are unquoted strings in this format, so strings, arrays and dictionaries are all there is.
enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var array: [PropertyListValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    subscript(key: String) -> PropertyListValue? { dictionary?[key] }
}

struct PropertyListSyntaxError: Error, Sendable {
    var line: Int
    var message: String
}

/// Parses `{ key = value; }`, `( a, b, )`, quoted strings with escapes, unquoted words and
/// `/* … */` / `// …` comments. Works on UTF-8 bytes: project files can be megabytes long.
struct OldStylePropertyListParser {
    private let bytes: [UInt8]
    private var offset = 0

    /// Deeper nesting than any real project has; the limit keeps hostile input from exhausting the stack.
    private static let maximumDepth = 256

    static func parse(_ text: String) throws(PropertyListSyntaxError) -> PropertyListValue {
        var parser = OldStylePropertyListParser(bytes: Array(text.utf8))
        let value = try parser.parseValue(depth: 0)
        try parser.skipWhitespaceAndComments()
        guard parser.offset == parser.bytes.count else { throw parser.error("unexpected text after the end of the property list") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func parseValue(depth: Int) throws(PropertyListSyntaxError) -> PropertyListValue {
        guard depth < Self.maximumDepth else { throw error("the property list is nested too deeply") }
        try skipWhitespaceAndComments()
        guard let byte = current else { throw error("unexpected end of file") }
        switch byte {
        case UInt8(ascii: "{"): return try parseDictionary(depth: depth)
        case UInt8(ascii: "("): return try parseArray(depth: depth)
        default: return .string(try parseString())
        }
    }

    private mutating func parseDictionary(depth: Int) throws(PropertyListSyntaxError) -> PropertyListValue {
        offset += 1
        var entries: [String: PropertyListValue] = [:]
        while true {
            try skipWhitespaceAndComments()
            if consume("}") { return .dictionary(entries) }
            let key = try parseString()
            try skipWhitespaceAndComments()
            guard consume("=") else { throw error("expected '=' after the key \"\(key)\"") }
            entries[key] = try parseValue(depth: depth + 1)
            try skipWhitespaceAndComments()
            guard consume(";") else { throw error("expected ';' after the value of \"\(key)\"") }
        }
    }

    private mutating func parseArray(depth: Int) throws(PropertyListSyntaxError) -> PropertyListValue {
        offset += 1
        var values: [PropertyListValue] = []
        while true {
            try skipWhitespaceAndComments()
            if consume(")") { return .array(values) }
            values.append(try parseValue(depth: depth + 1))
            try skipWhitespaceAndComments()
            if consume(",") { continue }
            guard consume(")") else { throw error("expected ',' or ')' in an array") }
            return .array(values)
        }
    }

    private mutating func parseString() throws(PropertyListSyntaxError) -> String {
        guard let byte = current else { throw error("unexpected end of file") }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try parseQuotedString() }
        let start = offset
        while let next = current, Self.isUnquotedCharacter(next) { offset += 1 }
        guard offset > start else { throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'") }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func parseQuotedString() throws(PropertyListSyntaxError) -> String {
        let quote = bytes[offset]
        let start = offset
        offset += 1
        var text: [UInt8] = []
        while let byte = current {
            offset += 1
            if byte == quote { return String(decoding: text, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            guard let escaped = current else { break }
            offset += 1
            switch escaped {
            case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "U"): appendScalar(readDigits(radix: 16, maximumCount: 4), to: &text)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                offset -= 1
                appendScalar(readDigits(radix: 8, maximumCount: 3), to: &text)
            default: text.append(escaped)
            }
        }
        offset = start
        throw error("a quoted string is not closed")
    }

    private mutating func readDigits(radix: Int, maximumCount: Int) -> UInt32 {
        var value: UInt32 = 0
        var count = 0
        while count < maximumCount, let byte = current, let digit = Int(String(Unicode.Scalar(byte)), radix: radix) {
            value = value * UInt32(radix) + UInt32(digit)
            offset += 1
            count += 1
        }
        return value
    }

    private func appendScalar(_ value: UInt32, to text: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        text.append(contentsOf: Array(String(scalar).utf8))
    }

    private mutating func skipWhitespaceAndComments() throws(PropertyListSyntaxError) {
        while let byte = current {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                offset += 1
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while let skipped = current, skipped != UInt8(ascii: "\n") { offset += 1 }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                let start = offset
                offset += 2
                while offset < bytes.count, !(bytes[offset] == UInt8(ascii: "*") && next == UInt8(ascii: "/")) { offset += 1 }
                guard offset < bytes.count else {
                    offset = start
                    throw error("a comment is not closed")
                }
                offset += 2
            } else {
                return
            }
        }
    }

    private mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard current == UInt8(ascii: character) else { return false }
        offset += 1
        return true
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }
    private var next: UInt8? { offset + 1 < bytes.count ? bytes[offset + 1] : nil }

    /// The characters the format allows in a string without quotes.
    private static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private func error(_ message: String) -> PropertyListSyntaxError {
        let line = bytes[..<min(offset, bytes.count)].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return PropertyListSyntaxError(line: line, message: message)
    }
}
