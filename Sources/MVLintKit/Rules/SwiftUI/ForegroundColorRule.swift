internal import SwiftSyntax

/// `.foregroundColor(_:)` is deprecated; `.foregroundStyle(_:)` takes any `ShapeStyle`.
final class ForegroundColorRule: SyntaxRule {
    static let description = RuleDescription(
        id: "foreground-color", family: .swiftUI, severity: .warning, profiles: .all, fix: .auto,
        summary: "`.foregroundColor(_:)` is deprecated; use `.foregroundStyle(_:)`.",
        rationale: "`foregroundColor` is deprecated since iOS 17 and only accepts a `Color`, while `foregroundStyle` accepts any shape style (gradients, hierarchical styles such as `.secondary`) and is where SwiftUI's styling goes forward.",
        instead: "Write `.foregroundStyle(color)`; it is available from iOS 15 and macOS 12.",
        triggering: [
            Example("struct PriceTag: View {\n    var body: some View {\n        Text(\"$9\").↓foregroundColor(.green)\n    }\n}\n"),
            Example("struct Warning: View {\n    let tint: Color\n    var body: some View {\n        Label(\"Low battery\", systemImage: \"battery.25\")\n            .font(.caption)\n            .↓foregroundColor(tint)\n    }\n}\n"),
            Example("struct Row: View {\n    var body: some View {\n        Image(systemName: \"star\").↓foregroundColor(Color.yellow).↓foregroundColor(.red)\n    }\n}\n"),
        ],
        nonTriggering: [
            Example("struct PriceTag: View {\n    var body: some View {\n        Text(\"$9\").foregroundStyle(.green)\n    }\n}\n"),
            // Before iOS 15 the replacement does not exist.
            Example("struct Legacy: View {\n    var body: some View {\n        Text(\"Old\").foregroundColor(.gray)\n    }\n}\n", .iOS("14.0")),
            // A method of the app's own that happens to share the name is not SwiftUI's modifier.
            Example("struct Theme {\n    func foregroundColor(for level: Int) -> Int { level }\n}\nlet value = Theme().foregroundColor(for: 2)\n"),
            Example("struct Fallback: View {\n    var body: some View {\n        if #available(iOS 15, *) {\n            Text(\"New\").foregroundStyle(.red)\n        } else {\n            Text(\"Old\").foregroundColor(.red)\n        }\n    }\n}\n", .iOS("14.0")),
        ]
    )

    init(options: RuleOptions) {}

    func visit(_ node: FunctionCallExprSyntax, in file: FileWalk) {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "foregroundColor",
              node.arguments.count == 1, node.arguments.first?.label == nil,
              file.canUse(introducedIn: [.iOS: Version(15), .macOS: Version(12), .tvOS: Version(15), .watchOS: Version(8)])
        else { return }
        file.report(Self.description.id, at: member.declName,
                    "`.foregroundColor(_:)` is deprecated and takes only a Color: use `.foregroundStyle(_:)`")
    }
}
