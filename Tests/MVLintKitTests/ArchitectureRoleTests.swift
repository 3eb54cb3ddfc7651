@testable import MVLintKit
import XCTest

/// The role classifier and the relations it draws, one recognition path per test, across files where it matters.
final class ArchitectureRoleTests: XCTestCase {
    /// The architecture of several in-memory files linted as one project.
    private func architecture(_ files: [String: String]) -> Architecture {
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let facts = files.keys.sorted().map { engine.analyze(path: $0, text: files[$0] ?? "", settings: .unknown).facts }
        return ProjectContext(files: facts, settingsByPath: [:]).architecture
    }

    private func assertRole(_ name: String, _ role: Role, evidence: String? = nil, in architecture: Architecture,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(architecture.role(of: name), role, name, file: file, line: line)
        if let evidence {
            let texts = architecture.roles[name]?.evidence.map(\.text) ?? []
            XCTAssertTrue(texts.contains(evidence), "\(name): \(texts)", file: file, line: line)
        }
    }

    /// `kind from→to via`, sorted, for compact comparisons.
    private func relationSummary(_ architecture: Architecture) -> [String] {
        architecture.relations.map { "\($0.kind.rawValue) \($0.from)→\($0.to) \($0.via)" }.sorted()
    }

    private let library = """
    import Observation
    @Observable final class Library {
        var books: [Book] = []
    }
    struct Book: Identifiable { let id: Int; var title: String }
    final class Preferences: ObservableObject {
        @Published var sortsByTitle = true
    }

    """

    /// A service that adopts two service-named protocols is said to implement the first one written. Ten such types, in
    /// both orders, so that evidence taken from the set of conformances (whose order changes from run to run) could
    /// not pass by chance.
    func testAServicesEvidenceNamesTheFirstServiceProtocolWritten() {
        var code = "protocol FeedClient { func load() }\nprotocol UserRepository { func fetch() }\n"
        for number in 0..<10 {
            let conformances = number.isMultiple(of: 2) ? "FeedClient, UserRepository" : "UserRepository, FeedClient"
            code += "struct Live\(number): \(conformances) { func load() {}; func fetch() {} }\n"
        }
        let architecture = architecture(["Live.swift": code])
        for number in 0..<10 {
            assertRole("Live\(number)", .service, evidence: number.isMultiple(of: 2) ? "implements FeedClient" : "implements UserRepository",
                       in: architecture)
        }
    }

    // MARK: Containers

    func testEachWayOfHoldingAnObservableMakesAContainer() {
        let cases: [(view: String, property: String, relation: String)] = [
            ("OwnsWithState", "@State private var library = Library()", "owns OwnsWithState→Library @State"),
            ("OwnsWithStateObject", "@StateObject private var preferences = Preferences()", "owns OwnsWithStateObject→Preferences @StateObject"),
            ("ObservesObject", "@ObservedObject var preferences: Preferences", "observes ObservesObject→Preferences @ObservedObject"),
            ("ReadsEnvironmentObject", "@EnvironmentObject var preferences: Preferences", "observes ReadsEnvironmentObject→Preferences @EnvironmentObject"),
            ("ReadsEnvironment", "@Environment(Library.self) private var library", "observes ReadsEnvironment→Library @Environment"),
            ("BindsLibrary", "@Bindable var library: Library", "observes BindsLibrary→Library @Bindable"),
            ("HoldsLibrary", "let library: Library", "observes HoldsLibrary→Library let"),
        ]
        for (view, property, relation) in cases {
            let source = "import SwiftUI\nstruct \(view): View {\n    \(property)\n    var body: some View { Text(\"shelf\") }\n}\n"
            let architecture = architecture(["Library.swift": library, "\(view).swift": source])
            assertRole(view, .container, in: architecture)
            XCTAssertEqual(relationSummary(architecture), [relation], view)
            XCTAssertEqual(architecture.relations.first?.position.line, 3, view)
        }
    }

    func testQueryMakesAContainerWithoutARelation() {
        let source = """
        import SwiftData
        import SwiftUI
        struct RecipeList: View {
            @Query(sort: \\Recipe.name) private var recipes: [Recipe]
            var body: some View { List(recipes) { Text($0.name) } }
        }
        """
        let architecture = architecture(["RecipeList.swift": source])
        assertRole("RecipeList", .container, evidence: "queries data via @Query", in: architecture)
        XCTAssertEqual(architecture.relations.count, 0)
    }

    func testEnvironmentKeyPathsDoNotMakeAContainer() {
        let source = """
        import SwiftUI
        struct CloseButton: View {
            @Environment(\\.dismiss) private var dismiss
            var body: some View { Button("Close") { dismiss() } }
        }
        """
        assertRole("CloseButton", .presentation, in: architecture(["CloseButton.swift": source]))
    }

