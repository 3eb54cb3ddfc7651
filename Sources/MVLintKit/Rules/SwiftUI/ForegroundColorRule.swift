internal import SwiftSyntax

/// `.foregroundColor(_:)` is deprecated; `.foregroundStyle(_:)` takes any `ShapeStyle`.
final class ForegroundColorRule: SyntaxRule {
    static let description = RuleDescription(
        id: "foreground-color", family: .swiftUI, severity: .warning, profiles: .all, fix: .auto,
        summary: "`.foregroundColor(_:)` is deprecated; use `.foregroundStyle(_:)`.",
        rationale: "`foregroundColor` is deprecated since iOS 17 and only accepts a `Color`, while `foregroundStyle` accepts any shape style (gradients, hierarchical styles such as `.secondary`) and is where SwiftUI's styling goes forward.",
        instead: "Write `.foregroundStyle(color)`; it is available from iOS 15 and macOS 12.",
        triggering: [
            Example("struct PriceTag: View {\n    var body: some View {\n        Text(\"$9\").↓foregroundColor(.green)\n    }\n}\n", .iOS("17.0"),
                    fixed: "struct PriceTag: View {\n    var body: some View {\n        Text(\"$9\").foregroundStyle(.green)\n    }\n}\n"),
            // Before iOS 17 the styled `Text` is no longer `Text`, which `+` needs: an unsafe fix.
            Example("struct Greeting: View {\n    var body: some View {\n        Text(\"Hello, \") + Text(\"world\").↓foregroundColor(.orange)\n    }\n}\n", .iOS("16.0"),
                    fixed: "struct Greeting: View {\n    var body: some View {\n        Text(\"Hello, \") + Text(\"world\").foregroundStyle(.orange)\n    }\n}\n"),
            // `tint` might be a `Color?`, which `foregroundStyle` does not take: an unsafe fix.
            Example("struct Warning: View {\n    let tint: Color\n    var body: some View {\n        Label(\"Low battery\", systemImage: \"battery.25\")\n            .font(.caption)\n            .↓foregroundColor(tint)\n    }\n}\n",
                    fixed: "struct Warning: View {\n    let tint: Color\n    var body: some View {\n        Label(\"Low battery\", systemImage: \"battery.25\")\n            .font(.caption)\n            .foregroundStyle(tint)\n    }\n}\n"),
            Example("struct Row: View {\n    var body: some View {\n        Image(systemName: \"star\").↓foregroundColor(Color.yellow).↓foregroundColor(.red.opacity(0.5))\n    }\n}\n",
                    fixed: "struct Row: View {\n    var body: some View {\n        Image(systemName: \"star\").foregroundStyle(Color.yellow).foregroundStyle(.red.opacity(0.5))\n    }\n}\n"),
            // `nil` (the inherited color) has no `foregroundStyle` spelling: reported, not fixed.
            Example("struct Tab: View {\n    let isSelected: Bool\n    var body: some View {\n        Text(\"Home\").↓foregroundColor(isSelected ? .accentColor : nil)\n    }\n}\n"),
            // A `Text` held in a property is `Text` too, and may have to stay one (here for `+`): unsafe below iOS 17.
            Example("struct Caption: View {\n    let label: Text\n    var body: some View {\n        label.↓foregroundColor(.secondary) + Text(\"!\")\n    }\n}\n", .iOS("16.0"),
                    fixed: "struct Caption: View {\n    let label: Text\n    var body: some View {\n        label.foregroundStyle(.secondary) + Text(\"!\")\n    }\n}\n"),
            // The project's own `Color.brand` may be a `Color?`: unsafe.
            Example("extension Color {\n    static let brand: Color? = nil\n}\nstruct Logo: View {\n    var body: some View {\n        Image(\"logo\").↓foregroundColor(Color.brand)\n    }\n}\n",
                    fixed: "extension Color {\n    static let brand: Color? = nil\n}\nstruct Logo: View {\n    var body: some View {\n        Image(\"logo\").foregroundStyle(Color.brand)\n    }\n}\n"),
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

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        guard file.mentions("foregroundColor"), let member = call.member, call.name?.hasText("foregroundColor") == true,
              node.arguments.count == 1, let argument = node.arguments.eachElement.first, argument.label == nil,
              file.canUse(introducedIn: [.iOS: Version(15), .macOS: Version(12), .tvOS: Version(15), .watchOS: Version(8)])
        else { return }
        file.report(Self.description.id, at: member.declName,
                    "`.foregroundColor(_:)` is deprecated and takes only a Color: use `.foregroundStyle(_:)`",
                    fix: Self.fix(renaming: member.declName.baseName, argument: argument.expression,
                                  textMayNeedText: Self.isTextBeforeIOS17(node, in: file)))
    }

    /// Before iOS 17 `Text.foregroundStyle` returns `some View` where `Text.foregroundColor` returned `Text`, so a
    /// concatenation (`Text(a).foregroundColor(.red) + Text(b)`) or a `Text`-typed result would stop compiling.
    /// The receiver may be a `Text` when its chain starts with `Text(…)`, or with anything but a call to a type
    /// (a property, a variable or a function's result such as `label` or `makeTitle()`, whose type is unknown).
    private static func isTextBeforeIOS17(_ call: FunctionCallExprSyntax, in file: FileWalk) -> Bool {
        let root = SyntaxText.rootView(of: ExprSyntax(call)).flatMap(SyntaxText.calledName)
        guard root == nil || root == "Text" || root?.first?.isUppercase == false else { return false }
        return file.mayRunBelow(.iOS, Version(17)) || file.mayRunBelow(.macOS, Version(14))
            || file.mayRunBelow(.tvOS, Version(17)) || file.mayRunBelow(.watchOS, Version(10))
    }

    /// Colors `foregroundStyle` resolves exactly as `foregroundColor` did (`ShapeStyle where Self == Color`, plus the
    /// hierarchical `.primary` / `.secondary` that render the same).
    private static let shapeStyleColors: Set<String> = [
        "black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint", "orange", "pink", "purple",
        "red", "teal", "white", "yellow", "primary", "secondary",
    ]

    /// Safe for a color the rewrite surely accepts; unsafe for other values, which may be `Color?` (accepted by
    /// `foregroundColor`, not by `foregroundStyle`), and on `Text` that may need to stay `Text`; none for a `nil`
    /// that would need a different modifier.
    private static func fix(renaming name: TokenSyntax, argument: ExprSyntax, textMayNeedText: Bool) -> Fix? {
        guard !mayBeNil(argument) else { return nil }
        return Fix("replace `foregroundColor` with `foregroundStyle`", safety: isSurelyColor(argument) && !textMayNeedText ? .safe : .unsafe,
                   edits: [.replacing(name, with: "foregroundStyle")])
    }

    /// `.red`, `Color.red`, `Color(red:green:blue:)`, `Color("Brand")`, and those with `.opacity(…)`-style members
    /// applied. Not `Color.brand`, which the project may declare `Color?`, nor `Color(hex:)`, which may be failable:
    /// only SwiftUI's own colours and initializers.
    private static func isSurelyColor(_ expression: ExprSyntax) -> Bool {
        let chain = SyntaxText.receiverChain(expression)
        guard let root = chain.last else { return false }
        if let member = root.as(MemberAccessExprSyntax.self), member.base == nil {
            return shapeStyleColors.contains(member.declName.baseName.plainText)
        }
        guard root.as(DeclReferenceExprSyntax.self)?.baseName.plainText == "Color", chain.count > 1 else { return false }
        let next = chain[chain.count - 2]
        if let member = next.as(MemberAccessExprSyntax.self) {
            return shapeStyleColors.contains(member.declName.baseName.plainText) || member.declName.baseName.hasText("accentColor")
        }
        guard let initializer = next.as(FunctionCallExprSyntax.self) else { return false }
        return colorInitializerLabels.contains(initializer.arguments.eachElement.first?.label?.plainText ?? "")
    }

    /// The first argument labels of SwiftUI's `Color` initializers, none of which can fail (`""`: unlabelled, as in
    /// `Color("Brand")` or `Color(.sRGB, red: …)`).
    private static let colorInitializerLabels: Set<String> = ["", "red", "white", "hue", "uiColor", "nsColor", "cgColor"]

    private static func mayBeNil(_ expression: ExprSyntax) -> Bool {
        if expression.is(NilLiteralExprSyntax.self) { return true }
        // The parser leaves operators unfolded: `isOn ? .red : nil` is a sequence whose `?` element holds the middle.
        if let ternary = expression.as(UnresolvedTernaryExprSyntax.self) { return mayBeNil(ternary.thenExpression) }
        if let sequence = expression.as(SequenceExprSyntax.self) { return sequence.elements.eachElement.contains(where: mayBeNil) }
        return false
    }
}
