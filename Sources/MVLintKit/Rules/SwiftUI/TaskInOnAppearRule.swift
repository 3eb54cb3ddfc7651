internal import SwiftSyntax

/// `.onAppear { Task { … } }`: async work SwiftUI does not manage, where `.task` would.
final class TaskInOnAppearRule: SyntaxRule {
    static let description = RuleDescription(
        id: "task-in-on-appear", family: .swiftUI, severity: .advice, profiles: .optIn, fix: .auto,
        summary: "`.onAppear { Task { … } }` or `.onChange(of:) { Task { … } }` instead of `.task` / `.task(id:)`.",
        rationale: "A `Task` started by hand in `onAppear` is not tied to the view: it keeps running after the view disappears, and each appearance starts another one. In `onChange`, every change starts a new task while the previous ones still run and may finish last, leaving stale results on screen. `.task` is cancelled when the view disappears, and `.task(id:)` cancels the previous run whenever the value changes.",
        instead: "Write `.task { await model.load() }` instead of `.onAppear { Task { … } }`, and `.task(id: value) { … }` instead of `.onChange(of: value) { Task { … } }` (note that `.task(id:)` also runs when the view appears). Make the work check for cancellation. `--fix` rewrites a handler that only starts the task; with other plain calls in `onAppear` they stay there and `.task { … }` follows, which only `--unsafe-fixes` applies, since the order of the two is then up to SwiftUI.",
        triggering: [
            Example("""
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    List(model.posts) { Text($0.title) }
                        .↓onAppear {
                            Task { await model.load() }
                        }
                }
            }
            """, fixed: """
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    List(model.posts) { Text($0.title) }
                        .task { await model.load() }
                }
            }
            """),
            // Unsafe fix: `.task(id:)` also runs on appearance.
            Example("""
            struct SearchView: View {
                @State private var query = ""
                @State private var results: [Hit] = []
                var body: some View {
                    List(results) { Text($0.title) }
                        .searchable(text: $query)
                        .↓onChange(of: query) {
                            Task { results = await Search.run(query) }
                        }
                }
            }
            """, fixed: """
            struct SearchView: View {
                @State private var query = ""
                @State private var results: [Hit] = []
                var body: some View {
                    List(results) { Text($0.title) }
                        .searchable(text: $query)
                        .task(id: query) { results = await Search.run(query) }
                }
            }
            """),
            // Other work stays in `onAppear`; the task follows it (unsafe: their order is no longer guaranteed).
            Example("""
            struct ProfileView: View {
                let model: ProfileModel
                var body: some View {
                    Text(model.name)
                        .↓onAppear(perform: {
                            model.markSeen()
                            Task(priority: .background) { await model.refresh() }
                        })
                }
            }
            """, fixed: """
            struct ProfileView: View {
                let model: ProfileModel
                var body: some View {
                    Text(model.name)
                        .onAppear(perform: {
                            model.markSeen()
                        })
                        .task(priority: .background) { await model.refresh() }
                }
            }
            """),
            Example("""
            struct InboxView: View {
                let store: InboxStore
                var body: some View {
                    List(store.messages) { MessageRow(message: $0) }
                        .↓onAppear {
                            Task {
                                await store.refresh()
                                store.markAllSeen()
                            }
                        }
                }
            }
            """, fixed: """
            struct InboxView: View {
                let store: InboxStore
                var body: some View {
                    List(store.messages) { MessageRow(message: $0) }
                        .task {
                            await store.refresh()
                            store.markAllSeen()
                        }
                }
            }
            """),
            // The task depends on the handler's `guard` and local: moving it out would change or break it.
            Example("""
            struct ThreadView: View {
                @State private var isLoaded = false
                let model: ThreadModel
                var body: some View {
                    List(model.posts) { PostRow(post: $0) }
                        .↓onAppear {
                            guard !isLoaded else { return }
                            let id = model.threadID
                            Task {
                                await model.load(id)
                                isLoaded = true
                            }
                        }
                }
            }
            """),
            // The task reads the closure's parameter, which `.task(id:)` does not pass: reported, not rewritten.
            Example("""
            struct CitySearch: View {
                @State private var city = ""
                let weather: WeatherModel
                var body: some View {
                    TextField("City", text: $city)
                        .↓onChange(of: city) { newCity in
                            Task { await weather.load(for: newCity) }
                        }
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            struct FeedView: View {
                let viewModel: FeedViewModel
                var body: some View {
                    List(viewModel.posts) { Text($0.title) }
                        .onAppear { viewModel.start() }
                }
            }
            """),
            Example("""
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    List(model.posts) { Text($0.title) }
                        .task { await model.load() }
                }
            }
            """),
            // The Task runs later, when the retry callback fires, not on appearance.
            Example("""
            struct UploadView: View {
                let model: UploadModel
                var body: some View {
                    Text(model.status)
                        .onAppear {
                            model.prepare()
                            model.onRetry = { Task { await model.upload() } }
                        }
                }
            }
            """),
            Example("""
            struct FeedView: View {
                let model: FeedModel
                var body: some View {
                    List(model.posts) { Text($0.title) }
                        .onAppear(perform: load)
                }
                private func load() { model.reload() }
            }
            """),
            // `.task` does not exist before iOS 15.
            Example("""
            struct FeedView: View {
                let model: FeedModel
                var body: some View {
                    List(model.posts) { Text($0.title) }
                        .onAppear { Task { await model.load() } }
                }
            }
            """, .iOS("14.0")),
        ]
    )

