/// A model's or view model's initializer that starts loading.
///
/// A project rule: whether the class is observable (a Model or ViewModel) may be declared in another file;
/// the walker records `load…()` calls made directly in initializers or in a `Task { }` started there. A `Task`
/// that does something else (subscribing to a stream, configuring an actor) is not loading and stays quiet, and
/// so does a call directly in `init` whose result is stored (`settings = store.load()` reads a saved value).
enum ViewModelLoadsInInitRule: ProjectRule {
    static let description = RuleDescription(
        id: "viewmodel-loads-in-init", family: .observation, severity: .advice, profiles: .optIn,
        summary: "The initializer of a Model or ViewModel starts loading: a `load…()`/`fetch…()` call, directly or in a `Task { … }`.",
        rationale: "An observable object is often created before its screen appears (in a parent's body, a `@State` default value or a preview), and SwiftUI may create it more than once. Work started in `init` runs at that moment, is tied to no view, cannot be cancelled when the user leaves, and cannot be started again for a retry or pull-to-refresh.",
        instead: "Keep `init` to storing dependencies and make loading an `async` method; call it from the view's `.task { await model.load() }` (cancelled when the view disappears) and from `.refreshable` or a retry button.",
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
                    MailClient.shared.messages { self.messages = $0 }
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
                func loadForecast(for city: String) {}
                func refreshAlerts() async {}
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

    static func check(_ project: ProjectContext, options: RuleOptions, report: inout [ProjectFinding]) {
        for model in project.observableClasses where model.isScreenModel {
            for (site, path) in project.modelSites(in: model.id) {
                guard case .loadCalledInInitializer(let method, let inTask) = site.kind else { continue }
                let how = inTask ? "started from a `Task` in" : "called in"
                report.append(ProjectFinding(path: path, position: site.position, message: "`\(method)()` \(how) the initializer of `\(model.name)` loads when the object is created, tied to no view, so it can be neither cancelled nor retried: call it from the view's `.task { }` instead"))
            }
        }
    }
}
