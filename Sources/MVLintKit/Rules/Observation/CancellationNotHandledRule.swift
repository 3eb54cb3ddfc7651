internal import SwiftSyntax

/// A catch-all in cancellable async code that turns every error, cancellation included, into UI state.
///
/// Looks at the top-level `do` statements of `async` functions and of `.task`/`.refreshable` closures (the
/// work SwiftUI cancels when the view goes away), and at the top-level statements of their `catch` clauses.
final class CancellationNotHandledRule: SyntaxRule {
    static let description = RuleDescription(
        id: "cancellation-not-handled", family: .observation, severity: .advice, profiles: .optIn,
        summary: "An async function catches every error into UI state without handling `CancellationError` first.",
        rationale: "SwiftUI cancels a `.task` when its view disappears, and `URLSession` and other async APIs then throw `CancellationError` (or `URLError.cancelled`). A catch-all that stores every error in `error` or `errorMessage` turns that ordinary cancellation into an error alert or an error screen, often shown when the user comes back or on the next screen.",
        instead: "Put `catch is CancellationError { return }` before the catch-all (check `URLError.cancelled` too where URLSession is involved), or check `Task.isCancelled` before assigning the error.",
        triggering: [
            Example("""
            @MainActor @Observable final class UsersViewModel {
                private(set) var users: [User] = []
                private(set) var errorMessage: String?
                func load() async {
                    do {
                        users = try await service.fetchUsers()
                    } ↓catch {
                        errorMessage = error.localizedDescription
                    }
                }
            }
            """),
            Example("""
            struct InboxView: View {
                @State private var messages: [Message] = []
                @State private var loadError: Error?
                var body: some View {
                    List(messages) { MessageRow(message: $0) }
                        .task {
                            do {
                                messages = try await MailClient.live.inbox()
                            } ↓catch {
                                self.loadError = error
                            }
                        }
                }
            }
            """),
            Example("""
            @MainActor final class OrderModel: ObservableObject {
                @Published private(set) var state: LoadState = .idle
                func refresh() async {
                    state = .loading
                    do {
                        let orders = try await api.orders()
                        state = .loaded(orders)
                    } catch let decoding as DecodingError {
                        state = .failed("Bad data: \\(decoding)")
                    } ↓catch let failure {
                        state = .failed(failure.localizedDescription)
                    }
                }
            }
            """),
            // A comment about cancellation handles nothing.
            Example("""
            @MainActor @Observable final class FeedModel {
                private(set) var posts: [Post] = []
                private(set) var errorMessage: String?
                func reload() async {
                    do {
                        posts = try await client.posts()
                    } ↓catch {
                        // TODO: ignore cancellation
                        errorMessage = error.localizedDescription
                    }
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            @MainActor @Observable final class UsersViewModel {
                private(set) var users: [User] = []
                private(set) var errorMessage: String?
                func load() async {
                    do {
                        users = try await service.fetchUsers()
                    } catch is CancellationError {
                        return
                    } catch {
                        errorMessage = error.localizedDescription
                    }
                }
            }
            """),
            // Cancellation checked inside the catch-all, or the URLSession flavour of it.
            Example("""
            @MainActor @Observable final class PhotosModel {
                var error: Error?
                var photos: [Photo] = []
                func load() async {
                    do {
                        photos = try await library.photos()
                    } catch {
                        guard !Task.isCancelled else { return }
                        self.error = error
                    }
                }
                func sync() async {
                    do {
                        try await library.sync()
                    } catch let error as URLError where error.code == .cancelled {
                        return
                    } catch {
                        self.error = error
                    }
                }
            }
            """),
            // Synchronous work cannot be cancelled; an unstructured `Task` in a button is not cancelled with the view.
            Example("""
            struct ImportView: View {
                @State private var errorMessage: String?
                var body: some View {
                    Button("Import") {
                        Task {
                            do { try await importer.run() } catch { errorMessage = error.localizedDescription }
                        }
                    }
                }
                func parse(_ text: String) {
                    do { _ = try Parser(text).document() } catch { errorMessage = error.localizedDescription }
                }
            }
            """),
            // Errors that are only logged, rethrown, or returned through a local do not reach the UI; a bare flag is not judged.
            Example("""
            final class Uploader {
                var lastError: Error?
                var uploadFailed = false
                func upload(_ file: URL) async throws -> Bool {
                    var succeeded = false
                    do {
                        try await client.send(file)
                        succeeded = true
                    } catch {
                        logger.error("upload failed: \\(error)")
                    }
                    do {
                        try await client.confirm(file)
                    } catch {
                        lastError = error
                        throw error
                    }
                    do {
                        try await client.cleanUp(file)
                    } catch {
                        succeeded = false
                        uploadFailed = true
                    }
                    return succeeded
                }
            }
            """),
        ]
    )

    /// Closures SwiftUI cancels when their view disappears (an unstructured `Task { }` is never cancelled for you).
    static let cancelledWithView: Set<String> = ["task", "refreshable"]
    /// Words in an assigned value that say the assignment records a failure.
    static let failureWords: Set<String> = ["error", "failed", "failure"]

    init(options: RuleOptions) {}

