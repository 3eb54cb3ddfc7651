internal import SwiftSyntax

/// A button that shows only an SF Symbol gives VoiceOver nothing meaningful to announce.
final class IconButtonLabelRule: SyntaxRule {
    static let description = RuleDescription(
        id: "icon-button-label", family: .platform, severity: .advice, profiles: .optIn,
        summary: "A `Button` or `Menu` whose whole label is an `Image(systemName:)`, or a symbol with `.onTapGesture`, with no `accessibilityLabel`.",
        rationale: "VoiceOver announces a symbol-only button by the symbol's name, or just as \"button\": `square.and.arrow.up` says little about what a tap will do, and Voice Control users have no word to speak to press it. A symbol made tappable with `.onTapGesture` is worse: VoiceOver does not even know it is a button. Not reported: a `.help(_:)` (VoiceOver reads it as the hint), and symbols whose built-in VoiceOver label names the action — `trash` is read \"Delete\", and `xmark` is read \"Close\", which fits a button that dismisses (a clear-search `xmark` is still reported: \"Close\" is wrong there).",
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
            Example("""
            struct PostToolbar: View {
                var body: some View {
                    ↓Menu {
                        Button("Report", action: report)
                    } label: {
                        Image(systemName: "ellipsis.circle")
                    }
                    ↓Image(systemName: "bookmark")
                        .foregroundStyle(.secondary)
                        .onTapGesture { bookmark() }
                }
                func report() {}
                func bookmark() {}
            }
            """),
            // `xmark` is read "Close", which is wrong for clearing a search field.
            Example("""
            struct SearchField: View {
                @Binding var text: String
                var body: some View {
                    ↓Button { text = "" } label: { Image(systemName: "xmark.circle.fill") }
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
            // The symbol's own VoiceOver label names the action: "Close" for dismissing, "Delete" for the trash.
            Example("""
            struct EditorSheet: View {
                @Environment(\\.dismiss) private var dismiss
                let delete: () -> Void
                var body: some View {
                    Button { dismiss() } label: { Image(systemName: "xmark.circle.fill") }
                    Button(action: delete) { Image(systemName: "trash") }
                }
            }
            """),
            // A described tappable symbol, a hidden one, and a menu with a title.
            Example("""
            struct Actions: View {
                var body: some View {
                    Image(systemName: "bookmark")
                        .onTapGesture { bookmark() }
                        .accessibilityLabel("Bookmark")
                        .accessibilityAddTraits(.isButton)
                    Image(systemName: "chevron.right").onTapGesture { bookmark() }.accessibilityHidden(true)
                    Menu("More", systemImage: "ellipsis.circle") { Button("Report") {} }
                }
                func bookmark() {}
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
            // Previews run only in Xcode's canvas, whatever type declares them.
            Example("""
            enum ToolbarPreviews: PreviewProvider {
                static var previews: some View {
                    Button { } label: { Image(systemName: "plus") }
                }
            }
            extension Toolbar: PreviewProvider {
                static var previews: some View { Image(systemName: "star").onTapGesture {} }
            }
            """),
        ]
    )

    init(options: RuleOptions) {}

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        // Every call is asked; only these three names matter, so the callee's name is compared before it is made.
        guard let token = call.typeReferenceToken,
              token.isIdentifier("Button") || token.isIdentifier("Menu") || token.isIdentifier("Image") else { return }
        let name = token.identifierName
        switch name {
        case "Button", "Menu":
            guard let label = Self.labelClosure(of: node, control: name), label.statements.count == 1,
                  let content = label.statements.eachElement.first?.item.as(ExprSyntax.self),
                  let image = SyntaxText.rootView(of: content), let symbol = Self.symbolName(image),
                  !(SyntaxText.modifiersApplied(to: image) + SyntaxText.modifiersApplied(to: node)).contains(where: Self.isDescribed),
                  !(name == "Button" && Self.symbolNamesAction(symbol, action: Self.action(of: node))),
                  !file.isInPreview(node)
            else { return }
            file.report(id, at: node.calledExpression,
                        "this `\(name)` shows only an SF Symbol, so VoiceOver announces the symbol's name or nothing useful: give it a title (`\(name)(\"Add\", systemImage: \"plus\")`) or add `.accessibilityLabel(\"Add\")`")
        case "Image":
            // `Image(systemName:).onTapGesture { … }`: a control VoiceOver knows neither as a button nor by its purpose.
            let modifiers = SyntaxText.modifiersApplied(to: node)
            guard Self.symbolName(node) != nil,
                  modifiers.contains(where: { SyntaxText.calls($0, named: "onTapGesture") }),
                  !modifiers.contains(where: { Self.isDescribed($0) || Self.removesFromAccessibility($0) }),
                  !file.isInPreview(node)
            else { return }
            file.report(id, at: node.calledExpression,
                        "this SF Symbol reacts to `.onTapGesture`, but VoiceOver announces it as an image with the symbol's name, not as a button: make it a `Button` with a title (`Button(\"Add\", systemImage: \"plus\") { … }`) or add `.accessibilityLabel(…)` and `.accessibilityAddTraits(.isButton)`")
        default:
            return
        }
    }

