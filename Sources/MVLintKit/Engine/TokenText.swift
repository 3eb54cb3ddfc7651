// `rawText` is behind the `RawSyntax` SPI, which the toolchain's SwiftSyntax and the package both publish.
@_spi(RawSyntax) internal import SwiftSyntax

extension TokenSyntax {
    /// The token's text, as `text` gives it, without making its `TokenKind` first: `text` builds the kind (a
    /// string, and a keyword look-up) only to take the string back out, and names are read from every token the
    /// walk visits.
    var plainText: String { String(syntaxText: rawText) }

    /// Whether the token's text contains `word`, lowercase ASCII letters, in any ASCII case, read from its bytes.
    func containsInAnyASCIICase(_ word: [UInt8]) -> Bool {
        let text = rawText
        guard text.count >= word.count else { return false }
        return (0...(text.count - word.count)).contains { start in
            // `| 0x20` lowercases ASCII letters only; the word holds nothing else.
            word.indices.allSatisfy { text[start + $0] | 0x20 == word[$0] }
        }
    }

    /// Whether the token is the keyword `self`, told by its text: only the keyword is spelled so (a name spelled so
    /// takes backticks), and forming the token's `TokenKind` to compare cost several hundred instructions, asked of
    /// the root of nearly every member access, call and assignment the walk reads.
    var isSelfKeyword: Bool { rawText == "self" }

    /// The first byte of the token's text, nil for an empty (missing) token.
    var firstByte: UInt8? { rawText.first }

    /// Whether `identifierName` may be capitalised (`SyntaxText.isCapitalized`), told by the first byte without
    /// making the name: most names the walk meets are not, and are passed over.
    var mayBeCapitalized: Bool { firstByte.map(Self.mayStartCapitalized) ?? false }

    /// `A`–`Z`, the first byte of a character beyond ASCII (an uppercase letter or not), or a backtick.
    static func mayStartCapitalized(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte >= 0x80 || byte == UInt8(ascii: "`")
    }

    /// Whether the token's text is `text`, compared as bytes without making a string of the token.
    func hasText(_ text: String) -> Bool { rawText.elementsEqual(text.utf8) }

    /// Whether `identifierName` is `name`, a plain identifier, compared as bytes: `` `Task` `` is `Task` too.
    func isIdentifier(_ name: String) -> Bool { unescapedText.elementsEqual(name.utf8) }

    /// The token's bytes without escaping backticks, as a plain identifier's `identifierName` reads them.
    fileprivate var unescapedText: Slice<SwiftSyntax.SyntaxText> {
        let text = rawText
        return text.first == UInt8(ascii: "`") && text.count > 2 ? text.dropFirst().dropLast() : text[...]
    }

    /// The name as mvlint compares and prints it. Backticks that only escape are dropped (`` `Model` `` is
    /// `Model`, `` `default` `` is `default`); a raw identifier (`` `Store Model` ``, Swift 6.2), which cannot be
    /// written without them, keeps them, so it prints as written and still equals every other spelling of itself.
    var identifierName: String {
        let text = plainText
        guard text.utf8.first == UInt8(ascii: "`"), text.utf8.count > 2, text.utf8.last == UInt8(ascii: "`") else { return text }
        let inner = text.dropFirst().dropLast()
        let isPlainIdentifier = inner.first.map { !$0.isNumber } ?? false
            && inner.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        return isPlainIdentifier ? String(inner) : text
    }
}


extension SyntaxProtocol {
    /// Whether the node's first token in the source (as `firstToken(viewMode: .sourceAccurate)` finds it) starts
    /// with `byte`, read from the raw tree: `firstToken` makes a node for every level it descends, and rules ask
    /// of every argument of every call whether it is a `$` binding.
    func firstTokenStarts(with byte: UInt8) -> Bool { Self.edgeToken(of: raw, last: false)?.rawText.first == byte }

    /// The node's source text without its outer trivia, the same as `trimmedDescription`, which copies the node
    /// twice (through key paths) to drop the trivia. A parsed tree's tokens and trivia all lie in order in the one
    /// copy of the source its parser made, so the text runs from the first token's text to the end of the last's:
    /// read there, not collected token by token into an array (`syntaxTextBytes`, about 1,700 instructions for a
    /// property's type). Nodes with missing or unexpected tokens use `trimmedDescription` still: there the two
    /// could disagree on whose trivia is outer.
    var trimmedText: String {
        guard !hasError else { return trimmedDescription }
        if let text = Self.contiguousTrimmedText(of: raw) { return text }
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        return String(decoding: bytes[start..<start + trimmedLength.utf8Length], as: UTF8.self)
    }

    /// Nil when the first and last tokens' texts are not as far apart as the node is long without its outer trivia
    /// (a tree put together from nodes of different parses): then the text is collected.
    private static func contiguousTrimmedText(of raw: RawSyntax) -> String? {
        guard let first = edgeToken(of: raw, last: false), let last = edgeToken(of: raw, last: true),
              let start = first.rawText.baseAddress, let lastStart = last.rawText.baseAddress else { return nil }
        let length = raw.byteLength - first.leadingTriviaByteLength - last.trailingTriviaByteLength
        guard lastStart + last.rawText.count - start == length else { return nil }
        return String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
    }

    /// The first (or last) token of the raw tree in the source, without making a node for each level.
    private static func edgeToken(of raw: RawSyntax, last: Bool) -> RawSyntaxTokenView? {
        guard SyntaxTreeViewMode.sourceAccurate.shouldTraverse(node: raw) else { return nil }
        if let token = raw.tokenView { return token }
        guard let children = raw.layoutView?.children else { return nil }
        if last {
            for child in children.reversed() {
                if let child, let token = edgeToken(of: child, last: true) { return token }
            }
        } else {
            for child in children {
                if let child, let token = edgeToken(of: child, last: false) { return token }
            }
        }
        return nil
    }
}

