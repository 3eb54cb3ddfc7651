internal import SwiftSyntax

/// View members in one conventional order: what the view receives and owns, then how it is drawn, then what it does.
final class ViewMemberOrderRule: SyntaxRule {
    static let description = RuleDescription(
        id: "view-member-order", family: .swiftUI, severity: .advice, profiles: .optIn, fix: .auto,
        summary: "View members out of the conventional order: environment, `let`, stored state, computed values, `init`, `body`, view helpers, methods.",
        rationale: "When every view lists its members in the same order, a reader finds the inputs, the owned state and the layout without scanning the whole type, and a stray `@State` between two helpers cannot hide. Static members, nested types and members inside `#if` blocks are left alone.",
        instead: "Order members as: `@Environment`/`@EnvironmentObject` values, plain `let` properties, `@State`/`@Binding`/other wrapped and stored `var`s, computed properties, `init`, `body`, view-building helpers (`some View` properties and `@ViewBuilder` functions), then other methods.",
        triggering: [
            Example("""
            struct CartView: View {
                let cart: Cart
                var body: some View {
                    List(cart.items) { Text($0.name) }
                        .toolbar { Button("Close") { dismiss() } }
                }
                ↓@Environment(\\.dismiss) private var dismiss
            }
            """, fixed: """
            struct CartView: View {
                @Environment(\\.dismiss) private var dismiss
                let cart: Cart
                var body: some View {
                    List(cart.items) { Text($0.name) }
                        .toolbar { Button("Close") { dismiss() } }
                }
            }
            """),
            // Comments and attributes move with their member; the blank lines and the section comment stay.
            Example("""
            struct SearchView: View {
                @State private var query = ""
                ↓let catalog: Catalog

                var body: some View {
                    results
                }

                // MARK: Actions

                /// Runs the search.
                private func submit() { catalog.search(query) }
                ↓@ViewBuilder private var results: some View {
                    ForEach(catalog.matches(query)) { Text($0.title) }
                }
            }
            """, fixed: """
            struct SearchView: View {
                let catalog: Catalog
                @State private var query = ""

                var body: some View {
                    results
                }

                // MARK: Actions

                @ViewBuilder private var results: some View {
                    ForEach(catalog.matches(query)) { Text($0.title) }
                }
                /// Runs the search.
                private func submit() { catalog.search(query) }
            }
            """),
            Example("""
            struct TimerView: View {
                init(start: Date) { _start = State(initialValue: start) }
                ↓@State private var start: Date
                ↓private var elapsed: TimeInterval { Date().timeIntervalSince(start) }
                var body: some View { Text(elapsed, format: .number) }
                ↓var isRunning = false
            }
            """, fixed: """
            struct TimerView: View {
                @State private var start: Date
                var isRunning = false
                private var elapsed: TimeInterval { Date().timeIntervalSince(start) }
                init(start: Date) { _start = State(initialValue: start) }
                var body: some View { Text(elapsed, format: .number) }
            }
            """),
            // Two members on one line cannot move as lines: reported, not rewritten.
            Example("""
            struct BadgeView: View {
                var body: some View { Text(title) }
                ↓let title: String; ↓let count: Int
            }
            """),
        ],
        nonTriggering: [
            Example("""
            struct EditorView: View {
                @Environment(\\.dismiss) private var dismiss
                let note: Note
                @State private var draft = ""
                @Binding var isPresented: Bool
                private var isDirty: Bool { draft != note.text }
                init(note: Note, isPresented: Binding<Bool>) {
                    self.note = note
                    _isPresented = isPresented
                }
                var body: some View { editor }
                private var editor: some View { TextEditor(text: $draft) }
                @ViewBuilder private func saveButton() -> some View { Button("Save", action: save) }
                private func save() { isPresented = false }
                private func sync() async {}
            }
            """),
            // Not a View: a model may order its members as it likes.
            Example("""
            struct Invoice {
                var total: Decimal { lines.reduce(0) { $0 + $1.amount } }
                let lines: [Line]
                func pdf() -> Data { Data() }
                let number: String
            }
            """),
            // Members inside `#if`, nested types and statics do not count.
            Example("""
            struct StatusView: View {
                enum Mode { case compact, full }
                static let height: CGFloat = 44
                let mode: Mode
                var body: some View { Text("OK") }
                #if DEBUG
                @State private var debugOverlay = false
                #endif
                static func preview() -> StatusView { StatusView(mode: .full) }
                typealias Style = Mode
            }
            """),
            // A `ViewModifier`'s `body(content:)` is a method of a non-View type.
            Example("""
            struct CardStyle: ViewModifier {
                func body(content: Content) -> some View { content.padding() }
                let cornerRadius: CGFloat
            }
            """),
        ],
        onlyInViews: true
    )

