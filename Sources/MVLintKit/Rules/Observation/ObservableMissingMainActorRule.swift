/// An observable class that views hold, without main-actor isolation.
///
/// A project rule: which views own or observe the class, its base classes and protocols, and the target's
/// default isolation are all decided by other files.
enum ObservableMissingMainActorRule: ProjectRule {
    static let description = RuleDescription(
        id: "observable-missing-main-actor", family: .observation, severity: .advice, profiles: .optIn, fix: .auto,
        summary: "An `@Observable` or `ObservableObject` class that views own, observe or bind to is not `@MainActor`-isolated, and its own code sets observed state off the main thread.",
        rationale: "Observation tracks changes but does not make shared mutable state thread-safe. A model that SwiftUI reads on the main thread while its own code writes it from another thread is a data race, and with `ObservableObject` it also publishes changes from a background thread, which SwiftUI warns about at run time. Reported only where the code shows such a write: in a nonisolated `async` method (it runs on the global executor, SE-0338), in a `Task {}` that a nonisolated method starts (it inherits no actor), in `Task.detached`, on a global or the class's own dispatch queue, or in a `URLSession` completion handler. A class whose writes all happen in synchronous methods, `DispatchQueue.main.async`, `MainActor.run` or callbacks of unknown threads is left alone: annotating it would be hardening, not a fix. Declaring the class `Sendable` (or `@unchecked Sendable`) does not help: a non-final class cannot be checked `Sendable` at all, and SwiftUI's reads of a property written off the main thread still race. (With Swift 6.2's `NonisolatedNonsendingByDefault`, a nonisolated `async` method runs on its caller's actor; mvlint does not read that setting yet.)",
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
            // A `URLSession` completion handler runs on the session's background queue.
            Example("""
            ↓final class CartStore: ObservableObject {
                @Published var items: [Item] = []
                func load() {
                    URLSession.shared.dataTask(with: .cart) { data, _, _ in
                        self.items = Item.decode(data)
                    }.resume()
                }
            }
            struct CartView: View {
                @ObservedObject var store: CartStore
                var body: some View { Text("\\(store.items.count) items") }
            }
            """, fixed: """
            @MainActor final class CartStore: ObservableObject {
                @Published var items: [Item] = []
                func load() {
                    URLSession.shared.dataTask(with: .cart) { data, _, _ in
                        self.items = Item.decode(data)
                    }.resume()
                }
            }
            struct CartView: View {
                @ObservedObject var store: CartStore
                var body: some View { Text("\\(store.items.count) items") }
            }
            """),
            // Held through a subclass: isolation belongs on the base class, which views reach through both. A
            // `Task {}` started by a nonisolated method inherits no actor.
            Example("""
            ↓class SearchModel: ObservableObject {
                @Published var query = ""
                @Published var results: [String] = []
                func search() {
                    Task { results = await SearchService().results(for: query) }
                }
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
                @Published var results: [String] = []
                func search() {
                    Task { results = await SearchService().results(for: query) }
                }
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
            // `@unchecked Sendable` vouches for nothing here: a detached task writes what the view reads.
            Example("""
            ↓@Observable
            class ProfileEditor: @unchecked Sendable {
                var name = ""
                func restore() {
                    Task.detached { self.name = await Backup.lastName() }
                }
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
            class ProfileEditor: @unchecked Sendable {
                var name = ""
                func restore() {
                    Task.detached { self.name = await Backup.lastName() }
                }
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
            // A queue of the class's own is a background thread.
            Example("""
            ↓final class ThumbnailCache: ObservableObject {
                @Published var images: [URL: Data] = [:]
                private let workQueue = DispatchQueue(label: "thumbnails")
                func prefetch(_ url: URL) {
                    workQueue.async { self.images[url] = try? Data(contentsOf: url) }
                }
            }
            struct Gallery: View {
                @StateObject private var cache = ThumbnailCache()
                var body: some View { Text("\\(cache.images.count)") }
            }
            """, fixed: """
            @MainActor final class ThumbnailCache: ObservableObject {
                @Published var images: [URL: Data] = [:]
                private let workQueue = DispatchQueue(label: "thumbnails")
                func prefetch(_ url: URL) {
                    workQueue.async { self.images[url] = try? Data(contentsOf: url) }
                }
            }
            struct Gallery: View {
                @StateObject private var cache = ThumbnailCache()
                var body: some View { Text("\\(cache.images.count)") }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            @MainActor @Observable final class FeedModel {
                var posts: [Post] = []
                func refresh() async { posts = await PostService().latest() }
            }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View { List(model.posts) { Text($0.title) } }
            }
            """),
            // Every write already happens on the main thread: synchronous methods that views call, results handed
            // back through `DispatchQueue.main.async`, `MainActor.run` or a `@MainActor` method. Annotating the
            // class would document that, not fix a race.
            Example("""
            final class MenuStore: ObservableObject {
                @Published var selected = 0
                @Published var items: [String] = []
                @Published var error: String?
                func select(_ index: Int) { selected = index }
                func load() {
                    DispatchQueue.global().async {
                        let loaded = Menu.read()
                        DispatchQueue.main.async { self.items = loaded }
                    }
                }
                func refresh() async {
                    let loaded = await Menu.fetch()
                    await MainActor.run { self.items = loaded }
                }
                @MainActor func fail(_ message: String) async { error = message }
            }
            struct MenuView: View {
                @StateObject private var store = MenuStore()
                var body: some View { Text(store.items[store.selected]) }
            }
            """),
            // A completion handler of an API whose thread the code does not show is not evidence either.
            Example("""
            @Observable final class PurchaseModel {
                var isPurchased = false
                func buy(with store: StoreClient) {
                    store.purchase { result in self.isPurchased = result }
                }
            }
            struct BuyButton: View {
                let model: PurchaseModel
                var body: some View { Text(model.isPurchased ? "Owned" : "Buy") }
            }
            """),
            // A domain model no view holds chooses its own isolation.
            Example("""
            @Observable final class SyncJournal {
                var pendingChanges: [Change] = []
                func record() async { pendingChanges = await Change.pending() }
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
                func reload() async { useMetric = await Settings.metric() }
            }
            @MainActor protocol Screen: AnyObject {}
            @Observable final class HomeModel: Screen {
                var greeting = ""
                func load() async { greeting = await Greeting.today() }
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
                func load() async { strokes = await Stroke.saved() }
            }
            struct CanvasView: View {
                let model: CanvasModel
                var body: some View { Text("\\(model.strokes.count)") }
            }
            """),
            // A `Sendable` class whose state sits behind a lock has no tracked state to race on.
            Example("""
            @Observable final class SessionClient: Sendable {
                private let token = Mutex<String?>(nil)
                func signIn() async { token.withLock { $0 = "signed-in" } }
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

    /// Isolation must be declared on the topmost observable class: a subclass cannot be main-actor isolated while its
    /// superclass is not. So what is found about subclasses gathers on that root class.
    struct Gathered {
        /// The views holding each root's classes that are not isolated.
        var holdersByRoot: [String: Set<String>] = [:]
        /// The off-main writes of each root's classes.
        var writesByRoot: [String: [OffMainWrite]] = [:]
    }

    static func gather(_ project: ProjectContext, options: RuleOptions) -> Gathered {
        let index = project.index
        var gathered = Gathered()
        for model in project.observableClasses where !isIsolated(model.id, project: project) {
            let views = project.architecture.relations.filter { relation in
                relation.to == model.id && project.architecture.role(of: relation.from)?.isView == true
                    && (relation.kind == .owns || relation.kind == .observes || relation.kind == .injects)
            }.map { index.displayName($0.from) }
            guard !views.isEmpty else { continue }
            gathered.holdersByRoot[observableRoot(of: model.id, index: index), default: []].formUnion(views)
        }
        // A base class's own writes count for the subclasses views hold, and the other way round.
        for (id, writes) in offMainWrites(project) { gathered.writesByRoot[observableRoot(of: id, index: index), default: []] += writes }
        return gathered
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Gathered, options: RuleOptions, report: inout [ProjectFinding]) {
        let index = project.index
        // In name order, as the file's types are.
        for entry in project.types(declaredIn: file) {
            guard let views = gathered.holdersByRoot[entry.id] else { continue }
            let root = entry.id
            // Without a write that runs off the main thread, isolating the class is hardening, not a fix.
            guard let declaration = entry.declaration, let path = entry.declarationPath, !isIsolated(root, project: project),
                  let write = gathered.writesByRoot[root]?.min(by: Self.comesFirst) else { continue }
            let names = views.sorted()
            let holders = names.count == 1 ? "`\(names[0])`" : "`\(names[0])` and \(names.count - 1) more views"
            // Unsafe: isolating the class changes which code may call it synchronously, which the compiler then checks.
            let rootName = index.displayName(root)
            let fix = declaration.position.utf8Offset.map {
                Fix("annotate `\(rootName)` with `@MainActor`", safety: .unsafe, edits: [.insert("@MainActor ", at: $0)])
            }
            let place = write.path == path ? "line \(write.position.line)" : "\(write.path.split(separator: "/").last ?? ""):\(write.position.line)"
            report.append(ProjectFinding(path: path, position: declaration.position, message: "`\(rootName)` is held by \(holders) but is not `@MainActor`-isolated, and it sets `\(write.property)` \(write.context) (\(place)), so SwiftUI reads state that changes off the main thread: annotate the class with `@MainActor` (and hop back with `await` where the work runs elsewhere)", fix: fix))
        }
    }

    /// A write of observed state whose code runs off the main thread.
    struct OffMainWrite {
        var property: String
        var context: String
        var path: String
        var position: SourcePosition
    }

    /// The write a message names: the first in the project's files. A total order: the writes of a root are gathered
    /// from a table whose order changes from run to run, and two may share a line.
    static func comesFirst(_ lhs: OffMainWrite, _ rhs: OffMainWrite) -> Bool {
        (lhs.path, lhs.position.line, lhs.position.column, lhs.property, lhs.context)
            < (rhs.path, rhs.position.line, rhs.position.column, rhs.property, rhs.context)
    }

    /// Per observable class, its own writes of tracked properties (its own or inherited) that run off the main thread.
    static func offMainWrites(_ project: ProjectContext) -> [String: [OffMainWrite]] {
        let index = project.index
        let tracked = Dictionary(project.observableClasses.map { ($0.id, Set($0.trackedProperties.map(\.name))) }, uniquingKeysWith: { a, _ in a })
        var writes: [String: [OffMainWrite]] = [:]
        for file in project.files {
            var scope = index.scope(of: file.path)
            for write in file.memberWrites {
                guard let context = write.offMainContext, let id = scope.id(ofEnclosing: write.enclosingType),
                      tracked[id] != nil else { continue }
                var current: String? = id
                var visited = Set<String>()
                while let candidate = current, visited.insert(candidate).inserted {
                    if tracked[candidate]?.contains(write.member) == true {
                        writes[id, default: []].append(OffMainWrite(property: write.member, context: context, path: file.path, position: write.position))
                        break
                    }
                    current = index.entry(candidate)?.inheritedIDs.first { index.kind(of: $0) == .class }
                }
            }
        }
        return writes
    }

    /// Isolated to a global actor (itself, a base class, an adopted protocol, the target's default). A `Sendable`
    /// declaration is no isolation: observed state it writes off the main thread still races with SwiftUI's reads.
    static func isIsolated(_ id: String, project: ProjectContext) -> Bool {
        guard let entry = project.index.entry(id), let path = entry.declarationPath else { return true }
        return project.settings(for: path).defaultIsolationIsMainActor || isGlobalActorIsolated(id, index: project.index, visiting: [])
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
