internal import SwiftSyntax

/// `ForEach(items.indices, id: \.self)`: rows identified by position instead of by the item they show.
final class ForeachIndexIdentityRule: SyntaxRule {
    static let description = RuleDescription(
        id: "foreach-index-identity", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "`ForEach`/`List` over `items.indices`, `0..<items.count` or `items.enumerated()` identified by position.",
        rationale: "SwiftUI keeps each row's state, focus and animation attached to its identity. With indices as identity, deleting or moving an item makes the rows after it take over their neighbours' identities: state jumps to the wrong row, animations play on the wrong element, and a row may read an index that no longer exists and crash.",
        instead: "Iterate the items themselves: `ForEach(items)` with `Identifiable` elements, or `ForEach(items, id: \\.id)`. For bindings use `ForEach($items) { $item in … }`; when the position is needed too, `ForEach(Array(items.enumerated()), id: \\.element.id)`.",
        triggering: [
            Example("""
            struct TodoList: View {
                @Binding var todos: [Todo]
                var body: some View {
                    ↓ForEach(todos.indices, id: \\.self) { index in
                        Toggle(todos[index].title, isOn: $todos[index].isDone)
                    }
                }
            }
            """),
            Example("""
            struct PlayerList: View {
                let players: [Player]
                var body: some View {
                    ↓List(0..<players.count, id: \\.self) { index in
                        Text(players[index].name)
                    }
                }
            }
            """),
            Example("""
            struct Ranking: View {
                let entries: [Entry]
                var body: some View {
                    VStack {
                        ↓ForEach(Array(entries.enumerated()), id: \\.offset) { place, entry in
                            Text("\\(place + 1). \\(entry.name)")
                        }
                        ↓ForEach(0...entries.count - 1, id: \\.self) { Text(entries[$0].name) }
                    }
                }
            }
            """),
            Example("""
            struct Steps: View {
                let steps: [Step]
                var body: some View {
                    ↓ForEach(steps.enumerated(), id: \\.offset) { Text($0.element.title) }
                }
            }
            """),
        ],
        nonTriggering: [
            // A constant range never changes, so positions are stable identities.
            Example("""
            struct RatingView: View {
                let rating: Int
                var body: some View {
                    HStack {
                        ForEach(0..<5) { star in
                            Image(systemName: star < rating ? "star.fill" : "star")
                        }
                    }
                }
            }
            """),
            // A bound that is a plain number, not the size of a collection.
            Example("""
            struct Grid: View {
                let columns: Int
                var body: some View {
                    HStack {
                        ForEach(0..<columns, id: \\.self) { Color.gray.frame(width: 20) }
                    }
                }
            }
            """),
            Example("""
            struct TodoList: View {
                let todos: [Todo]
                var body: some View {
                    List {
                        ForEach(todos) { Text($0.title) }
                        ForEach(todos, id: \\.id) { Text($0.title) }
                    }
                }
            }
            """),
            Example("""
            struct Ranking: View {
                let entries: [Entry]
                var body: some View {
                    ForEach(Array(entries.enumerated()), id: \\.element.id) { place, entry in
                        Text("\\(place + 1). \\(entry.name)")
                    }
                }
            }
            """),
        ]
    )

    /// How the data of a `ForEach`/`List` stands for positions rather than items.
    private enum IndexSource {
        /// `items.indices`, `0..<items.count`: the elements are plain integers.
        case positions
        /// `items.enumerated()`: only `\.offset` (or `\.self`) as the id is positional.
        case enumerated
    }

    init(options: RuleOptions) {}

    func visit(_ node: FunctionCallExprSyntax, in file: FileWalk) {
        guard let callee = node.calledExpression.as(DeclReferenceExprSyntax.self),
              callee.baseName.text == "ForEach" || callee.baseName.text == "List",
              let data = node.arguments.first, data.label == nil,
              let source = Self.indexSource(data.expression) else { return }
        let identity = SyntaxText.keyPathText(node, labeled: "id")
        switch source {
        case .positions:
            guard identity == nil || identity == "\\.self" else { return }
        case .enumerated:
            guard identity == "\\.offset" || identity == "\\.self" else { return }
        }
        let name = callee.baseName.text
        file.report(id, at: callee,
                    "`\(name)` identifies its rows by index, so when items move or are deleted their state and animations land on the wrong row: iterate the items (`\(name)(items)` with `Identifiable` elements or `id: \\.id`)")
    }

    private static func indexSource(_ expression: ExprSyntax) -> IndexSource? {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return indexSource(only.expression)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil, member.declName.baseName.text == "indices" {
            return .positions
        }
        if let sequence = expression.as(SequenceExprSyntax.self), isRangeUpToCount(sequence) {
            return .positions
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if SyntaxText.calleeName(ExprSyntax(call)) == "Array", call.arguments.count == 1, let inner = call.arguments.first {
                return indexSource(inner.expression)
            }
            if SyntaxText.modifier(call, named: ["enumerated"]) != nil, call.arguments.isEmpty { return .enumerated }
        }
        return nil
    }

    /// `0..<items.count` or `0...items.count - 1`: the upper bound starts with a collection's `count`.
    private static func isRangeUpToCount(_ sequence: SequenceExprSyntax) -> Bool {
        let elements = Array(sequence.elements)
        guard let rangeIndex = elements.firstIndex(where: {
            guard let text = $0.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            return text == "..<" || text == "..."
        }), rangeIndex + 1 < elements.count,
              let bound = elements[rangeIndex + 1].as(MemberAccessExprSyntax.self) else { return false }
        return bound.base != nil && bound.declName.baseName.text == "count"
    }
}
