/// Escaping for the XML reports (Checkstyle, JUnit) and, through `Markup`, the HTML report and SVG map.
enum XML {
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    /// `&`, `<`, `>` and both quotes as entities, so the text is safe between tags and inside either kind of
    /// quoted attribute (`&#39;` rather than `&apos;`, which HTML 4 readers do not know). Control characters
    /// XML 1.0 forbids, even as references, become U+FFFD so the document stays well-formed. Line breaks and
    /// tabs are written as references by default, because parsers turn raw ones in attribute values into
    /// spaces; text meant to be shown as written (HTML, SVG) keeps them raw.
    static func escape(_ value: String, keepingLineBreaks: Bool = false) -> String {
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\n", "\r", "\t":
                if keepingLineBreaks { escaped.unicodeScalars.append(scalar) } else { escaped += "&#\(scalar.value);" }
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    escaped += "\u{FFFD}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