    init(options: RuleOptions) {}

    func visit(_ node: FunctionCallExprSyntax, in file: FileWalk) {
        guard let modifier = SyntaxText.modifier(node, named: ["onAppear", "onChange"]),
              let closure = SyntaxText.closure(of: node, trailingOr: "perform"),
              SyntaxText.statementExpressions(of: closure).contains(where: { SyntaxText.isCall($0, to: "Task") }),
              file.canUse(introducedIn: [.iOS: Version(15), .macOS: Version(12), .tvOS: Version(15), .watchOS: Version(8)])
        else { return }
        let rewrite = Rewrite(call: node, modifier: modifier, closure: closure, source: file.source)
        if modifier.declName.baseName.text == "onAppear" {
            file.report(id, at: modifier.declName,
                        "`.onAppear { Task { … } }` starts work that keeps running after the view disappears: use `.task { … }`, which SwiftUI cancels with the view",
                        fix: rewrite?.onAppearFix())
        } else if let value = SyntaxText.argument(node, labeled: "of")?.expression.trimmedText {
            file.report(id, at: modifier.declName,
                        "`.onChange(of: \(value)) { Task { … } }` starts a new task on every change while older ones keep running: use `.task(id: \(value)) { … }`, which cancels the previous run",
                        fix: rewrite?.onChangeFix(value: value))
        }
    }

    /// The pieces both rewrites move: the one `Task { … }` statement of the handler and its operation closure.
    private struct Rewrite {
        let call: FunctionCallExprSyntax
        let modifier: MemberAccessExprSyntax
        let statements: CodeBlockItemListSyntax
        let taskStatement: CodeBlockItemSyntax
        let taskClosure: ClosureExprSyntax
        /// `(priority: …)` when the task was given one; `.task` takes the same argument.
        let priority: String?
        let source: SourceText

        /// Nil when the handler starts several tasks, or the task takes a capture list, parameters or other
        /// arguments: moving those would need judgement.
        init?(call: FunctionCallExprSyntax, modifier: MemberAccessExprSyntax, closure: ClosureExprSyntax, source: SourceText) {
            // An array: `filter` on a syntax collection builds a new collection, whose nodes have other positions.
            let tasks = Array(closure.statements).filter { statement in
                SyntaxText.expression(of: statement).map { SyntaxText.isCall($0, to: "Task") } ?? false
            }
            guard tasks.count == 1, let statement = tasks.first,
                  let task = SyntaxText.expression(of: statement)?.as(FunctionCallExprSyntax.self),
                  let operation = task.trailingClosure, operation.signature == nil, task.additionalTrailingClosures.isEmpty,
                  task.arguments.allSatisfy({ $0.label?.text == "priority" }) else { return nil }
            self.call = call
            self.modifier = modifier
            statements = closure.statements
            taskStatement = statement
            taskClosure = operation
            priority = task.arguments.first.map { $0.expression.trimmedText }
            self.source = source
        }

