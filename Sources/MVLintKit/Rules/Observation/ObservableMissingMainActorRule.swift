/// An observable class that views hold, without main-actor isolation.
///
/// A project rule: which views own or observe the class, its base classes and protocols, and the target's
/// default isolation are all decided by other files.
enum ObservableMissingMainActorRule: ProjectRule {
    static let description = RuleDescription(
        id: "observable-missing-main-actor", family: .observation, severity: .advice, profiles: .optIn, fix: .auto,
        summary: "An `@Observable` or `ObservableObject` class that views own, observe or bind to is not `@MainActor`-isolated.",
        rationale: "Observation tracks changes but does not make shared mutable state thread-safe. A model that SwiftUI reads on the main thread while an `async` method of the model writes it from another executor is a data race, and with `ObservableObject` it also publishes changes from a background thread, which SwiftUI warns about at run time.",
        instead: "Annotate the class with `@MainActor` (or set the target's default isolation to `MainActor`); move heavy work into an actor or a `nonisolated` service and assign results on the main actor. Domain models no view touches can keep their own isolation.",
        triggering: [
            Example("""
            ↓@Observable final class FeedModel {
                var posts: [Post] = []
                func refresh() async { posts = await PostService().latest() }
            }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View { List(model.posts) { Text($0.title) } }
            }
            """, fixed: """
            @MainActor @Observable final class FeedModel {
                var posts: [Post] = []
                func refresh() async { posts = await PostService().latest() }
            }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View { List(model.posts) { Text($0.title) } }
            }
            """),
            Example("""
            ↓final class CartStore: ObservableObject {
                @Published var items: [Item] = []
            }
            struct CartView: View {
                @ObservedObject var store: CartStore
                var body: some View { Text("\\(store.items.count) items") }
            }
            """, fixed: """
            @MainActor final class CartStore: ObservableObject {
                @Published var items: [Item] = []
            }
            struct CartView: View {
                @ObservedObject var store: CartStore
                var body: some View { Text("\\(store.items.count) items") }
            }
            """),
            // Held through a subclass: isolation belongs on the base class, which views reach through both.
            Example("""
            ↓class SearchModel: ObservableObject {
                @Published var query = ""
            }
            final class PeopleSearchModel: SearchModel {}
            final class PlaceSearchModel: SearchModel {}
            struct PeopleSearch: View {
                @StateObject private var search = PeopleSearchModel()
                var body: some View { TextField("Name", text: $search.query) }
            }
            struct PlaceSearch: View {
                @StateObject private var search = PlaceSearchModel()
                var body: some View { TextField("Place", text: $search.query) }
            }
            """, fixed: """
            @MainActor class SearchModel: ObservableObject {
                @Published var query = ""
            }
            final class PeopleSearchModel: SearchModel {}
            final class PlaceSearchModel: SearchModel {}
            struct PeopleSearch: View {
                @StateObject private var search = PeopleSearchModel()
                var body: some View { TextField("Name", text: $search.query) }
            }
            struct PlaceSearch: View {
                @StateObject private var search = PlaceSearchModel()
                var body: some View { TextField("Place", text: $search.query) }
            }
            """),
            // Read from the environment and bound with `@Bindable`.
            Example("""
            ↓@Observable
            class ProfileEditor {
                var name = ""
            }
            struct NameField: View {
                @Bindable var editor: ProfileEditor
                var body: some View { TextField("Name", text: $editor.name) }
            }
            struct ProfileScreen: View {
                @Environment(ProfileEditor.self) private var editor
                var body: some View { NameField(editor: editor) }
            }
            """, fixed: """
            @MainActor @Observable
            class ProfileEditor {
                var name = ""
            }
            struct NameField: View {
                @Bindable var editor: ProfileEditor
                var body: some View { TextField("Name", text: $editor.name) }
            }
            struct ProfileScreen: View {
                @Environment(ProfileEditor.self) private var editor
                var body: some View { NameField(editor: editor) }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            @MainActor @Observable final class FeedModel {
                var posts: [Post] = []
            }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View { List(model.posts) { Text($0.title) } }
            }
            """),
            // A domain model no view holds chooses its own isolation.
            Example("""
            @Observable final class SyncJournal {
                var pendingChanges: [Change] = []
            }
            actor SyncEngine {
                let journal = SyncJournal()
            }
            """),
            // Isolation inherited from a `@MainActor` base class, or from a `@MainActor` protocol it adopts.
            Example("""
            @MainActor class ScreenModel: ObservableObject {
                @Published var isBusy = false
            }
            final class SettingsModel: ScreenModel {
                @Published var useMetric = true
            }
            @MainActor protocol Screen: AnyObject {}
            @Observable final class HomeModel: Screen {
                var greeting = ""
            }
            struct SettingsView: View {
                @StateObject private var model = SettingsModel()
                @State private var home = HomeModel()
                var body: some View { Toggle("Metric", isOn: $model.useMetric) }
            }
            """),
            // A custom global actor isolates the class too.
            Example("""
            @globalActor actor RenderActor {
                static let shared = RenderActor()
            }
            @RenderActor @Observable final class CanvasModel {
                var strokes: [Stroke] = []
            }
            struct CanvasView: View {
                let model: CanvasModel
                var body: some View { Text("\\(model.strokes.count)") }
            }
            """),
            // A `Sendable` class vouches for its own thread safety (here with a lock), checked by the compiler.
            Example("""
            @Observable final class SessionClient: Sendable {
                private let token = Mutex<String?>(nil)
                func signIn() async {}
            }
            struct AccountView: View {
                @Environment(SessionClient.self) private var client
                var body: some View { Button("Sign in") { Task { await client.signIn() } } }
            }
            """),
        ]
    )

