/// Escaping for the XML reports (Checkstyle, JUnit). One function serves text and attribute values.
enum XML {
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    static func escape(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            // Written as references so attribute values keep them (parsers turn raw ones into spaces).
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            case "\t": escaped += "&#9;"
            default:
                // Other control characters are not allowed in XML 1.0, not even as references.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    escaped += "\u{FFFD}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