    func testContainerThatLaysOutManyViewsIsMixed() {
        let rows = (1...13).map { "            Text(\"Line \($0)\")" }.joined(separator: "\n")
        let source = """
        import SwiftUI
        struct Dashboard: View {
            @Environment(Library.self) private var library
            var body: some View {
                VStack {
        \(rows)
                }
            }
        }
        """
        let architecture = architecture(["Library.swift": library, "Dashboard.swift": source])
        assertRole("Dashboard", .mixed, evidence: "lays out 14 views in body", in: architecture)
    }

    // MARK: Presentation

    func testValuesBindingsClosuresContentAndVisualStateArePresentation() {
        let source = """
        import SwiftUI
        struct BookCard<Accessory: View>: View {
            let book: Book
            @Binding var isFavorite: Bool
            var onOpen: () -> Void
            @ViewBuilder let accessory: Accessory
            @State private var isExpanded = false
            var body: some View {
                VStack { Text(book.title); accessory }
                    .onTapGesture { onOpen() }
            }
        }
        struct Shelf<Content: View>: View {
            @ViewBuilder var content: () -> Content
            var body: some View { HStack(content: content) }
        }
        """
        let architecture = architecture(["Library.swift": library, "BookCard.swift": source])
        assertRole("BookCard", .presentation, evidence: "stores only values, bindings and closures", in: architecture)
        assertRole("Shelf", .presentation, in: architecture)
        XCTAssertEqual(architecture.relations.count, 0, "\(relationSummary(architecture))")
    }

    // MARK: Models and view models

    func testModelOrViewModel() {
        let source = """
        import Observation
        import SwiftUI
        @Observable final class CheckoutViewModel { var total = 0 }
        @Observable final class SearchScreenData {
            var results: [String] = []
            var isLoading = false
            var errorMessage: String?
        }
        @Observable final class Cart {
            var items: [String] = []
            var isLoading = false
        }
        struct SearchScreen: View {
            @State private var data = SearchScreenData()
            @State private var cart = Cart()
            var body: some View { Text("search") }
        }
        struct CartScreen: View {
            @State private var cart = Cart()
            var body: some View { Text("cart") }
        }
        """
        let architecture = architecture(["Screens.swift": source])
        assertRole("CheckoutViewModel", .viewModel, evidence: "@Observable class named *ViewModel", in: architecture)
        assertRole("SearchScreenData", .viewModel,
                   evidence: "@Observable class owned only by SearchScreen and holding its loading/error state", in: architecture)
        // Owned by two screens: shared app state, even though it has a loading flag.
        assertRole("Cart", .model, evidence: "@Observable class", in: architecture)
    }

    func testObservableObjectSubclassIsAModel() {
        let source = """
        import Combine
        class BaseStore: ObservableObject {}
        final class InboxStore: BaseStore {
            @Published var messages: [String] = []
        }
        """
        assertRole("InboxStore", .model, evidence: "ObservableObject class", in: architecture(["Stores.swift": source]))
    }

    // MARK: Services

    func testServicesByNameByOutsideWorldAPIAndByProtocol() {
        let source = """
        import Foundation
        struct WeatherClient {
            func forecast() async throws -> String { "sunny" }
        }
        final class ImageCache {
            func store(_ data: Data, named name: String) throws {
                try data.write(to: FileManager.default.temporaryDirectory.appendingPathComponent(name))
            }
        }
        struct Downloader {
            func fetch(_ url: URL) async throws -> Data { try await URLSession.shared.data(from: url).0 }
        }
        protocol FeedService { func latest() async throws -> [String] }
        struct LiveFeed: FeedService {
            func latest() async throws -> [String] { [] }
        }
        """
        let architecture = architecture(["Services.swift": source])
        assertRole("WeatherClient", .service, evidence: "named *Client", in: architecture)
        assertRole("ImageCache", .service, evidence: "uses FileManager", in: architecture)
        assertRole("Downloader", .service, evidence: "uses URLSession", in: architecture)
        assertRole("FeedService", .service, evidence: "named *Service", in: architecture)
        assertRole("LiveFeed", .service, evidence: "implements FeedService", in: architecture)
    }

