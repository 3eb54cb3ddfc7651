internal import SwiftSyntax

/// A file where every stack hard-codes its spacing opts out of the platform's adaptive spacing by habit.
///
/// The habit is a property of the file, not of one stack, so the rule reports once per file, at the first stack:
/// one finding to read and one place to suppress it, however many stacks the file has.
final class StackSpacingLiteralRule: SyntaxRule {
    static let description = RuleDescription(
        id: "stack-spacing-literal", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "Every stack in a file (three or more) passes a number literal as `spacing:`.",
        rationale: "Without `spacing:` a stack uses spacing that SwiftUI picks for the platform and the kind of views it holds. A number on every stack is usually habit rather than design: the layout then ignores platform conventions, and the magic numbers drift apart from file to file.",
        instead: "Omit `spacing:` where no specific value is intended; where one is, take it from a shared constant (`spacing: Spacing.section`) so its intent is named.",
        triggering: [
            Example("""
            struct ProfileScreen: View {
                var body: some View {
                    ↓VStack(spacing: 16) {
                        HStack(spacing: 8) { Image(systemName: "person"); Text("Ada") }
                        VStack(alignment: .leading, spacing: 4) { Text("Bio"); Text("Math") }
                    }
                }
            }
            """),
            Example("""
            struct Feed: View {
                let posts: [Post]
                var body: some View {
                    ScrollView {
                        ↓LazyVStack(spacing: 12.5) { ForEach(posts) { PostRow(post: $0) } }
                    }
                }
            }
            struct PostRow: View {
                let post: Post
                var body: some View {
                    HStack(spacing: 10) { Text(post.author); VStack(spacing: 2) { Text(post.title) } }
                }
            }
            """),
            Example("""
            struct Scoreboard: View {
                var body: some View {
                    ↓Grid(horizontalSpacing: 12, verticalSpacing: 6) {
                        GridRow { Text("Home"); Text("3") }
                    }
                    LazyHStack(spacing: 0) { Text("A"); Text("B") }
                    HStack(spacing: 20) { Text("Final") }
                }
            }
            """),
        ],
        nonTriggering: [
            // One stack uses the default spacing: the literals look deliberate.
            Example("""
            struct ProfileScreen: View {
                var body: some View {
                    VStack(spacing: 16) {
                        HStack(spacing: 8) { Image(systemName: "person"); Text("Ada") }
                        VStack { Text("Bio"); Text("Math") }
                    }
                }
            }
            """),
            // Spacing from the theme is a named design decision, not a literal.
            Example("""
            struct Card: View {
                @Environment(\\.theme) private var theme
                var body: some View {
                    VStack(spacing: theme.spacing) {
                        HStack(spacing: 8) { Text("Title") }
                        HStack(spacing: 8) { Text("Detail") }
                    }
                }
            }
            """),
            // Fewer than three stacks say little about a habit.
            Example("""
            struct Tag: View {
                var body: some View {
                    HStack(spacing: 4) {
                        Image(systemName: "tag")
                        VStack(spacing: 0) { Text("Sale") }
                    }
                }
            }
            """),
        ]
    )

    /// Stacks and lazy grids with a `spacing:` parameter; `Grid` names its two spacings separately.
    private static let stackNames: Set<String> = ["VStack", "HStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid"]
    private static let spacingLabels: Set<String> = ["spacing", "horizontalSpacing", "verticalSpacing"]

    private var stacks = 0
    private var allLiteral = true
    private var firstStackOffset: Int?

    init(options: RuleOptions) {}

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        guard let name = call.reference, Self.stackNames.contains(name.baseName.plainText)
        else { return }
        stacks += 1
        if firstStackOffset == nil { firstStackOffset = name.positionAfterSkippingLeadingTrivia.utf8Offset }
        let spacings = node.arguments.eachElement.filter { $0.label.map { Self.spacingLabels.contains($0.plainText) } ?? false }
        if spacings.isEmpty || !spacings.allSatisfy({ $0.expression.is(IntegerLiteralExprSyntax.self) || $0.expression.is(FloatLiteralExprSyntax.self) }) {
            allLiteral = false
        }
    }

    func finish(_ file: FileWalk) {
        guard stacks >= 3, allLiteral, let firstStackOffset else { return }
        file.report(id, atOffset: firstStackOffset,
                    "all \(stacks) stacks in this file hard-code `spacing:` with a number, which overrides SwiftUI's adaptive platform spacing: omit it where no specific value is intended, or name the value in a shared constant")
    }
}
