internal import SwiftSyntax

/// `NavigationView` is deprecated; `NavigationStack` and `NavigationSplitView` say which navigation is meant.
final class NavigationViewRule: SyntaxRule {
    static let description = RuleDescription(
        id: "navigation-view", family: .swiftUI, severity: .advice, profiles: .optIn, fix: .auto,
        summary: "`NavigationView` where `NavigationStack` or `NavigationSplitView` is available.",
        rationale: "`NavigationView` is deprecated since iOS 16 and macOS 13. It guesses between a stack and columns from the device and the number of child views, so the same code navigates differently on iPhone and iPad, and it cannot drive navigation from data (`navigationDestination`, a path of values).",
        instead: "Use `NavigationStack { … }` for a single stack of screens, or `NavigationSplitView { sidebar } detail: { detail }` when the view shows columns. Keep `NavigationView` only in code that must run on iOS 15 or earlier.",
        triggering: [
            Example("""
            struct SettingsScreen: View {
                var body: some View {
                    ↓NavigationView {
                        Form { Toggle("Sounds", isOn: .constant(true)) }
                            .navigationTitle("Settings")
                    }
                }
            }
            """, fixed: """
            struct SettingsScreen: View {
                var body: some View {
                    NavigationStack {
                        Form { Toggle("Sounds", isOn: .constant(true)) }
                            .navigationTitle("Settings")
                    }
                }
            }
            """),
            // Two columns: the message names `NavigationSplitView`.
            Example("""
            struct MailScreen: View {
                var body: some View {
                    ↓NavigationView {
                        MailboxList()
                        MessageDetail()
                    }
                }
            }
            """),
            Example("""
            @available(iOS 16, *)
            struct ModernScreen: View {
                var body: some View {
                    ↓NavigationView { Text("Hello") }
                }
            }
            """, .iOS("15.0"), fixed: """
            @available(iOS 16, *)
            struct ModernScreen: View {
                var body: some View {
                    NavigationStack { Text("Hello") }
                }
            }
            """),
            // The stack style only told `NavigationView` what `NavigationStack` is: it goes too.
            Example("""
            struct RootView: View {
                var body: some View {
                    SwiftUI.↓NavigationView { HomeView() }
                        .navigationViewStyle(.stack)
                        .tint(.orange)
                }
            }
            """, .iOS("16.0"), fixed: """
            struct RootView: View {
                var body: some View {
                    SwiftUI.NavigationStack { HomeView() }
                        .tint(.orange)
                }
            }
            """),
            // One column, but the style asks for columns on large screens: reported, not rewritten.
            Example("""
            struct LibraryScreen: View {
                var body: some View {
                    ↓NavigationView { ShelfList() }
                        .navigationViewStyle(.columns)
                }
            }
            """),
        ],
        nonTriggering: [
            // Previews only run in Xcode's canvas; their wrapper changes nothing users see.
            Example("""
            #Preview {
                NavigationView { SettingsScreen() }
            }
            struct SettingsScreen_Previews: PreviewProvider {
                static var previews: some View { NavigationView { SettingsScreen() } }
            }
            """),
            // `NavigationStack` does not exist on iOS 15.
            Example("""
            struct SettingsScreen: View {
                var body: some View {
                    NavigationView { Form { Text("General") } }
                }
            }
            """, .iOS("15.0")),
            Example("""
            struct RootView: View {
                var body: some View {
                    if #available(iOS 16, *) {
                        NavigationStack { HomeView() }
                    } else {
                        NavigationView { HomeView() }
                    }
                }
            }
            """, .iOS("15.0")),
            Example("""
            @available(iOS, deprecated: 16, message: "Replaced by ModernRoot")
            struct LegacyRoot: View {
                var body: some View {
                    NavigationView { HomeView() }
                }
            }
            """),
            // The app's own type of that name, not SwiftUI's.
            Example("""
            struct NavigationView: View {
                let title: String
                var body: some View { Text(title) }
            }
            struct Screen: View {
                var body: some View { NavigationView(title: "Home") }
            }
            """),
        ]
    )

    /// Where `NavigationView` is built, kept until `finish` because the file may declare its own type of that name.
    private var pending: [(offset: Int, message: String, fix: Fix?)] = []
    private var declaresOwnNavigationView = false

    init(options: RuleOptions) {}

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        if file.enclosingType?.name == "NavigationView", file.enclosingType?.kind != .extension { declaresOwnNavigationView = true }
    }

    func visit(_ node: FunctionDeclSyntax, in file: FileWalk) {
        if node.name.hasText("NavigationView") { declaresOwnNavigationView = true }
    }

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        guard let name = Self.navigationViewReference(call.callee),
              file.canUse(introducedIn: [.iOS: Version(16), .macOS: Version(13), .tvOS: Version(16), .watchOS: Version(9)]),
              !file.isInPreview(node)
        else { return }
        let columns = node.trailingClosure.map { SyntaxText.expressions(in: $0).count } ?? 0
        let offset = name.positionAfterSkippingLeadingTrivia.utf8Offset
        if columns >= 2 {
            pending.append((offset, "`NavigationView` with \(columns) columns is deprecated and picks its layout per device: use `NavigationSplitView { sidebar } detail: { … }`, which states the columns", nil))
        } else {
            pending.append((offset, "`NavigationView` is deprecated and picks a stack or columns per device: use `NavigationStack { … }`",
                            Self.stackFix(node, name: name)))
        }
    }

    func finish(_ file: FileWalk) {
        guard !declaresOwnNavigationView else { return }
        for finding in pending { file.report(id, atOffset: finding.offset, finding.message, fix: finding.fix) }
    }

    /// `NavigationView { content }` → `NavigationStack { content }`, dropping a `.navigationViewStyle(.stack)` that
    /// only told the old view to stack. None when the call takes arguments (`NavigationStack` names its closure
    /// `root:`) or a style asks for columns.
    private static func stackFix(_ call: FunctionCallExprSyntax, name: TokenSyntax) -> Fix? {
        guard call.arguments.isEmpty, call.trailingClosure != nil, call.additionalTrailingClosures.isEmpty else { return nil }
        var edits = [TextEdit.replacing(name, with: "NavigationStack")]
        for modifier in SyntaxText.modifiersApplied(to: call) where SyntaxText.calls(modifier, named: "navigationViewStyle") {
            guard let style = modifier.arguments.eachElement.first?.expression.trimmedText,
                  style == ".stack" || style == "StackNavigationViewStyle()",
                  let base = SyntaxText.modifierBase(modifier) else { return nil }
            edits.append(TextEdit(range: base.endPositionBeforeTrailingTrivia.utf8Offset..<modifier.endPositionBeforeTrailingTrivia.utf8Offset,
                                  replacement: ""))
        }
        return Fix("replace `NavigationView` with `NavigationStack`", edits: edits)
    }

    /// The `NavigationView` token of `NavigationView { … }` or `SwiftUI.NavigationView { … }`.
    private static func navigationViewReference(_ callee: ExprSyntax) -> TokenSyntax? {
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.hasText("NavigationView") {
            return reference.baseName
        }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.hasText("NavigationView"),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.plainText == "SwiftUI" {
            return member.declName.baseName
        }
        return nil
    }
}