        /// `.onAppear { Task { work } }` → `.task { work }`. With other work in the handler, it stays in `onAppear`
        /// and `.task { work }` follows; that fix is unsafe, since SwiftUI does not promise the task starts only
        /// after the remaining `onAppear` code ran, as the hand-made `Task` did. None when that other work declares
        /// something or steers control (`let client = …`, `guard … else { return }`): the task may depend on it.
        /// Even the plain replacement is unsafe: `.task` cancels its work when the view disappears, which a `Task`
        /// started in `onAppear` did not (a save may need to finish), and its closure cannot throw.
        func onAppearFix() -> Fix? {
            if statements.count == 1 {
                return replacingHandler(with: taskHead(arguments: []), safety: .unsafe, "replace `.onAppear { Task { … } }` with `.task { … }`")
            }
            guard statements.allSatisfy({ $0.item.is(ExprSyntax.self) }),
                  FixText.startsLine(modifier.period.positionAfterSkippingLeadingTrivia.utf8Offset, in: source),
                  !FixText.containsComments(taskStatement.leadingTrivia) else { return nil }
            let indentation = lineIndentation(of: modifier.period)
            let addition = "\n" + indentation + "." + taskHead(arguments: []) + " " + operationText(indentedAt: indentation)
            let lineBreak = taskStatement.positionAfterSkippingLeadingTrivia.utf8Offset - taskStatement.leadingTrivia.sourceLength.utf8Length
            return Fix("move the `Task` out of `.onAppear` into a `.task { … }` after it", safety: .unsafe, edits: [
                TextEdit(range: lineBreak..<taskStatement.endPositionBeforeTrailingTrivia.utf8Offset, replacement: ""),
                .insert(addition, at: call.endPositionBeforeTrailingTrivia.utf8Offset),
            ])
        }

        /// `.onChange(of: value) { Task { work } }` → `.task(id: value) { work }`: unsafe, because `.task(id:)` also
        /// runs when the view appears, which `onChange` did not.
        func onChangeFix(value: String) -> Fix? {
            guard statements.count == 1, Self.ignoresParameters(SyntaxText.closure(of: call, trailingOr: "perform")) else { return nil }
            return replacingHandler(with: taskHead(arguments: ["id: " + value]), safety: .unsafe,
                                    "replace `.onChange(of:) { Task { … } }` with `.task(id:) { … }`")
        }

        /// Rewrites from the modifier's name to the end of the call, when that span holds nothing but the task.
        private func replacingHandler(with head: String, safety: FixSafety, _ description: String) -> Fix? {
            let start = modifier.declName.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = call.endPositionBeforeTrailingTrivia.utf8Offset
            let operation = FixText.range(of: taskClosure)
            guard !FixText.containsComment(start..<operation.lowerBound, in: source),
                  !FixText.containsComment(operation.upperBound..<end, in: source) else { return nil }
            let text = head + " " + operationText(indentedAt: lineIndentation(of: modifier.period))
            return Fix(description, safety: safety, edits: [TextEdit(range: start..<end, replacement: text)])
        }

        /// `task`, `task(id: value)`, `task(priority: .low)`: the modifier with the task's priority carried over.
        private func taskHead(arguments: [String]) -> String {
            let all = arguments + (priority.map { ["priority: " + $0] } ?? [])
            return all.isEmpty ? "task" : "task(" + all.joined(separator: ", ") + ")"
        }

        /// The task's `{ … }`, re-indented from the `Task` line to the modifier's line.
        private func operationText(indentedAt indentation: String) -> String {
            FixText.reindent(FixText.text(of: taskClosure), from: lineIndentation(of: taskStatement), to: indentation)
        }

        private func lineIndentation(of node: some SyntaxProtocol) -> String {
            FixText.indentation(ofLineContaining: node.positionAfterSkippingLeadingTrivia.utf8Offset, in: source)
        }

        /// `{ Task { … } }` or `{ _ in … }` / `{ _, _ in … }`: nothing the task could have used is dropped.
        private static func ignoresParameters(_ closure: ClosureExprSyntax?) -> Bool {
            guard let signature = closure?.signature else { return true }
            guard case .simpleInput(let parameters)? = signature.parameterClause, signature.capture == nil else { return false }
            return parameters.allSatisfy { $0.name.tokenKind == .wildcard }
        }
    }
}
