// The depth check reads the raw tree (`RawSyntax`, behind the `RawSyntax` SPI both SwiftSyntax builds publish).
@_spi(RawSyntax) internal import SwiftSyntax
internal import SwiftParser

/// How much one file may cost before mvlint gives up on it, so that a pathological file (generated, minified,
/// fuzzed) yields one `file-too-complex` finding instead of crashing or stalling the whole run.
/// `.mvlint.yml` sets these under `file_budget:`; docs/RELIABILITY.md explains each limit and its default.
public struct FileBudget: Sendable, Equatable {
    /// Size of the file in UTF-8 bytes.
    public var maxBytes = 8 * 1024 * 1024
    /// Longest line in UTF-8 bytes: minified or generated code, which nobody reads or fixes by hand.
    public var maxLineLength = 100_000
    /// Nesting of brackets, generic arguments, `#if` and other constructs, passed to SwiftParser as its
    /// `maximumNestingLevel`; the parser reports deeper code instead of recursing on.
    public var maxNesting = 256
    /// `[` (or `[` and `(`) opened directly inside one another, as in `[[[1]]]` or `[[[Int]]]`: SwiftParser's
    /// lookahead for array types doubles its time with every such level (about 1 s at 16 levels).
    public var maxBracketRun = 12
    /// Estimated tokens, the proxy for memory: SwiftParser's tree takes roughly `bytesPerToken` per token.
    public var maxTokens = 1_000_000
    /// Wall-clock seconds for one file's parse and walk; a file that takes longer is abandoned.
    public var maxParseSeconds = 20.0
    /// Depth of the syntax tree (a 100,000-long `.a.b.c…` chain is 100,000 deep). Not configurable: it is what
    /// the worker threads' stack holds (`ParallelMap.workerStackSize`), measured on a debug build.
    static let maxTreeDepth = 20_000
    /// Peak parser memory per token, measured on 20 MB of random punctuation (7.7 GB for about 20 M tokens).
    static let bytesPerToken = 400

    public init() {}

    /// Parses `source` within the budget: the byte screen first, SwiftParser with the nesting limit, then the
    /// checks on the tree. Source files and the manifests read for settings go through this one gate.
    func parse(_ source: SourceText) -> Result<SourceFileSyntax, BudgetProblem> {
        let screening = screen(source)
        if let problem = screening.problem { return .failure(problem) }
        var parser = Parser(source.text, maximumNestingLevel: maxNesting)
        let tree = SourceFileSyntax.parse(from: &parser)
        if tree.hasMaximumNestingLevelOverflow {
            return .failure(BudgetProblem("code is nested more than \(maxNesting) levels deep", limit: .maxNesting))
        }
        if let problem = problemAfterParsing(tree, estimatedTokens: screening.estimatedTokens) { return .failure(problem) }
        return .success(tree)
    }

    /// Why the file is over budget before parsing (nil if it is not), and its estimated token count. One pass
    /// over the bytes; the careful bracket count that skips comments and strings runs only when the quick one
    /// is over the limit.
    func screen(_ source: SourceText) -> (problem: BudgetProblem?, estimatedTokens: Int) {
        let bytes = source.text.utf8.count
        if bytes > maxBytes {
            return (BudgetProblem("the file has \(bytes) bytes, more than \(maxBytes)", limit: .maxBytes), 0)
        }
        if source.longestLine > maxLineLength {
            return (BudgetProblem("a line is \(source.longestLine) bytes long, more than \(maxLineLength)", limit: .maxLineLength), 0)
        }
        let shape = SourceShape(source.text, careful: false)
        if shape.estimatedTokens > maxTokens {
            let megabytes = (shape.estimatedTokens * Self.bytesPerToken) >> 20
            return (BudgetProblem("the file has about \(shape.estimatedTokens) tokens, more than \(maxTokens) (about \(megabytes) MB to parse)",
                                  limit: .maxTokens), shape.estimatedTokens)
        }
        guard shape.longestBracketRun > maxBracketRun || shape.deepestConditional > maxNesting else { return (nil, shape.estimatedTokens) }
        let careful = SourceShape(source.text, careful: true)
        if careful.longestBracketRun > maxBracketRun {
            return (BudgetProblem("\(careful.longestBracketRun) `[` opened directly inside one another, more than \(maxBracketRun)",
                                  limit: .maxBracketRun), shape.estimatedTokens)
        }
        if careful.deepestConditional > maxNesting {
            return (BudgetProblem("`#if` blocks are nested \(careful.deepestConditional) levels deep, more than \(maxNesting)",
                                  limit: .maxNesting), shape.estimatedTokens)
        }
        return (nil, shape.estimatedTokens)
    }