    /// Framework classes and protocols that are `@MainActor`: a class inheriting or adopting one in its declaration is isolated.
    static let mainActorFrameworkTypes: Set<String> = [
        "UIResponder", "UIView", "UIViewController", "UIApplication", "UIWindow", "UIScene", "UIWindowScene",
        "UIHostingController", "UINavigationController", "UITabBarController", "UISplitViewController",
        "UITableViewController", "UICollectionViewController", "UIPageViewController",
        "UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate",
        "NSResponder", "NSView", "NSViewController", "NSWindow", "NSWindowController", "NSApplication",
        "NSHostingController", "NSApplicationDelegate",
    ]

    static func check(_ project: ProjectContext, options: RuleOptions, report: inout [ProjectFinding]) {
        let index = project.index
        // Isolation must be declared on the topmost observable class: a subclass cannot be main-actor
        // isolated while its superclass is not. So findings about subclasses gather on that root class.
        var holdersByRoot: [String: Set<String>] = [:]
        for model in project.observableClasses where !isThreadSafe(model.id, project: project) {
            let views = project.architecture.relations.filter { relation in
                relation.to == model.id && project.architecture.role(of: relation.from)?.isView == true
                    && (relation.kind == .owns || relation.kind == .observes || relation.kind == .injects)
            }.map { index.displayName($0.from) }
            guard !views.isEmpty else { continue }
            holdersByRoot[observableRoot(of: model.id, index: index), default: []].formUnion(views)
        }
        for (root, views) in holdersByRoot.sorted(by: { $0.key < $1.key }) {
            guard let entry = index.entry(root), let declaration = entry.declaration, let path = entry.declarationPath,
                  !isThreadSafe(root, project: project) else { continue }
            let names = views.sorted()
            let holders = names.count == 1 ? "`\(names[0])`" : "`\(names[0])` and \(names.count - 1) more views"
            // Unsafe: isolating the class changes which code may call it synchronously, which the compiler then checks.
            let rootName = index.displayName(root)
            let fix = declaration.position.utf8Offset.map {
                Fix("annotate `\(rootName)` with `@MainActor`", safety: .unsafe, edits: [.insert("@MainActor ", at: $0)])
            }
            report.append(ProjectFinding(path: path, position: declaration.position, message: "`\(rootName)` is held by \(holders) but is not `@MainActor`-isolated, so its state can change off the main thread while SwiftUI reads it: annotate the class with `@MainActor`", fix: fix))
        }
    }

    /// Isolated to a global actor (itself, a base class, an adopted protocol, the target's default), or declared
    /// `Sendable`: then the class vouches for its own thread safety (locks, immutable state) and the compiler checks it.
    static func isThreadSafe(_ id: String, project: ProjectContext) -> Bool {
        guard let entry = project.index.entry(id), let path = entry.declarationPath else { return true }
        return project.settings(for: path).defaultIsolationIsMainActor || entry.inherited.contains("Sendable")
            || isGlobalActorIsolated(id, index: project.index, visiting: [])
    }

    /// The topmost observable class the project declares on the way up from `name`.
    static func observableRoot(of id: String, index: ProjectIndex) -> String {
        var current = id
        var visited: Set<String> = [id]
        while let parent = index.entry(current)?.inheritedIDs.first(where: {
            index.entry($0)?.kind == .class && index.isObservableClass($0)
        }), visited.insert(parent).inserted {
            current = parent
        }
        return current
    }

    /// `@MainActor` or another global actor on the class, on a base class, or on a protocol its declaration adopts.
    static func isGlobalActorIsolated(_ id: String, index: ProjectIndex, visiting: Set<String>) -> Bool {
        guard !visiting.contains(id), let entry = index.entry(id), let declaration = entry.declaration else { return false }
        let path = entry.declarationPath ?? ""
        let isGlobalActorAttribute = { (attribute: String) in
            attribute == "MainActor"
                || index.resolve(attribute, from: id, in: path).flatMap { index.entry($0)?.declaration?.attributes.contains("globalActor") } == true
        }
        if declaration.attributes.contains(where: isGlobalActorAttribute) { return true }
        return declaration.inherited.contains { mainActorFrameworkTypes.contains($0) }
            || entry.inheritedIDs.contains { isGlobalActorIsolated($0, index: index, visiting: visiting.union([id])) }
    }
}
