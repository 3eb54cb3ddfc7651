internal import SwiftSyntax

/// The command-based clipboard modifiers came to macOS long before iOS; on iOS they need 27.
final class ClipboardApiAvailabilityRule: SyntaxRule {
    static let description = RuleDescription(
        id: "clipboard-api-availability", family: .platform, severity: .warning, profiles: .all,
        summary: "`.copyable`, `.cuttable` or `.pasteDestination` in code that may run on iOS before 27.",
        rationale: "These modifiers wire views to the Edit menu's Copy, Cut and Paste commands. They have existed on macOS since 13, which makes them look long-established, but on iOS, iPadOS and Mac Catalyst they arrive only with version 27: code built for an earlier iOS target does not compile, or the commands silently do nothing where they were expected.",
        instead: "For iOS before 27 use `UIPasteboard` for custom copy and paste, or `Transferable` with drag and drop and `ShareLink`; keep the modifiers behind `if #available(iOS 27, *)` or in macOS-only code.",
        triggering: [
            Example("""
            struct NotesList: View {
                let notes: [Note]
                @State private var selection: Set<Note.ID> = []
                var body: some View {
                    List(notes, selection: $selection) { Text($0.title) }
                        .↓copyable(notes.filter { selection.contains($0.id) })
                }
            }
            """),
            Example("""
            struct Board: View {
                @Bindable var board: BoardModel
                var body: some View {
                    CardGrid(cards: board.cards)
                        .↓cuttable(for: Card.self) { board.removeSelected() }
                }
            }
            """, .iOS("26.0")),
            Example("""
            struct Inbox: View {
                let model: InboxModel
                var body: some View {
                    MessageList(model: model)
                        .↓pasteDestination(for: Message.self) { messages in
                            model.insert(messages)
                        } validator: { messages in
                            messages.filter(\\.isValid)
                        }
                }
            }
            """, ExampleSettings(deploymentTargets: [.iOS: Version(17), .macOS: Version(14)])),
            // The payload type left to its default.
            Example("""
            struct Tray: View {
                let model: TrayModel
                var body: some View {
                    ItemStack(items: model.items)
                        .↓cuttable { model.takeSelected() }
                }
            }
            """, .iOS("18.0")),
        ],
        nonTriggering: [
            // A Mac-only target: the modifiers exist since macOS 13.
            Example("""
            struct NotesList: View {
                let notes: [Note]
                var body: some View {
                    List(notes) { Text($0.title) }.copyable(notes)
                }
            }
            """, ExampleSettings(deploymentTargets: [.macOS: Version(14)])),
            Example("""
            struct NotesList: View {
                let notes: [Note]
                var body: some View {
                    List(notes) { Text($0.title) }.copyable(notes)
                }
            }
            """, .iOS("27.0")),
            Example("""
            struct NotesList: View {
                let notes: [Note]
                var body: some View {
                    if #available(iOS 27, *) {
                        List(notes) { Text($0.title) }.copyable(notes)
                    } else {
                        List(notes) { Text($0.title) }
                    }
                }
            }
            """, .iOS("26.0")),
            // The app's own functions that happen to be called `copyable`.
            Example("""
            struct ShareBar: View {
                let notes: [Note]
                let policy: SharingPolicy
                var body: some View {
                    Button("Copy all") { UIPasteboard.general.string = notes.map(\\.title).joined() }
                        .disabled(!copyable(notes) || !policy.copyable(notes))
                }
                private func copyable(_ notes: [Note]) -> Bool { !notes.isEmpty }
            }
            """, .iOS("26.0")),
            // The app's own `View` modifier named like SwiftUI's, with its own parameters.
            Example("""
            extension View {
                func copyable(showsMenu: Bool, title: String, onCopy: @escaping () -> Void) -> some View {
                    contextMenu { if showsMenu { Button(title, action: onCopy) } }
                }
            }

            struct PasswordRow: View {
                let password: String
                @State private var isSelected = false
                var body: some View {
                    Text(password)
                        .copyable(showsMenu: isSelected, title: "Copy") { UIPasteboard.general.string = password }
                }
            }
            """, .iOS("16.0")),
        ]
    )

    /// Each modifier's parameter labels in order (`_` for an unlabelled one), and whether it takes closures that a call
    /// may write as trailing ones. `for` has a default (`T.self`), so `.cuttable { … }` alone is SwiftUI's.
    private static let clipboardModifiers: [String: (labels: [String], takesClosures: Bool)] = [
        "copyable": (["_"], false),
        "cuttable": (["for", "action"], true),
        "pasteDestination": (["for", "action", "validator"], true),
    ]

    /// Whether the call's arguments fit the SwiftUI modifier's parameters: an app's own `View` extension of the same
    /// name takes others (`.copyable(isSelected:menuTitle:…)`), and is no clipboard command.
    private static func fitsSwiftUIModifier(_ call: FunctionCallExprSyntax, labels parameters: [String], takesClosures: Bool) -> Bool {
        let labels = call.arguments.labelTexts + call.additionalTrailingClosures.eachElement.map(\.label.plainText)
        guard takesClosures || (call.trailingClosure == nil && call.additionalTrailingClosures.isEmpty),
              !labels.isEmpty || call.trailingClosure != nil else { return false }
        // The arguments name parameters in their order, each at most once, and leave out only those with defaults or
        // given as a trailing closure.
        var remaining = parameters[...]
        for label in labels {
            guard let place = remaining.firstIndex(of: label) else { return false }
            remaining = remaining[(place + 1)...]
        }
        return true
    }

    init(options: RuleOptions) {}

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        // A modifier is chained onto a view construction while the view is built; a model's same-named method is not.
        guard file.isBuildingView, let modifier = call.member, let name = call.name?.plainText, let signature = Self.clipboardModifiers[name],
              Self.fitsSwiftUIModifier(node, labels: signature.labels, takesClosures: signature.takesClosures),
              let view = modifier.base.flatMap(SyntaxText.rootView(of:)),
              SyntaxText.typeReferenceName(view.calledExpression).map(SyntaxText.isCapitalized) ?? false,
              file.mayRunBelow(.iOS, Version(27))
        else { return }
        file.report(id, at: modifier.declName,
                    "`.\(name)` is available on iOS only from 27, and this code may run on earlier iOS versions: wrap it in `if #available(iOS 27, *)`, or use `UIPasteboard`, drag and drop or `ShareLink` there")
    }
}