    /// Why the parsed tree is over budget, or nil. Only a file with many tokens can be deep, so ordinary files
    /// skip the measurement.
    func problemAfterParsing(_ tree: SourceFileSyntax, estimatedTokens: Int) -> BudgetProblem? {
        // A level takes at least half a token (`.padding()` is four tokens for two levels), missing tokens included.
        guard estimatedTokens * 2 > Self.maxTreeDepth else { return nil }
        let depth = Self.depth(of: Syntax(tree), limit: Self.maxTreeDepth)
        guard depth > Self.maxTreeDepth else { return nil }
        return BudgetProblem("the syntax tree is more than \(Self.maxTreeDepth) levels deep (a very long chain of `.member`, `!` or calls)",
                             limit: nil)
    }

    /// The tree's depth as a source-accurate walk sees it, counted without recursion, stopping once it passes
    /// `limit`. It reads the raw tree: making a `Syntax` node for every child cost as much as a tenth of the walk.
    static func depth(of root: Syntax, limit: Int) -> Int {
        var pending: [(node: RawSyntax, depth: Int)] = [(root.raw, 1)]
        var deepest = 0
        while let (node, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            if deepest > limit { return deepest }
            guard let layout = node.layoutView else { continue }
            for case let child? in layout.children where SyntaxTreeViewMode.sourceAccurate.shouldTraverse(node: child) {
                pending.append((child, depth + 1))
            }
        }
        return deepest
    }

    /// The `file_budget` keys, as `.mvlint.yml` spells them.
    enum Limit: String, CaseIterable, Sendable {
        case maxBytes = "max_bytes"
        case maxLineLength = "max_line_length"
        case maxNesting = "max_nesting"
        case maxBracketRun = "max_bracket_run"
        case maxTokens = "max_tokens"
        case maxParseSeconds = "max_parse_seconds"
    }
}

/// Why a file was not analysed, and which `file_budget` key would let it through.
struct BudgetProblem: Error, Sendable, Equatable {
    var reason: String
    var limit: FileBudget.Limit?

    init(_ reason: String, limit: FileBudget.Limit?) {
        self.reason = reason
        self.limit = limit
    }

    var message: String {
        reason + (limit.map { " (limit `file_budget.\($0.rawValue)`)" } ?? "") + "; the file was not checked"
    }
}

/// What a single pass over the bytes tells about a file's cost: its token count, roughly, the longest run of
/// `[` opened directly inside one another (spaces, line breaks and `(` between them), and how deeply `#if`
/// blocks nest (SwiftParser's lookahead through nested `#if`s takes quadratic time and ignores the nesting limit).
struct SourceShape {
    var estimatedTokens = 0
    var longestBracketRun = 0
    var deepestConditional = 0

    /// `careful` skips comments and string literals, so that `"[[[["` counts nothing; the quick pass counts every
    /// byte and can only overcount, except for a comment between two brackets.
    init(_ text: String, careful: Bool) {
        var copy = text
        copy.withUTF8 { bytes in
            if careful { scanCarefully(bytes) } else { scanQuickly(bytes) }
        }
    }

