// `rawText` is behind the `RawSyntax` SPI, which the toolchain's SwiftSyntax and the package both publish.
@_spi(RawSyntax) internal import SwiftSyntax

extension TokenSyntax {
    /// The token's text, as `text` gives it, without making its `TokenKind` first: `text` builds the kind (a
    /// string, and a keyword look-up) only to take the string back out, and names are read from every token the
    /// walk visits.
    var plainText: String { String(syntaxText: rawText) }

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

