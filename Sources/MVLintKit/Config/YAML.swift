/// A node of the YAML subset `.mvlint.yml` is written in, with where it starts (1-based).
struct YAMLNode: Sendable {
    var value: YAMLValue
    var line: Int
    var column: Int

    /// YAML's null: a key or list item with nothing after it.
    static func empty(line: Int, column: Int) -> YAMLNode {
        YAMLNode(value: .scalar("", quoted: false), line: line, column: column)
    }

    var isEmpty: Bool {
        if case .scalar("", quoted: false) = value { return true }
        return false
    }

    /// The text of a scalar; nil for collections.
    var scalar: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// How the node reads in a message ("expected a list, got a mapping").
    var shapeDescription: String {
        switch value {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, _): return isEmpty ? "nothing" : "'\(excerpt(text))'"
        }
    }
}

/// `text` as a message quotes it: whole when short, else its start and its length, so that a hostile
/// 400,000-character key yields a one-line error.
func excerpt(_ text: String) -> String {
    let shownCharacters = 60
    guard text.count > shownCharacters else { return text }
    return "\(text.prefix(shownCharacters))… (\(text.count) characters)"
}

enum YAMLValue: Sendable {
    /// Plain or quoted text; numbers and booleans stay text, the reader of the value decides.
    case scalar(String, quoted: Bool)
    case sequence([YAMLNode])
    /// Entries in file order.
    case mapping([(key: YAMLNode, value: YAMLNode)])
}

/// Reads the YAML subset configuration files need: block and flow collections, plain and quoted
/// scalars, comments. Everything else is rejected with its position rather than half-understood.
enum YAML {
    static func parse(_ text: String, path: String) throws(ConfigurationError) -> YAMLNode {
        var parser = YAMLParser(text: text, path: path)
        return try parser.parseDocument()
    }
}

/// A recursive-descent parser over lines of characters. Block structure follows indentation;
/// flow collections (`[…]`, `{…}`) may span lines.
private struct YAMLParser {
    let path: String
    let lines: [[Character]]
    /// The position being read, 0-based.
    var row = 0
    var column = 0
    var depth = 0

    /// Deep enough for any real configuration, shallow enough that hostile input cannot exhaust the stack.
    static let maximumDepth = 64
    /// Plain values YAML reads as null, like a key with nothing after it.
    static let nullWords: Set<String> = ["~", "null", "Null", "NULL"]

    init(text: String, path: String) {
        self.path = path
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        lines = body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(Array.init)
    }

    // MARK: Document and block structure

    mutating func parseDocument() throws(ConfigurationError) -> YAMLNode {
        let emptyDocument = YAMLNode(value: .mapping([]), line: 1, column: 1)
        guard var start = try contentRow(from: 0) else { return emptyDocument }
        if isDocumentMarker(start.row) {
            move(to: start)
            column += 3
            try expectLineEnd()
            guard let next = try contentRow(from: start.row + 1) else { return emptyDocument }
            start = next
        }
        move(to: start)
        let root = try parseBlockNode()
        if let extra = try contentRow(from: row + 1) {
            throw error(isDocumentMarker(extra.row) ? "only one YAML document per file is supported"
                                                    : "inconsistent indentation: this line lines up with nothing above it",
                        row: extra.row, column: extra.indent)
        }
        return root
    }

    /// The block node at the current position; its indentation is the current column.
    mutating func parseBlockNode() throws(ConfigurationError) -> YAMLNode {
        try enterNesting()
        defer { depth -= 1 }
        if startsListItem { return try parseBlockSequence() }
        if try startsMappingEntry() { return try parseBlockMapping() }
        let node = try parseValue(inFlow: false)
        try expectLineEnd()
        return node
    }

    mutating func parseBlockSequence() throws(ConfigurationError) -> YAMLNode {
        let indent = column, firstRow = row
        var items: [YAMLNode] = []
        var lastRow = row
        while true {
            column += 1
            let afterDash = position
            skipInlineSpace()
            if atLineEnd {
                items.append(try parseValueBelow(indent: indent, allowingListAtSameIndent: false, emptyAt: afterDash))
            } else {
                items.append(try parseBlockNode())
            }
            lastRow = row
            guard let next = try nextRowInBlock(indent: indent) else { break }
            move(to: next)
            // A key at the list's indentation belongs to the mapping that holds the list.
            guard startsListItem else { break }
        }
        row = lastRow
        return YAMLNode(value: .sequence(items), line: firstRow + 1, column: indent + 1)
    }

