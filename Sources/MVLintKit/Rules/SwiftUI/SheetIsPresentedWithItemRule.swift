internal import SwiftSyntax

/// `.sheet(isPresented:)` whose content unwraps an optional: two sources of truth for one presentation.
final class SheetIsPresentedWithItemRule: SyntaxRule {
    static let description = RuleDescription(
        id: "sheet-is-presented-with-item", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "`.sheet(isPresented:)` / `.fullScreenCover(isPresented:)` whose content unwraps an optional selection the view sets (or hands it on as a binding, or looks up by it).",
        rationale: "A Bool flag and an optional selection are two pieces of state that must change together. When the flag flips before the value is set, or the value is cleared while the sheet animates away, the content captures a stale value or finds `nil` and shows an empty sheet, or crashes on a force unwrap.",
        instead: "Present from the value itself: `.sheet(item: $selection) { item in DetailView(item: item) }` (the type must be `Identifiable`). The sheet shows exactly when there is a value and receives it unwrapped. Not reported: a flag computed from the value (`Binding(get: { url != nil }, …)`), and optionals the file never sets, such as data the model already holds or a property computed from it: those are not a second piece of presentation state.",
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
                    OrdersTable(orders: model.orders, onEdit: { model.editedOrder = $0; isEditing = true })
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
            // Two states in other shapes: the optional handed on as a binding for the presented view to unwrap, and
            // a lookup keyed by an optional selection.
            Example("""
            struct TagList: View {
                @State private var editedTag: Tag?
                @State private var showsEditor = false
                var body: some View {
                    TagGrid(onEdit: { editedTag = $0; showsEditor = true })
                        .↓sheet(isPresented: $showsEditor) { TagEditor(tag: $editedTag) }
                }
            }
            struct DeviceList: View {
                let devices: [Device]
                @State private var selectedID: Device.ID?
                @State private var showsDetail = false
                var body: some View {
                    List(devices) { device in
                        Button(device.name) { selectedID = device.id; showsDetail = true }
                    }
                    .↓sheet(isPresented: $showsDetail) {
                        if let device = devices.first(where: { $0.id == selectedID }) { DeviceDetail(device: device) }
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
            // A flag derived from the value cannot disagree with it; data the model already holds (not a selection
            // this view sets) and a property computed from the model are not a second state.
            Example("""
            struct LogsView: View {
                @State private var exportURL: URL?
                let model: RatingModel
                @State private var showsRating = false
                @State private var showsFolder = false
                var folder: Folder? { model.folders.first { $0.id == model.folderID } }
                var body: some View {
                    Button("Export") { exportURL = Logs.archive() }
                        .sheet(isPresented: Binding(get: { exportURL != nil }, set: { if !$0 { exportURL = nil } })) {
                            if let exportURL { ShareSheet(url: exportURL) }
                        }
                        .sheet(isPresented: $showsRating) {
                            if let podcast = model.podcast { RatingView(podcast: podcast) }
                        }
                        .sheet(isPresented: $showsFolder) {
                            if let folder { FolderEditor(folder: folder) }
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

    private static let presentingModifiers: TokenNameSet = ["sheet", "fullScreenCover"]

    init(options: RuleOptions) {}

    /// A presentation whose content reads an optional, judged at the end of the file: whether that optional is a
    /// selection the file sets may be written after the sheet.
    private struct Candidate {
        let modifier: MemberAccessExprSyntax
        /// `selected`, `model.editedOrder`: stored optionals the content unwraps.
        var unwrapped: [String] = []
        /// Names a lookup the content unwraps depends on (`selectedID` in `items.first { $0.id == selectedID }`).
        var lookupNames: [String] = []
        /// `$selection` passed on as a binding, for the presented view to unwrap.
        var boundNames: [String] = []
        /// Names the flag's `Binding(get: { … })` reads: a flag derived from the value cannot disagree with it.
        var gateNames: Set<String> = []
        /// `showsEditor` for `isPresented: $showsEditor`.
        var flag: String?
    }

    private var candidates: [Candidate] = []
    /// Paths the file assigns a value to (`selected = contact`, `model.editedOrder = order`), not `nil`.
    private var assignedPaths = Set<String>()
    /// Stored properties declared optional in the file (`@State private var selected: Contact?`).
    private var optionalProperties = Set<String>()
    /// `value|flag` for a value and a flag set in the same statements (`editedTag = $0; showsEditor = true`).
    private var setTogether = Set<String>()

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        guard file.mentions("isPresented"), let modifier = SyntaxText.modifier(call, named: Self.presentingModifiers),
              let flag = SyntaxText.argument(node, labeled: "isPresented"),
              !Self.isConstant(flag.expression),
              let content = SyntaxText.closure(of: node, trailingOr: "content") else { return }
        var candidate = Candidate(modifier: modifier)
        for statement in content.statements.eachElement { Self.collect(statement, into: &candidate) }
        candidate.gateNames = Self.gateNames(flag.expression)
        let flagText = flag.expression.trimmedText
        if flagText.hasPrefix("$") { candidate.flag = Self.path(ExprSyntax(flag.expression)).dropFirst().description }
        candidates.append(candidate)
    }

    // What the file declares and assigns matters only to a candidate, which needs an `isPresented:` argument: a file
    // whose text never spells it is not read further (most closures and functions of an app are not).
    func visit(_ node: VariableDeclSyntax, in file: FileWalk) {
        guard file.mentions("isPresented"), node.parent?.is(MemberBlockItemSyntax.self) == true else { return }
        for binding in node.bindings.eachElement {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierName else { continue }
            let isOptional = binding.typeAnnotation.map { $0.type.is(OptionalTypeSyntax.self) || $0.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) } ?? false
            if isOptional || binding.initializer?.value.is(NilLiteralExprSyntax.self) == true { optionalProperties.insert(name) }
        }
    }

    func visit(_ node: ClosureExprSyntax, in file: FileWalk) {
        if file.mentions("isPresented") { noteAssignments(in: node.statements) }
    }

    func visit(_ node: FunctionDeclSyntax, in file: FileWalk) {
        if file.mentions("isPresented"), let body = node.body { noteAssignments(in: body.statements) }
    }

    func finish(_ file: FileWalk) {
        for candidate in candidates {
            let isSelection = { (path: String) in self.assignedPaths.contains(path) && !candidate.gateNames.contains(Self.root(of: path)) }
            let name = candidate.modifier.declName.baseName.plainText
            if candidate.unwrapped.contains(where: isSelection) || candidate.lookupNames.contains(where: { optionalProperties.contains($0) && isSelection($0) }) {
                file.report(id, at: candidate.modifier.declName,
                            "`.\(name)(isPresented:)` content unwraps an optional selection the view sets apart from the flag, so it can show stale or empty content when the two disagree: present with `.\(name)(item: $selection) { item in … }`")
            } else if let flag = candidate.flag,
                      let bound = candidate.boundNames.first(where: { optionalProperties.contains($0) && setTogether.contains($0 + "|" + flag) }) {
                // A binding the content writes (a picker's selection) is an output; one set with the flag is the input.
                file.report(id, at: candidate.modifier.declName,
                            "`.\(name)(isPresented:)` hands the optional `$\(bound)` to its content, which must unwrap it while the flag says the sheet is up: two states that can disagree; present with `.\(name)(item: $\(bound)) { item in … }`")
            }
        }
    }

    /// Non-`nil` assignments at the top of a closure or function, through `if` and `switch` (nested closures
    /// are visited on their own).
    private func noteAssignments(in statements: CodeBlockItemListSyntax) {
        var values: [String] = []
        var flags: [String] = []
        defer {
            for value in values { for flag in flags where flag != value { setTogether.insert(value + "|" + flag) } }
        }
        for statement in statements.eachElement {
            guard let expression = SyntaxText.expression(of: statement) else { continue }
            if let call = expression.as(FunctionCallExprSyntax.self), SyntaxText.calls(call, named: "toggle"),
               let base = SyntaxText.modifierBase(call), SyntaxText.isValuePath(base) {
                flags.append(Self.path(base))
            }
            if let sequence = expression.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements.eachElement)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), !elements[2].is(NilLiteralExprSyntax.self),
                   SyntaxText.isValuePath(elements[0]) {
                    let target = Self.path(elements[0])
                    assignedPaths.insert(target)
                    if elements[2].as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true) { flags.append(target) } else { values.append(target) }
                }
            } else if let ifExpression = expression.as(IfExprSyntax.self) {
                var branch: IfExprSyntax? = ifExpression
                while let current = branch {
                    noteAssignments(in: current.body.statements)
                    branch = nil
                    if case .ifExpr(let next)? = current.elseBody { branch = next }
                    if case .codeBlock(let block)? = current.elseBody { noteAssignments(in: block.statements) }
                }
            } else if let switchExpression = expression.as(SwitchExprSyntax.self) {
                for case .switchCase(let switchCase) in switchExpression.cases.eachElement { noteAssignments(in: switchCase.statements) }
            }
        }
    }

    /// `if let x`, `guard let x = selection`, `selected!` in the content's arguments, `selected?.…` as the
    /// content; an `if let` of a lookup; `$selection` passed to the presented view.
    private static func collect(_ statement: CodeBlockItemSyntax, into candidate: inout Candidate) {
        if let guardStatement = statement.item.as(GuardStmtSyntax.self) {
            collect(guardStatement.conditions, into: &candidate)
            return
        }
        guard let expression = SyntaxText.expression(of: statement) else { return }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            collect(ifExpression.conditions, into: &candidate)
            return
        }
        for link in SyntaxText.receiverChain(expression) {
            if let chaining = link.as(OptionalChainingExprSyntax.self), SyntaxText.isValuePath(chaining.expression) {
                candidate.unwrapped.append(path(chaining.expression))
            }
            if let unwrap = forceUnwrappedValue(link) { candidate.unwrapped.append(unwrap) }
            // Only the presented view's own arguments: `.modelContainer(container!)` further down the chain is set-up.
            guard let call = link.as(FunctionCallExprSyntax.self), SyntaxText.modifierBase(call) == nil else { continue }
            for argument in call.arguments.eachElement {
                for inner in SyntaxText.receiverChain(argument.expression) {
                    if let unwrap = forceUnwrappedValue(inner) { candidate.unwrapped.append(unwrap) }
                }
                if let reference = argument.expression.as(DeclReferenceExprSyntax.self), reference.baseName.plainText.hasPrefix("$") {
                    candidate.boundNames.append(String(reference.baseName.plainText.dropFirst()))
                }
            }
        }
    }

    /// `let selected` → `selected`; `let x = model.selection` → `model.selection`; `let x = items.first { $0.id ==
    /// selectedID }` → a lookup on the names it mentions.
    private static func collect(_ conditions: ConditionElementListSyntax, into candidate: inout Candidate) {
        for element in conditions {
            guard case .optionalBinding(let binding) = element.condition else { continue }
            guard let value = binding.initializer?.value else {
                candidate.unwrapped.append(binding.pattern.trimmedText)
                continue
            }
            if SyntaxText.isValuePath(value) {
                candidate.unwrapped.append(path(value))
            } else {
                candidate.lookupNames += value.tokens(viewMode: .sourceAccurate).compactMap { token in
                    if case .identifier(let text) = token.tokenKind { return text }
                    return nil
                }
            }
        }
    }

    /// `.constant(true)` (previews, demos): no flag and value can disagree.
    private static func isConstant(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        return SyntaxText.calls(call, named: "constant")
    }

    /// The names read in `Binding(get: { showsShare && logsURL != nil }, set: …)` or `.init(get:set:)`.
    private static func gateNames(_ expression: ExprSyntax) -> Set<String> {
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let getter = SyntaxText.argument(call, labeled: "get")?.expression.as(ClosureExprSyntax.self) else { return [] }
        return Set(getter.statements.tokens(viewMode: .sourceAccurate).compactMap { token in
            if case .identifier(let text) = token.tokenKind { return text }
            return nil
        })
    }

    /// `selected!`, `model.selection!`: forcing a stored optional (not `URL(string: …)!`).
    private static func forceUnwrappedValue(_ expression: ExprSyntax) -> String? {
        guard let unwrap = expression.as(ForceUnwrapExprSyntax.self), SyntaxText.isValuePath(unwrap.expression) else { return nil }
        return path(unwrap.expression)
    }

    /// `model.selection` for `self.model.selection`.
    private static func path(_ expression: ExprSyntax) -> String {
        var text = expression.trimmedText
        // Every assignment's target is read; most are ASCII without spaces, and `Character.isWhitespace` is a Unicode look-up.
        if !text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }) {
            text = text.filter { !$0.isWhitespace }
        }
        return text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
    }

    private static func root(of path: String) -> String {
        String(path.prefix { $0 != "." })
    }
}
