internal import SwiftSyntax

/// Filtering, sorting, grouping or building formatters while SwiftUI evaluates a view's body.
final class HeavyBodyComputationRule: SyntaxRule {
    static let description = RuleDescription(
        id: "heavy-body-computation", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "`filter`, `sorted`, `reduce`, `Dictionary(grouping:)` or a new formatter inside `body` or other view-building code.",
        rationale: "SwiftUI evaluates `body` whenever any state it reads changes, often many times per second while scrolling or animating. Work done there is repeated on each evaluation: sorting and filtering a collection is proportional to its size, and creating a `DateFormatter` or `NumberFormatter` is notoriously expensive. The cost shows up as dropped frames. (`map`/`compactMap` are not reported on their own: `optionalUser.map { Text($0.name) }` is how a view is built conditionally. Sorting or filtering an array literal or an enum's `allCases` is not reported either: their size is fixed and small.)",
        instead: "Compute derived collections once, where the data changes: in the model, in `.task(id:)`/`.onChange`, or store the result in state. Reuse formatters from a `static let`, or use `Text(value, format: .number)` and `date.formatted(…)`, which cache internally.",
        triggering: [
            Example("""
            struct TodoList: View {
                let todos: [Todo]
                var body: some View {
                    List(todos.↓filter { !$0.isDone }.sorted { $0.due < $1.due }) { todo in
                        Text(todo.title)
                    }
                }
            }
            """),
            Example("""
            struct Receipt: View {
                let lines: [Line]
                var body: some View {
                    let formatter = ↓NumberFormatter()
                    VStack {
                        Text(formatter.string(for: lines.↓reduce(0) { $0 + $1.price }) ?? "")
                        Text(Date.now, formatter: ↓DateFormatter.init())
                    }
                }
            }
            """),
            Example("""
            struct Agenda: View {
                let events: [Event]
                private var sections: some View {
                    ForEach(↓Dictionary(grouping: events, by: \\.day).keys.sorted(), id: \\.self) { day in
                        Text(day)
                    }
                }
                var body: some View { sections }
            }
            """),
            Example("""
            struct Leaderboard: View {
                let players: [Player]
                @ViewBuilder
                func ranking() -> some View {
                    ForEach(players.↓sorted(by: { $0.score > $1.score })) { player in
                        Text(player.name)
                    }
                }
                var body: some View { ranking() }
            }
            """),
        ],
        nonTriggering: [
            // A reducer's `body` (The Composable Architecture) runs on actions, not on every render.
            Example("""
            struct Search: Reducer {
                var body: some ReducerOf<Self> {
                    Reduce { state, action in
                        state.results = state.all.filter { $0.contains(state.query) }.sorted()
                        return .none
                    }
                }
            }
            """),
            // Event handlers run once per event, not on every evaluation.
            Example("""
            struct TodoList: View {
                @State private var todos: [Todo] = []
                @State private var visible: [Todo] = []
                var body: some View {
                    List(visible) { Text($0.title) }
                        .onAppear { visible = todos.filter { !$0.isDone } }
                        .dropDestination(for: Todo.self) { dropped, _ in
                            todos += dropped.filter { !todos.contains($0) }
                            return true
                        }
                        .task { visible = await Store.load().sorted { $0.due < $1.due } }
                        .toolbar {
                            Button("Clear") { todos = todos.filter { !$0.isDone } }
                        }
                }
            }
            """),
            // A static formatter is built once; methods and initializers are not body code.
            Example("""
            struct Receipt: View {
                private static let formatter = NumberFormatter()
                let total: Decimal
                let lines: [Line]
                init(lines: [Line]) {
                    self.lines = lines.sorted { $0.name < $1.name }
                    total = lines.reduce(0) { $0 + $1.price }
                }
                var body: some View {
                    Text(Self.formatter.string(for: total) ?? "")
                }
                func expensive() -> [Line] { lines.filter { $0.price > 100 } }
            }
            """),
            // `map` builds views; an array literal and an enum's cases are tiny and fixed.
            Example("""
            struct Greeting: View {
                let user: User?
                @Binding var size: Size
                var body: some View {
                    VStack {
                        user.map { Text("Hello, \\($0.name)") }
                        ForEach(["Small", "Large", "Medium"].sorted(), id: \\.self) { Text($0) }
                        Picker("Size", selection: $size) {
                            ForEach(Size.allCases.filter { $0 != .legacy }) { Text($0.title).tag($0) }
                        }
                    }
                }
            }
            """),
            // A stored array computed elsewhere, and a non-view computed property.
            Example("""
            struct TodoList: View {
                let model: TodoModel
                var openTodos: [Todo] { model.todos.filter { !$0.isDone } }
                var body: some View {
                    List(model.visibleTodos) { Text($0.title) }
                }
            }
            """),
        ]
    )

    private static let heavyMethods: Set<String> = ["filter", "sorted", "reduce"]
    private static let formatterTypes: Set<String> = [
        "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "MeasurementFormatter", "RelativeDateTimeFormatter",
        "ByteCountFormatter", "PersonNameComponentsFormatter", "ListFormatter", "DateComponentsFormatter",
        "DateIntervalFormatter",
    ]

    /// The kinds of costly call this rule knows, with the node a finding points to.
    private enum HeavyCall {
        case method(MemberAccessExprSyntax, receiver: ExprSyntax)
        case formatter(String, at: ExprSyntax)
        case grouping(at: ExprSyntax)
    }

    init(options: RuleOptions) {}

    func visit(_ node: FunctionCallExprSyntax, in file: FileWalk) {
        guard file.isBuildingView, let heavy = Self.classify(node) else { return }
        switch heavy {
        case .method(let method, let receiver):
            let chain = SyntaxText.receiverChain(receiver)
            // A chain reports once, at its innermost heavy call.
            let isInnermost = !chain.contains { $0.as(FunctionCallExprSyntax.self).flatMap(Self.classify) != nil }
            guard isInnermost, !chain.contains(where: Self.isSmallFixedCollection) else { return }
            file.report(id, at: method.declName,
                        "`\(method.declName.baseName.text)` runs again on every evaluation of the view's body, which SwiftUI repeats often: compute the result once where the data changes (the model, `.task(id:)` or state) and read it here")
        case .formatter(let typeName, let callee):
            file.report(id, at: callee,
                        "`\(typeName)` is expensive to create and the view's body is evaluated often: keep one in a `static let`, or use `Text(value, format: …)`")
        case .grouping(let callee):
            file.report(id, at: callee,
                        "`Dictionary(grouping:by:)` regroups the whole collection on every evaluation of the view's body: group once where the data changes (the model or state) and read the result here")
        }
    }

    /// An array literal or an enum's `allCases`: small, fixed, and cheap to filter or sort.
    private static func isSmallFixedCollection(_ expression: ExprSyntax) -> Bool {
        expression.is(ArrayExprSyntax.self) || expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "allCases"
    }

    private static func classify(_ call: FunctionCallExprSyntax) -> HeavyCall? {
        if let method = SyntaxText.modifier(call, named: heavyMethods) {
            return method.base.map { .method(method, receiver: $0) }
        }
        guard let typeName = SyntaxText.calleeName(ExprSyntax(call)) else { return nil }
        if formatterTypes.contains(typeName) { return .formatter(typeName, at: call.calledExpression) }
        if typeName == "Dictionary", SyntaxText.argument(call, labeled: "grouping") != nil { return .grouping(at: call.calledExpression) }
        return nil
    }
}
