/// `@ObservedObject var model = Model()`: the view creates an object it does not own.
///
/// A project rule: the walker records where objects are created for an `@ObservedObject`
/// (`ObservedCreationFacts`); what is lost depends on other files — whether a SwiftUI parent rebuilds the holder,
/// whether the object has state, and whether the child receiving an argument holds it in `@ObservedObject`.
enum ObservedObjectCreationRule: ProjectRule {
    static let description = RuleDescription(
        id: "observed-object-creation", family: .swiftUI, severity: .advice, profiles: .all, fix: .auto,
        summary: "An `@ObservedObject` that receives an object created where it is held: its default value (`= Model()`), the view's `init`, or the parent's body (`Child(model: Model())`).",
        rationale: "`@ObservedObject` only watches an object that someone else keeps alive. When the view creates it in the property's initial value or its `init`, or the parent's body creates it in the call that builds the view, every time the parent re-renders and builds a new value of this view, a fresh object replaces the old one: loaded data, typed text and running work vanish at random-looking moments.",
        instead: "Let the view own the object with `@StateObject private var model = Model()`, which SwiftUI creates once per view identity. With an `@Observable` class, use `@State private var model = Model()`. Keep `@ObservedObject` for objects passed in from outside that someone keeps alive. Not reported: objects with no state of their own (no `@Published` property, such as a theme observer), and views that only UIKit/AppKit code, a hosting controller's `rootView:`, a `static` factory or an `async` function makes, which no SwiftUI parent rebuilds. `--fix` swaps the wrapper for `@StateObject`; `state-not-private` then makes the property private if no caller passes the object.",
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
            // Created in the view's `init`, or by the parent's body for a child that only observes it: made anew
            // each time the parent's body runs, like a property's default value.
            Example("""
            @MainActor final class ProfileModel: ObservableObject {
                @Published var name = ""
                init(userID: Int) {}
            }
            struct ProfileScreen: View {
                @ObservedObject var model: ProfileModel
                @ObservedObject private var avatar: AvatarLoader
                init(userID: Int) {
                    self.model = ↓ProfileModel(userID: userID)
                    _avatar = ObservedObject(wrappedValue: ↓AvatarLoader(userID: userID))
                }
                var body: some View { Text(model.name) }
            }
            struct SearchResults: View {
                @ObservedObject var search: SearchModel
                var body: some View { List(search.hits) { Text($0.title) } }
            }
            struct SearchTab: View {
                @State private var filter = Filter.all
                var body: some View {
                    SearchResults(search: ↓SearchModel(filter: filter))
                }
            }
            """),
        ],
        nonTriggering: [
            // tvOS 13 (and iOS 13) has no `@StateObject` to own it with: the object has to live elsewhere (a cache, the
            // parent), which the code cannot show, so the advice would not compile.
            Example("""
            struct PosterImage: View {
                @ObservedObject var loader = ImageLoader()
                var body: some View { Image(uiImage: loader.image) }
            }
            final class ImageLoader: ObservableObject {
                @Published var image = UIImage()
            }
            """, ExampleSettings(deploymentTargets: [.tvOS: Version(13, 2)])),
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
            // An object without state of its own (it re-publishes a shared theme) loses nothing when replaced; a
            // view only a hosting controller makes is never rebuilt by a SwiftUI parent; a child that owns what
            // it is given in `@StateObject` keeps the first one.
            Example("""
            class ThemeObserver: ObservableObject {
                let theme = Theme.shared
            }
            final class RowStyle: ThemeObserver {
                var tint: Color { theme.tint }
            }
            struct EpisodeRow: View {
                @ObservedObject var style = RowStyle()
                var body: some View { Text("Episode").foregroundStyle(style.tint) }
            }
            @MainActor final class AboutModel: ObservableObject {
                @Published var showsNews = false
            }
            struct AboutScreen: View {
                @ObservedObject private var model = AboutModel()
                var body: some View { Toggle("News", isOn: $model.showsNews) }
            }
            final class AboutController: UIHostingController<AboutScreen> {
                init() { super.init(rootView: AboutScreen()) }
            }
            struct ClipEditor: View {
                @ObservedObject var clip: ClipRange
                init(length: Double) { clip = ClipRange(end: length) }
                var body: some View { Slider(value: $clip.end) }
            }
            enum ClipSharing {
                static func present(length: Double, from controller: UIViewController) {
                    controller.present(UIHostingController(rootView: ClipEditor(length: length)), animated: true)
                }
            }
            final class RenderProgress: ObservableObject {
                @Published var value = 0.0
            }
            struct ShareCard: View {
                @ObservedObject var progress = RenderProgress()
                var body: some View { ProgressView(value: progress.value) }
            }
            struct CardExporter {
                func export() async throws -> Data { try await VideoRenderer.render(ShareCard()) }
            }
            struct Player: View {
                @StateObject var session: PlaybackSession
                var body: some View { Text(session.title) }
            }
            struct PlayerTab: View {
                var body: some View { Player(session: PlaybackSession()) }
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

    /// The views made only outside SwiftUI, found at the first creation that asks: most projects have none, and
    /// finding them reads every construction.
    static func gather(_ project: ProjectContext, options: RuleOptions) -> Deferred<Set<String>> {
        Deferred { viewsMadeOnlyOutsideSwiftUI(project) }
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered madeOnlyOutsideSwiftUI: Deferred<Set<String>>, options: RuleOptions,
                      report: inout [ProjectFinding]) {
        let path = file.path
        // Below iOS 14 there is no `@StateObject` to own the object with.
        guard !file.facts.observedCreations.isEmpty, project.settings(for: path).canUseStateObject else { return }
        var scope = project.index.scope(of: path)
        for found in file.facts.observedCreations {
            guard let owner = scope.id(ofEnclosing: found.enclosingType) else { continue }
            if let created = project.index.resolve(found.createdType, from: owner, in: path), holdsNoState(created, index: project.index) { continue }
            switch found.kind {
            case .propertyDefault:
                guard !madeOnlyOutsideSwiftUI.value.contains(owner) else { continue }
                let fix = found.stateObjectFix.map {
                    Fix("replace `@ObservedObject` with `@StateObject`", edits: [TextEdit(range: $0, replacement: "StateObject")])
                }
                report.append(ProjectFinding(path: path, position: found.position, message: "`@ObservedObject` creates its own `\(found.createdType)`, so every update of the parent view replaces it and its state: own it with `@StateObject private var` (or `@State private var` for an `@Observable` class)", fix: fix))
            case .initializerAssignment(let property):
                guard !madeOnlyOutsideSwiftUI.value.contains(owner), observes(property, in: owner, index: project.index) else { continue }
                report.append(ProjectFinding(path: path, position: found.position, message: "`init` creates a new `\(found.createdType)` for `@ObservedObject var \(property)` each time the parent rebuilds this view, replacing the old one and its state: own it with `@StateObject` (`_\(property) = StateObject(wrappedValue: …)`), or receive it from the parent"))
            case .argument(let view, let label):
                guard let child = project.index.resolve(view, from: owner, in: path), project.index.isView(child),
                      observes(label, in: child, index: project.index) else { continue }
                report.append(ProjectFinding(path: path, position: found.position, message: "`\(view)(\(label): \(found.createdType)(…))` creates a new `\(found.createdType)` every time this body runs, and `\(view)` only observes it (`@ObservedObject var \(label)`), so its state is replaced on each update: keep the object in this view's `@StateObject`, or let `\(view)` own it with `@StateObject`"))
            }
        }
    }

    /// `@ObservedObject var name` (stored, not static) in the type or its extensions.
    private static func observes(_ name: String, in type: String, index: ProjectIndex) -> Bool {
        index.entry(type)?.properties.first(where: { $0.name == name && $0.wrapper == "ObservedObject" && !$0.isStatic }) != nil
    }

    /// An `ObservableObject` with no `@Published` property and no property observers, in itself or its project
    /// superclasses (a theme observer that re-publishes a shared theme): a new one shows exactly what the old one
    /// did, so replacing it loses nothing.
    private static func holdsNoState(_ id: String, index: ProjectIndex) -> Bool {
        var current = index.entry(id)
        var visited = Set<String>()
        guard current?.kind == .class else { return false }
        while let entry = current, visited.insert(entry.id).inserted {
            if entry.properties.first(where: { !$0.isStatic && ($0.wrapper == "Published" || $0.hasObservers) }) != nil { return false }
            current = entry.inheritedIDs.lazy.compactMap { index.entry($0) }.first { $0.kind == .class }
        }
        return true
    }

    /// Views that only view controllers, UIKit/AppKit views or windows construct, or that are built where no body
    /// runs again (a hosting controller's `rootView:`, a `static` factory, an `async` exporter), previews aside: no SwiftUI parent rebuilds their value, so the object they create lives as long
    /// as they do. `@StateObject` is still the idiom there, but nothing is lost today.
    private static func viewsMadeOnlyOutsideSwiftUI(_ project: ProjectContext) -> Set<String> {
        var madeBySwiftUI = Set<String>()
        var madeElsewhere = Set<String>()
        let previews = project.index.ids(inheritingAnyOf: ["PreviewProvider"])
        // Whether each creator is UIKit's (nil: a preview), told once: a file's constructions mostly come from a few
        // types, in runs, and each answer walks the creator's superclasses.
        var isUIKitCreator: [String: Bool] = [:]
        for (fileIndex, links) in project.constructionLinks.enumerated() {
            let detached = Set(project.files[fileIndex].detachedViewConstructions.map { $0.position })
            var lastCreator = LastAnswer<Bool?>()
            for link in links {
                guard let creator = link.creator, case let created = link.created, project.index.isView(created),
                      let isUIKit = lastCreator.value(for: creator, { creator in
                          if previews.contains(creator) { return nil }
                          if let known = isUIKitCreator[creator] { return known }
                          let answer = isUIKitType(creator, index: project.index)
                          isUIKitCreator[creator] = answer
                          return answer
                      }) else { continue }
                if isUIKit || detached.contains(link.position) {
                    madeElsewhere.insert(created)
                } else {
                    // Views, and objects whose methods build views during a body (a stories data source).
                    madeBySwiftUI.insert(created)
                }
            }
        }
        return madeElsewhere.subtracting(madeBySwiftUI)
    }

    static let uiKitBases: Set<String> = [
        "UIViewController", "UIHostingController", "NSViewController", "NSHostingController", "UITableViewController",
        "UICollectionViewController", "NSWindowController", "UIView", "NSView", "UITableViewCell", "UICollectionViewCell",
        "NSWindow", "UIWindow", "NSHostingView", "UIResponder", "NSResponder",
    ]

    /// A view controller, UIKit/AppKit view or window, directly or through project superclasses.
    private static func isUIKitType(_ id: String, index: ProjectIndex) -> Bool {
        var current = index.entry(id)
        var visited = Set<String>()
        while let entry = current, visited.insert(entry.id).inserted {
            if entry.inherited.contains(where: { uiKitBases.contains($0) || $0.hasSuffix("ViewController") }) { return true }
            current = entry.inheritedIDs.lazy.compactMap { index.entry($0) }.first { $0.kind == .class }
        }
        return false
    }
}