extension SyntaxProtocol {
    /// Each element's layout in the raw tree, with its place, for a collection (`DeclModifierListSyntax`,
    /// `LabeledExprListSyntax`) whose elements a reading needs a token or two of: no node is made per element.
    fileprivate func forEachRawElement(_ body: (_ place: Int, _ element: RawSyntaxLayoutView) -> Void) {
        guard let list = raw.layoutView else { return }
        for (place, element) in list.children.enumerated() {
            if let layout = element?.layoutView { body(place, layout) }
        }
    }
}

extension LabeledExprListSyntax {
    /// Each argument's label as written (`_` for none), read from the raw tree: a node made for each argument and for
    /// its label cost about 1,500 instructions an argument, for every argument of every construction a walk meets.
    var labelTexts: [String] {
        var labels: [String] = []
        forEachRawElement { _, argument in
            // `LabeledExprSyntax`: the label is child 1, after the unexpected nodes before it.
            let label = argument.children.count > 1 ? argument.children[1]?.tokenView : nil
            labels.append(label.map { String(syntaxText: $0.rawText) } ?? "_")
        }
        return labels
    }
}

extension DeclModifierListSyntax {
    /// Each modifier's place in the list, its name's text and whether it has a detail (`private(set)`), read from the
    /// raw tree: a node made for each modifier and its name, and a `TokenKind` formed to compare, cost about 2,000
    /// instructions for every stored property's modifiers.
    fileprivate func forEachModifier(_ body: (_ place: Int, _ name: SwiftSyntax.SyntaxText, _ hasDetail: Bool) -> Void) {
        forEachRawElement { place, modifier in
            // `DeclModifierSyntax`: the name is child 1 and the detail child 3, after the unexpected nodes before each.
            guard modifier.children.count > 3, let name = modifier.children[1]?.tokenView?.rawText else { return }
            body(place, name, modifier.children[3] != nil)
        }
    }

    /// Whether one of the modifiers is named `name` or `other`, read from the raw tree: making a node for each
    /// modifier and for its name cost more than comparing its bytes, and every member's modifiers are asked.
    func containsModifier(named name: SwiftSyntax.SyntaxText, or other: SwiftSyntax.SyntaxText? = nil) -> Bool {
        var found = false
        forEachModifier { _, text, _ in found = found || text == name || text == other }
        return found
    }
}

/// A fixed set of plain identifiers (letters, digits, `_`) or operators that a token's `identifierName` is looked up
/// in by its bytes: the walk asks such sets of every called member (`append`, `map`) and operator, where making the
/// name and hashing it cost several times as much as comparing a few bytes.
struct TokenNameSet: Sendable, ExpressibleByArrayLiteral {
    /// The names' bytes, by their length.
    private let namesByLength: [[[UInt8]]]

    init(_ names: [String]) {
        var byLength: [[[UInt8]]] = []
        for name in names {
            let bytes = Array(name.utf8)
            while byLength.count <= bytes.count { byLength.append([]) }
            byLength[bytes.count].append(bytes)
        }
        namesByLength = byLength
    }

    init(arrayLiteral names: String...) { self.init(names) }

    /// Whether the token's name is one of the names; `` `map` `` is `map`, as `identifierName` reads it.
    func contains(_ token: TokenSyntax) -> Bool { contains(text: token.unescapedText) }

    fileprivate func contains(text: Slice<SwiftSyntax.SyntaxText>) -> Bool {
        guard text.count < namesByLength.count else { return false }
        return namesByLength[text.count].contains { $0.elementsEqual(text) }
    }
}

extension SequenceExprSyntax {
    /// Whether an element is a ternary or a binary operator `operators` holds, read from the raw tree: most sequences
    /// are comparisons and assignments (`a == b`, `x = y`), and a node made for each element and its operator cost
    /// more than the answer (`BehaviorReading.operatorCounts`).
    func hasTernaryOrOperator(in operators: TokenNameSet) -> Bool {
        guard let elements = elements.raw.layoutView?.children else { return false }
        return elements.contains { element in
            guard let element else { return false }
            switch element.kind {
            case .unresolvedTernaryExpr:
                return true
            case .binaryOperatorExpr:
                // The operator is the layout's second child, between two unexpected-node slots.
                return element.layoutView?.children[1]?.tokenView.map { operators.contains(text: $0.rawText[...]) } ?? false
            default:
                return false
            }
        }
    }
}

/// What a stored property's modifiers say, read in one pass over them.
struct PropertyModifiers {
    var isStatic = false
    /// `private` or `fileprivate` without a detail.
    var isPrivate = false
    /// `private(set)` or `fileprivate(set)`.
    var hasPrivateSetter = false
    var isLazy = false
    var isOverride = false
    /// The place in the list of the first access modifier without a detail (`public`, `private`…, not
    /// `private(set)`): the declaration's layout needs its range.
    var accessModifierPlace: Int?

    init(_ modifiers: DeclModifierListSyntax) {
        modifiers.forEachModifier { place, name, hasDetail in
            switch name {
            case "static", "class": isStatic = true
            case "private", "fileprivate": if hasDetail { hasPrivateSetter = true } else { isPrivate = true }
            case "lazy": isLazy = true
            case "override": isOverride = true
            default: break
            }
            if accessModifierPlace == nil, !hasDetail, Self.accessKeywords.contains(name) { accessModifierPlace = place }
        }
    }

    private static let accessKeywords: [SwiftSyntax.SyntaxText] = ["private", "fileprivate", "internal", "package", "public", "open"]
}
