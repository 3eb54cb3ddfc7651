/// Escaping for text and attribute values in SVG and HTML, for everything taken from source code.
enum Markup {
    /// Text and attribute values as XML escapes them, with line breaks kept as written.
    static func escape(_ text: String) -> String { XML.escape(text, keepingLineBreaks: true) }
}