    /// Fixed: an `App` reading `UserDefaults`, a preview building a `ModelContainer` or a test suite counted as services.
    func testHostedTypesTouchingStorageAreNotServices() {
        let source = """
        import SwiftData
        import SwiftUI
        import Testing
        import XCTest
        @main
        struct JournalApp: App {
            init() { UserDefaults.standard.register(defaults: ["launches": 0]) }
            var body: some Scene { WindowGroup { Text("journal") } }
        }
        struct EntryList_Previews: PreviewProvider {
            static var previews: some View { Text("x").modelContainer(try! ModelContainer(for: Entry.self)) }
        }
        struct ExportToolbar: ToolbarContent {
            var body: some ToolbarContent { ToolbarItem { Button("Export") { _ = FileManager.default.temporaryDirectory } } }
        }
        @Suite struct EntryStoreTests {
            let container = try! ModelContainer(for: Entry.self)
        }
        final class ExportTests: XCTestCase {
            func testWrites() { _ = FileManager.default.temporaryDirectory }
        }
        final class ExportArchive {
            func write() { _ = FileManager.default.temporaryDirectory }
        }
        """
        let architecture = architecture(["Journal.swift": source])
        for hosted in ["JournalApp", "EntryList_Previews", "ExportToolbar", "EntryStoreTests", "ExportTests"] {
            XCTAssertNotEqual(architecture.role(of: hosted), .service, hosted)
        }
        assertRole("ExportArchive", .service, evidence: "uses FileManager", in: architecture)
    }

    // MARK: State and values

    func testStructHeldInOneViewsStateIsStateUnlessSharedWithData() {
        let source = """
        import SwiftUI
        struct AlertContent { var title = ""; var isShown = false }
        struct Draft { var text = "" }
        struct Outbox { var drafts: [Draft] = [] }
        struct Composer: View {
            @State private var alert = AlertContent()
            @State private var draft = Draft()
            var body: some View { Text(draft.text) }
        }
        """
        let architecture = architecture(["Composer.swift": source])
        assertRole("AlertContent", .state, evidence: "held in Composer's @State", in: architecture)
        // Outbox, a value type of the data, also holds drafts: a draft is data, not one screen's UI state.
        assertRole("Draft", .value, in: architecture)
        assertRole("Outbox", .value, evidence: "plain value type", in: architecture)
    }

    /// Whether other types hold a view's `@State` value type is asked of the words of their property types that end
    /// like its name: a qualified or module-prefixed reference still counts, and a namesake nested elsewhere does not.
    func testStateSharedThroughAQualifiedNameIsDataAndANamesakeElsewhereIsNot() {
        let source = """
        import SwiftUI
        enum Feed { struct Filter { var text = "" } }
        enum Inbox { struct Filter { var unreadOnly = false } }
        enum Settings { struct Filter { var level = 0 } }
        enum Archive { struct Filter { var year = 0 } }
        struct Library { var filter: Feed.Filter; var saved: [App.Inbox.Filter] }
        struct Preferences { var filter: Archive.Filter? }
        struct FeedScreen: View {
            @State private var filter: Feed.Filter = .init()
            @State private var inbox: Inbox.Filter = .init()
            @State private var settings: Settings.Filter = .init()
            var body: some View { Text(filter.text) }
        }
        """
        let architecture = architecture(["Feed.swift": source])
        // Library holds a `Feed.Filter` and, written with the module's name, an `Inbox.Filter`: both are data.
        assertRole("Feed.Filter", .value, in: architecture)
        assertRole("Inbox.Filter", .value, in: architecture)
        // Preferences holds a namesake nested elsewhere, not this one: it stays the screen's state.
        assertRole("Settings.Filter", .state, evidence: "held in FeedScreen's @State", in: architecture)
    }

    func testFrameworkGlueIsOtherAndFormattersAreFormatters() {
        let source = """
        import SwiftUI
        struct PriceFormatter { func string(for cents: Int) -> String { "\\(cents / 100)" } }
        struct ThemeKey: EnvironmentKey { static let defaultValue = 1 }
        enum Sorting: String, CaseIterable { case title, date }
        """
        let architecture = architecture(["Support.swift": source])
        assertRole("PriceFormatter", .formatter, in: architecture)
        assertRole("ThemeKey", .other, in: architecture)
        assertRole("Sorting", .value, in: architecture)
    }

    // MARK: Across files

    func testConformancesDeclaredInExtensionsInOtherFiles() {
        let architecture = architecture([
            "ProfileScreen.swift": "struct ProfileScreen {\n    @EnvironmentObject var session: Session\n}\n",
            "ProfileScreen+View.swift": "import SwiftUI\nextension ProfileScreen: View {\n    var body: some View { Text(\"me\") }\n}\n",
            "Session.swift": "final class Session {\n    var userName = \"\"\n}\n",
            "Session+Observable.swift": "import Combine\nextension Session: ObservableObject {}\n",
        ])
        assertRole("ProfileScreen", .container, evidence: "observes Session via @EnvironmentObject", in: architecture)
        assertRole("Session", .model, in: architecture)
        XCTAssertEqual(architecture.roles["ProfileScreen"]?.path, "ProfileScreen.swift")
    }