    mutating func parseBlockMapping() throws(ConfigurationError) -> YAMLNode {
        let indent = column, firstRow = row
        var entries: [(key: YAMLNode, value: YAMLNode)] = []
        var seen: [String: YAMLNode] = [:]
        var lastRow = row
        while true {
            let key = try parseBlockKey()
            try checkUnique(key, among: &seen)
            let afterColon = position
            skipInlineSpace()
            let value: YAMLNode
            if atLineEnd {
                value = try parseValueBelow(indent: indent, allowingListAtSameIndent: true, emptyAt: afterColon)
            } else {
                value = try parseValue(inFlow: false)
                try expectLineEnd()
            }
            entries.append((key, value))
            lastRow = row
            guard let next = try nextRowInBlock(indent: indent) else { break }
            move(to: next)
            if startsListItem {
                throw error("a list item cannot sit among the keys of a mapping; indent it under a key")
            }
            guard try startsMappingEntry() else {
                throw error("expected 'key: value' here (a value that continues on a new line is not supported)")
            }
        }
        row = lastRow
        return YAMLNode(value: .mapping(entries), line: firstRow + 1, column: indent + 1)
    }

    /// The value of a `key:` or `-` that has nothing after it on its line: an indented block below,
    /// a `- ` list at the key's own indentation (when the parent is a mapping), or nothing.
    mutating func parseValueBelow(indent: Int, allowingListAtSameIndent: Bool, emptyAt spot: (row: Int, column: Int)) throws(ConfigurationError) -> YAMLNode {
        guard let next = try contentRow(from: row + 1) else { return .empty(line: spot.row + 1, column: spot.column + 1) }
        let original = position
        move(to: next)
        if next.indent > indent { return try parseBlockNode() }
        if allowingListAtSameIndent, next.indent == indent, startsListItem { return try parseBlockSequence() }
        (row, column) = original
        return .empty(line: spot.row + 1, column: spot.column + 1)
    }

    /// After a block entry: the next line if it continues the block at `indent`, nil if the block ends
    /// (a `---` ends every block, so the document reports it).
    func nextRowInBlock(indent: Int) throws(ConfigurationError) -> (row: Int, indent: Int)? {
        guard let next = try contentRow(from: row + 1), next.indent >= indent, !isDocumentMarker(next.row) else { return nil }
        if next.indent > indent {
            throw error("inconsistent indentation: this line is indented more than the entries it follows",
                        row: next.row, column: next.indent)
        }
        return next
    }

    mutating func parseBlockKey() throws(ConfigurationError) -> YAMLNode {
        let start = position
        let text: String
        let quoted = isQuote(current)
        if quoted {
            text = try parseQuoted()
            skipInlineSpace()
        } else {
            try rejectUnsupportedIndicator()
            guard let colon = plainKeyEnd() else { throw error("expected ':' after the key") }
            text = trimmed(lines[row][column..<colon])
            column = colon
            if text.isEmpty { throw error("a key cannot be empty", row: start.row, column: start.column) }
        }
        column += 1 // the ':' that startsMappingEntry found
        return YAMLNode(value: .scalar(text, quoted: quoted), line: start.row + 1, column: start.column + 1)
    }

    /// Whether the current line holds `key: …` from the current position.
    func startsMappingEntry() throws(ConfigurationError) -> Bool {
        if isQuote(current) {
            var probe = self
            _ = try probe.parseQuoted()
            probe.skipInlineSpace()
            return probe.current == ":" && probe.isSeparator(at: probe.column + 1)
        }
        if current == "[" || current == "{" { return false }
        return plainKeyEnd() != nil
    }

    /// The column of the `:` ending a plain key on the current line, if there is one before any comment.
    func plainKeyEnd() -> Int? {
        let line = lines[row]
        var index = column
        while index < line.count {
            if line[index] == "#", index > column, isSpace(line[index - 1]) { return nil }
            if line[index] == ":", isSeparator(at: index + 1) { return index }
            index += 1
        }
        return nil
    }

    // MARK: Values

    /// A scalar or flow collection starting at the current position.
    mutating func parseValue(inFlow: Bool) throws(ConfigurationError) -> YAMLNode {
        try rejectUnsupportedIndicator()
        let start = position
        if current == "[" || current == "{" { return try parseFlowCollection() }
        if isQuote(current) {
            return YAMLNode(value: .scalar(try parseQuoted(), quoted: true), line: start.row + 1, column: start.column + 1)
        }
        let text = try parsePlainScalar(inFlow: inFlow)
        if Self.nullWords.contains(text) { return .empty(line: start.row + 1, column: start.column + 1) }
        return YAMLNode(value: .scalar(text, quoted: false), line: start.row + 1, column: start.column + 1)
    }

