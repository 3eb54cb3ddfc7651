/// A screen model's or view model's initializer that starts asynchronous work.
///
/// A project rule: whether the class is observable (a Model or ViewModel), and what its methods do, may be
/// declared in other files. The walker records the first work a `Task` started in an initializer awaits, whatever
/// its name (`currentSubscriptionFeatures()`, `URLSession.shared.data(from:)`), and own `load…()` calls made
/// directly in an initializer; those count only when the method starts asynchronous work itself (a `Task`, a
/// network call, asking a service to fetch): a synchronous read of local data is set-up. A `Task` that only
/// subscribes (`for await`), configures an actor or waits stays quiet, and so does an `async` initializer, which
/// runs in its caller's task.
enum ViewModelLoadsInInitRule: ProjectRule {
    static let description = RuleDescription(
        id: "viewmodel-loads-in-init", family: .observation, severity: .advice, profiles: .optIn,
        summary: "The initializer of a screen's Model or ViewModel starts asynchronous work: a `Task { … }` that awaits work, or a `load…()` method that starts some.",
        rationale: "An observable object is often created before its screen appears (in a parent's body, a `@State` default value or a preview), and SwiftUI may create it more than once. Work started in `init` runs at that moment, is tied to no view, cannot be cancelled when the user leaves, and cannot be started again for a retry or pull-to-refresh.",
        instead: "Keep `init` to storing dependencies and make loading an `async` method; call it from the view's `.task { await model.load() }` (cancelled when the view disappears) and from `.refreshable` or a retry button. Not reported: cheap synchronous set-up (reading saved settings or a local store), an `async` initializer, a `Task` that subscribes to later changes, and objects only view controllers or other objects create, which have no `.task` to move the work to.",
        triggering: [
            Example("""
            @MainActor final class ArticleViewModel: ObservableObject {
                @Published private(set) var article: Article?
                private let service: ArticleService
                init(service: ArticleService) {
                    self.service = service
                    Task { await ↓load() }
                }
                func load() async { article = try? await service.article() }
            }
            """),
            Example("""
            @Observable final class InboxModel {
                private(set) var messages: [Message] = []
                init() {
                    ↓fetchMessages()
                }
                func fetchMessages() {
                    MailClient.shared.fetchMessages { self.messages = $0 }
                }
            }
            struct InboxView: View {
                @State private var model = InboxModel()
                var body: some View { List(model.messages) { Text($0.subject) } }
            }
            """),
            Example("""
            @Observable final class WeatherViewModel {
                var forecast: Forecast?
                init(city: String) {
                    ↓self.loadForecast(for: city)
                    Task.detached { [weak self] in await ↓self?.refreshAlerts() }
                }
                func loadForecast(for city: String) {
                    Task { forecast = await WeatherAPI.forecast(for: city) }
                }
                func refreshAlerts() async {}
            }
            """),
            // A Combine pipeline that starts with a fetch delivers its results later.
            Example("""
            final class FiltersViewModel: ObservableObject {
                @Published var filters: [Filter] = []
                private let source: PlaybackSource
                private var cancellables = Set<AnyCancellable>()
                init(source: PlaybackSource) {
                    self.source = source
                    ↓loadFilters()
                }
                func loadFilters() {
                    source.fetchFilters()
                        .receive(on: RunLoop.main)
                        .sink { [weak self] in self?.filters = $0 }
                        .store(in: &cancellables)
                }
            }
            struct FiltersScreen: View {
                @StateObject private var model = FiltersViewModel(source: .live)
                var body: some View { List(model.filters) { Text($0.title) } }
            }
            """),
            // Loading by any name: whatever work the task awaits, the model's own or a framework's.
            Example("""
            @MainActor @Observable final class PaywallViewModel {
                var features: [Feature] = []
                var banner: Data?
                private let store: SubscriptionStore
                init(store: SubscriptionStore, bannerURL: URL) {
                    self.store = store
                    Task { features = await ↓store.currentSubscriptionFeatures() }
                    Task {
                        try? await Task.sleep(for: .seconds(1))
                        banner = try? await ↓URLSession.shared.data(from: bannerURL).0
                    }
                }
            }
            struct PaywallScreen: View {
                @State private var model = PaywallViewModel(store: .live, bannerURL: .banner)
                var body: some View { FeatureList(features: model.features) }
            }
            """),
        ],
        nonTriggering: [
            // App-lifetime objects load once for the app: a singleton, and a store the `App` creates. The screen's
            // `.task` rule is about one screen's view model.
            Example("""
            final class ThemeManager: ObservableObject {
                static let shared = ThemeManager()
                @Published private(set) var themes: [Theme] = []
                private init() { loadThemes() }
                func loadThemes() {}
            }
            @Observable final class AppStore {
                var account: Account?
                init() { Task { await fetchAccount() } }
                func fetchAccount() async {}
            }
            @main struct NotesApp: App {
                @State private var store = AppStore()
                var body: some Scene { WindowGroup { Text("notes").environment(store) } }
            }
            """),
            // A model whose lifetime nothing tells (no view creates it, it is no `*ViewModel`) is not judged.
            Example("""
            @Observable final class SyncEngine {
                init() { Task { await fetchChanges() } }
                func fetchChanges() async {}
            }
            """),
            // Loading is a method the view calls from `.task`.
            Example("""
            @MainActor @Observable final class ArticleViewModel {
                private(set) var article: Article?
                private let service: ArticleService
                init(service: ArticleService) { self.service = service }
                func load() async { article = try? await service.article() }
            }
            struct ArticleScreen: View {
                @State private var viewModel = ArticleViewModel(service: .live)
                var body: some View {
                    Text(viewModel.article?.title ?? "")
                        .task { await viewModel.load() }
                }
            }
            """),
            // Reading a stored value to initialise a property starts no work.
            Example("""
            @MainActor @Observable final class LibraryModel {
                var preferences: Preferences
                private let store: PreferencesStore
                init(store: PreferencesStore) {
                    self.store = store
                    preferences = store.load() ?? Preferences()
                }
            }
            """),
            // A callback registered in `init` runs later, on its event; that is not loading in `init`.
            Example("""
            @Observable final class SessionModel {
                var isSignedIn = false
                init(center: NotificationCenter) {
                    center.addObserver(forName: .signedOut, object: nil, queue: .main) { _ in
                        Task { await self.reloadAccount() }
                    }
                }
                func reloadAccount() async {}
            }
            """),
            // Not an observable class: a plain service may prepare itself however it likes.
            Example("""
            final class ImagePrefetcher {
                init(urls: [URL]) {
                    Task { await prefetch(urls) }
                    loadIndex()
                }
                func prefetch(_ urls: [URL]) async {}
                func loadIndex() {}
            }
            """),
            // Names that only start like the verbs: `loaded`, `fetchedAt`.
            Example("""
            @Observable final class DraftModel {
                var text: String
                init(text: String) {
                    self.text = text
                    loadedFlagsReset()
                }
                func loadedFlagsReset() {}
            }
            """),
            // Synchronous set-up that reads what is already there, and a `load(content:)` that shows what it was
            // given; an `async` initializer, whose work runs in its caller's task; a window request, not I/O.
            Example("""
            @MainActor final class BookmarksViewModel: ObservableObject {
                @Published private(set) var items: [Bookmark] = []
                @Published private(set) var html = ""
                private let store: BookmarkStore
                init(store: BookmarkStore, note: String) {
                    self.store = store
                    reload()
                    load(content: note)
                    refreshWindows()
                }
                func reload() { items = store.bookmarks(sorted: .newest) }
                func load(content: String) { html = Markdown.render(content) }
                func refreshWindows() { UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil) }
            }
            @MainActor final class ReceiptViewModel: ObservableObject {
                @Published private(set) var receipt: Receipt
                init(api: ReceiptAPI) async throws {
                    receipt = .empty
                    try await loadReceipt(api)
                }
                func loadReceipt(_ api: ReceiptAPI) async throws { receipt = try await api.latest() }
            }
            """),
            // Made only by a view controller: no SwiftUI `.task` to move the work to.
            Example("""
            @MainActor final class UploadViewModel: ObservableObject {
                @Published var progress = 0.0
                init(file: URL) { Task { await upload(file) } }
                func upload(_ file: URL) async {}
            }
            final class UploadViewController: UIViewController {
                lazy var model = UploadViewModel(file: file)
                let file: URL
            }
            """),
            // A `Task` that subscribes to updates or configures an actor is not loading.
            Example("""
            @MainActor @Observable final class ChatViewModel {
                private(set) var messages: [Message] = []
                init(room: Room, cache: MessageCache) {
                    Task { await cache.setRoom(room.id) }
                    Task { for await message in room.updates { messages.append(message) } }
                }
            }
            """),
        ]
    )

