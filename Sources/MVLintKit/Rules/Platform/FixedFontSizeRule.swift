internal import SwiftSyntax

/// Fonts with a point size that does not follow the user's text size setting.
final class FixedFontSizeRule: SyntaxRule {
    static let description = RuleDescription(
        id: "fixed-font-size", family: .platform, severity: .advice, profiles: .all,
        summary: "`.system(size:)` fonts and `.custom(_:size:)` fonts without `relativeTo:`.",
        rationale: "Many people enlarge text in Settings, some to accessibility sizes. Text styles (`.body`, `.headline`) and custom fonts declared `relativeTo:` a style grow with that setting; a font built from a bare point size stays the same, so the text is unreadable for exactly the people who asked for larger type.",
        instead: "Use a text style (`.font(.title2)`, `.font(.system(.title, design: .rounded))`), give custom fonts `relativeTo:` (`.custom(\"Avenir\", size: 17, relativeTo: .body)`), or scale a number with `@ScaledMetric`. Use `.custom(_:fixedSize:)` when a size must really stay fixed.",
        triggering: [
            Example("""
            struct PriceLabel: View {
                let price: String
                var body: some View {
                    Text(price).font(.↓system(size: 28, weight: .bold, design: .rounded))
                }
            }
            """),
            Example("""
            enum Typography {
                static let caption = Font.↓system(size: 11)
                static let brandTitle = Font.↓custom("Avenir Next", size: 22)
            }
            """),
            Example("""
            struct Headline: View {
                var body: some View {
                    VStack {
                        Text("Today").font(.↓custom("Georgia", size: 34).italic())
                        Text("Sunny").font(.title3)
                    }
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            struct Body: View {
                var body: some View {
                    Text("Hello").font(.body)
                    Text("Rounded").font(.system(.title, design: .rounded))
                }
            }
            """),
            // Scales with the `body` text style.
            Example("""
            struct Brand: View {
                var body: some View {
                    Text("Brand").font(.custom("Avenir Next", size: 17, relativeTo: .body))
                }
            }
            """),
            // Explicitly fixed: the author chose not to scale.
            Example("""
            struct Watermark: View {
                var body: some View {
                    Text("DRAFT").font(.custom("Menlo", fixedSize: 12))
                }
            }
            """),
            // A method of the app's own named `system`.
            Example("""
            struct Logger {
                static func system(size: Int) -> Logger { Logger() }
            }
            let logger = Logger.system(size: 100)
            """),
        ]
    )

    init(options: RuleOptions) {}

    func visit(_ node: FunctionCallExprSyntax, in file: FileWalk) {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
              member.base.map({ SyntaxText.typeReferenceName($0) == "Font" }) ?? true,
              SyntaxText.argument(node, labeled: "size") != nil
        else { return }
        switch member.declName.baseName.text {
        case "system":
            file.report(id, at: member.declName,
                        "`.system(size:)` sets a fixed point size that ignores the user's text size (Dynamic Type): use a text style such as `.system(.body)` or scale the size with `@ScaledMetric`")
        case "custom" where SyntaxText.argument(node, labeled: "relativeTo") == nil:
            file.report(id, at: member.declName,
                        "`.custom(_:size:)` without `relativeTo:` keeps its point size when the user enlarges text (Dynamic Type): add `relativeTo: .body` (or the matching text style)")
        default:
            break
        }
    }
}