    mutating func parsePlainScalar(inFlow: Bool) throws(ConfigurationError) -> String {
        let line = lines[row]
        var end = column
        while end < line.count {
            let character = line[end]
            if character == "#", end > column, isSpace(line[end - 1]) { break }
            if inFlow, isFlowIndicator(character) { break }
            if character == ":", isSeparator(at: end + 1) || (inFlow && end + 1 < line.count && isFlowIndicator(line[end + 1])) {
                if inFlow { break }
                throw error("':' followed by a space cannot appear in a plain value; put the value in quotes", row: row, column: end)
            }
            end += 1
        }
        let text = trimmed(line[column..<end])
        column = end
        return text
    }

    /// A single- or double-quoted string, which must close on the line it opens on.
    mutating func parseQuoted() throws(ConfigurationError) -> String {
        let line = lines[row]
        let opening = column
        let quote = line[opening]
        var text = ""
        var index = opening + 1
        while index < line.count {
            let character = line[index]
            if character == quote {
                if quote == "'", index + 1 < line.count, line[index + 1] == "'" {
                    text.append("'")
                    index += 2
                    continue
                }
                column = index + 1
                return text
            }
            if quote == "\"", character == "\\", index + 1 < line.count {
                switch line[index + 1] {
                case "\"": text.append("\"")
                case "\\": text.append("\\")
                case "n": text.append("\n")
                case "t": text.append("\t")
                default:
                    throw error("unsupported escape '\\\(line[index + 1])' in a double-quoted string (use \\\", \\\\, \\n or \\t)",
                                row: row, column: index)
                }
                index += 2
                continue
            }
            text.append(character)
            index += 1
        }
        let kind = quote == "'" ? "single" : "double"
        throw error("unterminated \(kind)-quoted string: close it with \(quote) on the same line", row: row, column: opening)
    }

    mutating func parseFlowCollection() throws(ConfigurationError) -> YAMLNode {
        try enterNesting()
        defer { depth -= 1 }
        let start = position
        let isSequence = current == "["
        let closing: Character = isSequence ? "]" : "}"
        var items: [YAMLNode] = []
        var entries: [(key: YAMLNode, value: YAMLNode)] = []
        var seen: [String: YAMLNode] = [:]
        column += 1
        while true {
            try skipFlowSpace(openedAt: start, closing: closing)
            if current == closing { break }
            if isSequence {
                items.append(try parseValue(inFlow: true))
            } else {
                let (key, value) = try parseFlowEntry(openedAt: start, closing: closing)
                try checkUnique(key, among: &seen)
                entries.append((key, value))
            }
            let entryEndRow = row
            try skipFlowSpace(openedAt: start, closing: closing)
            if current == closing { break }
            guard current == "," else {
                // Text on a later line than the entry is either a missing comma or a missing closing bracket.
                let hint = row == entryEndRow ? "" : "; is the '\(lines[start.row][start.column])' at line \(start.row + 1), column \(start.column + 1) missing its '\(closing)'?"
                throw error("expected ',' or '\(closing)'\(hint)")
            }
            column += 1
        }
        column += 1
        let value: YAMLValue = isSequence ? .sequence(items) : .mapping(entries)
        return YAMLNode(value: value, line: start.row + 1, column: start.column + 1)
    }

    /// `key: value` inside `{…}`; the value may be left out (`{a: , b: 1}`).
    mutating func parseFlowEntry(openedAt start: (row: Int, column: Int), closing: Character) throws(ConfigurationError) -> (YAMLNode, YAMLNode) {
        let key = try parseValue(inFlow: true)
        guard key.scalar != nil else {
            throw error("a key must be plain text or a quoted string", row: key.line - 1, column: key.column - 1)
        }
        try skipFlowSpace(openedAt: start, closing: closing)
        guard current == ":" else { throw error("expected ':' after the key '\(key.scalar ?? "")'") }
        column += 1
        let afterColon = position
        try skipFlowSpace(openedAt: start, closing: closing)
        if current == "," || current == closing {
            return (key, .empty(line: afterColon.row + 1, column: afterColon.column + 1))
        }
        return (key, try parseValue(inFlow: true))
    }