    /// A token starts wherever a word starts and at every other byte that is not a space: punctuation is
    /// counted byte by byte, which overcounts `==` and string contents (harmless for a limit on memory).
    /// Every byte of every file passes through here before it is parsed, so a byte is classed by one table look-up
    /// and a word's bytes are skipped in a loop of their own (a fifth of the comparisons it took per byte before).
    private mutating func scanQuickly(_ bytes: UnsafeBufferPointer<UInt8>) {
        var tokens = 0
        var run = 0
        var longest = 0
        var conditionals = ConditionalDepth()
        Self.byteClasses.withUnsafeBufferPointer { classes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byteClass = classes[Int(bytes[index])]
                if byteClass == .word {
                    tokens += 1
                    run = 0
                    index += 1
                    while index < count, classes[Int(bytes[index])] == .word { index += 1 }
                    continue
                }
                switch byteClass {
                case .space:
                    break
                case .bracket:
                    run += 1
                    longest = max(longest, run)
                    tokens += 1
                case .parenthesis:
                    tokens += 1
                case .hash:
                    conditionals.note(directiveAt: index, in: bytes)
                    run = 0
                    tokens += 1
                case .word, .other:
                    run = 0
                    tokens += 1
                }
                index += 1
            }
        }
        estimatedTokens = tokens
        longestBracketRun = longest
        deepestConditional = conditionals.deepest
    }

    /// What `scanQuickly` does with a byte: spaces and line breaks end a word and leave a bracket run open, as `(`
    /// does, which also counts a token; `[` counts and extends the run; `#` may open or close an `#if`.
    private enum ByteClass: UInt8 {
        case other, word, space, bracket, parenthesis, hash
    }

    private static let byteClasses: [ByteClass] = (0...255).map { (byte: Int) -> ByteClass in
        let byte = UInt8(byte)
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): return .space
        case UInt8(ascii: "["): return .bracket
        case UInt8(ascii: "("): return .parenthesis
        case UInt8(ascii: "#"): return .hash
        default: return isWordByte(byte) ? .word : .other
        }
    }

    /// The bracket runs of code only: `//` and nested `/* */` comments and the text of string literals
    /// (`"…"`, `"""…"""`, raw `#"…"#`) are skipped, but the code of their interpolations is scanned, without
    /// recursion however deeply they nest.
    private mutating func scanCarefully(_ bytes: UnsafeBufferPointer<UInt8>) {
        enum Context {
            /// Code; `parentheses` open inside an interpolation, whose `)` at 0 returns to the string.
            case code(parentheses: Int)
            case string(hashes: Int, multiline: Bool)
        }
        var contexts: [Context] = [.code(parentheses: 0)]
        var index = 0
        var run = 0
        var longest = 0
        var conditionals = ConditionalDepth()
        let count = bytes.count
        func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
        func hashes(from offset: Int, count wanted: Int) -> Bool { (0..<wanted).allSatisfy { at(offset + $0) == UInt8(ascii: "#") } }
        while index < count {
            let byte = bytes[index]
            switch contexts[contexts.count - 1] {
            case .string(let hashCount, let multiline):
                let quotes = multiline ? 3 : 1
                if byte == UInt8(ascii: "\\"), hashes(from: index + 1, count: hashCount) {
                    if at(index + 1 + hashCount) == UInt8(ascii: "(") {
                        contexts.append(.code(parentheses: 0))
                        run = 0
                    }
                    index += 2 + hashCount
                } else if byte == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ at(index + $0) == UInt8(ascii: "\"") }),
                          hashes(from: index + quotes, count: hashCount) {
                    contexts.removeLast()
                    index += quotes + hashCount
                } else if !multiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    contexts.removeLast()  // unterminated: the line ends it
                } else {
                    index += 1
                }
            case .code(let parentheses):
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    index += 1
                case UInt8(ascii: "("):
                    contexts[contexts.count - 1] = .code(parentheses: parentheses + 1)
                    index += 1
                case UInt8(ascii: ")"):
                    if parentheses == 0, contexts.count > 1 {
                        contexts.removeLast()
                    } else {
                        contexts[contexts.count - 1] = .code(parentheses: max(0, parentheses - 1))
                    }
                    run = 0
                    index += 1
                case UInt8(ascii: "["):
                    run += 1
                    longest = max(longest, run)
                    index += 1
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                    while index < count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                    var depth = 0
                    repeat {
                        if at(index) == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                            depth += 1
                            index += 2
                        } else if at(index) == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
                            depth -= 1
                            index += 2
                        } else {
                            index += 1
                        }
                    } while depth > 0 && index < count
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    var hashCount = 0
                    while at(index + hashCount) == UInt8(ascii: "#") { hashCount += 1 }
                    run = 0
                    guard at(index + hashCount) == UInt8(ascii: "\"") else {
                        conditionals.note(directiveAt: index, in: bytes)
                        index += max(hashCount, 1)
                        continue
                    }
                    let quote = index + hashCount
                    let multiline = at(quote + 1) == UInt8(ascii: "\"") && at(quote + 2) == UInt8(ascii: "\"")
                    contexts.append(.string(hashes: hashCount, multiline: multiline))
                    index = quote + (multiline ? 3 : 1)
                default:
                    run = 0
                    index += 1
                }
            }
        }
        longestBracketRun = longest
        deepestConditional = conditionals.deepest
    }

    /// Counts `#if` … `#endif` nesting, one `#` at a time.
    private struct ConditionalDepth {
        var depth = 0
        var deepest = 0

        mutating func note(directiveAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) {
            if Self.word(at: index + 1, in: bytes, is: "if") {
                depth += 1
                deepest = max(deepest, depth)
            } else if Self.word(at: index + 1, in: bytes, is: "endif") {
                depth = max(0, depth - 1)
            }
        }

        private static func word(at start: Int, in bytes: UnsafeBufferPointer<UInt8>, is word: StaticString) -> Bool {
            let length = word.utf8CodeUnitCount
            guard start + length <= bytes.count else { return false }
            for offset in 0..<length where bytes[start + offset] != word.utf8Start[offset] { return false }
            guard start + length < bytes.count else { return true }
            return !SourceShape.isWordByte(bytes[start + length])
        }
    }

    /// A byte of an identifier or number (any byte of a multi-byte character counts).
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
