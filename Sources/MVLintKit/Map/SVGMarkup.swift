/// Escaping for text and attribute values in SVG and HTML, for everything taken from source code.
enum Markup {
    /// Text and attribute values as XML escapes them, with line breaks kept as written and invisible format
    /// characters shown as `\u{202E}`.
    static func escape(_ text: String) -> String { XML.escape(showingInvisibles(text), keepingLineBreaks: true) }

    /// Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the other invisible format
    /// characters reorder or hide code on screen ("Trojan Source"), so an excerpt spells them out as Swift
    /// escapes. The joiners U+200C and U+200D stay: scripts and emoji need them, and they cannot reorder text.
    static func showingInvisibles(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isInvisible) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format && scalar != "\u{200C}" && scalar != "\u{200D}"
    }
}