    /// The project's constructions by the type they create.
    static func gather(_ project: ProjectContext, options: RuleOptions) -> [String: [ConstructionLink]] {
        Dictionary(grouping: project.constructionLinks.joined(), by: \.created)
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered linksByCreated: [String: [ConstructionLink]], options: RuleOptions,
                      report: inout [ProjectFinding]) {
        for model in project.observableClasses(touching: file)
        where model.isScreenModel && isMadeBySwiftUI(model, links: linksByCreated[model.id] ?? [], project: project) {
            let sites = project.modelSites(in: model.id)
            var asyncMethods: [String: String] = [:]
            for (site, _) in sites {
                if case .startsAsyncWork(let method, let how) = site.kind, asyncMethods[method] == nil { asyncMethods[method] = how }
            }
            for (site, path) in sites where path == file.path {
                guard case .loadCalledInInitializer(let method, let inTask) = site.kind else { continue }
                let how: String
                if inTask {
                    how = "awaited in a `Task` started by"
                } else if let work = asyncMethods[method] {
                    how = "(which \(work)) called in"
                } else {
                    // A synchronous `load()` that reads local data is set-up: nothing to cancel, nothing to retry.
                    continue
                }
                report.append(ProjectFinding(path: path, position: site.position, message: "`\(method)()` \(how) the initializer of `\(model.name)` starts work when the object is created, tied to no view, so it can be neither cancelled nor retried: call it from the view's `.task { }` instead"))
            }
        }
    }

    /// Some SwiftUI view creates it, or nothing in the project does (a `*ViewModel` by name). One that only view
    /// controllers, cells or other objects create has no `.task` to move the work to, and often starts its
    /// pipeline on creation on purpose.
    /// `links`: the constructions of the model.
    private static func isMadeBySwiftUI(_ model: ObservableClass, links: [ConstructionLink], project: ProjectContext) -> Bool {
        var madeElsewhere = false
        for link in links where link.writtenName == model.entry.name {
            guard let creator = link.creator, creator != model.id else { continue }
            if project.index.isView(creator) { return true }
            madeElsewhere = true
        }
        return !madeElsewhere
    }
}