    /// Skips spaces, comments and line breaks inside a flow collection.
    mutating func skipFlowSpace(openedAt start: (row: Int, column: Int), closing: Character) throws(ConfigurationError) {
        while true {
            skipInlineSpace()
            if !atLineEnd { return }
            row += 1
            column = 0
            if row >= lines.count {
                throw error("unclosed '\(lines[start.row][start.column])': add '\(closing)'", row: start.row, column: start.column)
            }
        }
    }

    // MARK: Checks

    mutating func enterNesting() throws(ConfigurationError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting is deeper than \(Self.maximumDepth) levels") }
    }

    func checkUnique(_ key: YAMLNode, among seen: inout [String: YAMLNode]) throws(ConfigurationError) {
        let text = key.scalar ?? ""
        if let first = seen[text] {
            throw error("duplicate key '\(text)' (first given on line \(first.line))", row: key.line - 1, column: key.column - 1)
        }
        seen[text] = key
    }

    func rejectUnsupportedIndicator() throws(ConfigurationError) {
        guard let character = current else { return }
        switch character {
        case "&": throw error("anchors ('&') are not supported; repeat the value instead")
        case "*": throw error("aliases ('*') are not supported; repeat the value instead")
        case "!": throw error("tags ('!') are not supported; write the value without one")
        case "|", ">": throw error("block scalars ('\(character)') are not supported; write the text on one line, in quotes if needed")
        case "%": throw error("directives ('%') are not supported")
        case "@", "`": throw error("'\(character)' cannot start a plain value; put the value in quotes")
        case ",", "]", "}": throw error("unexpected '\(character)'")
        case "-" where isSeparator(at: column + 1):
            throw error("a list item ('- ') must start its own line")
        case "?" where isSeparator(at: column + 1):
            throw error("explicit keys ('? ') are not supported; write 'key: value'")
        default: return
        }
    }

    mutating func expectLineEnd() throws(ConfigurationError) {
        skipInlineSpace()
        guard atLineEnd else {
            if current == ":" { throw error("a key must be plain text or a quoted string") }
            throw error("unexpected text after the value (a comment needs a space before '#')")
        }
    }

    // MARK: Reading position

    var position: (row: Int, column: Int) { (row, column) }

    mutating func move(to target: (row: Int, indent: Int)) {
        row = target.row
        column = target.indent
    }

    var current: Character? { character(at: column) }

    func character(at index: Int) -> Character? {
        guard row < lines.count, index >= 0, index < lines[row].count else { return nil }
        return lines[row][index]
    }

    /// The end of the line, or a comment: `#` at the start of a line or after a space.
    var atLineEnd: Bool {
        guard let character = current else { return true }
        return character == "#" && (column == 0 || isSpace(lines[row][column - 1]))
    }

    /// Whether the character at `index` ends a `:` or `-` indicator: a space or the end of the line.
    func isSeparator(at index: Int) -> Bool {
        guard let character = character(at: index) else { return true }
        return isSpace(character)
    }

    var startsListItem: Bool { current == "-" && isSeparator(at: column + 1) }

    mutating func skipInlineSpace() {
        while let character = current, isSpace(character) { column += 1 }
    }

    /// The next line at or after `start` with something besides spaces and comments, and its indentation.
    func contentRow(from start: Int) throws(ConfigurationError) -> (row: Int, indent: Int)? {
        guard start < lines.count else { return nil }
        for candidate in start..<lines.count {
            let line = lines[candidate]
            guard let first = line.firstIndex(where: { !isSpace($0) }), line[first] != "#" else { continue }
            if let tab = line[..<first].firstIndex(of: "\t") {
                throw error("tabs cannot indent YAML; use spaces", row: candidate, column: tab)
            }
            return (candidate, first)
        }
        return nil
    }

    func isDocumentMarker(_ index: Int) -> Bool {
        let line = lines[index]
        return line.starts(with: "---") && (line.count == 3 || isSpace(line[3]))
    }

    func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }
    func isQuote(_ character: Character?) -> Bool { character == "\"" || character == "'" }
    func isFlowIndicator(_ character: Character) -> Bool { "[]{},".contains(character) }

    func trimmed(_ characters: ArraySlice<Character>) -> String {
        var slice = characters
        while let last = slice.last, isSpace(last) { slice.removeLast() }
        return String(slice)
    }

    func error(_ message: String) -> ConfigurationError {
        error(message, row: row, column: column)
    }

    func error(_ message: String, row: Int, column: Int) -> ConfigurationError {
        ConfigurationError(path: path, line: row + 1, column: column + 1, message: message)
    }
}
