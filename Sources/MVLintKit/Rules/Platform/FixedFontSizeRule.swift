#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import SwiftSyntax

/// Fonts with a point size that does not follow the user's text size setting.
final class FixedFontSizeRule: SyntaxRule {
    static let description = RuleDescription(
        id: "fixed-font-size", family: .platform, severity: .advice, profiles: .optIn,
        summary: "`.system(size:)` fonts for text, on a platform with Dynamic Type.",
        rationale: "Many people enlarge text in Settings, some to accessibility sizes. Text styles (`.body`, `.headline`) and custom fonts declared `relativeTo:` a style grow with that setting; a font built with `.system(size:)` stays the same, so the text is unreadable for exactly the people who asked for larger type. Not reported: `Font.custom(_:size:)`, which scales with the body style (iOS 14 and later; only `.custom(_:fixedSize:)` does not); a size that is scaled already (`@ScaledMetric`, `UIFontMetrics.scaledValue(for:)`); a size taken from the layout's geometry or passed in by the caller (the finding belongs where the number is written); display sizes at or above Large Title (34 pt); a font that sizes a symbol (an `Image`, an icon-only `Label` or button); widgets and complications (files that import WidgetKit or ClockKit), whose frame the system sets; test code; and code for macOS or tvOS only, which have no Dynamic Type.",
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
                static let badge = Font.↓system(size: 9, weight: .semibold)
            }
            """),
            Example("""
            struct Headline: View {
                var body: some View {
                    VStack {
                        Text("Today").font(.↓system(size: 17).italic())
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
            // `Font.custom(_:size:)` scales with the body style; scaled sizes follow Dynamic Type already.
            Example("""
            struct Scaled: View {
                @ScaledMetric(relativeTo: .body) private var bodySize = 15
                var body: some View {
                    Text("Brand").font(.custom("Avenir Next", size: 22))
                    Text("Body").font(.system(size: bodySize))
                    Text("Note").font(.system(size: UIFontMetrics.default.scaledValue(for: 13)))
                }
                func caption(_ text: String, metrics: UIFontMetrics) -> some View {
                    let size = metrics.scaledValue(for: 12)
                    return Text(text).font(.system(size: size))
                }
            }
            """),
            // A symbol's size, display text, and text sized to fit the layout on purpose.
            Example("""
            struct StoryCard: View {
                var body: some View {
                    GeometryReader { geometry in
                        VStack {
                            Image(systemName: "checkmark.seal.fill").font(.system(size: 60))
                            Text("42").font(.system(size: 72, weight: .bold))
                            Text("Minutes listened").font(.system(size: geometry.size.height * 0.03))
                            Badge(symbolFont: .system(size: 20))
                        }
                    }
                }
            }
            """),
            // Symbols in every branch, and a helper whose caller picks (and may scale) the size.
            Example("""
            struct SubmitButton: View {
                let isOpen: Bool
                var body: some View {
                    Group {
                        if isOpen { Image(systemName: "xmark") } else { Image(systemName: "hand.thumbsup") }
                    }
                    .font(.system(size: 30))
                }
                static func font(size: CGFloat) -> Font { .system(size: size, design: .rounded) }
            }
            """),
            // macOS has no Dynamic Type.
            Example("""
            struct SidebarRow: View {
                var body: some View {
                    Text("Recents").font(.system(size: 11))
                }
            }
            """, ExampleSettings(deploymentTargets: [.macOS: Version(14)])),
            Example("""
            struct StatusItem: View {
                var body: some View {
                    #if os(macOS)
                    Text("Ice").font(.system(size: 12))
                    #endif
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

    /// For each type being walked: its `@ScaledMetric` properties, which scale with Dynamic Type already.
    private var scaledMetrics: [Set<String>] = []

    init(options: RuleOptions) {}

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        var names: Set<String> = []
        // The members' attributes are read only in a file that spells the wrapper.
        for member in members.members.eachElement where file.mentions("ScaledMetric") {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  SyntaxText.attributeNames(variable.attributes).contains("ScaledMetric") else { continue }
            names.formUnion(variable.bindings.eachElement.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText })
        }
        scaledMetrics.append(names)
    }

    func leaveType(_ node: DeclSyntax, in file: FileWalk) {
        scaledMetrics.removeLast()
    }

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        // `Font.custom(_:size:)` scales with the body text style (iOS 14 and later); only `.system(size:)` does not.
        guard let member = call.member, call.name?.hasText("system") == true,
              member.base.map({ SyntaxText.isTypeReference($0, named: "Font") }) ?? true,
              let size = SyntaxText.argument(node, labeled: "size")?.expression,
              Self.hasDynamicType(file), !LifetimeClassifier.isTestCode(file.path), !isFixedSizeSurface(node),
              !Self.isInCodeForPlatformsWithoutDynamicType(node),
              !isScaled(size, at: node), !Self.isParameter(size, of: node), !Self.isLayoutDerived(size), !Self.isDisplaySize(size), !Self.sizesImage(node)
        else { return }
        file.report(id, at: member.declName,
                    "`.system(size:)` sets a fixed point size that ignores the user's text size (Dynamic Type): use a text style such as `.system(.body)` or scale the size with `@ScaledMetric`")
    }

    /// Whether the file imports WidgetKit or ClockKit, read once from its top-level imports.
    private var importsWidgetKit: Bool?

    /// Widgets and complications lay text out in a frame the system sizes: a fixed size there is how the
    /// content is made to fit, not a choice against the reader's text size.
    private func isFixedSizeSurface(_ node: FunctionCallExprSyntax) -> Bool {
        if let importsWidgetKit { return importsWidgetKit }
        let imports = node.root.as(SourceFileSyntax.self)?.statements.eachElement.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.trimmedText } ?? []
        let result = imports.contains { $0 == "WidgetKit" || $0 == "ClockKit" }
        importsWidgetKit = result
        return result
    }

    /// macOS and tvOS have no Dynamic Type: a target built only for them has no text size to follow.
    private static func hasDynamicType(_ file: FileWalk) -> Bool {
        let platforms = file.settings.deploymentTargets.keys
        return platforms.isEmpty || platforms.contains { $0 != .macOS && $0 != .tvOS }
    }

    /// Inside `#if os(macOS)` or `#if os(tvOS)` (and not an `#else` of it).
    private static func isInCodeForPlatformsWithoutDynamicType(_ node: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(node).parent
        while let syntax = current {
            if let clause = syntax.as(IfConfigClauseSyntax.self), let condition = clause.condition?.trimmedText {
                let platforms = condition.split(separator: "||", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
                if platforms.allSatisfy({ $0 == "os(macOS)" || $0 == "os(tvOS)" }) { return true }
            }
            current = syntax.parent
        }
        return false
    }

    /// A size that scales already: `@ScaledMetric var size`, `UIFontMetrics.default.scaledValue(for: 17)`, or a
    /// local computed from one (`let size = metrics.scaledValue(for: 15)`).
    private func isScaled(_ size: ExprSyntax, at call: FunctionCallExprSyntax) -> Bool {
        if Self.mentionsScaling(Syntax(size)) { return true }
        let names = Set(size.tokens(viewMode: .sourceAccurate).map(\.plainText))
        if !names.isDisjoint(with: scaledMetrics.last ?? []) { return true }
        // A local declared before the call, in a block around it.
        var current = Syntax(call).parent
        while let syntax = current {
            if let list = syntax.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings.eachElement {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText, names.contains(name),
                              let value = binding.initializer?.value else { continue }
                        if Self.mentionsScaling(Syntax(value)) { return true }
                    }
                }
            }
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(MemberBlockItemSyntax.self) { break }
            current = syntax.parent
        }
        return false
    }

    private static func mentionsScaling(_ syntax: Syntax) -> Bool {
        syntax.tokens(viewMode: .sourceAccurate).contains { ["UIFontMetrics", "scaledValue", "ScaledMetric", "scaledFont"].contains($0.plainText) }
    }

    /// `geometry.size.height * 0.025`: text sized to fit a layout on purpose, which scaled text would overflow.
    private static func isLayoutDerived(_ size: ExprSyntax) -> Bool {
        size.tokens(viewMode: .sourceAccurate).contains { $0.hasText("height") || $0.hasText("width") }
    }

    /// A literal at or above the largest text style (Large Title, 34 pt): display text that is large already.
    private static func isDisplaySize(_ size: ExprSyntax) -> Bool {
        let text = size.trimmedText
        return (Double(text) ?? 0) >= 34
    }

    /// `.font(.system(size: 40))` on an `Image(systemName:)`, or given to a parameter for an icon: it sizes a
    /// symbol, not text to read.
    private static func sizesImage(_ call: FunctionCallExprSyntax) -> Bool {
        guard let argument = call.parent?.as(LabeledExprSyntax.self) else { return false }
        if let label = argument.label?.plainText.lowercased(), ["icon", "symbol", "image", "glyph"].contains(where: label.contains) { return true }
        guard let modifier = argument.parent?.parent?.as(FunctionCallExprSyntax.self), SyntaxText.calls(modifier, named: "font"),
              let base = SyntaxText.modifierBase(modifier), let view = SyntaxText.rootView(of: base) else { return false }
        switch SyntaxText.typeReferenceName(view.calledExpression) {
        case "Image"?: return true
        // `Label(…).labelStyle(.iconOnly)` shows only its symbol.
        case "Label"?: return SyntaxText.modifiersApplied(to: view).contains { $0.trimmedText.hasSuffix("labelStyle(.iconOnly)") }
        // A button, menu or group that shows only symbols (in every branch).
        case "Button"?, "Menu"?, "Group"?, "ZStack"?:
            return SyntaxText.closures(of: view).last.map { showsOnlySymbols($0.closure.statements) } ?? false
        default: return false
        }
    }

    private static func showsOnlySymbols(_ statements: CodeBlockItemListSyntax) -> Bool {
        !statements.isEmpty && statements.eachElement.allSatisfy { statement in
            guard let expression = SyntaxText.expression(of: statement) else { return false }
            if let branch = expression.as(IfExprSyntax.self) {
                guard showsOnlySymbols(branch.body.statements) else { return false }
                switch branch.elseBody {
                case .codeBlock(let block)?: return showsOnlySymbols(block.statements)
                case .ifExpr(let next)?: return showsOnlySymbols(CodeBlockItemListSyntax([CodeBlockItemSyntax(item: .expr(ExprSyntax(next)))]))
                default: return true
                }
            }
            return SyntaxText.rootView(of: expression).map { SyntaxText.isTypeReference($0.calledExpression, named: "Image") } ?? false
        }
    }

    /// `func font(size: CGFloat) -> Font { .system(size: size) }`: the caller chooses (and may scale) the size.
    private static func isParameter(_ size: ExprSyntax, of call: FunctionCallExprSyntax) -> Bool {
        guard let name = size.as(DeclReferenceExprSyntax.self)?.baseName.plainText else { return false }
        var current = Syntax(call).parent
        while let syntax = current {
            if let function = syntax.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).plainText == name }
            }
            if syntax.is(MemberBlockItemSyntax.self) { return false }
            current = syntax.parent
        }
        return false
    }
}