    // MARK: Relations

    func testRelationsInjectsShowsAndCalls() {
        let app = """
        import SwiftUI
        @main
        struct ReaderApp: App {
            @State private var library = Library()
            var body: some Scene {
                WindowGroup { ShelfScreen().environment(library) }
            }
        }
        """
        let screen = """
        import SwiftUI
        struct ShelfScreen: View {
            @Environment(Library.self) private var library
            var body: some View {
                List(library.books) { book in
                    BookRow(title: book.title)
                }
                .environment(Preferences())
                .task { await library.refresh() }
            }
        }
        struct BookRow: View {
            let title: String
            var body: some View { Text(title) }
        }
        """
        let model = """
        import Observation
        @Observable final class Library {
            var books: [Book] = []
            private let client: CatalogClient
            init(client: CatalogClient = CatalogClient()) { self.client = client }
            func refresh() async { books = (try? await client.books()) ?? [] }
        }
        final class Preferences: ObservableObject {}
        struct Book: Identifiable { let id: Int; var title: String }
        struct CatalogClient {
            func books() async throws -> [Book] { [] }
        }
        """
        let architecture = architecture(["App.swift": app, "ShelfScreen.swift": screen, "Library.swift": model])
        XCTAssertEqual(relationSummary(architecture), [
            "calls Library→CatalogClient CatalogClient()",
            "injects ReaderApp→Library .environment",
            "injects ShelfScreen→Preferences .environment",
            "observes ShelfScreen→Library @Environment",
            "shows ShelfScreen→BookRow body",
        ])
        let shows = architecture.relations(.shows, from: "ShelfScreen")
        XCTAssertEqual(shows.map(\.path), ["ShelfScreen.swift"])
        XCTAssertEqual(shows.map(\.position.line), [6])
    }

    /// Declaration modifiers are read from the raw tree (`containsModifier`): which ones a declaration has, among others.
    func testModifiersAreReadAsWritten() {
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let facts = engine.analyze(path: "Modifiers.swift", text: """
            public final class Store {
                static func make() -> Store { Store() }
                @MainActor class func shared() -> Store { Store() }
                nonisolated func load() {}
            }
            private struct Hidden {}
            fileprivate enum Local {}
            open class Base {}
            final class Plain {}
            """, settings: .unknown).facts
        let types = Dictionary(facts.types.map { ($0.name, $0) }) { first, _ in first }
        let names = ["Store", "Hidden", "Local", "Base", "Plain"]
        XCTAssertEqual(types["Store"]?.methods.map(\.isStatic), [true, true, false])
        XCTAssertEqual(names.map { types[$0]?.isPrivate }, [false, true, true, false, false])
        XCTAssertEqual(names.map { types[$0]?.isPublic }, [true, false, false, false, false])
        XCTAssertEqual(names.map { types[$0]?.isOpen }, [false, false, false, true, false])
    }

    func testAValueAModelHoldsIsSharedDataOnlyAsTheHoldingPropertysFileReadsItsName() {
        let files = [
            "Filter.swift": "struct Filter {\n    var text = \"\"\n}\n",
            "ListScreen.swift": "struct ListScreen: View {\n    @State private var filter = Filter()\n    var body: some View { Text(filter.text) }\n}\n",
            "Store.swift": "@Observable final class Store {\n    var count = 0\n}\n",
        ]
        // The extension's file has a `Filter` of its own: the model's property is that one, not the screen's state.
        let ownFilter = "private struct Filter {\n    var limit = 10\n}\nextension Store {\n    var current: Filter { Filter() }\n}\n"
        let apart = TestProject.context(files.merging(["Store+Filter.swift": ownFilter]) { $1 })
        XCTAssertEqual(apart.architecture.role(of: "Filter"), .state)
        // Without it, the model holds the screen's `Filter`: app data, not one screen's state.
        let sharedFilter = "extension Store {\n    var current: Filter { Filter() }\n}\n"
        let shared = TestProject.context(files.merging(["Store+Filter.swift": sharedFilter]) { $1 })
        XCTAssertNotEqual(shared.architecture.role(of: "Filter"), .state)
    }
}

