internal import SwiftSyntax

/// `PreviewProvider` types are the pre-Xcode 15 way to declare previews; `#Preview` says the same in one expression.
final class PreviewProviderRule: SyntaxRule {
    static let description = RuleDescription(
        id: "preview-provider", family: .swiftUI, severity: .advice, profiles: .optIn, fix: .auto,
        summary: "A type conforming to `PreviewProvider`.",
        rationale: "`PreviewProvider` is not deprecated, but it needs a type and a static `previews` property for what `#Preview` states directly; `#Preview` also names each preview, accepts traits such as `.sizeThatFitsLayout`, previews UIKit views and supports `@Previewable` state, which the old form cannot.",
        instead: "Replace the type with `#Preview(\"Name\") { MyView() }`, one macro per preview (available with Xcode 15, Swift 5.9).",
        triggering: [
            Example("""
            struct ↓ContentView_Previews: PreviewProvider {
                static var previews: some View {
                    ContentView()
                }
            }
            """, fixed: """
            #Preview {
                ContentView()
            }
            """),
            // Two previews in a `Group`: each needs its own `#Preview`, and a name; reported, not rewritten.
            Example("""
            #if DEBUG
            struct ↓BadgePreviews: SwiftUI.PreviewProvider {
                static var previews: some View {
                    Group {
                        Badge(count: 0)
                        Badge(count: 120).preferredColorScheme(.dark)
                    }
                }
            }
            #endif
            """),
            Example("""
            enum ↓CheckoutPreviews: PreviewProvider {
                static var previews: some View { CheckoutView(cart: .sample) }
            }
            """, ExampleSettings(swiftToolsVersion: Version(5, 9)), fixed: """
            #Preview { CheckoutView(cart: .sample) }
            """),
            Example("""
            #if DEBUG
            struct ↓CartRow_Previews: PreviewProvider {
                static var previews: some View {
                    CartRow(item: .sample)
                        .environment(CartModel())
                        .padding()
                }
            }
            #endif
            """, fixed: """
            #if DEBUG
            #Preview {
                CartRow(item: .sample)
                    .environment(CartModel())
                    .padding()
            }
            #endif
            """),
            // The file uses the type elsewhere, which its removal would break: reported, not rewritten.
            Example("""
            struct ↓ItemRow_Previews: PreviewProvider {
                static var previews: some View {
                    ItemRow()
                }
            }
            @MainActor func itemRowSnapshot() -> some View {
                ItemRow_Previews.previews.padding()
            }
            """),
            // A named, sized preview: `#Preview("Compact", traits: …)` is the reader's call.
            Example("""
            struct ↓TagList_Previews: PreviewProvider {
                static var previews: some View {
                    TagList(tags: ["swift", "ui"])
                        .previewLayout(.sizeThatFits)
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            #Preview("Empty cart") {
                CheckoutView(cart: .empty)
            }
            """),
            // Only a similar name, not the conformance.
            Example("""
            protocol MyPreviewProviderFactory {
                func makePreview() -> AnyView
            }
            struct PreviewProviderList: MyPreviewProviderFactory {
                func makePreview() -> AnyView { AnyView(Text("Hello")) }
            }
            """),
            // `#Preview` needs Xcode 15 (Swift 5.9); this package still builds with 5.8.
            Example("""
            struct LegacyRow_Previews: PreviewProvider {
                static var previews: some View { LegacyRow() }
            }
            """, ExampleSettings(swiftToolsVersion: Version(5, 8))),
            // A protocol refining `PreviewProvider` is not a preview itself.
            Example("""
            protocol SnapshotPreviewProvider: PreviewProvider {
                static var snapshotName: String { get }
            }
            """),
        ]
    )

    init(options: RuleOptions) {}

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        guard let scope = file.enclosingType, scope.kind != .protocol, scope.inherited.contains("PreviewProvider"),
              let name = node.asProtocol(NamedDeclSyntax.self)?.name, !file.toolsVersionIsKnownBelow(Version(5, 9))
        else { return }
        file.report(id, at: name,
                    "`\(name.text)` conforms to `PreviewProvider`, which needs a type and a static `previews` property for each preview: write `#Preview { … }` with the view inside instead",
                    fix: Self.macroFix(node, members: members, in: file))
    }

    /// The whole type becomes `#Preview { <the previews body> }`, for a file-level type whose only member is
    /// `previews` showing one view. Several previews (`Group`, `ForEach`, more statements) and `.preview…`
    /// modifiers (names, devices, layouts) have `#Preview` spellings a reader should choose: no fix then. Nor when
    /// the file names the type anywhere but in its declaration (`ItemRow_Previews.previews` in another preview),
    /// which the removal would break.
    private static func macroFix(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) -> Fix? {
        guard file.typeStack.count == 1, node.asProtocol(WithAttributesSyntax.self)?.attributes.isEmpty == true,
              let name = node.asProtocol(NamedDeclSyntax.self)?.name.plainText,
              FixText.occurrences(ofIdentifier: name, in: file.source) == 1,
              members.members.count == 1,
              let previews = members.members.eachElement.first?.decl.as(VariableDeclSyntax.self), SyntaxText.isStatic(previews.modifiers),
              let binding = previews.bindings.eachElement.first, previews.bindings.count == 1,
              binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText == "previews",
              let getter = binding.accessorBlock, case .getter(let statements) = getter.accessors,
              statements.count == 1, let view = statements.first.flatMap(SyntaxText.expression(of:)),
              showsOneView(view)
        else { return nil }
        let whole = FixText.range(of: node)
        let block = FixText.range(of: getter)
        guard !FixText.containsComment(whole.lowerBound..<block.lowerBound, in: file.source),
              !FixText.containsComment(block.upperBound..<whole.upperBound, in: file.source) else { return nil }
        let indentation = { (offset: AbsolutePosition) in FixText.indentation(ofLineContaining: offset.utf8Offset, in: file.source) }
        let body = FixText.reindent(FixText.text(of: getter), from: indentation(previews.positionAfterSkippingLeadingTrivia),
                                    to: indentation(node.positionAfterSkippingLeadingTrivia))
        return Fix("replace the `PreviewProvider` type with `#Preview`", edits: [TextEdit(range: whole, replacement: "#Preview " + body)])
    }

    private static func showsOneView(_ expression: ExprSyntax) -> Bool {
        var current = expression
        while let call = current.as(FunctionCallExprSyntax.self), let base = SyntaxText.modifierBase(call) {
            if SyntaxText.calledName(call)?.hasPrefix("preview") == true { return false }
            current = base
        }
        guard let root = current.as(FunctionCallExprSyntax.self), let name = SyntaxText.calledName(root) else { return true }
        if name == "ForEach" { return false }
        return name != "Group" || (root.trailingClosure?.statements.count ?? 0) <= 1
    }
}
