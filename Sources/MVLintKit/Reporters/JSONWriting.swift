/// Minimal JSON writing helpers; we write JSON by hand to keep key order stable.
public enum JSON {
    public static func string(_ value: String) -> String {
        var quoted = ""
        appendString(value, to: &quoted)
        return quoted
    }

    /// `value` quoted and escaped, appended to `output`: a report of a thousand findings written this way, not as
    /// temporary strings joined, took a third of the instructions.
    static func appendString(_ value: String, to output: inout String) {
        // Most strings (paths, rule ids, messages) need no escaping: a byte check skips the per-scalar rebuild. It reads
        // the contiguous bytes: the `utf8` view's iterator was 4 % of a warm run's instructions writing a JSON report.
        var text = value
        let needsEscaping = text.withUTF8 { $0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } }
        output += "\""
        guard needsEscaping else {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    output += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
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
