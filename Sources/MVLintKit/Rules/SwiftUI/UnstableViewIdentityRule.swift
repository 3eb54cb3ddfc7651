internal import SwiftSyntax

/// An `if/else` in view code that shows "the same view, slightly different" gives SwiftUI two views,
/// so flipping the condition replaces one with the other instead of updating it.
final class UnstableViewIdentityRule: SyntaxRule {
    static let description = RuleDescription(
        id: "unstable-view-identity", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "An `if/else` in view code whose branches show the same view with different modifiers, or the same content in different stacks.",
        rationale: "Each branch of an `if/else` has its own identity: when the condition flips, SwiftUI removes one view and inserts the other, resetting their `@State`, restarting `.task`s and playing an insertion transition instead of animating the change. When both branches are really one view, that churn is accidental.",
        instead: "Keep one view and move the condition into its arguments or modifiers (`Text(title).strikethrough(isDone)`, `.opacity(isDone ? 0.5 : 1)`); to switch between stack directions around the same content, use `AnyLayout(isCompact ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout()))`.",
        triggering: [
            Example("""
            struct TodoRow: View {
                let item: TodoItem
                var body: some View {
                    ↓if item.isDone {
                        Text(item.title).strikethrough().foregroundStyle(.secondary)
                    } else {
                        Text(item.title)
                    }
                }
            }
            """),
            Example(#"""
            struct ProfileHeader: View {
                @Environment(\.horizontalSizeClass) private var sizeClass
                let user: User
                var body: some View {
                    ↓if sizeClass == .compact {
                        VStack {
                            Avatar(user: user)
                            Text(user.name)
                        }
                    } else {
                        HStack(spacing: 16) {
                            Avatar(user: user)
                            Text(user.name)
                        }
                    }
                }
            }
            """#),
            Example("""
            struct PhotoCell: View {
                let photo: Photo
                let isSelected: Bool
                var body: some View {
                    VStack {
                        thumbnail
                        Text(photo.caption)
                    }
                }
                @ViewBuilder private var thumbnail: some View {
                    ↓if isSelected {
                        PhotoThumbnail(photo: photo).border(.blue, width: 2)
                    } else {
                        PhotoThumbnail(photo: photo)
                    }
                }
            }
            """),
        ],
        nonTriggering: [
            // The branches show genuinely different content.
            Example("""
            struct AccountView: View {
                let session: Session
                var body: some View {
                    if let user = session.user {
                        ProfileView(user: user)
                    } else {
                        LoginView()
                    }
                    if session.isSyncing { ProgressView() } else { SyncStatus(date: session.lastSync) }
                }
            }
            """),
            // No `else`: the view appears and disappears, which is the intent.
            Example("""
            struct Banner: View {
                let message: String?
                var body: some View {
                    VStack {
                        if message != nil { Text(message ?? "").bold() }
                        Text("Today")
                    }
                }
            }
            """),
            // The newer modifier only exists on newer systems, so the branches must stay apart.
            Example("""
            struct Counter: View {
                let value: Int
                var body: some View {
                    if #available(iOS 17, *) {
                        Text("\\(value)").contentTransition(.numericText())
                    } else {
                        Text("\\(value)")
                    }
                }
            }
            """),
            // The same stack type around different children is different content.
            Example("""
            struct Details: View {
                let isExpanded: Bool
                var body: some View {
                    if isExpanded {
                        VStack { Text("Summary"); Text("Ingredients"); Text("Steps") }
                    } else {
                        VStack { Text("Summary") }
                    }
                }
            }
            """),
            // An `if` inside an action runs on tap; it builds no views.
            Example("""
            struct ExportButton: View {
                let isDebug: Bool
                var body: some View {
                    Button("Export") {
                        if isDebug {
                            Exporter(format: .json).run()
                        } else {
                            Exporter(format: .csv).run()
                        }
                    }
                }
            }
            """),
        ]
    )

    /// Stacks that have a `Layout` twin, so `AnyLayout` can switch between them.
    private static let layoutTwins = ["VStack": "VStackLayout", "HStack": "HStackLayout", "ZStack": "ZStackLayout", "Grid": "GridLayout"]

    init(options: RuleOptions) {}

    func visit(_ node: IfExprSyntax, in file: FileWalk) {
        guard file.isBuildingView, node.parent?.is(ExpressionStmtSyntax.self) == true,
              node.conditions.eachElement.allSatisfy({ if case .expression = $0.condition { return true } else { return false } }),
              case .codeBlock(let elseBlock)? = node.elseBody,
              let first = Self.singleView(in: node.body), let second = Self.singleView(in: elseBlock),
              // Views of unrelated types are told apart before their content is copied out as text.
              first.type == second.type || (Self.layoutTwins[first.type] != nil && Self.layoutTwins[second.type] != nil),
              Self.closureTexts(of: first.root) == Self.closureTexts(of: second.root)
        else { return }
        if first.type == second.type {
            file.report(id, at: node.ifKeyword,
                        "both branches of this `if` show a `\(first.type)` that differs only in arguments or modifiers, so SwiftUI replaces it and resets its state whenever the condition flips: keep one `\(first.type)` and move the condition into its arguments or modifiers")
        } else if let firstLayout = Self.layoutTwins[first.type], let secondLayout = Self.layoutTwins[second.type],
                  file.canUse(introducedIn: [.iOS: Version(16), .macOS: Version(13), .tvOS: Version(16), .watchOS: Version(9)]) {
            file.report(id, at: node.ifKeyword,
                        "this `if` swaps `\(first.type)` for `\(second.type)` around the same content, so SwiftUI rebuilds the children and drops their state: switch the layout with `AnyLayout(\(firstLayout)())` / `AnyLayout(\(secondLayout)())` instead")
        }
    }

    /// The branch's only statement when it is a view construction, possibly with modifiers.
    private static func singleView(in block: CodeBlockSyntax) -> (type: String, root: FunctionCallExprSyntax)? {
        guard block.statements.count == 1, let expression = block.statements.eachElement.first?.item.as(ExprSyntax.self),
              let root = SyntaxText.rootView(of: expression),
              let type = SyntaxText.typeReferenceName(root.calledExpression), SyntaxText.isCapitalized(type)
        else { return nil }
        return (type, root)
    }

    /// The view's content closures with whitespace removed, so equal content in differently indented branches compares equal.
    private static func closureTexts(of call: FunctionCallExprSyntax) -> [String] {
        SyntaxText.closures(of: call).map { String($0.closure.trimmedText.filter { !$0.isWhitespace }) }
    }
}