    /// `Image(systemName: "plus")`: the symbol's name when it is written as a literal, "" when computed.
    private static func symbolName(_ image: FunctionCallExprSyntax) -> String? {
        guard SyntaxText.isTypeReference(image.calledExpression, named: "Image"),
              let argument = image.arguments.eachElement.first, argument.label?.plainText == "systemName" else { return nil }
        guard let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
              let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return "" }
        return segment.content.plainText
    }

    /// The closure that builds the label: `label:`, or the trailing closure when a button's action is passed as `action:`.
    private static func labelClosure(of control: FunctionCallExprSyntax, control name: String) -> ClosureExprSyntax? {
        let closures = SyntaxText.closures(of: control)
        if let labelled = closures.first(where: { $0.label == "label" }) { return labelled.closure }
        guard name == "Button", SyntaxText.argument(control, labeled: "action") != nil else { return nil }
        return control.trailingClosure
    }

    /// What the button runs: the `action:` argument, or the closure before `label:`.
    private static func action(of button: FunctionCallExprSyntax) -> Syntax? {
        if let action = SyntaxText.argument(button, labeled: "action") { return Syntax(action.expression) }
        guard SyntaxText.closures(of: button).contains(where: { $0.label == "label" }) else { return nil }
        return button.trailingClosure.map(Syntax.init)
    }

    /// Symbols whose built-in VoiceOver label says what the button does: `trash` is read "Delete", and
    /// `xmark` is read "Close", which fits when the button dismisses (not when it clears a search field).
    private static func symbolNamesAction(_ symbol: String, action: Syntax?) -> Bool {
        let family = symbol.split(separator: ".").first.map(String.init) ?? symbol
        switch family {
        case "trash": return true
        case "xmark":
            guard let action else { return false }
            return action.tokens(viewMode: .sourceAccurate).contains { token in
                let text = token.plainText.lowercased()
                return text.contains("dismiss") || text.contains("close")
            }
        default: return false
        }
    }

    /// `.accessibilityLabel(…)`, the older `.accessibility(label:)`, or `.help(_:)`.
    private static func isDescribed(_ modifier: FunctionCallExprSyntax) -> Bool {
        switch SyntaxText.calledName(modifier) {
        // `.help(_:)` is read by VoiceOver as the element's hint (and shown as a tooltip): the button is described.
        case "accessibilityLabel", "help": return true
        case "accessibility": return SyntaxText.argument(modifier, labeled: "label") != nil
        default: return false
        }
    }

    /// `.accessibilityHidden(true)` or a replacement element: the tappable image is not what VoiceOver reads.
    private static func removesFromAccessibility(_ modifier: FunctionCallExprSyntax) -> Bool {
        ["accessibilityHidden", "accessibilityElement", "accessibilityRepresentation"].contains(SyntaxText.calledName(modifier) ?? "")
    }
}
