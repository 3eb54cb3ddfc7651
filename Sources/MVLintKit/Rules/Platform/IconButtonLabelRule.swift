internal import SwiftSyntax

/// A button that shows only an SF Symbol gives VoiceOver nothing meaningful to announce.
final class IconButtonLabelRule: SyntaxRule {
    static let description = RuleDescription(
        id: "icon-button-label", family: .platform, severity: .advice, profiles: .all,
        summary: "A `Button` whose whole label is an `Image(systemName:)`, with no `accessibilityLabel`.",
        rationale: "VoiceOver announces a symbol-only button by the symbol's name, or just as \"button\": `square.and.arrow.up` says little about what a tap will do, and Voice Control users have no word to speak to press it.",
        instead: "Give the button a title and let the style hide it (`Button(\"Share\", systemImage: \"square.and.arrow.up\") { … }` or a `Label` label with `.labelStyle(.iconOnly)`), or add `.accessibilityLabel(\"Share\")`.",
        triggering: [
            Example("""
            struct ComposerBar: View {
                let send: () -> Void
                var body: some View {
                    ↓Button { send() } label: {
                        Image(systemName: "paperplane.fill")
                    }
                }
            }
            """),
            Example("""
            struct Stepper: View {
                @Binding var count: Int
                var body: some View {
                    HStack {
                        ↓Button(action: { count -= 1 }) { Image(systemName: "minus").imageScale(.large) }
                        Text("\\(count)")
                        ↓Button(action: increment, label: { Image(systemName: "plus") })
                            .buttonStyle(.bordered)
                    }
                }
                private func increment() { count += 1 }
            }
            """),
            Example("""
            struct PlayerControls: View {
                let player: Player
                var body: some View {
                    ↓Button(role: .destructive) {
                        player.stop()
                    } label: {
                        Image(systemName: "stop.fill")
                            .font(.title)
                            .foregroundStyle(.red)
                    }
                    .padding()
                }
            }
            """),
        ],
        nonTriggering: [
            // `.help(_:)` gives the button its accessibility hint (and a tooltip): VoiceOver describes it.
            Example("""
            struct Toolbar: View {
                var body: some View {
                    Button { reload() } label: { Image(systemName: "arrow.clockwise") }
                        .help("Reload")
                }
                func reload() {}
            }
            """),
            // A title that the style may hide still reaches VoiceOver.
            Example("""
            struct Toolbar: View {
                let add: () -> Void
                var body: some View {
                    Button("Add", systemImage: "plus", action: add)
                    Button(action: add) { Label("Add", systemImage: "plus") }.labelStyle(.iconOnly)
                }
            }
            """),
            Example("""
            struct Favorite: View {
                @Binding var isFavorite: Bool
                var body: some View {
                    Button { isFavorite.toggle() } label: {
                        Image(systemName: isFavorite ? "heart.fill" : "heart")
                    }
                    .accessibilityLabel(isFavorite ? "Remove from favorites" : "Add to favorites")
                    Button { isFavorite = false } label: {
                        Image(systemName: "xmark").accessibilityLabel("Clear")
                    }
                }
            }
            """),
            // A label that pairs the symbol with text, or an image that is not a symbol.
            Example("""
            struct Row: View {
                let open: () -> Void
                var body: some View {
                    Button(action: open) {
                        HStack { Image(systemName: "doc"); Text("Open") }
                    }
                    Button(action: open) { Image(decorative: "chevron") }
                }
            }
            """),
        ]
    )

    init(options: RuleOptions) {}

    func visit(_ node: FunctionCallExprSyntax, in file: FileWalk) {
        guard SyntaxText.typeReferenceName(node.calledExpression) == "Button",
              let label = Self.labelClosure(of: node), label.statements.count == 1,
              let content = label.statements.first?.item.as(ExprSyntax.self),
              let image = SyntaxText.rootView(of: content), SyntaxText.typeReferenceName(image.calledExpression) == "Image",
              image.arguments.first?.label?.text == "systemName",
              !(SyntaxText.modifiersApplied(to: image) + SyntaxText.modifiersApplied(to: node)).contains(where: Self.isAccessibilityLabel),
              !SyntaxText.isInPreview(node)
        else { return }
        file.report(id, at: node.calledExpression,
                    "this `Button` shows only an SF Symbol, so VoiceOver announces the symbol's name or nothing useful: give it a title (`Button(\"Add\", systemImage: \"plus\")`) or add `.accessibilityLabel(\"Add\")`")
    }

    /// The closure that builds the label: `label:`, or the trailing closure when the action is passed as `action:`.
    private static func labelClosure(of button: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        let closures = SyntaxText.closures(of: button)
        if let labelled = closures.first(where: { $0.label == "label" }) { return labelled.closure }
        guard SyntaxText.argument(button, labeled: "action") != nil else { return nil }
        return button.trailingClosure
    }

    /// `.accessibilityLabel(…)`, or the older `.accessibility(label:)`.
    private static func isAccessibilityLabel(_ modifier: FunctionCallExprSyntax) -> Bool {
        switch SyntaxText.calledName(modifier) {
        // `.help(_:)` is read by VoiceOver as the element's hint (and shown as a tooltip): the button is described.
        case "accessibilityLabel", "help": return true
        case "accessibility": return SyntaxText.argument(modifier, labeled: "label") != nil
        default: return false
        }
    }
}
