internal import SwiftSyntax

/// `.onAppear { Task { … } }`: async work SwiftUI does not manage, where `.task` would.
final class TaskInOnAppearRule: SyntaxRule {
    static let description = RuleDescription(
        id: "task-in-on-appear", family: .swiftUI, severity: .advice, profiles: .optIn, fix: .auto,
        summary: "`.onAppear { Task { … } }` or `.onChange(of:) { Task { … } }` instead of `.task` / `.task(id:)`.",
        rationale: "A `Task` started by hand in `onAppear` is not tied to the view: it keeps running after the view disappears, and each appearance starts another one. In `onChange`, every change starts a new task while the previous ones still run and may finish last, leaving stale results on screen. `.task` is cancelled when the view disappears, and `.task(id:)` cancels the previous run whenever the value changes.",
        instead: "Write `.task { await model.load() }` instead of `.onAppear { Task { … } }`, and `.task(id: value) { … }` instead of `.onChange(of: value) { Task { … } }` (note that `.task(id:)` also runs when the view appears). Make the work check for cancellation. `--fix` rewrites a handler that only starts the task; with other plain calls in `onAppear` they stay there and `.task { … }` follows, which only `--unsafe-fixes` applies, since the order of the two is then up to SwiftUI. Left alone: a task whose operation throws (`.task` cannot), that only sleeps, never awaits or awaits only functions of the file that never suspend, or that awaits work which must finish (a save, a purchase, a permission prompt, handling each event), and in `onChange` one that reacts to a value edited in the same view without reading anything: that is a save `.task(id:)` would cancel.",
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
            // A task under a condition in `onAppear` runs on appearance all the same: reported, not rewritten.
            Example("""
            struct ThreadDetail: View {
                @State private var didLoad = false
                let model: ThreadModel
                var body: some View {
                    List(model.replies) { ReplyRow(reply: $0) }
                        .↓onAppear {
                            if !didLoad {
                                didLoad = true
                                Task { await model.loadReplies() }
                            }
                        }
                }
            }
            """),
            // A search field's value is edited here, and the task reads: the race `.task(id:)` prevents.
            Example("""
            struct PlaceSearch: View {
                @State private var text = ""
                @State private var places: [Place] = []
                var body: some View {
                    TextField("Search", text: $text)
                        .↓onChange(of: text) {
                            Task { places = await Geocoder.places(matching: text) }
                        }
                }
            }
            """, fixed: """
            struct PlaceSearch: View {
                @State private var text = ""
                @State private var places: [Place] = []
                var body: some View {
                    TextField("Search", text: $text)
                        .task(id: text) { places = await Geocoder.places(matching: text) }
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
            // Work that must finish: a user's save, an update of what they edited here, each event of a stream.
            // `.task(id:)` would cancel it on the next change and also run it on appearance.
            Example("""
            struct NoteEditor: View {
                @State private var isPinned = false
                @State private var note = Note()
                let store: NoteStore
                let feed: EventFeed
                var body: some View {
                    Form {
                        Toggle("Pinned", isOn: $isPinned)
                        TextField("Title", text: $note.title)
                    }
                    .onChange(of: note.title) { Task { await store.saveNote(note) } }
                    .onChange(of: isPinned) { Task { await store.update(note, pinned: isPinned) } }
                    .onChange(of: feed.latestEvent) { Task { await store.handle(feed.latestEvent) } }
                    .onAppear { Task { await store.requestNotificationAccess() } }
                }
            }
            """),
            // `.task` takes no throwing closure; a task that only waits before touching the UI, or never awaits,
            // has nothing to cancel.
            Example("""
            struct CommitView: View {
                @State private var highlighted = false
                let git: GitClient
                let tabs: [Tab]
                var body: some View {
                    Text("Commit")
                        .onAppear {
                            Task { try await git.refreshStatus() }
                        }
                        .onChange(of: tabs) {
                            Task {
                                try? await Task.sleep(for: .milliseconds(300))
                                highlighted = true
                            }
                        }
                        .onAppear {
                            Task { git.prepareIndex() }
                        }
                }
            }
            """),
            // The awaited function never suspends: the task ends at once, with nothing for `.task` to cancel.
            Example("""
            struct OfferView: View {
                @State private var state = OfferState.loading
                var body: some View {
                    ProgressView()
                        .onAppear { Task { await showOffer() } }
                }
                private func showOffer() async { state = Offers.cached == nil ? .missing : .ready }
            }
            """),
            // In `onChange`, a guard on the old and new values has no place in `.task(id:)`.
            Example("""
            struct AccountTimeline: View {
                let session: Session
                let model: TimelineModel
                var body: some View {
                    List(model.posts) { PostRow(post: $0) }
                        .onChange(of: session.account) { oldValue, newValue in
                            guard oldValue.id != newValue.id else { return }
                            model.reset()
                            Task { await model.loadNewest() }
                        }
                }
            }
            """),
            // The last row asks the list's model for the next page, which the model keeps whether or not the row is
            // still on screen; a menu's content asks for what the row shows when the menu opens.
            Example("""
            struct PostList: View {
                let model: PostsModel
                var body: some View {
                    List {
                        ForEach(model.posts) { PostRow(post: $0) }
                        ProgressView()
                            .onAppear { Task { await model.fetchNextPage() } }
                    }
                    .contextMenu {
                        RelationshipActions(model: model)
                            .onAppear { Task { await model.loadRelationship() } }
                    }
                }
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

    private static let handlerModifiers: TokenNameSet = ["onAppear", "onChange"]

    init(options: RuleOptions) {}

    /// `onChange` findings wait for the end of the file: whether the value is one the user edits here (`$value`
    /// passed to a control) may be written after the handler.
    private var pendingChanges: [(value: String, task: TaskWork, report: () -> Void)] = []
    /// `onAppear` findings wait too: the functions their tasks await may be declared further down.
    private var pendingAppearances: [(tasks: [TaskWork], report: () -> Void)] = []
    /// The file's async functions; their bodies are searched for `await` only once a handler waits to be judged.
    private var asyncFunctions: [FunctionDeclSyntax] = []
    /// The async functions that never suspend, by name. Made at its first read, so read only in `finish`, once every
    /// function of the file is known (a handler's task may await one declared further down).
    private lazy var neverSuspending = Set(asyncFunctions.lazy.filter { function in
        !(function.body?.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.await) }) ?? true)
    }.map(\.name.identifierName))
    /// `name` and `model.name` for every `$name` / `$model.name` passed to a call: values the user edits in this file.
    private var boundValues = Set<String>()

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        // Bindings matter only to an `onChange` handler's task.
        if file.mentions("onChange") { noteBindings(in: node) }
        guard let modifier = SyntaxText.modifier(call, named: Self.handlerModifiers),
              let closure = SyntaxText.closure(of: node, trailingOr: "perform"),
              file.canUse(introducedIn: [.iOS: Version(15), .macOS: Version(12), .tvOS: Version(15), .watchOS: Version(8)])
        else { return }
        let isOnAppear = modifier.declName.baseName.hasText("onAppear")
        // In `onAppear` a task under an `if`, `guard` or `switch` runs on appearance all the same. In `onChange`
        // only a handler that is nothing but the task maps onto `.task(id:)`: conditions there compare the old and
        // new values, which `.task(id:)` does not receive, and resets before the task are a restart sequence that
        // `.task(id:)` would also run on appearance.
        let tasks = Self.startedTasks(in: closure.statements, throughConditions: isOnAppear)
        guard !tasks.isEmpty, isOnAppear || tasks.count == closure.statements.count, !Self.isMenuContent(node) else { return }
        // A task whose operation throws (`.task` cannot), only sleeps or never awaits (nothing to cancel), does
        // work that must finish (a save, a purchase, handling one event), or fetches the next page for the list
        // whose last row appeared, is not what `.task` is for.
        let works = tasks.map { TaskWork($0.operation) }
        guard works.contains(where: { !$0.throwsOut && $0.awaitsWork && !$0.pagesOn }),
              !works.contains(where: { $0.throwsOut || $0.mustFinish }) else { return }
        let rewrite = tasks.count == 1 && tasks[0].isStatement ? Rewrite(call: node, modifier: modifier, closure: closure, source: file.source) : nil
        if isOnAppear {
            let report = { [id] in
                file.report(id, at: modifier.declName,
                            "`.onAppear { Task { … } }` starts work that keeps running after the view disappears: use `.task { … }`, which SwiftUI cancels with the view",
                            fix: rewrite?.onAppearFix())
            }
            pendingAppearances.append((works, report))
        } else if let value = SyntaxText.argument(node, labeled: "of")?.expression.trimmedText {
            let report = { [id] in
                file.report(id, at: modifier.declName,
                            "`.onChange(of: \(value)) { Task { … } }` starts a new task on every change while older ones keep running: use `.task(id: \(value)) { … }`, which cancels the previous run (and also runs when the view appears)",
                            fix: rewrite?.onChangeFix(value: value))
            }
            pendingChanges.append((value, works[0], report))
        }
    }

    /// `async` functions of this file that never suspend (`func loadOfferInfo() async { state = .start }`): a
    /// task that only awaits them finishes at once, and `.task` would have nothing to cancel.
    func visit(_ node: FunctionDeclSyntax, in file: FileWalk) {
        if node.signature.effectSpecifiers?.asyncSpecifier != nil, node.body != nil { asyncFunctions.append(node) }
    }

    private func suspends(_ work: TaskWork) -> Bool {
        work.awaitedCalls.contains { $0 != "sleep" && !neverSuspending.contains($0) }
    }

    /// A change the user makes in this view's controls is usually saved by the task it starts, which
    /// `.task(id:)` would cancel on the next edit and also run on appearance; unless the task visibly reads
    /// (search as you type), such handlers are left alone.
    func finish(_ file: FileWalk) {
        for appearance in pendingAppearances where appearance.tasks.contains(where: suspends) {
            appearance.report()
        }
        for change in pendingChanges where (!boundValues.contains(Self.valuePath(change.value)) || change.task.reads) && suspends(change.task) {
            change.report()
        }
    }

    private func noteBindings(in call: FunctionCallExprSyntax) {
        // The first token tells a `$` expression: the text of every argument of every call (closures and nested
        // calls included) was copied only to look at its first byte.
        for argument in call.arguments.eachElement where argument.expression.firstTokenStarts(with: UInt8(ascii: "$")) {
            boundValues.insert(Self.valuePath(String(argument.expression.trimmedText.dropFirst())))
        }
    }

    /// `model.name` for `self.model.name`, so the handler's value and the binding compare as written.
    private static func valuePath(_ text: String) -> String {
        text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
    }

    /// Applied inside the content of a `contextMenu` or `Menu`: that content appears only while the menu is open,
    /// and what its task loads is kept by the row's model for the next opening; `.task` would gain nothing.
    private static func isMenuContent(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call)
        while let parent = current.parent {
            if let closure = parent.as(ClosureExprSyntax.self) {
                guard let owner = closure.parent?.as(FunctionCallExprSyntax.self), owner.trailingClosure?.id == closure.id else { return false }
                return ["contextMenu", "Menu"].contains(SyntaxText.calledName(owner) ?? "")
            }
            if parent.is(DeclSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// The `Task { … }` statements of a handler, and with `throughConditions` those inside its `if`, `guard`
    /// and `switch` statements (not in closures, which run later).
    private static func startedTasks(in statements: CodeBlockItemListSyntax, throughConditions: Bool) -> [(operation: ClosureExprSyntax, isStatement: Bool)] {
        var tasks: [(ClosureExprSyntax, Bool)] = []
        func collect(_ statements: CodeBlockItemListSyntax, isTopLevel: Bool) {
            for statement in statements {
                if let guardStatement = statement.item.as(GuardStmtSyntax.self) {
                    if throughConditions { collect(guardStatement.body.statements, isTopLevel: false) }
                    continue
                }
                guard let expression = SyntaxText.expression(of: statement) else { continue }
                if let call = expression.as(FunctionCallExprSyntax.self), SyntaxText.isCall(expression, to: "Task"), let operation = call.trailingClosure {
                    tasks.append((operation, isTopLevel))
                } else if throughConditions, let ifExpression = expression.as(IfExprSyntax.self) {
                    var branch: IfExprSyntax? = ifExpression
                    while let current = branch {
                        collect(current.body.statements, isTopLevel: false)
                        branch = nil
                        if case .ifExpr(let next)? = current.elseBody { branch = next }
                        if case .codeBlock(let block)? = current.elseBody { collect(block.statements, isTopLevel: false) }
                    }
                } else if throughConditions, let switchExpression = expression.as(SwitchExprSyntax.self) {
                    for case .switchCase(let switchCase) in switchExpression.cases.eachElement { collect(switchCase.statements, isTopLevel: false) }
                }
            }
        }
        collect(statements, isTopLevel: true)
        return tasks
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
            let tasks = Array(closure.statements.eachElement).filter { statement in
                SyntaxText.expression(of: statement).map { SyntaxText.isCall($0, to: "Task") } ?? false
            }
            guard tasks.count == 1, let statement = tasks.first,
                  let task = SyntaxText.expression(of: statement)?.as(FunctionCallExprSyntax.self),
                  let operation = task.trailingClosure, operation.signature == nil, task.additionalTrailingClosures.isEmpty,
                  task.arguments.eachElement.allSatisfy({ $0.label?.plainText == "priority" }) else { return nil }
            self.call = call
            self.modifier = modifier
            statements = closure.statements
            taskStatement = statement
            taskClosure = operation
            priority = task.arguments.eachElement.first.map { $0.expression.trimmedText }
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
            guard statements.eachElement.allSatisfy({ $0.item.is(ExprSyntax.self) }),
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
