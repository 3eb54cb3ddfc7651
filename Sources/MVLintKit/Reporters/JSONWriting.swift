/// Minimal JSON writing helpers; we write JSON by hand to keep key order stable.
public enum JSON {
    public static func string(_ value: String) -> String {
        // Most strings (paths, rule ids, messages) need no escaping: a byte check skips the per-scalar rebuild. It reads
        // the contiguous bytes: the `utf8` view's iterator was 4 % of a warm run's instructions writing a JSON report.
        var text = value
        let needsEscaping = text.withUTF8 { $0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } }
        guard needsEscaping else { return "\"" + value + "\"" }
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 0x20 {
                    escaped += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }
}

/// A JSON document with object keys in the order written, for nested reports (SARIF) where hand-joined
/// strings would be hard to read. Printed with two-space indentation.
indirect enum JSONValue {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    func rendered(indentation: String = "") -> String {
        let inner = indentation + "  "
        switch self {
        case .string(let value): return JSON.string(value)
        case .number(let value): return String(value)
        case .bool(let value): return String(value)
        case .null: return "null"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indentation: inner) }.joined(separator: ",\n") + "\n\(indentation)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { inner + JSON.string($0.key) + ": " + $0.value.rendered(indentation: inner) }
                .joined(separator: ",\n") + "\n\(indentation)}"
        }
    }
}
