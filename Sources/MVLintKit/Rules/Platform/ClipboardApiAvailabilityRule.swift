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
        ]
    )

    private static let clipboardModifiers: Set<String> = ["copyable", "cuttable", "pasteDestination"]

    init(options: RuleOptions) {}

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        // A modifier is chained onto a view construction while the view is built; a model's same-named method is not.
        guard file.isBuildingView, let modifier = call.member, let name = call.name?.plainText, Self.clipboardModifiers.contains(name),
              let view = modifier.base.flatMap(SyntaxText.rootView(of:)),
              SyntaxText.typeReferenceName(view.calledExpression).map(SyntaxText.isCapitalized) ?? false,
              file.mayRunBelow(.iOS, Version(27))
        else { return }
        file.report(id, at: modifier.declName,
                    "`.\(name)` is available on iOS only from 27, and this code may run on earlier iOS versions: wrap it in `if #available(iOS 27, *)`, or use `UIPasteboard`, drag and drop or `ShareLink` there")
    }
}
