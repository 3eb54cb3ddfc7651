internal import SwiftSyntax

/// `PreviewProvider` types are the pre-Xcode 15 way to declare previews; `#Preview` says the same in one expression.
final class PreviewProviderRule: SyntaxRule {
    static let description = RuleDescription(
        id: "preview-provider", family: .swiftUI, severity: .advice, profiles: .all, fix: .auto,
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
            """),
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
            """, ExampleSettings(swiftToolsVersion: Version(5, 9))),
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
                    "`\(name.text)` conforms to `PreviewProvider`, which needs a type and a static `previews` property for each preview: write `#Preview { … }` with the view inside instead")
    }
}