    /// The conventional groups, in order.
    private enum MemberGroup: Int, Comparable {
        case environment, constant, storedState, computed, initializer, body, viewHelper, method

        static func < (lhs: MemberGroup, rhs: MemberGroup) -> Bool { lhs.rawValue < rhs.rawValue }

        var label: String {
            switch self {
            case .environment: return "an environment value"
            case .constant: return "a `let` property"
            case .storedState: return "stored state"
            case .computed: return "a computed property"
            case .initializer: return "an initializer"
            case .body: return "the view's body"
            case .viewHelper: return "a view-building helper"
            case .method: return "a method"
            }
        }
    }

    init(options: RuleOptions) {}

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        // Extensions usually gather helpers on purpose; only the type's own declaration has a full member list.
        guard let kind = file.enclosingType?.kind, kind != .extension, kind != .protocol else { return }
        var seen: [(group: MemberGroup, name: MemberName)] = []
        var classified: [(member: MemberBlockItemSyntax, group: MemberGroup)] = []
        var misplaced: [(member: MemberBlockItemSyntax, message: String)] = []
        for member in members.members.eachElement {
            guard let (group, name) = Self.classify(member.decl) else { continue }
            // Naming the first member of a later group tells where the misplaced one can go.
            if let later = seen.first(where: { $0.group > group }) {
                misplaced.append((member, "\(name.text) is \(group.label) and belongs before \(later.name.text): keep View members in the order environment, `let`, stored state, computed properties, `init`, `body`, view helpers, methods so readers find them at a glance"))
            }
            seen.append((group, name))
            classified.append((member, group))
        }
        guard !misplaced.isEmpty else { return }
        let fix = Self.reorderFix(classified, in: file.source)
        for (member, message) in misplaced { file.report(id, at: member.decl, message, fix: fix) }
    }

    /// Sorts the classified members into the conventional order, each with its comments and attributes, in the
    /// places those members occupied; members the order ignores, blank lines and section comments stay put.
    /// Unsafe: reordering stored properties reorders the memberwise initializer's parameters.
    private static func reorderFix(_ classified: [(member: MemberBlockItemSyntax, group: MemberGroup)], in source: SourceText) -> Fix? {
        var slots: [Range<Int>] = []
        for (member, _) in classified {
            // A member sharing its line with another cannot move as whole lines.
            guard let start = FixText.lineStart(ofDeclarationWithComments: member) else { return nil }
            slots.append(start..<member.endPosition.utf8Offset)
        }
        guard let first = slots.first, let last = slots.last else { return nil }
        let order = classified.indices.sorted { (classified[$0].group, $0) < (classified[$1].group, $1) }
        var text = ""
        for (slot, member) in order.enumerated() {
            if slot > 0 { text += FixText.text(in: slots[slot - 1].upperBound..<slots[slot].lowerBound, of: source) }
            text += FixText.text(in: slots[member], of: source)
        }
        return Fix("put the view's members in the conventional order", safety: .unsafe,
                   edits: [TextEdit(range: first.lowerBound..<last.upperBound, replacement: text)])
    }

    /// How a message names a member; its text is made only for a message (most views are in order).
    private enum MemberName {
        case initializer, function(TokenSyntax), property(TokenSyntax)

        var text: String {
            switch self {
            case .initializer: return "`init`"
            case .function(let name): return "`\(name.text)()`"
            case .property(let name): return "`\(name.plainText)`"
            }
        }
    }

    /// The member's group and how a message names it; nil for members the order ignores.
    private static func classify(_ decl: DeclSyntax) -> (MemberGroup, MemberName)? {
        if decl.is(InitializerDeclSyntax.self) { return (.initializer, .initializer) }
        if let function = decl.as(FunctionDeclSyntax.self) {
            guard !SyntaxText.isStatic(function.modifiers) else { return nil }
            return (SyntaxText.buildsView(function) ? .viewHelper : .method, .function(function.name))
        }
        guard let variable = decl.as(VariableDeclSyntax.self), !SyntaxText.isStatic(variable.modifiers),
              let binding = variable.bindings.eachElement.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
        else { return nil }
        let label = MemberName.property(name)
        if binding.accessorBlock.map(SyntaxText.isComputed) ?? false {
            if name.hasText("body") { return (.body, label) }
            let isView = binding.typeAnnotation.map { SyntaxText.isSomeView($0.type.trimmedText) } ?? false
            return (isView ? .viewHelper : .computed, label)
        }
        let wrappers = SyntaxText.attributeNames(variable.attributes).filter(SyntaxText.isPropertyWrapperName)
        if wrappers.contains(where: { $0 == "Environment" || $0 == "EnvironmentObject" }) { return (.environment, label) }
        if wrappers.isEmpty, variable.bindingSpecifier.tokenKind == .keyword(.let) { return (.constant, label) }
        return (.storedState, label)
    }
}