    func visit(_ node: FunctionDeclSyntax, in file: FileWalk) {
        guard node.signature.effectSpecifiers?.asyncSpecifier != nil, let body = node.body,
              file.enclosingType?.kind != .actor else { return }
        check(body.statements, in: file)
    }

    func visit(_ node: ClosureExprSyntax, in file: FileWalk) {
        guard case .action(let name)? = file.scopes.last, Self.cancelledWithView.contains(name) else { return }
        check(node.statements, in: file)
    }

    private func check(_ statements: CodeBlockItemListSyntax, in file: FileWalk) {
        let locals = Set(statements.flatMap { Self.declaredNames($0) })
        for item in statements {
            guard let doStatement = item.item.as(DoStmtSyntax.self), doStatement.body.statements.contains(where: Self.awaits),
                  !Self.mentionsCancellation(doStatement),
                  let catchAll = doStatement.catchClauses.last, let errorName = Self.boundErrorName(catchAll),
                  Self.storesFailure(catchAll.body.statements, errorName: errorName, locals: locals) else { continue }
            file.report(id, at: catchAll.catchKeyword, "this `catch` in cancellable async code stores every error in UI state, including the `CancellationError` thrown when the user leaves the screen, so an error shows for nothing: add `catch is CancellationError { return }` before it")
        }
    }

    /// Code (not comments) that names cancellation: `CancellationError`, `Task.isCancelled`, `.cancelled`…
    private static func mentionsCancellation(_ statement: DoStmtSyntax) -> Bool {
        statement.tokens(viewMode: .sourceAccurate).contains { token in
            let text = token.text
            // Lowercasing and searching every token was a hot spot. Lowercasing turns no other character into
            // these ASCII letters, so tokens without them in any case are skipped by a byte scan first.
            return hasCancelLetters(text) && text.lowercased().contains("cancel")
        }
    }

    private static let cancelWord = Array("cancel".utf8)

    private static func hasCancelLetters(_ text: String) -> Bool {
        let word = cancelWord
        let bytes = Array(text.utf8)
        guard bytes.count >= word.count else { return false }
        return (0...(bytes.count - word.count)).contains { start in
            // `| 0x20` lowercases ASCII letters only; the word holds nothing else.
            word.indices.allSatisfy { bytes[start + $0] | 0x20 == word[$0] }
        }
    }

    /// The name a catch-all clause binds the error to (`catch` → `error`, `catch let failure` → `failure`);
    /// nil for clauses that match some errors only (`catch is X`, `catch let e as X`, `where`).
    private static func boundErrorName(_ clause: CatchClauseSyntax) -> String? {
        guard let item = clause.catchItems.first else { return "error" }
        guard clause.catchItems.count == 1, item.whereClause == nil,
              let binding = item.pattern?.as(ValueBindingPatternSyntax.self),
              let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
        return identifier.identifier.text
    }

    /// True when the catch body stores the error, or a failure state (`.failed(…)`, `.error(…)`), in a property
    /// (not a local) and does not rethrow it. A bare flag (`saveFailed = true`) is not judged: such flags mostly
    /// belong to user actions run in an unstructured `Task`, which nothing cancels.
    private static func storesFailure(_ statements: CodeBlockItemListSyntax, errorName: String, locals: Set<String>) -> Bool {
        if statements.contains(where: { $0.item.is(ThrowStmtSyntax.self) }) { return false }
        return statements.contains { statement in
            guard let assignment = statement.item.as(SequenceExprSyntax.self).map({ Array($0.elements) }), assignment.count == 3,
                  assignment[1].is(AssignmentExprSyntax.self), let target = assignedProperty(assignment[0]),
                  !locals.contains(target) else { return false }
            return assignment[2].tokens(viewMode: .sourceAccurate).contains { token in
                guard case .identifier(let text) = token.tokenKind else { return false }
                return text == errorName || failureWords.contains(text)
            }
        }
    }

    /// `name` for `name = …` and `self.name = …`.
    private static func assignedProperty(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        return nil
    }

    /// Names a statement declares as local variables (`var succeeded = false`).
    private static func declaredNames(_ item: CodeBlockItemSyntax) -> [String] {
        guard let declaration = item.item.as(VariableDeclSyntax.self) else { return [] }
        return declaration.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
    }

    /// A statement that suspends at its top level: `try await f()`, `x = try await f()`, `let y = await f()`,
    /// `async let`, `for try await … in`. Awaits nested deeper are not looked for.
    private static func awaits(_ item: CodeBlockItemSyntax) -> Bool {
        if let declaration = item.item.as(VariableDeclSyntax.self) {
            if declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.async) }) { return true }
            return declaration.bindings.contains { $0.initializer.map { awaits($0.value) } ?? false }
        }
        if let loop = item.item.as(ForStmtSyntax.self) { return loop.awaitKeyword != nil }
        if let expression = item.item.as(ExprSyntax.self) { return awaits(expression) }
        return false
    }

    private static func awaits(_ expression: ExprSyntax) -> Bool {
        var current = expression
        if let sequence = current.as(SequenceExprSyntax.self), let last = sequence.elements.last { current = last }
        if let attempt = current.as(TryExprSyntax.self) { current = attempt.expression }
        return current.is(AwaitExprSyntax.self)
    }
}
