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
            // From iOS 17 `Text` has a `foregroundStyle` that keeps it `Text`, which `+` needs.
            Example("struct Greeting: View {\n    var body: some View {\n        Text(\"Hello, \") + Text(\"world\").↓foregroundColor(.orange)\n    }\n}\n", .iOS("17.0"),
                    fixed: "struct Greeting: View {\n    var body: some View {\n        Text(\"Hello, \") + Text(\"world\").foregroundStyle(.orange)\n    }\n}\n"),
            // Before iOS 17 a styled `Text` shown as a view: `foregroundStyle` makes it a view, which is all it is used
            // as here (unsafe all the same: the walk cannot see every use a `Text` may have).
            Example("struct Badge: View {\n    var body: some View {\n        Text(\"New\").↓foregroundColor(.red).font(.caption)\n    }\n}\n", .iOS("16.0"),
                    fixed: "struct Badge: View {\n    var body: some View {\n        Text(\"New\").foregroundStyle(.red).font(.caption)\n    }\n}\n"),
            Example("struct Recent: View {\n    let files: [String]\n    var body: some View {\n        List {\n            Section(header: Text(\"Recent\").↓foregroundColor(.gray)) {\n                ForEach(files, id: \\.self) { Text($0) }\n            }\n        }\n    }\n}\n", .iOS("16.0"),
                    fixed: "struct Recent: View {\n    let files: [String]\n    var body: some View {\n        List {\n            Section(header: Text(\"Recent\").foregroundStyle(.gray)) {\n                ForEach(files, id: \\.self) { Text($0) }\n            }\n        }\n    }\n}\n"),
            Example("struct Avatar: View {\n    let initial: String\n    var body: some View {\n        Image(\"avatar\").overlay(Text(initial).↓foregroundColor(.white))\n    }\n}\n", .iOS("15.0"),
                    fixed: "struct Avatar: View {\n    let initial: String\n    var body: some View {\n        Image(\"avatar\").overlay(Text(initial).foregroundStyle(.white))\n    }\n}\n"),
            // `tint` might be a `Color?`, which `foregroundStyle` does not take: an unsafe fix.
            Example("struct Warning: View {\n    let tint: Color\n    var body: some View {\n        Label(\"Low battery\", systemImage: \"battery.25\")\n            .font(.caption)\n            .↓foregroundColor(tint)\n    }\n}\n",
                    fixed: "struct Warning: View {\n    let tint: Color\n    var body: some View {\n        Label(\"Low battery\", systemImage: \"battery.25\")\n            .font(.caption)\n            .foregroundStyle(tint)\n    }\n}\n"),
            Example("struct Row: View {\n    var body: some View {\n        Image(systemName: \"star\").↓foregroundColor(Color.yellow).↓foregroundColor(.red.opacity(0.5))\n    }\n}\n",
                    fixed: "struct Row: View {\n    var body: some View {\n        Image(systemName: \"star\").foregroundStyle(Color.yellow).foregroundStyle(.red.opacity(0.5))\n    }\n}\n"),
            // Before iOS 16 `bold()` is `Text`'s alone: after `foregroundStyle` made the `Text` a view it would not compile.
            // Reported (the call can move after `bold()`), not fixed.
            Example("struct Headline: View {\n    let title: String\n    var body: some View {\n        Text(title).↓foregroundColor(.red).bold().padding()\n    }\n}\n", .iOS("15.0")),
            // `ShapeStyle` has no `accentColor`: reported, not fixed.
            Example("struct Checkbox: View {\n    let isOn: Bool\n    var body: some View {\n        Image(systemName: isOn ? \"checkmark.square\" : \"square\").↓foregroundColor(isOn ? .accentColor : .gray)\n    }\n}\n"),
            // `.secondary` as a shape style is a level of the current foreground style (the tint, in a button's
            // label), where `Color.secondary` stayed grey: unsafe.
            Example("struct Subtitle: View {\n    let text: String\n    var body: some View {\n        Text(text).↓foregroundColor(.secondary)\n    }\n}\n", .iOS("17.0"),
                    fixed: "struct Subtitle: View {\n    let text: String\n    var body: some View {\n        Text(text).foregroundStyle(.secondary)\n    }\n}\n"),
            // Written on `Color`, `.secondary` stays the grey it was: safe.
            Example("struct Footnote: View {\n    let note: String\n    var body: some View {\n        Text(note).↓foregroundColor(Color.secondary)\n    }\n}\n", .iOS("17.0"),
                    fixed: "struct Footnote: View {\n    let note: String\n    var body: some View {\n        Text(note).foregroundStyle(Color.secondary)\n    }\n}\n"),
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
            // Before iOS 17 only `foregroundColor` colours a `Text` that has to stay `Text`: for `+`, a `Text`-typed
            // result, a list of `Text`s. `foregroundStyle` would not compile there; nothing to change until iOS 17.
            Example("struct Greeting: View {\n    var body: some View {\n        Text(\"Hello, \") + Text(\"world\").foregroundColor(.orange).bold()\n    }\n}\n", .iOS("16.0")),
            Example("struct Caption: View {\n    let label: Text\n    var title: Text {\n        label.foregroundColor(.secondary)\n    }\n    var body: some View { title }\n}\n", .iOS("16.0")),
            Example("struct Price: View {\n    let amount: String\n    var styled: Text {\n        get { Text(amount).foregroundColor(.green) }\n    }\n    var body: some View { styled + Text(\" €\") }\n}\n", .iOS("16.0")),
            Example("struct Highlighter {\n    var parts: [Text] = []\n    mutating func add(_ word: String, marked: Bool) {\n        parts.append(marked ? Text(word).foregroundColor(.yellow) : Text(word))\n    }\n}\n", .iOS("15.0")),
            // `nil` keeps the inherited colour, which `foregroundStyle` has no argument for: the rewrite is a redesign
            // (`AnyShapeStyle` on both branches), not the rename the message offers.
            Example("struct Tab: View {\n    let isSelected: Bool\n    var body: some View {\n        Text(\"Home\").foregroundColor(isSelected ? .accentColor : nil)\n    }\n}\n"),
            Example("struct Vote: View {\n    let liked: Bool\n    var body: some View {\n        Image(systemName: \"arrow.up\").foregroundColor(liked ? nil : .gray)\n    }\n}\n"),
        ]
    )

    init(options: RuleOptions) {}

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        guard file.mentions("foregroundColor"), let member = call.member, call.name?.hasText("foregroundColor") == true,
              node.arguments.count == 1, let argument = node.arguments.eachElement.first, argument.label == nil,
              file.canUse(introducedIn: [.iOS: Version(15), .macOS: Version(12), .tvOS: Version(15), .watchOS: Version(8)])
        else { return }
        guard !Self.mayBeNil(argument.expression) else { return }
        let textMayNeedText = Self.isTextBeforeIOS17(node, in: file)
        guard !textMayNeedText || !Self.isUsedAsText(node) else { return }
        let fix = textMayNeedText && Self.isFollowedByTextOnlyModifier(node, in: file)
            ? nil : Self.fix(renaming: member.declName.baseName, argument: argument.expression, textMayNeedText: textMayNeedText)
        file.report(Self.description.id, at: member.declName,
                    "`.foregroundColor(_:)` is deprecated and takes only a Color: use `.foregroundStyle(_:)`", fix: fix)
    }

    /// `Text`'s own modifiers that views have too only from iOS 16, macOS 13, tvOS 16 and watchOS 9.
    private static let textModifiersViewsGotLater: Set<String> = [
        "bold", "italic", "fontWeight", "fontWidth", "fontDesign", "kerning", "tracking", "baselineOffset", "underline",
        "strikethrough", "monospaced", "monospacedDigit",
    ]

    /// Whether one of `Text`'s own modifiers follows `call` where views lack it: once `foregroundStyle` has made the
    /// `Text` a view, that modifier no longer compiles (the call has to move after it, which a rename cannot do).
    private static func isFollowedByTextOnlyModifier(_ call: FunctionCallExprSyntax, in file: FileWalk) -> Bool {
        guard mayRunBelow([.iOS: Version(16), .macOS: Version(13), .tvOS: Version(16), .watchOS: Version(9)], file) else { return false }
        return SyntaxText.modifiersApplied(to: call).contains { isNamed($0, oneOf: textModifiersViewsGotLater) }
    }

    /// Whether the modifier call `modifier` (`.bold()`) has one of `names`.
    private static func isNamed(_ modifier: FunctionCallExprSyntax, oneOf names: Set<String>) -> Bool {
        modifier.calledExpression.as(MemberAccessExprSyntax.self).map { names.contains($0.declName.baseName.plainText) } ?? false
    }

    /// Modifiers that `Text` has of its own, returning `Text`: a chain of them keeps a `Text` one.
    private static let textModifiers: Set<String> = [
        "foregroundColor", "bold", "italic", "font", "fontWeight", "fontWidth", "fontDesign", "kerning", "tracking",
        "baselineOffset", "underline", "strikethrough", "monospaced", "monospacedDigit", "textScale", "typesettingLanguage",
        "customAttribute", "accessibilityLabel", "accessibilityHeading", "accessibilityTextContentType",
        "speechAlwaysIncludesPunctuation", "speechSpellsOutCharacters", "speechAdjustedPitch", "speechAnnouncementsQueued",
    ]

    /// Whether the value of `call` (with the `Text` modifiers chained after it) is used where only a `Text` will do, or
    /// where the walk cannot tell: an operand (`+`), an argument, a value stored or listed, a branch of a ternary, or
    /// returned from a declaration typed `Text`. Shown as a view (a statement of a view builder, or followed by a
    /// view modifier such as `padding`), it is not.
    private static func isUsedAsText(_ call: FunctionCallExprSyntax) -> Bool {
        let modifiers = SyntaxText.modifiersApplied(to: call)
        guard modifiers.allSatisfy({ isNamed($0, oneOf: textModifiers) }) else { return false }
        guard let parent = (modifiers.last ?? call).parent else { return true }
        if parent.is(CodeBlockItemSyntax.self) || parent.is(ReturnStmtSyntax.self) {
            return returnsText(parent)
        }
        if let argument = parent.as(LabeledExprSyntax.self) {
            if let label = argument.label { return !viewArgumentLabels.contains(label.plainText) }
            let modifier = argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
            return !(modifier.map { viewArgumentModifiers.contains($0.declName.baseName.plainText) } ?? false)
        }
        return true
    }

    /// View modifiers whose unlabelled argument is a view (`.overlay(Text(…).foregroundColor(.white))`).
    private static let viewArgumentModifiers: Set<String> = ["overlay", "background", "mask"]

    /// Argument labels that take a view: `Section(header:footer:)`. (`prompt:`, `title:` and `message:` take a `Text`.)
    private static let viewArgumentLabels: Set<String> = ["header", "footer"]

    /// Whether the code a statement or `return` is in returns a `Text`: a declaration typed `Text`, or a closure (whose
    /// type the walk cannot see) that `return`s it. A closure's statement is a view builder's.
    private static func returnsText(_ statement: Syntax) -> Bool {
        var current = statement.parent
        while let node = current {
            if node.is(ClosureExprSyntax.self) { return statement.is(ReturnStmtSyntax.self) }
            if let function = node.as(FunctionDeclSyntax.self) { return isText(function.signature.returnClause?.type) }
            if let variable = node.as(PatternBindingSyntax.self) { return isText(variable.typeAnnotation?.type) }
            if let subscriptDecl = node.as(SubscriptDeclSyntax.self) { return isText(subscriptDecl.returnClause.type) }
            // An explicit `get` is a declaration inside the property's: its type is the property's.
            if node.is(DeclSyntax.self), !node.is(AccessorDeclSyntax.self) { return false }
            current = node.parent
        }
        return false
    }

    private static func isText(_ type: TypeSyntax?) -> Bool {
        guard let type else { return false }
        if let optional = type.as(OptionalTypeSyntax.self) { return isText(optional.wrappedType) }
        return type.as(IdentifierTypeSyntax.self)?.name.plainText == "Text"
            || type.as(MemberTypeSyntax.self).map { $0.name.plainText == "Text" && $0.baseType.trimmedText == "SwiftUI" } == true
    }

    /// Before iOS 17 `Text.foregroundStyle` returns `some View` where `Text.foregroundColor` returned `Text`, so a
    /// concatenation (`Text(a).foregroundColor(.red) + Text(b)`) or a `Text`-typed result would stop compiling.
    /// The receiver may be a `Text` when its chain starts with `Text(…)`, or with anything but a call to a type
    /// (a property, a variable or a function's result such as `label` or `makeTitle()`, whose type is unknown).
    private static func isTextBeforeIOS17(_ call: FunctionCallExprSyntax, in file: FileWalk) -> Bool {
        let root = SyntaxText.rootView(of: ExprSyntax(call)).flatMap(SyntaxText.calledName)
        guard root == nil || root == "Text" || root?.first?.isUppercase == false else { return false }
        return mayRunBelow([.iOS: Version(17), .macOS: Version(14), .tvOS: Version(17), .watchOS: Version(10)], file)
    }

    /// Whether the file may run below the version given for any of the platforms.
    private static func mayRunBelow(_ versions: [Platform: Version], _ file: FileWalk) -> Bool {
        versions.contains { file.mayRunBelow($0.key, $0.value) }
    }

    /// Colors `foregroundStyle` resolves exactly as `foregroundColor` did (`ShapeStyle where Self == Color`). Not
    /// `.primary` and `.secondary`: as shape styles they are hierarchical, levels of the current foreground style, which
    /// in a tinted button's label is the tint, where `Color.secondary` stayed grey.
    private static let shapeStyleColors: Set<String> = [
        "black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint", "orange", "pink", "purple",
        "red", "teal", "white", "yellow",
    ]

    /// `Color`'s own colours that a bare `.name` does not give as a shape style (written on `Color`, they stay these).
    private static let colorsOnlyOnColor: Set<String> = ["primary", "secondary", "accentColor"]

    /// Safe for a color the rewrite surely accepts; unsafe for other values, which may be `Color?` (accepted by
    /// `foregroundColor`, not by `foregroundStyle`), and on `Text` that may need to stay `Text`. None for a bare
    /// `.accentColor`, which `ShapeStyle` does not have: renamed, it would not compile (`Color.accentColor` does).
    private static func fix(renaming name: TokenSyntax, argument: ExprSyntax, textMayNeedText: Bool) -> Fix? {
        let namesBareAccentColor = argument.tokens(viewMode: .sourceAccurate).contains { token in
            token.isIdentifier("accentColor") && token.parent?.parent?.as(MemberAccessExprSyntax.self).map { $0.base == nil } == true
        }
        guard !namesBareAccentColor else { return nil }
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
            let name = member.declName.baseName.plainText
            return shapeStyleColors.contains(name) || colorsOnlyOnColor.contains(name)
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
