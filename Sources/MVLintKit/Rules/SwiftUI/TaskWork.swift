internal import SwiftSyntax

/// What the operation of a `Task { … }` does by itself, read from its own statements (through `if`, `switch`,
/// `do` and loops) but not from the closures it creates: a completion handler or `withAnimation { }` block
/// runs on its own terms. Only the few `Task` closures the async rules judge are read, so the walk stays small.
struct TaskWork {
    /// Names of the calls it awaits: `load` in `await model.load()`, `sleep` in `try? await Task.sleep(…)`.
    private(set) var awaitedCalls: [String] = []
    /// Names of every call it makes, awaited or not.
    private(set) var calls: [String] = []
    /// A `try` (not `try?` or `try!`) or `throw` outside a `do` that catches: the operation throws, which the
    /// closure of `.task` cannot.
    private(set) var throwsOut = false
    /// `x = await …` or `let x = await …`: it keeps what it awaited.
    private(set) var keepsAwaitedResult = false

    private init() {}

    init(_ closure: ClosureExprSyntax) {
        let reader = Reader(viewMode: .sourceAccurate)
        reader.walk(closure.statements)
        self = reader.work
    }

    /// It suspends for something besides `Task.sleep`: work that `.task` would cancel. A task that only sleeps
    /// before touching the UI is a delay, and one that never awaits only defers its calls to the next turn.
    var awaitsWork: Bool { awaitedCalls.contains { $0 != "sleep" } }

    /// Awaits work whose result must not be lost when the view goes away or the value changes again: a user's save,
    /// a purchase, a permission prompt, handling each event of a stream, starting a process.
    var mustFinish: Bool { awaitedCalls.contains { Self.startsWithVerb($0, Self.lastingVerbs) } }

    /// Every call it awaits fetches the next page of a list (`fetchNextPage()`, `loadMore()`): the row that
    /// triggers it is not its owner, the list keeps the page whether or not the row is still on screen.
    var pagesOn: Bool {
        let work = awaitedCalls.filter { $0 != "sleep" }
        return !work.isEmpty && work.allSatisfy { name in
            Self.words(name).contains { ["next", "more", "older", "page", "paginate"].contains($0) }
        }
    }

    /// Reads something to show: calls a reading verb or keeps the awaited result.
    var reads: Bool { keepsAwaitedResult || calls.contains { Self.startsWithVerb($0, Self.readingVerbs) } }

    static let lastingVerbs: Set<String> = [
        "save", "delete", "remove", "add", "insert", "post", "send", "upload", "download", "submit", "create", "commit",
        "vote", "follow", "unfollow", "block", "unblock", "mute", "unmute", "reset", "toggle", "apply", "store",
        "persist", "publish", "share", "transfer", "write", "mark", "start", "request", "handle", "process", "sync",
        "purchase", "restore", "register", "subscribe", "unsubscribe", "connect", "play",
    ]
    static let readingVerbs: Set<String> = ["load", "fetch", "reload", "refresh", "search", "query", "get", "find", "lookup"]

    /// `saveDraft`, `save`, `save(to:)` start with `save`; `saved` and `savepoint` do not: the verb is a whole word.
    static func startsWithVerb(_ name: String, _ verbs: Set<String>) -> Bool {
        // An ASCII name needs no grapheme breaking: its first word ends at an uppercase letter or `_`.
        let utf8 = name.utf8
        if let end = utf8.firstIndex(where: { $0 >= 0x80 || ($0 >= 65 && $0 <= 90) || $0 == UInt8(ascii: "_") }) {
            if utf8[end] < 0x80 { return verbs.contains(String(name[..<end])) }
        } else {
            return verbs.contains(name)
        }
        var verb = ""
        for character in name {
            if character.isUppercase || character == "_" { break }
            verb.append(character)
        }
        return verbs.contains(verb)
    }

    /// `fetchNextPage` → `fetch`, `next`, `page`.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(Character(character.lowercased()))
        }
        return words
    }

    private final class Reader: SyntaxVisitor {
        var work = TaskWork()
        /// How many enclosing `do` bodies catch what is thrown in them.
        private var catchingDepth = 0

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
            guard !node.catchClauses.isEmpty else { return .visitChildren }
            catchingDepth += 1
            walk(node.body)
            catchingDepth -= 1
            for clause in node.catchClauses { walk(clause.body) }
            return .skipChildren
        }

        override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
            if node.questionOrExclamationMark == nil, catchingDepth == 0 { work.throwsOut = true }
            return .visitChildren
        }

        override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
            if catchingDepth == 0 { work.throwsOut = true }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let name = SyntaxText.calledName(node) else { return .visitChildren }
            work.calls.append(name)
            if SyntaxText.isAwaited(node) { work.awaitedCalls.append(name) }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements.eachElement)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), Self.suspends(elements[2]) { work.keepsAwaitedResult = true }
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let value = node.initializer?.value, Self.suspends(value) { work.keepsAwaitedResult = true }
            return .visitChildren
        }

        private static func suspends(_ expression: ExprSyntax) -> Bool {
            var current = expression
            if let attempt = current.as(TryExprSyntax.self) { current = attempt.expression }
            return current.is(AwaitExprSyntax.self)
        }
    }
}

extension SyntaxText {
    /// `await f()`, `try await f()`, `await x.f()`: the call is what the nearest `await` waits for.
    static func isAwaited(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call)
        while let parent = current.parent {
            if parent.is(AwaitExprSyntax.self) { return true }
            guard parent.is(TryExprSyntax.self) || parent.is(MemberAccessExprSyntax.self)
                    || parent.as(FunctionCallExprSyntax.self)?.calledExpression.id == current.id else { return false }
            current = parent
        }
        return false
    }
}
