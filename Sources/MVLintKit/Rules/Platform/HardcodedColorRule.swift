internal import SwiftSyntax

/// Colours fixed in code look the same in light and dark mode and in high-contrast settings.
final class HardcodedColorRule: SyntaxRule {
    static let description = RuleDescription(
        id: "hardcoded-color", family: .platform, severity: .advice, profiles: .optIn,
        summary: "`Color(red:green:blue:)` literals, and `.black`/`.white` as the foreground of a `Text`.",
        rationale: "A colour given as RGB components, or black and white text, has one appearance: black text vanishes on a dark background, a brand colour tuned for light mode glares in dark mode, and neither follows Increase Contrast. Semantic and asset colours carry a variant for each of those settings.",
        instead: "Use semantic styles (`.primary`, `.secondary`, `.tint`, `Color(uiColor: .systemBackground)`) or an asset catalog colour with light and dark variants (`Color(\"BrandRed\")`).",
        triggering: [
            Example("""
            struct Badge: View {
                var body: some View {
                    Text("New")
                        .padding(4)
                        .background(↓Color(red: 0.9, green: 0.2, blue: 0.3))
                }
            }
            """),
            Example("""
            extension Color {
                static let brand = ↓Color(.sRGB, red: 0.1, green: 0.4, blue: 0.8, opacity: 1)
            }
            """),
            Example("""
            struct Caption: View {
                let text: String
                var body: some View {
                    VStack {
                        Text(text).font(.caption).↓foregroundStyle(.black)
                        Text("Footer").↓foregroundColor(Color.white)
                    }
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            struct Badge: View {
                var body: some View {
                    Text("New")
                        .foregroundStyle(.secondary)
                        .background(Color.accentColor)
                        .overlay(Color("BrandRed").opacity(0.2))
                }
            }
            """),
            // Black on a shape is a drawing choice, not text that must stay readable.
            Example("""
            struct Separator: View {
                var body: some View {
                    Rectangle().foregroundStyle(.black).frame(height: 1)
                }
            }
            """),
            // Semantic styles and system colours bridged from UIKit follow the appearance.
            Example("""
            struct Card: View {
                var body: some View {
                    Text("Card")
                        .foregroundStyle(.primary)
                        .background(Color(uiColor: .secondarySystemBackground))
                }
            }
            """),
        ]
    )

    private static let fixedForegrounds: Set<String> = ["black", "white"]
    private static let foregroundModifiers: TokenNameSet = ["foregroundStyle", "foregroundColor"]

    init(options: RuleOptions) {}

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        if call.typeReferenceToken?.isIdentifier("Color") == true {
            let labels = Set(node.arguments.eachElement.compactMap { $0.label?.plainText })
            guard labels.isSuperset(of: ["red", "green", "blue"]) else { return }
            file.report(id, at: node.calledExpression,
                        "`Color(red:green:blue:)` fixes one colour for light mode, dark mode and high contrast alike: define it in the asset catalog with a dark variant, or use a semantic colour")
        } else if let modifier = call.member, let name = call.name, Self.foregroundModifiers.contains(name),
                  node.arguments.count == 1, let color = node.arguments.eachElement.first?.expression.as(MemberAccessExprSyntax.self),
                  Self.fixedForegrounds.contains(color.declName.baseName.plainText),
                  color.base.map({ SyntaxText.isTypeReference($0, named: "Color") }) ?? true,
                  let base = modifier.base, let root = SyntaxText.rootView(of: base),
                  SyntaxText.isTypeReference(root.calledExpression, named: "Text") {
            let name = color.declName.baseName.plainText
            let vanishesIn = name == "black" ? "dark" : "light"
            file.report(id, at: modifier.declName,
                        "`.\(name)` text keeps its colour in \(vanishesIn) mode, where it can vanish against the background: use `.primary` (or an asset colour with a variant per appearance)")
        }
    }
}
