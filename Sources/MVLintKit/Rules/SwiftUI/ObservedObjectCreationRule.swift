internal import SwiftSyntax

/// `@ObservedObject var model = Model()`: the view creates an object it does not own.
final class ObservedObjectCreationRule: SyntaxRule {
    static let description = RuleDescription(
        id: "observed-object-creation", family: .swiftUI, severity: .advice, profiles: .all, fix: .auto,
        summary: "An `@ObservedObject` property that creates its own object (`= Model()`).",
        rationale: "`@ObservedObject` only watches an object that someone else keeps alive. When the view creates it in the property's initial value, every time the parent re-renders and builds a new value of this view, a fresh object replaces the old one: loaded data, typed text and running work vanish at random-looking moments.",
        instead: "Let the view own the object with `@StateObject private var model = Model()`, which SwiftUI creates once per view identity. With an `@Observable` class, use `@State private var model = Model()`. Keep `@ObservedObject` for objects passed in from outside. `--fix` swaps the wrapper for `@StateObject`; `state-not-private` then makes the property private if no caller passes the object.",
        triggering: [
            Example("""
            struct InboxView: View {
                ↓@ObservedObject var store = InboxStore()
                var body: some View {
                    List(store.messages) { Text($0.subject) }
                }
            }
            """, fixed: """
            struct InboxView: View {
                @StateObject var store = InboxStore()
                var body: some View {
                    List(store.messages) { Text($0.subject) }
                }
            }
            """),
            Example("""
            struct TimerView: View {
                ↓@ObservedObject private var ticker = Ticker.init(interval: 1)
                var body: some View {
                    Text("\\(ticker.seconds) s")
                }
            }
            """, fixed: """
            struct TimerView: View {
                @StateObject private var ticker = Ticker.init(interval: 1)
                var body: some View {
                    Text("\\(ticker.seconds) s")
                }
            }
            """),
            Example("""
            struct ComposeView: View {
                ↓@ObservedObject var draft: DraftStore = .init()
                var body: some View {
                    TextEditor(text: $draft.text)
                }
            }
            """, fixed: """
            struct ComposeView: View {
                @StateObject var draft: DraftStore = .init()
                var body: some View {
                    TextEditor(text: $draft.text)
                }
            }
            """),
            Example("""
            struct PagedList: View {
                ↓@ObservedObject var loader = PageLoader<Article>()
                var body: some View {
                    ForEach(loader.items) { ArticleRow(article: $0) }
                }
            }
            """, fixed: """
            struct PagedList: View {
                @StateObject var loader = PageLoader<Article>()
                var body: some View {
                    ForEach(loader.items) { ArticleRow(article: $0) }
                }
            }
            """),
            // `@StateObject` needs iOS 14: on iOS 13 the finding stands, without a rewrite.
            Example("""
            struct LegacyInbox: View {
                ↓@ObservedObject var store = InboxStore()
                var body: some View {
                    List(store.messages) { Text($0.subject) }
                }
            }
            """, .iOS("13.0")),
        ],
        nonTriggering: [
            // Only a view is re-created by its parent: a class and an `App` (made once) keep what they create.
            Example("""
            final class PlaybackCoordinator {
                @ObservedObject var player = PlayerModel()
            }
            @main struct PlayerApp: App {
                @ObservedObject var settings = AppSettings()
                var body: some Scene { WindowGroup { Text("player") } }
            }
            """),
            // Received from the parent: observing is right.
            Example("""
            struct InboxView: View {
                @ObservedObject var store: InboxStore
                var body: some View {
                    List(store.messages) { Text($0.subject) }
                }
            }
            """),
            // A shared instance lives elsewhere; this view does not create it.
            Example("""
            struct SettingsView: View {
                @ObservedObject var settings = AppSettings.shared
                var body: some View {
                    Toggle("Sounds", isOn: $settings.playsSounds)
                }
            }
            """),
            Example("""
            struct InboxView: View {
                @StateObject private var store = InboxStore()
                var body: some View {
                    List(store.messages) { Text($0.subject) }
                }
            }
            """),
            // A lower-case factory may hand out a cached instance: not provably a new object.
            Example("""
            struct ProfileView: View {
                @ObservedObject var session = makeSession()
                var body: some View {
                    Text(session.userName)
                }
            }
            """),
        ]
    )

    init(options: RuleOptions) {}

    func visit(_ node: VariableDeclSyntax, in file: FileWalk) {
        // Only a view is re-created by its parent; a class holding `@ObservedObject` and an `App` (made once) are not.
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, let type = file.typeStack.last,
              type.kind == .struct || type.kind == .extension, !type.inherited.contains("App"),
              let attribute = SyntaxText.attribute(named: "ObservedObject", in: node.attributes) else { return }
        for binding in node.bindings {
            guard let value = binding.initializer?.value, let created = Self.createdTypeName(value, annotation: binding.typeAnnotation),
                  SyntaxText.isCapitalized(created) else { continue }
            file.report(id, at: attribute,
                        "`@ObservedObject` creates its own `\(created)`, so every update of the parent view replaces it and its state: own it with `@StateObject private var` (or `@State private var` for an `@Observable` class)",
                        fix: Self.fix(attribute, in: file))
            return
        }
    }

    /// Swaps the wrapper only. A caller may still pass the object through the memberwise initializer, which a
    /// `private` would break; `state-not-private` adds `private` in the same `--fix` run when no caller does,
    /// and otherwise reports the call site, whose object `@StateObject` now keeps only the first time.
    private static func fix(_ attribute: AttributeSyntax, in file: FileWalk) -> Fix? {
        guard file.canUse(introducedIn: [.iOS: Version(14), .macOS: Version(11), .tvOS: Version(14), .watchOS: Version(7)]) else { return nil }
        return Fix("replace `@ObservedObject` with `@StateObject`", edits: [.replacing(attribute.attributeName, with: "StateObject")])
    }

    /// `Model` for `Model()`, `Model<T>()`, `Model.init()`, or `.init()` after a `: Model` annotation.
    private static func createdTypeName(_ value: ExprSyntax, annotation: TypeAnnotationSyntax?) -> String? {
        if let name = SyntaxText.calleeName(value) { return name }
        guard let member = value.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self),
              member.base == nil, member.declName.baseName.text == "init", let annotation else { return nil }
        return SyntaxText.typeName(annotation.type)
    }
}