/// `mvlint roles` as a user runs it.
final class RolesCommandTests: XCTestCase {
    func testRolesTextAndJSONThroughTheBinary() throws {
        let folder = try TemporaryFolder()
        for (path, text) in MapTests.shop { try folder.write(path, text + "\n") }

        let text = try BinaryRunner.run(["roles"], in: folder.url)
        XCTAssertEqual(text.status, 0, text.stderr)
        // Sorted by file and line; the evidence names the file and line it comes from.
        XCTAssertEqual(text.stdout, """
        CartItem        value         plain value type (CartStore.swift:3)
        CheckoutClient  service       named *Client (CartStore.swift:8)
        CartStore       model         @Observable class (CartStore.swift:13); lifetime app: created by ShopApp (ShopApp.swift:6)
        ShopApp         other
        CartList        presentation  stores only values, bindings and closures (CartList.swift:4)
        CheckoutAlert   state         held in CartScreen's @State (CartScreen.swift:9)
        CartScreen      container     observes CartStore via @Environment (CartScreen.swift:8)
        ReceiptView     container     observes CartStore via let (ReceiptView.swift:5)

        """)

        let json = try BinaryRunner.run(["roles", "--format", "json", "Sources"], in: folder.url)
        XCTAssertEqual(json.status, 0, json.stderr)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(parsed?.compactMap { $0["name"] as? String },
                       ["CartItem", "CheckoutClient", "CartStore", "ShopApp", "CartList", "CheckoutAlert", "CartScreen", "ReceiptView"])
        let screen = parsed?.first { $0["name"] as? String == "CartScreen" }
        XCTAssertEqual(screen?["role"] as? String, "container")
        XCTAssertEqual(screen?["file"] as? String, "Sources/ShopUI/Views/CartScreen.swift")
        XCTAssertEqual(screen?["line"] as? Int, 6)
        let evidence = screen?["evidence"] as? [[String: Any]]
        XCTAssertEqual(evidence?.first?["text"] as? String, "observes CartStore via @Environment")
        XCTAssertEqual(evidence?.first?["line"] as? Int, 8)

        let missing = try BinaryRunner.run(["roles", "Nowhere"], in: folder.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("Nowhere"), missing.stderr)
    }

    /// A singleton manager, a store the `App` creates and a screen's view model all load in `init`: each gets
    /// its lifetime with evidence, and only the screen's view model is judged by the view-model checklist.
    func testLifetimesThroughTheBinary() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/Notes/ThemeManager.swift", """
        import Combine
        final class ThemeManager: ObservableObject {
            static let shared = ThemeManager()
            @Published private(set) var names: [String] = []
            private init() { loadThemes() }
            func loadThemes() {}
        }
        """)
        try folder.write("Sources/Notes/NotesApp.swift", """
        import SwiftUI
        @Observable final class NoteStore {
            var notes: [String] = []
            init() { Task { await fetchNotes() } }
            func fetchNotes() async {}
        }
        @main struct NotesApp: App {
            @State private var store = NoteStore()
            var body: some Scene { WindowGroup { ContentView().environment(store) } }
        }
        struct ContentView: View {
            var body: some View { NavigationStack { NoteList() } }
        }
        """)
        try folder.write("Sources/Notes/NoteList.swift", """
        import SwiftUI
        struct NoteList: View {
            @Environment(NoteStore.self) private var store
            @State private var viewModel = NoteListViewModel()
            @ObservedObject private var theme = ThemeManager.shared
            var body: some View { Text(viewModel.filter) }
        }
        @MainActor @Observable final class NoteListViewModel {
            var filter = ""
            init() { Task { await loadFilters() } }
            func loadFilters() async {}
        }
        """)
        let json = try BinaryRunner.run(["roles", "--format", "json"], in: folder.url)
        XCTAssertEqual(json.status, 0, json.stderr)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let lifetimes = parsed.compactMap { role -> String? in
            guard let lifetime = role["lifetime"] as? [String: Any], let kind = lifetime["kind"] as? String,
                  let evidence = (lifetime["evidence"] as? [[String: Any]])?.first?["text"] as? String else { return nil }
            return "\(role["name"] ?? "") \(kind): \(evidence)"
        }
        XCTAssertEqual(lifetimes, [
            "NoteListViewModel screen: created only by NoteList",
            "NoteStore app: created by NotesApp",
            "ThemeManager app: singleton (`static let shared`)",
        ])
        try folder.write(".mvlint.yml", "opt_in_rules: [viewmodel-loads-in-init]\n")
        let lint = try BinaryRunner.run(["lint", "--advice"], in: folder.url)
        XCTAssertEqual(lint.stdout.split(separator: "\n").filter { $0.contains("viewmodel-loads-in-init") }.map { String($0.prefix(32)) },
                       ["Sources/Notes/NoteList.swift:10:"])
    }
}
