internal import SwiftSyntax

/// `ForEach(items.indices, id: \.self)`: rows identified by position instead of by the item they show.
final class ForeachIndexIdentityRule: SyntaxRule {
    static let description = RuleDescription(
        id: "foreach-index-identity", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "`ForEach`/`List` over `items.indices`, `0..<items.count` or `items.enumerated()` identified by position, whose rows hold state or whose items move.",
        rationale: "SwiftUI keeps each row's state, focus and animation attached to its identity. With indices as identity, deleting, inserting or moving an item makes the rows after it take over their neighbours' identities: a text field's focus or a toggle's state jumps to the wrong row, animations play on the wrong element, and a binding like `$items[index]` may read an index that no longer exists and crash. That only happens when the rows hold something (an editing control, a binding into the collection) or the collection is edited in place (`remove(at:)`, `insert`, `move`, `.onDelete`/`.onMove`), so the rule reports those. A read-only list that is replaced as a whole, a `Picker` whose options are tagged with their index, or numbered steps where the position is the data are fine with positions as identity.",
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
                @State private var players: [Player] = []
                var body: some View {
                    List {
                        ↓ForEach(0..<players.count, id: \\.self) { index in
                            Text(players[index].name)
                        }
                        .onDelete { players.remove(atOffsets: $0) }
                    }
                }
            }
            """),
            // The collection is reordered in place: rows after the moved item change identity.
            Example("""
            struct Ranking: View {
                @State private var entries: [Entry] = []
                var body: some View {
                    VStack {
                        ↓ForEach(Array(entries.enumerated()), id: \\.offset) { place, entry in
                            RankRow(place: place + 1, entry: entry)
                        }
                        ↓ForEach(0...entries.count - 1, id: \\.self) { Text(entries[$0].name) }
                    }
                }
                func promote(_ index: Int) { entries.swapAt(index, index - 1) }
            }
            """),
            // Positions under other names: the tuple's `.0`, an index's hash, indices in reverse.
            Example("""
            struct Attachments: View {
                @Bindable var draft: Draft
                var body: some View {
                    ↓ForEach(Array(draft.captions.enumerated()), id: \\.0) { index, _ in
                        TextField("Caption", text: $draft.captions[index])
                    }
                    ↓ForEach(draft.captions.indices, id: \\.hashValue) { index in
                        CaptionRow(caption: $draft.captions[index])
                    }
                    ↓ForEach(draft.captions.indices.reversed(), id: \\.self) { index in
                        TextEditor(text: $draft.captions[index])
                    }
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
                @State private var entries: [Entry] = []
                var body: some View {
                    ForEach(Array(entries.enumerated()), id: \\.element.id) { place, entry in
                        Text("\\(place + 1). \\(entry.name)")
                    }
                }
                func promote(_ index: Int) { entries.swapAt(index, index - 1) }
            }
            """),
            // The index is the Picker's tag: the selection is a position, and options do not change.
            Example("""
            struct RegionPicker: View {
                let regions: [String]
                @Binding var selectedIndex: Int
                var body: some View {
                    Picker("Region", selection: $selectedIndex) {
                        ForEach(regions.indices, id: \\.self) { index in
                            Text(regions[index]).tag(index)
                        }
                    }
                }
            }
            """),
            // A binding every row shares is not an edit of the row's item.
            Example("""
            struct SplitEditors: View {
                let editors: [Editor]
                @Binding var focus: Editor.ID?
                var body: some View {
                    ForEach(Array(editors.enumerated()), id: \\.offset) { index, editor in
                        EditorPane(editor: editor, focus: $focus)
                    }
                }
            }
            """),
            // Read-only rows where the position is the data (numbered rules, steps), replaced as a whole.
            Example("""
            struct ServerRules: View {
                let rules: [String]
                @State private var history: [String] = []
                var body: some View {
                    VStack(alignment: .leading) {
                        ForEach(Array(rules.enumerated()), id: \\.offset) { index, rule in
                            Text("\\(index + 1). \\(rule)")
                        }
                        ForEach(history.indices, id: \\.self) { Text(history[$0]) }
                    }
                    Button("Clear") { history.removeAll() }
                }
            }
            """),
        ]
    )

    /// How the data of a `ForEach`/`List` stands for positions rather than items.
    private enum IndexSource {
        /// `items.indices`, `0..<items.count`: the elements are plain integers.
        case positions
        /// `items.enumerated()`, `zip(items.indices, items)`: only the offset (`\.offset`, `\.0`) as the id is positional.
        case enumerated
    }

    /// A `ForEach`/`List` identified by position, waiting to learn whether that can hurt.
    private struct Candidate {
        var callee: DeclReferenceExprSyntax
        /// The last name of the collection whose positions it iterates (`todos` for `model.todos.indices`).
        var collection: String?
        /// What makes positions as identity go wrong here, once found.
        var harm: String?
    }

    private var candidates: [SyntaxIdentifier: Candidate] = [:]
    /// Collections the file edits in place (`todos.remove(at:)`), by their last name.
    private var editedCollections: [String: String] = [:]

    private static let editingControls: Set<String> = [
        "TextField", "SecureField", "TextEditor", "Toggle", "Slider", "Stepper", "DatePicker", "ColorPicker",
    ]
    /// In-place edits that move elements to other positions (appending keeps every position as it was).
    private static let reorderingEdits: TokenNameSet = [
        "remove", "removeAll", "removeFirst", "removeSubrange", "insert", "move", "swapAt", "sort", "reverse", "shuffle",
    ]

    private static let positionEditingModifiers: TokenNameSet = ["onDelete", "onMove"]

    init(options: RuleOptions) {}

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        noteEdit(call)
        noteRowState(call)
        guard let callee = call.reference,
              callee.baseName.hasText("ForEach") || callee.baseName.hasText("List"),
              let data = node.arguments.eachElement.first, data.label == nil,
              let (source, collection) = Self.indexSource(data.expression) else { return }
        let identity = SyntaxText.keyPathText(node, labeled: "id")
        switch source {
        case .positions:
            guard identity == nil || ["\\.self", "\\.hashValue", "\\.description", "\\.self.hashValue"].contains(identity) else { return }
        case .enumerated:
            guard let identity, ["\\.offset", "\\.0", "\\.self", "\\.offset.hashValue", "\\.offset.description", "\\.0.hashValue"].contains(identity)
            else { return }
        }
        var candidate = Candidate(callee: callee, collection: collection)
        if let edit = SyntaxText.modifiersApplied(to: node).lazy.compactMap({ SyntaxText.modifier($0, named: Self.positionEditingModifiers) }).first {
            candidate.harm = "`.\(edit.declName.baseName.text)` moves items to other positions"
        }
        candidates[node.id] = candidate
    }

    func finish(_ file: FileWalk) {
        var found: [(DeclReferenceExprSyntax, String)] = []
        for candidate in candidates.values {
            if let harm = candidate.harm {
                found.append((candidate.callee, harm))
            } else if let collection = candidate.collection, let edit = editedCollections[collection] {
                found.append((candidate.callee, "`\(collection).\(edit)` moves items to other positions"))
            }
        }
        for (callee, harm) in found.sorted(by: { $0.0.position < $1.0.position }) {
            let name = callee.baseName.plainText
            file.report(id, at: callee,
                        "`\(name)` identifies its rows by index and \(harm), so state, focus and animations land on the wrong row (or a binding reads an index that is gone): iterate the items (`\(name)(items)` with `Identifiable` elements or `id: \\.id`)")
        }
    }

    /// `todos.remove(at:)`, `model.todos.move(fromOffsets:toOffset:)`: the collection's items change positions.
    private func noteEdit(_ shape: CallShape) {
        let call = shape.node
        guard let member = SyntaxText.modifier(shape, named: Self.reorderingEdits), let base = member.base,
              let collection = Self.lastName(base) else { return }
        let edit = member.declName.baseName.plainText
        // `removeAll()` empties the collection: no row takes over another's position.
        if edit == "removeAll", call.arguments.isEmpty, call.trailingClosure == nil { return }
        editedCollections[collection] = editedCollections[collection] ?? "\(edit)(…)"
    }

    /// A row that holds an editing control, or edits its item through a binding by position (`$todos[index]`,
    /// `Handle(stops: $stops, index: index)`), keeps state per row. A binding every row shares (`focus: $focus`) does not.
    private func noteRowState(_ shape: CallShape) {
        // Rows are walked after their `ForEach`: until a candidate exists, no row can keep state in one.
        guard !candidates.isEmpty else { return }
        let call = shape.node
        let name = shape.typeReferenceToken?.identifierName
        let isControl = name.map(Self.editingControls.contains) ?? false
        let bindings = call.arguments.eachElement.compactMap { argument in Self.bindingName(argument.expression).map { (argument, $0) } }
        guard isControl || !bindings.isEmpty else { return }
        var current = Syntax(call).parent
        while let node = current {
            if node.is(FunctionDeclSyntax.self) || node.is(MemberBlockItemSyntax.self) { return }
            if let closure = node.as(ClosureExprSyntax.self), let owner = closure.parent?.as(FunctionCallExprSyntax.self),
               candidates[owner.id] != nil {
                guard candidates[owner.id]?.harm == nil else { return }
                if isControl, let name {
                    candidates[owner.id]?.harm = "its rows hold a `\(name)`"
                } else if let positional = bindings.first(where: { Self.containsSubscript($0.0.expression) })
                            ?? (Self.mentions(call, Self.parameters(of: closure)) ? bindings.first : nil) {
                    candidates[owner.id]?.harm = "its rows edit the items through `\(positional.1)` by position"
                }
                return
            }
            current = node.parent
        }
    }

    private static func containsSubscript(_ expression: ExprSyntax) -> Bool {
        expression.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .leftSquare }
    }

    /// The name a row closure gives the position: its first parameter (`index` in `{ index in … }` and in
    /// `{ index, item in … }`), or `$0`. The element (`item`) handed on with a shared binding is not positional.
    private static func parameters(of closure: ClosureExprSyntax) -> Set<String> {
        if let clause = closure.signature?.parameterClause {
            if let first = clause.as(ClosureShorthandParameterListSyntax.self)?.first { return [first.name.plainText] }
            if let first = clause.as(ClosureParameterClauseSyntax.self)?.parameters.first { return [(first.secondName ?? first.firstName).plainText] }
        }
        return ["$0"]
    }

    /// Whether an argument of the call is one of `names` (the row's index handed on with a binding).
    private static func mentions(_ call: FunctionCallExprSyntax, _ names: Set<String>) -> Bool {
        call.arguments.eachElement.contains { argument in
            argument.expression.as(DeclReferenceExprSyntax.self).map { names.contains($0.baseName.plainText) } ?? false
        }
    }

    /// `$todos[index]` or `$model.todos`: a binding projection (not a closure's `$0`).
    private static func bindingName(_ expression: ExprSyntax) -> String? {
        guard expression.firstTokenStarts(with: UInt8(ascii: "$")), let first = expression.firstToken(viewMode: .sourceAccurate),
              first.plainText.count > 1, !(first.plainText.dropFirst().first?.isNumber ?? true) else { return nil }
        return first.plainText
    }

    /// The last name of a collection expression: `todos` for `todos`, `self.todos` and `model.todos`.
    private static func lastName(_ expression: ExprSyntax) -> String? {
        let expression = SyntaxText.withoutOptionalMarks(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.plainText }
        return expression.as(MemberAccessExprSyntax.self)?.declName.baseName.plainText
    }

    private static func indexSource(_ expression: ExprSyntax) -> (IndexSource, String?)? {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.eachElement.first {
            return indexSource(only.expression)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, member.declName.baseName.hasText("indices") {
            return (.positions, lastName(base))
        }
        if let sequence = expression.as(SequenceExprSyntax.self), let collection = rangeUpToCount(sequence) {
            return (.positions, collection)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        if SyntaxText.calleeName(ExprSyntax(call)) == "Array", call.arguments.count == 1, let inner = call.arguments.eachElement.first {
            return indexSource(inner.expression)
        }
        // `zip(items.indices, items)`: the pairs' `.0` is the position.
        if SyntaxText.calleeName(ExprSyntax(call)) == "zip", call.arguments.count == 2, let first = call.arguments.eachElement.first,
           let (source, collection) = indexSource(first.expression), source == .positions {
            return (.enumerated, collection)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base, call.arguments.isEmpty else { return nil }
        switch member.declName.baseName.plainText {
        case "enumerated": return (.enumerated, lastName(base))
        // `items.indices.reversed()`, `items.enumerated().reversed()`: still positions, in the other order.
        case "reversed": return indexSource(base)
        default: return nil
        }
    }

    /// `0..<items.count` or `0...items.count - 1`: the upper bound starts with a collection's `count`; the collection's name.
    private static func rangeUpToCount(_ sequence: SequenceExprSyntax) -> String? {
        let elements = Array(sequence.elements.eachElement)
        guard let rangeIndex = elements.firstIndex(where: {
            guard let text = $0.as(BinaryOperatorExprSyntax.self)?.operator.plainText else { return false }
            return text == "..<" || text == "..."
        }), rangeIndex + 1 < elements.count,
              let bound = elements[rangeIndex + 1].as(MemberAccessExprSyntax.self),
              let base = bound.base, bound.declName.baseName.hasText("count") else { return nil }
        return lastName(base) ?? ""
    }
}
