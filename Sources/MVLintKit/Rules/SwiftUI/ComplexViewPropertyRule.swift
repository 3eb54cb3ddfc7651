internal import SwiftSyntax

/// A computed `some View` property that both branches and lays out many views has become a screen section
/// of its own, and deserves a `View` type.
final class ComplexViewPropertyRule: SyntaxRule {
    static let description = RuleDescription(
        id: "complex-view-property", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "A computed `some View` property (other than `body`) with branching and a large layout.",
        rationale: "A computed view property is re-evaluated whenever its parent's body is, cannot hold state of its own, cannot be previewed alone and depends on everything its parent observes. Small stateless pieces are fine; once a property branches and builds a big layout it is a section hiding inside its parent.",
        instead: "Extract the section into its own `View` struct that receives only the values, bindings and actions it needs.",
        triggering: [
            Example("""
            struct OrderSummary: View {
                let order: Order
                var body: some View {
                    VStack { header }
                }
                private var ↓header: some View {
                    HStack {
                        if order.isPaid {
                            Image(systemName: "checkmark.seal")
                            Text("Paid")
                        } else {
                            Image(systemName: "clock")
                            Text("Awaiting payment")
                            Button("Pay now") { order.pay() }
                        }
                        Spacer()
                        VStack(alignment: .trailing) {
                            Text(order.total, format: .currency(code: "EUR"))
                            Text(order.date, style: .date)
                            Text("\\(order.items.count) items")
                        }
                    }
                }
            }
            """),
            Example("""
            struct InboxView: View {
                let state: LoadState
                var body: some View { content }
                @ViewBuilder private var ↓content: some View {
                    switch state {
                    case .loading: ProgressView()
                    case .failed: Label("Offline", systemImage: "wifi.slash")
                    case .loaded(let mails): List(mails) { Text($0.subject) }
                    }
                }
            }
            """, .options(["max_nodes": 3])),
            // The branch is nested inside the layout, not at the property's top level.
            Example("""
            struct ProfileCard: View {
                let user: User
                var body: some View { card }
                var ↓card: some View {
                    VStack {
                        Text(user.name)
                        if user.isVerified { Image(systemName: "checkmark") }
                        Text(user.bio)
                    }
                }
            }
            """, .options(["max_nodes": 3])),
        ],
        nonTriggering: [
            // Small and branching: a property is the right size for this.
            Example("""
            struct TaskRow: View {
                let task: TodoTask
                var body: some View { HStack { badge; Text(task.title) } }
                private var badge: some View {
                    Group {
                        if task.isDone { Image(systemName: "checkmark.circle") } else { Image(systemName: "circle") }
                    }
                }
            }
            """),
            // Large but straight-line: no branching.
            Example("""
            struct Receipt: View {
                var body: some View { lines }
                private var lines: some View {
                    VStack {
                        Text("Coffee"); Text("Bagel"); Text("Juice"); Text("Muffin")
                        Divider()
                        HStack { Text("Total"); Spacer(); Text("12.40") }
                        Button("Print") { }
                        Spacer()
                    }
                }
            }
            """),
            // `body` itself is measured by other rules.
            Example("""
            struct Dashboard: View {
                let isAdmin: Bool
                var body: some View {
                    VStack {
                        if isAdmin { Text("Admin"); Text("Tools"); Text("Logs") } else { Text("Welcome") }
                        Text("A"); Text("B"); Text("C"); Text("D"); Text("E"); Text("F"); Text("G")
                    }
                }
            }
            """),
            // Branches inside an action closure run on tap, not while building the view.
            Example("""
            struct Toolbar: View {
                let model: EditorModel
                var body: some View { buttons }
                private var buttons: some View {
                    HStack {
                        Button("Save") { if model.isDirty { model.save(Draft(text: model.text)) } }
                        Button("Undo") { model.undo() }
                    }
                }
            }
            """, .options(["max_nodes": 2])),
        ],
        options: [RuleOption("max_nodes", default: 10, "View constructions (`Text(…)`, `VStack { }`…) a branching view property may hold")]
    )

    /// A computed view property being walked, with what its view-building code held so far.
    private struct Property {
        var name: String
        var nameOffset: Int
        var extent: Range<Int>
        var viewNodes = 0
        var branches = false
    }

    private let maxNodes: Int
    private var open: [Property] = []

    init(options: RuleOptions) {
        maxNodes = options["max_nodes"]
    }

    func visit(_ node: VariableDeclSyntax, in file: FileWalk) {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true,
              !SyntaxText.isStatic(node.modifiers),
              node.bindings.count == 1, let binding = node.bindings.eachElement.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier, name.plainText != "body",
              let type = binding.typeAnnotation?.type, SyntaxText.isSomeView(type.trimmedText),
              let accessors = binding.accessorBlock, SyntaxText.isComputed(accessors)
        else { return }
        open.append(Property(name: name.plainText, nameOffset: name.positionAfterSkippingLeadingTrivia.utf8Offset,
                             extent: node.position.utf8Offset..<node.endPosition.utf8Offset))
    }

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        guard let reference = call.reference, reference.baseName.mayBeCapitalized, SyntaxText.isCapitalized(reference.baseName.plainText) else { return }
        withProperty(containing: node, in: file) { $0.viewNodes += 1 }
    }

    func visit(_ node: IfExprSyntax, in file: FileWalk) {
        withProperty(containing: node, in: file) { $0.branches = true }
    }

    func visit(_ node: SwitchExprSyntax, in file: FileWalk) {
        withProperty(containing: node, in: file) { $0.branches = true }
    }

    /// Counts only code that runs while the view is built: a `Button` action's calls are not layout.
    private func withProperty(containing node: some SyntaxProtocol, in file: FileWalk, _ update: (inout Property) -> Void) {
        guard file.isBuildingView else { return }
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        guard let index = open.lastIndex(where: { $0.extent.contains(offset) }) else { return }
        update(&open[index])
    }

    func leaveType(_ node: DeclSyntax, in file: FileWalk) {
        let end = node.endPosition.utf8Offset
        for property in open where property.extent.upperBound <= end && property.branches && property.viewNodes > maxNodes {
            file.report(id, atOffset: property.nameOffset,
                        "`\(property.name)` branches and builds \(property.viewNodes) views in one computed property, which re-runs with its parent and cannot be previewed alone: extract it into its own `View` type")
        }
        open.removeAll { $0.extent.upperBound <= end }
    }
}
