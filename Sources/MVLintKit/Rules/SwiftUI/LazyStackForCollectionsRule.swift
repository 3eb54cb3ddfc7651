internal import SwiftSyntax

/// `ScrollView { VStack { ForEach(items) … } }` builds every row up front, however long the collection.
final class LazyStackForCollectionsRule: SyntaxRule {
    static let description = RuleDescription(
        id: "lazy-stack-for-collections", family: .swiftUI, severity: .advice, profiles: .all,
        summary: "A plain `VStack`/`HStack` inside a `ScrollView` builds `ForEach` rows that load when built, fetched records, or a list that pages in more.",
        rationale: "A plain stack creates and lays out all of its children as soon as it appears. For a handful of chips or rows that costs nothing, and the code rarely says how many items a collection holds, so the rule reports the stacks where building every row up front is known to cost: rows that start work when they are built (an `AsyncImage` or a view given a URL or image loader downloads, a row's `.task`/`.onAppear` runs) — every one of them starts at once, on screen or not; rows for the records of a `@Query`/`@FetchRequest`, as many as the user stored; and a list that loads its next page when its end appears, so it keeps growing. Lazy stacks only build the rows that come on screen.",
        instead: "Use `LazyVStack` (or `LazyHStack` in a horizontal `ScrollView`) for the stack that holds the `ForEach`.",
        triggering: [
            // Every row starts its download when the stack appears, also the ones far off screen.
            Example("""
            struct GalleryRow: View {
                let photos: [Photo]
                var body: some View {
                    ScrollView(.horizontal, showsIndicators: false) {
                        ↓HStack(spacing: 12) {
                            ForEach(photos) { photo in
                                AsyncImage(url: photo.thumbnailURL).frame(width: 120, height: 80)
                            }
                        }
                    }
                }
            }
            """),
            Example("""
            struct FeedView: View {
                let posts: [Post]
                var body: some View {
                    ScrollView {
                        ↓VStack(spacing: 12) {
                            ForEach(posts) { post in
                                PostRow(post: post).task { await post.loadReactions() }
                            }
                        }
                    }
                }
            }
            """),
            // As many rows as the user stored.
            Example("""
            struct NotesView: View {
                @Query(sort: \\Note.date) private var notes: [Note]
                var body: some View {
                    ScrollView { ↓VStack { ForEach(notes) { NoteRow(note: $0) } } }
                }
            }
            """),
            // The list pages in more rows when its end appears.
            Example("""
            struct MessageList: View {
                let model: MessagesModel
                var body: some View {
                    ScrollView(.vertical) {
                        ↓VStack(alignment: .leading) {
                            ForEach(0..<model.messages.count, id: \\.self) { index in Text(model.messages[index].body) }
                            ProgressView().task { await model.loadMore() }
                        }
                    }
                }
            }
            """),
        ],
        nonTriggering: [
            // Lazy stacks arrived in iOS 14: an iOS 13 app has no choice.
            Example("""
            struct CastRow: View {
                let people: [Person]
                var body: some View {
                    ScrollView(.horizontal) {
                        HStack {
                            ForEach(people) { person in PersonBadge(person: person).onAppear { person.prefetch() } }
                        }
                    }
                }
            }
            """, .iOS("13.0")),
            // A constant range or a literal array has a known, small size.
            Example(#"""
            struct Onboarding: View {
                var body: some View {
                    ScrollView {
                        VStack {
                            ForEach(0..<5) { step in StepCard(step: step) }
                            ForEach(["Swift", "Kotlin"], id: \.self) { Text($0) }
                        }
                    }
                }
            }
            """#),
            Example("""
            struct FeedView: View {
                let posts: [Post]
                var body: some View {
                    ScrollView { LazyVStack { ForEach(posts) { PostRow(post: $0) } } }
                }
            }
            """),
            // `List` is lazy already, and a stack outside a ScrollView shows everything anyway.
            Example("""
            struct Settings: View {
                let options: [Option]
                var body: some View {
                    List { ForEach(options) { Text($0.title) } }
                    VStack { ForEach(options) { Toggle($0.title, isOn: .constant(true)) } }
                }
            }
            """),
            // An enum's cases are a fixed handful of items.
            Example("""
            struct FilterBar: View {
                var body: some View {
                    ScrollView(.horizontal) { HStack { ForEach(Filter.allCases) { FilterChip(filter: $0) } } }
                }
            }
            """),
            // A few chips or rows that do no work of their own: building them all at once costs nothing.
            Example(#"""
            struct TagStrip: View {
                @Environment(TagStore.self) private var store
                let rules: [ServerRule]
                var body: some View {
                    ScrollView(.horizontal, showsIndicators: false) {
                        HStack {
                            Text("Tags")
                            ForEach(store.tags, id: \.name) { tag in TagChip(tag: tag) }
                        }
                    }
                    ScrollView {
                        VStack(alignment: .leading) {
                            ForEach(rules) { Text($0.text) }
                            ForEach(IconCatalog.items) { IconRow(icon: $0) }
                        }
                    }
                }
            }
            """#),
            // A horizontal stack in a vertical ScrollView does not scroll along its axis.
            Example("""
            struct Gallery: View {
                let photos: [Photo]
                var body: some View {
                    ScrollView { HStack { ForEach(photos) { Thumbnail(photo: $0) } } }
                }
            }
            """),
        ]
    )

    /// Why building every row at once costs something here.
    private enum EagerCost {
        /// A row starts loading when it is built (`AsyncImage`, a view given a URL or loader, `.task`, `.onAppear`).
        case rowsLoad(String)
        /// The stack iterates fetched records, as many as the user stored.
        case fetchedRecords(String)
        /// A view after the rows loads the next page when it appears: the list grows as it scrolls.
        case paged
    }

    /// A stack that could be lazy, waiting to learn whether its rows load when built.
    private struct Candidate {
        var stack: DeclReferenceExprSyntax
        var cost: EagerCost?
    }

    private var fetchedProperties = MemberReadings(CollectionSize.fetchedProperties(in:))
    private var candidates: [SyntaxIdentifier: Candidate] = [:]
    /// The `ForEach` calls of the candidates, with the stack each belongs to.
    private var stackOfForEach: [SyntaxIdentifier: SyntaxIdentifier] = [:]

    init(options: RuleOptions) {}

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        fetchedProperties.enter(members)
    }

    func leaveType(_ node: DeclSyntax, in file: FileWalk) {
        fetchedProperties.leave()
    }

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        // Rows are walked after their stack, so without a candidate no loading call can matter.
        if !stackOfForEach.isEmpty, let loading = Self.loadingWork(node) { markRowsLoad(around: node, loading) }
        guard let stack = call.reference,
              let axis = Self.axis(ofStack: stack.baseName),
              let scrollView = Self.scrollView(holding: node), Self.scrollAxis(of: scrollView) == axis,
              let content = node.trailingClosure,
              file.canUse(introducedIn: [.iOS: Version(14), .macOS: Version(11), .tvOS: Version(14), .watchOS: Version(7)])
        else { return }
        let statements = SyntaxText.expressions(in: content)
        let forEaches = statements.compactMap(Self.dynamicForEach)
        guard !forEaches.isEmpty else { return }
        var candidate = Candidate(stack: stack)
        if let fetched = forEaches.lazy.compactMap({ self.fetchedData(of: $0) }).first {
            candidate.cost = .fetchedRecords(fetched)
        } else if let last = forEaches.last, Self.pagesAfter(last, in: statements) {
            candidate.cost = .paged
        }
        candidates[node.id] = candidate
        for forEach in forEaches { stackOfForEach[forEach.id] = node.id }
    }

    func finish(_ file: FileWalk) {
        let found = candidates.values.compactMap { candidate in candidate.cost.map { (candidate.stack, $0) } }
        for (stack, cost) in found.sorted(by: { $0.0.position < $1.0.position }) {
            let name = stack.baseName.plainText
            let why: String
            switch cost {
            case .rowsLoad(let work): why = "and each row starts its \(work) as soon as it is built, on screen or not"
            case .fetchedRecords(let property): why = "one for every fetched `\(property)` record"
            case .paged: why = "and the list keeps growing as it pages in more"
            }
            file.report(id, at: stack,
                        "`\(name)` in a `ScrollView` builds every `ForEach` row at once, \(why): use `Lazy\(name)` to build rows as they scroll into view")
        }
    }

    /// A row's loading call found below a candidate's `ForEach`: that stack pays for every row up front.
    private func markRowsLoad(around call: FunctionCallExprSyntax, _ work: String) {
        var current = Syntax(call).parent
        while let node = current {
            if node.is(FunctionDeclSyntax.self) || node.is(MemberBlockItemSyntax.self) { return }
            if let closure = node.as(ClosureExprSyntax.self), let owner = closure.parent?.as(FunctionCallExprSyntax.self),
               let stack = stackOfForEach[owner.id] {
                if candidates[stack]?.cost == nil { candidates[stack]?.cost = .rowsLoad(work) }
                return
            }
            current = node.parent
        }
    }

    /// The axis a stack named `name` lays out along; its bytes compared, as every call by name is asked.
    private static func axis(ofStack name: TokenSyntax) -> String? {
        if name.hasText("VStack") { return "vertical" }
        if name.hasText("HStack") { return "horizontal" }
        return nil
    }
    /// Modifiers that start work when their view appears.
    private static let appearanceWork: TokenNameSet = ["task", "onAppear"]
    private static let remoteImageViews: Set<String> = [
        "AsyncImage", "KFImage", "KFAnimatedImage", "WebImage", "AnimatedImage", "LazyImage", "CachedAsyncImage",
        "NetworkImage", "URLImage", "RemoteImage",
    ]

    /// Work a row does as soon as it is built: an image loaded from the network, a view given a URL or an
    /// image loader, or a `.task`/`.onAppear` of the row. Nil for anything else.
    private static func loadingWork(_ call: FunctionCallExprSyntax) -> String? {
        if let name = SyntaxText.typeReferenceName(call.calledExpression), remoteImageViews.contains(name) { return "`\(name)` download" }
        if let modifier = SyntaxText.modifier(call, named: Self.appearanceWork) { return "`.\(modifier.declName.baseName.text)` work" }
        guard SyntaxText.typeReferenceName(call.calledExpression).map(SyntaxText.isCapitalized) ?? false,
              let label = call.arguments.eachElement.lazy.compactMap({ $0.label?.plainText }).first(where: { label in
                  let lowered = label.lowercased()
                  return lowered.hasSuffix("url") || lowered.hasSuffix("loader")
              })
        else { return nil }
        return "load (`\(label):`)"
    }

    /// A `ForEach` statement of the stack that iterates data whose size is not fixed in the code.
    private static func dynamicForEach(_ statement: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let forEach = SyntaxText.rootView(of: statement), SyntaxText.isTypeReference(forEach.calledExpression, named: "ForEach"),
              let data = forEach.arguments.eachElement.first, data.label == nil, !CollectionSize.isFixed(data.expression)
        else { return nil }
        return forEach
    }

    private func fetchedData(of forEach: FunctionCallExprSyntax) -> String? {
        guard let data = forEach.arguments.eachElement.first?.expression, let root = CollectionSize.rootName(of: data),
              fetchedProperties.innermost()?.contains(root) == true else { return nil }
        return root
    }

    /// A statement after the last `ForEach` that acts when it appears (`ProgressView().onAppear { loadMore() }`).
    private static func pagesAfter(_ forEach: FunctionCallExprSyntax, in statements: [ExprSyntax]) -> Bool {
        guard let index = statements.firstIndex(where: { SyntaxText.rootView(of: $0)?.id == forEach.id }) else { return false }
        return statements[(index + 1)...].contains { statement in
            guard let view = SyntaxText.rootView(of: statement) else { return false }
            return SyntaxText.modifiersApplied(to: view).contains { SyntaxText.modifier($0, named: Self.appearanceWork) != nil }
        }
    }

    /// The `ScrollView` whose content closure has this stack (possibly with modifiers) as a top-level statement.
    private static func scrollView(holding stack: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        let expression = SyntaxText.modifiersApplied(to: stack).last ?? stack
        guard let closure = expression.parent?.as(CodeBlockItemSyntax.self)?.parent?.parent?.as(ClosureExprSyntax.self),
              let scrollView = closure.parent?.as(FunctionCallExprSyntax.self), scrollView.trailingClosure?.id == closure.id,
              SyntaxText.isTypeReference(scrollView.calledExpression, named: "ScrollView")
        else { return nil }
        return scrollView
    }

    /// `ScrollView`, `ScrollView(.vertical)` or `ScrollView(.horizontal)`; nil for both axes or a variable.
    private static func scrollAxis(of scrollView: FunctionCallExprSyntax) -> String? {
        guard let first = scrollView.arguments.eachElement.first, first.label == nil else { return "vertical" }
        guard let member = first.expression.as(MemberAccessExprSyntax.self), member.base == nil else { return nil }
        return member.declName.baseName.plainText
    }
}
