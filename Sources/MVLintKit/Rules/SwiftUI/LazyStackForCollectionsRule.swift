internal import SwiftSyntax

/// `ScrollView { VStack { ForEach(items) … } }` builds every row up front, however long the collection.
final class LazyStackForCollectionsRule: SyntaxRule {
    static let description = RuleDescription(
        id: "lazy-stack-for-collections", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "A plain `VStack`/`HStack` inside a `ScrollView` iterates a dynamic collection with `ForEach`.",
        rationale: "A plain stack creates and lays out all of its children as soon as it appears, so a scrolling list of a few hundred items builds a few hundred rows (and runs their `onAppear`/`task`) before the first frame. Lazy stacks only build the rows that come on screen.",
        instead: "Use `LazyVStack` (or `LazyHStack` in a horizontal `ScrollView`) for the stack that holds the `ForEach`.",
        triggering: [
            Example("""
            struct FeedView: View {
                let posts: [Post]
                var body: some View {
                    ScrollView {
                        ↓VStack(spacing: 12) {
                            ForEach(posts) { post in PostRow(post: post) }
                        }
                    }
                }
            }
            """),
            Example(#"""
            struct TagStrip: View {
                @Environment(TagStore.self) private var store
                var body: some View {
                    ScrollView(.horizontal, showsIndicators: false) {
                        ↓HStack {
                            Text("Tags")
                            ForEach(store.tags, id: \.name) { tag in TagChip(tag: tag) }
                        }
                        .padding(.horizontal)
                    }
                }
            }
            """#),
            // A range over a collection's count is as long as the collection.
            Example("""
            struct MessageList: View {
                let messages: [Message]
                var body: some View {
                    ScrollView(.vertical) {
                        ↓VStack(alignment: .leading) {
                            ForEach(0..<messages.count, id: \\.self) { index in Text(messages[index].body) }
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
                            ForEach(people) { PersonBadge(person: $0) }
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

    init(options: RuleOptions) {}

    func visit(_ node: FunctionCallExprSyntax, in file: FileWalk) {
        guard let stack = node.calledExpression.as(DeclReferenceExprSyntax.self),
              let axis = Self.stackAxes[stack.baseName.text],
              let scrollView = Self.scrollView(holding: node), Self.scrollAxis(of: scrollView) == axis,
              let content = node.trailingClosure,
              SyntaxText.expressions(in: content).contains(where: Self.iteratesDynamicCollection),
              file.canUse(introducedIn: [.iOS: Version(14), .macOS: Version(11), .tvOS: Version(14), .watchOS: Version(7)])
        else { return }
        let name = stack.baseName.text
        file.report(id, at: stack,
                    "`\(name)` in a `ScrollView` builds every `ForEach` row at once, however long the collection: use `Lazy\(name)` to build rows as they scroll into view")
    }

    private static let stackAxes = ["VStack": "vertical", "HStack": "horizontal"]

    /// The `ScrollView` whose content closure has this stack (possibly with modifiers) as a top-level statement.
    private static func scrollView(holding stack: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        let expression = SyntaxText.modifiersApplied(to: stack).last ?? stack
        guard let closure = expression.parent?.as(CodeBlockItemSyntax.self)?.parent?.parent?.as(ClosureExprSyntax.self),
              let scrollView = closure.parent?.as(FunctionCallExprSyntax.self), scrollView.trailingClosure?.id == closure.id,
              SyntaxText.typeReferenceName(scrollView.calledExpression) == "ScrollView"
        else { return nil }
        return scrollView
    }

    /// `ScrollView`, `ScrollView(.vertical)` or `ScrollView(.horizontal)`; nil for both axes or a variable.
    private static func scrollAxis(of scrollView: FunctionCallExprSyntax) -> String? {
        guard let first = scrollView.arguments.first, first.label == nil else { return "vertical" }
        guard let member = first.expression.as(MemberAccessExprSyntax.self), member.base == nil else { return nil }
        return member.declName.baseName.text
    }

    private static func iteratesDynamicCollection(_ statement: ExprSyntax) -> Bool {
        guard let forEach = SyntaxText.rootView(of: statement), SyntaxText.typeReferenceName(forEach.calledExpression) == "ForEach",
              let data = forEach.arguments.first, data.label == nil
        else { return false }
        return !isFixedSize(data.expression)
    }

    /// Literal arrays, ranges between integer literals and `.allCases` have a small size known when writing the code.
    private static func isFixedSize(_ collection: ExprSyntax) -> Bool {
        if collection.is(ArrayExprSyntax.self) { return true }
        if let member = collection.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text == "allCases" }
        if let range = collection.as(SequenceExprSyntax.self) {
            return range.elements.allSatisfy { element in
                element.is(IntegerLiteralExprSyntax.self)
                    || (element.as(BinaryOperatorExprSyntax.self).map { ["..<", "..."].contains($0.operator.text) } ?? false)
            }
        }
        return false
    }
}
