internal import SwiftSyntax

/// `.sheet(isPresented:)` whose content unwraps an optional: two sources of truth for one presentation.
final class SheetIsPresentedWithItemRule: SyntaxRule {
    static let description = RuleDescription(
        id: "sheet-is-presented-with-item", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "`.sheet(isPresented:)` / `.fullScreenCover(isPresented:)` whose content unwraps an optional value.",
        rationale: "A Bool flag and an optional selection are two pieces of state that must change together. When the flag flips before the value is set, or the value is cleared while the sheet animates away, the content captures a stale value or finds `nil` and shows an empty sheet, or crashes on a force unwrap.",
        instead: "Present from the value itself: `.sheet(item: $selection) { item in DetailView(item: item) }` (the type must be `Identifiable`). The sheet shows exactly when there is a value and receives it unwrapped.",
        triggering: [
            Example("""
            struct ContactList: View {
                @State private var selected: Contact?
                @State private var showsDetail = false
                var body: some View {
                    List(contacts) { contact in
                        Button(contact.name) { selected = contact; showsDetail = true }
                    }
                    .↓sheet(isPresented: $showsDetail) {
                        if let selected {
                            ContactDetail(contact: selected)
                        }
                    }
                }
            }
            """),
            Example("""
            struct PhotoGrid: View {
                @State private var selection: Photo?
                @State private var isShowingViewer = false
                var body: some View {
                    PhotoGridContent(onSelect: { selection = $0; isShowingViewer = true })
                        .↓fullScreenCover(isPresented: $isShowingViewer) {
                            PhotoViewer(photo: selection!)
                        }
                }
            }
            """),
            Example("""
            struct OrderList: View {
                let model: OrdersModel
                @State private var isEditing = false
                var body: some View {
                    OrdersTable(orders: model.orders)
                        .↓sheet(isPresented: $isEditing, onDismiss: model.save) {
                            if let order = model.editedOrder {
                                OrderEditor(order: order)
                            } else {
                                EmptyView()
                            }
                        }
                }
            }
            """),
            Example("""
            struct ArticleList: View {
                @State private var opened: Article?
                @State private var isReading = false
                var body: some View {
                    ArticleFeed(onOpen: { opened = $0; isReading = true })
                        .↓sheet(isPresented: $isReading) {
                            opened?.readerView.padding()
                        }
                }
            }
            """),
        ],
        nonTriggering: [
            // A preview host with a constant flag, and a force unwrap in a modifier that only sets up the sheet.
            Example("""
            struct TagEditorPreviewHost: View {
                let container: ModelContainer?
                var body: some View {
                    Text("Host")
                        .sheet(isPresented: .constant(true)) {
                            TagEditor()
                                .modelContainer(container!)
                        }
                }
            }
            """),
            Example("""
            struct ContactList: View {
                @State private var selected: Contact?
                var body: some View {
                    List(contacts) { contact in
                        Button(contact.name) { selected = contact }
                    }
                    .sheet(item: $selected) { contact in
                        ContactDetail(contact: contact)
                    }
                }
            }
            """),
            Example("""
            struct HomeView: View {
                @State private var showsSettings = false
                var body: some View {
                    Button("Settings") { showsSettings = true }
                        .sheet(isPresented: $showsSettings) {
                            SettingsView()
                        }
                }
            }
            """),
            // The unwrap happens later, inside a button's action.
            Example("""
            struct ShareView: View {
                @State private var isSharing = false
                @State private var draft: Draft?
                var body: some View {
                    Button("Share") { isSharing = true }
                        .sheet(isPresented: $isSharing) {
                            Button("Send") {
                                if let draft { Sender.send(draft) }
                            }
                        }
                }
            }
            """),
            // A condition on a Bool, and a derived value that is not the presented model.
            Example("""
            struct HelpView: View {
                @State private var showsHelp = false
                let isCompact: Bool
                var body: some View {
                    Button("Help") { showsHelp = true }
                        .sheet(isPresented: $showsHelp) {
                            if isCompact {
                                HelpSummary()
                            }
                            SafariView(url: URL(string: "https://example.com/help")!)
                        }
                }
            }
            """),
        ]
    )

    init(options: RuleOptions) {}

    func visit(_ node: FunctionCallExprSyntax, in file: FileWalk) {
        guard let modifier = SyntaxText.modifier(node, named: ["sheet", "fullScreenCover"]),
              let flag = SyntaxText.argument(node, labeled: "isPresented"),
              !Self.isConstant(flag.expression),
              let content = SyntaxText.closure(of: node, trailingOr: "content"),
              content.statements.contains(where: Self.unwrapsOptionalValue) else { return }
        let name = modifier.declName.baseName.text
        file.report(id, at: modifier.declName,
                    "`.\(name)(isPresented:)` content unwraps an optional, so it can show stale or empty content when the flag and the value disagree: present with `.\(name)(item: $selection) { item in … }`")
    }

    /// `if let x`, `guard let x = selection`, `selected!` in the content's arguments, or `selected?.…` as the content.
    private static func unwrapsOptionalValue(_ statement: CodeBlockItemSyntax) -> Bool {
        if let guardStatement = statement.item.as(GuardStmtSyntax.self) {
            return bindsStoredOptional(guardStatement.conditions)
        }
        guard let expression = SyntaxText.expression(of: statement) else { return false }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            return bindsStoredOptional(ifExpression.conditions)
        }
        return SyntaxText.receiverChain(expression).contains { link in
            if let chaining = link.as(OptionalChainingExprSyntax.self) { return SyntaxText.isValuePath(chaining.expression) }
            if isForceUnwrappedValue(link) { return true }
            // Only the presented view's own arguments: `.modelContainer(container!)` further down the chain is set-up.
            guard let call = link.as(FunctionCallExprSyntax.self), SyntaxText.modifierBase(call) == nil else { return false }
            return call.arguments.contains { argument in
                SyntaxText.receiverChain(argument.expression).contains(where: isForceUnwrappedValue)
            }
        }
    }

    /// `.constant(true)` (previews, demos): no flag and value can disagree.
    private static func isConstant(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        return SyntaxText.calledName(call) == "constant"
    }

    /// `selected!`, `model.selection!`: forcing a stored optional (not `URL(string: …)!`).
    private static func isForceUnwrappedValue(_ expression: ExprSyntax) -> Bool {
        guard let unwrap = expression.as(ForceUnwrapExprSyntax.self) else { return false }
        return SyntaxText.isValuePath(unwrap.expression)
    }

    /// `let selected` or `let x = model.selection`; a binding of a call's result derives a value instead.
    private static func bindsStoredOptional(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.contains { element in
            guard case .optionalBinding(let binding) = element.condition else { return false }
            guard let value = binding.initializer?.value else { return true }
            return SyntaxText.isValuePath(value)
        }
    }
}
