internal import SwiftSyntax

/// Filtering, sorting, grouping or building formatters while SwiftUI evaluates a view's body.
final class HeavyBodyComputationRule: SyntaxRule {
    static let description = RuleDescription(
        id: "heavy-body-computation", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "`filter` or `sorted` that makes a list's rows from fetched records or sorts them with a locale-aware comparison, `Dictionary(grouping:)` or a new formatter inside `body` or other view-building code.",
        rationale: "SwiftUI evaluates `body` whenever any state it reads changes, often many times per second while scrolling or animating. Work done there is repeated on each evaluation, and creating a `DateFormatter` or `NumberFormatter` is notoriously expensive. Sorting and filtering cost in proportion to the data, so they are reported where the code shows that a list's rows come out of them and that the data grows or the work is costly: the rows of a `List`/`ForEach` made from the records of a `@Query`/`@FetchRequest` (the fetch could filter and sort them once, in the store; not when the filter is the search text, which is what re-evaluates the body), and rows sorted with a locale-aware string comparison. A `filter` or `sorted` over an ordinary array is not reported: whether it matters depends on how many items it holds (modifier keys, a few platforms, an account's fields, tag chips are a handful), which the code does not say; nor is a scan per row, for the same reason. Sorting an array literal, an enum's `allCases` or a type's static list is never reported, nor is `reduce` that joins `Text` values. (`map`/`compactMap` are not reported either: `optionalUser.map { Text($0.name) }` is how a view is built conditionally.)",
        instead: "Put the condition and order in the fetch (`@Query(filter:sort:)`, `@FetchRequest(sortDescriptors:predicate:)`); group rows' data once (`Dictionary(grouping:)` in the model or in `.task(id:)`/`.onChange`) and look it up per row; sort once where the data changes and store the result. Reuse formatters from a `static let`, or use `Text(value, format: .number)` and `date.formatted(…)`, which cache internally.",
        triggering: [
            // Fetched records: the store could filter them once, with the fetch's predicate.
            Example("""
            struct InboxView: View {
                @Query(sort: \\Message.date) private var messages: [Message]
                var body: some View {
                    List(messages.↓filter { !$0.isArchived }) { message in
                        MessageRow(message: message)
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
                        Text(formatter.string(for: lines.reduce(0) { $0 + $1.price }) ?? "")
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
                @FetchRequest(sortDescriptors: []) private var players: FetchedResults<Player>
                @ViewBuilder
                func ranking() -> some View {
                    ForEach(players.↓sorted(by: { $0.score > $1.score })) { player in
                        Text(player.name)
                    }
                }
                var body: some View { ranking() }
            }
            """),
            // A locale-aware comparison for every pair of the list's rows, on every evaluation.
            Example("""
            struct FeedSettings: View {
                let account: Account
                var body: some View {
                    List(account.allFeeds().↓sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }) { feed in
                        Toggle(feed.name, isOn: .constant(feed.notifies))
                    }
                }
            }
            """),
            // Filtered first: the locale-aware sort further along the chain is what is reported.
            Example("""
            struct ContactsView: View {
                let book: AddressBook
                var body: some View {
                    ForEach(book.contacts.filter { $0.isFavorite }.↓sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }) { contact in
                        Text(contact.name)
                    }
                }
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
            // Ordinary arrays of a handful of items: an account's fields, a dictionary's keys sorted for a
            // stable `ForEach` order, `Text` values joined with `reduce`, a type's static list.
            Example("""
            struct ProfileHeader: View {
                let account: Account
                let groups: [String: [Server]]
                let words: [String]
                var body: some View {
                    VStack {
                        if let field = account.fields.filter({ $0.isVerified }).first { Text(field.name) }
                        ForEach(groups.keys.sorted(), id: \\.self) { Text($0) }
                        words.reduce(Text("")) { $0 + Text($1).bold() }
                        ForEach(Theme.presets.sorted { $0.name < $1.name }) { Text($0.name) }
                    }
                }
            }
            """),
            // Fetched records filtered by the search text (which is what re-evaluates the body), or counted.
            Example("""
            struct BirdSearch: View {
                @Query private var birds: [Bird]
                @State private var searchText = ""
                var body: some View {
                    List(birds.filter { searchText.isEmpty || $0.name.contains(searchText) }) { Text($0.name) }
                        .searchable(text: $searchText)
                    if birds.filter({ $0.isFavorite }).isEmpty { Text("No favorites yet") }
                }
            }
            """),
            // Per row, but over the row's own data or a fixed set of rows.
            Example("""
            struct PostList: View {
                let posts: [Post]
                let items: [Item]
                var body: some View {
                    List {
                        ForEach(posts) { post in
                            Text(post.tags.filter { !$0.isHidden }.map(\\.name).joined(separator: ", "))
                        }
                        ForEach(Category.allCases) { category in
                            Text("\\(items.filter { $0.category == category }.count)")
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

    private static let heavyMethods: TokenNameSet = ["filter", "sorted", "reduce"]
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

    /// Why a `filter`/`sorted`/`reduce` is worth reporting: the data it runs over is known to grow.
    private enum GrowingData {
        /// A `@Query`/`@FetchRequest` property of the view, turned into a list's rows.
        case fetched(String)
        /// The rows of a `List`/`ForEach`, sorted with a locale-aware string comparison.
        case collatedRows
    }

    /// For each type being walked: the names of its properties that hold fetched records.
    private var fetchedProperties = MemberReadings(CollectionSize.fetchedProperties(in:))

    init(options: RuleOptions) {}

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        fetchedProperties.enter(members)
    }

    func leaveType(_ node: DeclSyntax, in file: FileWalk) {
        fetchedProperties.leave()
    }

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        guard file.isBuildingView, let heavy = Self.classify(node) else { return }
        switch heavy {
        case .method(let method, let receiver):
            let chain = SyntaxText.receiverChain(receiver)
            // A chain reports once, at its innermost call with a reason: `fetched.filter {…}.sorted {…}` at the
            // `filter`, `items.filter {…}.sorted { localized… }` at the `sorted`.
            let innerCallReports = chain.contains { link in
                guard let inner = link.as(FunctionCallExprSyntax.self), case .method(let innerMethod, let innerReceiver)? = Self.classify(inner) else { return false }
                return growingData(inner, method: innerMethod, receiver: innerReceiver) != nil
            }
            guard !innerCallReports, !chain.contains(where: CollectionSize.isFixed), !Self.joinsText(node, method: method),
                  let growing = growingData(node, method: method, receiver: receiver) else { return }
            let name = method.declName.baseName.plainText
            switch growing {
            case .fetched(let property):
                file.report(id, at: method.declName,
                            "`\(name)` runs over every fetched `\(property)` record each time the view's body is evaluated: put the condition or order in the fetch (`@Query(filter:sort:)`, `@FetchRequest(sortDescriptors:predicate:)`) so the store does it once")
            case .collatedRows:
                file.report(id, at: method.declName,
                            "`sorted` compares the list's rows with a locale-aware string comparison on every evaluation of the view's body: sort once where the data changes (the model, `.task(id:)` or state) and read the sorted array here")
            }
        case .formatter(let typeName, let callee):
            file.report(id, at: callee,
                        "`\(typeName)` is expensive to create and the view's body is evaluated often: keep one in a `static let`, or use `Text(value, format: …)`")
        case .grouping(let callee):
            file.report(id, at: callee,
                        "`Dictionary(grouping:by:)` regroups the whole collection on every evaluation of the view's body: group once where the data changes (the model or state) and read the result here")
        }
    }

    private func growingData(_ call: FunctionCallExprSyntax, method: MemberAccessExprSyntax, receiver: ExprSyntax) -> GrowingData? {
        guard Self.isRowData(call) else { return nil }
        if let root = CollectionSize.rootName(of: receiver), fetchedProperties.innermost()?.contains(root) == true,
           !Self.isKeyedOnSearch(call) {
            return .fetched(root)
        }
        if method.declName.baseName.hasText("sorted"), Self.comparesLocalized(call) { return .collatedRows }
        return nil
    }

    /// `birds.filter { $0.name.contains(searchText) }`: the search text is what re-evaluates the body, so the
    /// filter runs when its result changes anyway.
    private static func isKeyedOnSearch(_ call: FunctionCallExprSyntax) -> Bool {
        guard let closure = call.trailingClosure ?? call.arguments.eachElement.first?.expression.as(ClosureExprSyntax.self) else { return false }
        return closure.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period else { return false }
            let name = token.plainText.lowercased()
            return name.contains("search") || name.contains("query")
        }
    }

    /// `words.reduce(Text("")) { $0 + Text($1) }`: joining `Text` values builds one view, it is not a computation.
    private static func joinsText(_ call: FunctionCallExprSyntax, method: MemberAccessExprSyntax) -> Bool {
        guard method.declName.baseName.hasText("reduce"), let initial = call.arguments.eachElement.first?.expression else { return false }
        return SyntaxText.rootView(of: initial).map { SyntaxText.isTypeReference($0.calledExpression, named: "Text") } ?? false
    }

    /// A comparator that calls `localizedCaseInsensitiveCompare`, `localizedStandardCompare` and the like.
    private static func comparesLocalized(_ call: FunctionCallExprSyntax) -> Bool {
        let comparisons: Set<String> = ["localizedCaseInsensitiveCompare", "localizedStandardCompare", "localizedCompare", "caseInsensitiveCompare"]
        guard let closure = call.trailingClosure ?? call.arguments.eachElement.first?.expression.as(ClosureExprSyntax.self) else { return false }
        return closure.tokens(viewMode: .sourceAccurate).contains { comparisons.contains($0.plainText) }
    }

    /// The call (with what is chained after it) is the data a `List` or `ForEach` iterates.
    private static func isRowData(_ call: FunctionCallExprSyntax) -> Bool {
        var expression = Syntax(call)
        while let parent = expression.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) {
            expression = parent
        }
        guard let argument = expression.parent?.as(LabeledExprSyntax.self), argument.label == nil,
              let owner = argument.parent?.parent?.as(FunctionCallExprSyntax.self), owner.arguments.eachElement.first?.id == argument.id,
              let name = SyntaxText.typeReferenceName(owner.calledExpression) else { return false }
        return name == "ForEach" || name == "List"
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
