import Foundation
import XCTest
@testable import MVLintKit

/// `mvlint migrate observation`: which `ObservableObject` types may move to `@Observable`, and for the others
/// the rule of MIGRATION.md that blocks them with the blocking construct's file:line.
final class MigrateTests: XCTestCase {
    private let modern = TargetSettings(deploymentTargets: [.iOS: Version(17)])

    /// The plan for files that all target iOS 17 unless `settings` says otherwise.
    private func plan(_ files: [String: String], settings: [String: TargetSettings]? = nil,
                      assumeModernOS: Bool = false) -> ObservationMigrationPlan {
        let targets = settings ?? Dictionary(uniqueKeysWithValues: files.keys.map { ($0, modern) })
        return ObservationMigrationPlan(project: TestProject.context(files, settings: targets), assumeModernOS: assumeModernOS)
    }

    private func candidate(_ name: String, in plan: ObservationMigrationPlan,
                           file: StaticString = #filePath, line: UInt = #line) throws -> ObservationMigrationPlan.Candidate {
        try XCTUnwrap(plan.candidates.first { $0.name == name }, "no candidate \(name)", file: file, line: line)
    }

    /// The blockers of `name` as `rule path:line`, the form the report prints.
    private func blockers(_ name: String, _ files: [String: String]) throws -> [String] {
        try candidate(name, in: plan(files)).blockers.map { "\($0.reason.rawValue) \($0.location)" }
    }

    // MARK: Migrating classes and their uses

    func testPlainClassWouldMigrateWithEveryUse() throws {
        let result = plan([
            "Settings.swift": """
            import SwiftUI
            final class Settings: ObservableObject {
                @Published var name = ""
                var visits = 0
                @AppStorage("theme") var theme = "light"
            }
            """,
            "Views.swift": """
            import SwiftUI
            struct RootView: View {
                @StateObject private var settings = Settings()
                var body: some View { EditView(settings: settings).environmentObject(settings) }
            }
            struct EditView: View {
                @ObservedObject var settings: Settings
                var body: some View { TextField("Name", text: $settings.name) }
            }
            struct BadgeView: View {
                @EnvironmentObject var settings: Settings
                var body: some View { Text(settings.name) }
            }
            """,
        ])
        let settings = try candidate("Settings", in: result)
        XCTAssertTrue(settings.wouldMigrate, "\(settings.blockers)")
        XCTAssertTrue(result.report.hasSuffix("""
        Summary
          ObservableObject types found  1
          would migrate                 1
            their uses rewritten        4
          blocked                       0

        """), result.report)
        XCTAssertEqual(settings.uses.map { "\($0.kind.rawValue) \($0.holder) \($0.line)" }, [
            "@StateObject RootView 3", ".environmentObject RootView 4", "@ObservedObject EditView 7", "@EnvironmentObject BadgeView 11",
        ])
        XCTAssertEqual(settings.uses.filter(\.needsBindable).map(\.holder), ["EditView"])
        // A wrapper on a var that was never @Published only needs @ObservationIgnored; an untracked var becomes tracked.
        XCTAssertTrue(settings.notes.contains { $0.contains("@AppStorage var theme gets @ObservationIgnored") }, "\(settings.notes)")
        XCTAssertTrue(settings.notes.contains { $0.contains("becomes tracked (was not @Published): visits") }, "\(settings.notes)")
    }

    /// Uses are found by a class's simple name, so two nested `ViewModel`s cannot be told apart: both stay.
    func testClassesSharingASimpleNameBlock() throws {
        let files = [
            "Feed.swift": """
            import SwiftUI
            struct FeedView: View {
                @StateObject private var viewModel = ViewModel()
                var body: some View { Text(viewModel.title) }
            }
            extension FeedView {
                final class ViewModel: ObservableObject { @Published var title = "" }
            }
            """,
            "Search.swift": """
            import SwiftUI
            struct SearchView: View {
                @StateObject private var viewModel = ViewModel()
                var body: some View { Text(viewModel.query) }
            }
            extension SearchView {
                final class ViewModel: ObservableObject { @Published var query = "" }
            }
            """,
        ]
        let result = plan(files)
        let candidate = try candidate("ViewModel", in: result)
        XCTAssertFalse(candidate.wouldMigrate)
        XCTAssertEqual(candidate.blockers.map { "\($0.reason.rawValue) \($0.location)" }, ["R1.n Search.swift:7"])
        XCTAssertTrue(candidate.blockers.first?.message.hasPrefix("SearchView.ViewModel has the same name") ?? false)
    }

    func testGenericClassMigratesButParameterPackBlocks() throws {
        let files = [
            "Box.swift": """
            final class Box<Value>: ObservableObject { @Published var value: Value? }
            final class Tuple<each Element>: ObservableObject {}
            """,
        ]
        XCTAssertTrue(try candidate("Box", in: plan(files)).wouldMigrate)
        XCTAssertEqual(try blockers("Tuple", files), ["R1.j Box.swift:2"])
    }

    // MARK: Rewrite (shown as a diff; nothing is written yet)

    /// The diff of migrating `files`, computed on the texts themselves.
    private func rewriteDiff(_ files: [String: String]) -> ObservationRewriter.Outcome {
        ObservationRewriter.rewrite(plan(files)) { path in
            files[path].map { .success($0) } ?? .failure(FixProblem(kind: .unreadable, message: "no such file"))
        }
    }

    func testRewriteFlipsClassAndEveryUse() {
        let outcome = rewriteDiff([
            "Model.swift": """
            import Foundation
            @MainActor
            final class Library: NSObject, ObservableObject, Identifiable {
                @Published private(set) var books: [String] = [] // shown in the list
                @AppStorage("sort") var sort = "title"
            }
            """,
            "Views.swift": """
            import SwiftUI
            struct Shelf: View {
                @StateObject private var library = Library()
                var body: some View { Rack(library: library).environmentObject(library) }
            }
            struct Rack: View {
                @ObservedObject var library: Library
                var body: some View { Text("") }
            }
            struct Counter: View {
                @EnvironmentObject private var library: Library
                var body: some View { Text("\\(library.books.count)") }
            }
            """,
        ])
        XCTAssertEqual(outcome.problems, [])
        let diff = outcome.diff
        for line in ["+import Observation", "+@Observable @MainActor", "+final class Library: NSObject, Identifiable {",
                     "+    private(set) var books: [String] = [] // shown in the list",
                     "+    @ObservationIgnored @AppStorage(\"sort\") var sort = \"title\"",
                     "+    @State private var library = Library()", "+    var body: some View { Rack(library: library).environment(library) }",
                     "+    var library: Library", "+    @Environment(Library.self) private var library: Library"] {
            XCTAssertTrue(diff.contains(line + "\n"), "missing '\(line)' in\n\(diff)")
        }
    }

    func testRewriteDropsConformanceDeclaredInAnExtension() {
        let diff = rewriteDiff(["Model.swift": """
        import SwiftUI
        final class Model { @Published var count = 0 }
        extension Model: ObservableObject {}
        """]).diff
        XCTAssertTrue(diff.contains("+@Observable final class Model { var count = 0 }\n+extension Model {}\n"), diff)
    }

    func testRewriteAddsLocalBindableForEnvironmentBindings() throws {
        let files = ["Session.swift": """
        import SwiftUI
        final class Session: ObservableObject { @Published var name = "" }
        struct NameField: View {
            @EnvironmentObject var session: Session
            var body: some View {
                TextField("Name", text: $session.name)
            }
        }
        struct Badge: View {
            @EnvironmentObject var session: Session
            var body: some View { Text(session.name) }
            var editor: some View { TextField("Name", text: $session.name) }
        }
        """]
        XCTAssertEqual(try blockers("Session", files), ["R4 Session.swift:12"])
        let fieldOnly = try XCTUnwrap(files["Session.swift"]).components(separatedBy: "struct Badge")[0]
        let diff = rewriteDiff(["Session.swift": fieldOnly]).diff
        XCTAssertTrue(diff.contains("+    @Environment(Session.self) var session: Session\n"), diff)
        XCTAssertTrue(diff.contains("+        @Bindable var session = session\n         TextField"), diff)
    }

    func testRewriteImportsObservationOnlyWithoutSwiftUI() {
        let bare = rewriteDiff(["Model.swift": "// Model\nfinal class Model: ObservableObject {}\n"]).diff
        XCTAssertTrue(bare.contains("+import Observation\n+@Observable final class Model {}\n"), bare)
        let withSwiftUI = rewriteDiff(["Model.swift": "import SwiftUI\nfinal class Model: ObservableObject {}\n"]).diff
        XCTAssertFalse(withSwiftUI.contains("import Observation"), withSwiftUI)
    }

    func testRewriteKeepsCRLFLineBreaks() throws {
        let outcome = rewriteDiff(["Model.swift": "import Foundation\r\nfinal class Model: ObservableObject {\r\n    @Published var count = 0\r\n}\r\n"])
        XCTAssertEqual(try XCTUnwrap(outcome.texts.first).rewritten,
                       "import Observation\r\nimport Foundation\r\n@Observable final class Model {\r\n    var count = 0\r\n}\r\n")
    }

    func testRewriteDeletesAWrapperLineWhole() {
        let diff = rewriteDiff(["Model.swift": """
        import SwiftUI
        final class Model: ObservableObject {
            @Published
            var count = 0
        }
        """]).diff
        XCTAssertTrue(diff.contains("-    @Published\n+@Observable final class Model {\n     var count = 0\n"), diff)
    }

    func testRewriteLeavesBlockedClassesAndTheirUsesAlone() {
        let outcome = rewriteDiff(["Model.swift": """
        import SwiftUI
        final class Feed: ObservableObject { lazy var cache = [String]() }
        struct FeedView: View {
            @StateObject private var feed = Feed()
            var body: some View { Text("") }
        }
        """])
        XCTAssertTrue(outcome.texts.isEmpty, outcome.diff)
    }

    func testRewriteUsesBindableWhereBindingsAreMade() {
        let outcome = rewriteDiff(["Form.swift": """
        import SwiftUI
        final class Form: ObservableObject { @Published var name = "" }
        struct FormView: View {
            @ObservedObject var form: Form
            var body: some View { TextField("Name", text: $form.name) }
        }
        """])
        let diff = outcome.diff
        XCTAssertTrue(diff.contains("+@Observable final class Form { var name = \"\" }\n"), diff)
        XCTAssertTrue(diff.contains("+    @Bindable var form: Form\n"), diff)
    }

    // MARK: R1 blockers

    func testNonClassIsBlocked() throws {
        XCTAssertEqual(try blockers("Flags", ["Flags.swift": "struct Flags: ObservableObject {}"]), ["R1.a Flags.swift:1"])
    }

    func testObjectWillChangeBlocksInsideOutsideAndWhenDeclared() throws {
        XCTAssertEqual(try blockers("Timer", ["Timer.swift": """
        final class Timer: ObservableObject {
            func tick() { objectWillChange.send() }
        }
        """]), ["R1.b Timer.swift:2"])
        XCTAssertEqual(try blockers("Store", ["Store.swift": """
        final class Store: ObservableObject {}
        struct StoreView: View {
            @ObservedObject var store: Store
            var body: some View { Text("").onReceive(store.objectWillChange) { _ in } }
        }
        """]), ["R1.b Store.swift:4"])
        XCTAssertEqual(try blockers("Custom", ["Custom.swift": """
        final class Custom: ObservableObject {
            let objectWillChange = PassthroughSubject<Void, Never>()
        }
        """]), ["R1.b Custom.swift:2"])
    }

    func testPublisherOfPublishedPropertyBlocks() throws {
        let files = [
            "Search.swift": """
            final class Search: ObservableObject {
                @Published var query = ""
                @Published var results: [String] = []
                init() {
                    $query.debounce(for: 0.3, scheduler: RunLoop.main).sink { _ in }
                }
            }
            """,
            "SearchView.swift": """
            struct SearchView: View {
                @ObservedObject var search: Search
                var body: some View { List {}.onReceive(search.$results) { _ in } }
            }
            """,
        ]
        XCTAssertEqual(try blockers("Search", files), ["R1.c Search.swift:5", "R1.c SearchView.swift:3"])
        let message = try candidate("Search", in: plan(files)).blockers.last?.message
        XCTAssertEqual(message, "search.$results uses the publisher of @Published results; Observation generates none")
    }

    func testPublisherOfAnotherClassDoesNotBlock() throws {
        let result = plan(["Models.swift": """
        final class Filter: ObservableObject { @Published var query = "" }
        final class Search: ObservableObject { @Published var query = "" }
        struct SearchView: View {
            @ObservedObject var filter: Filter
            var body: some View { Text("").onReceive(filter.$query) { _ in } }
        }
        """])
        XCTAssertEqual(try candidate("Filter", in: result).blockers.map(\.location), ["Models.swift:5"])
        XCTAssertTrue(try candidate("Search", in: result).wouldMigrate)
    }

    func testAssignToPublisherBlocks() throws {
        XCTAssertEqual(try blockers("Clock", ["Clock.swift": """
        final class Clock: ObservableObject {
            @Published var now = Date()
            func start() { Timer.publish(every: 1, on: .main, in: .common).autoconnect().assign(to: &$now) }
        }
        """]), ["R1.c Clock.swift:3"])
    }

    func testCombineLatestOfPublishersBlocks() throws {
        XCTAssertEqual(try blockers("Login", ["Login.swift": """
        final class Login: ObservableObject {
            @Published var user = ""
            @Published var password = ""
            func watch() { _ = Publishers.CombineLatest($user, $password).sink { _ in } }
        }
        """]), ["R1.c Login.swift:4", "R1.c Login.swift:4"])
    }

    func testLazyVarBlocks() throws {
        XCTAssertEqual(try blockers("Formatter", ["Formatter.swift": """
        final class Formatter: ObservableObject {
            lazy var style = DateFormatter()
        }
        """]), ["R1.d Formatter.swift:2"])
    }

    func testPublishedPropertyWithAnotherWrapperBlocks() throws {
        XCTAssertEqual(try blockers("Prefs", ["Prefs.swift": """
        final class Prefs: ObservableObject {
            @Published @Clamped var volume = 5
        }
        """]), ["R1.e Prefs.swift:2"])
    }

    func testUnderscoreMemberAndPublishedWrapperOutsideAnInitBlock() throws {
        XCTAssertEqual(try blockers("Form", ["Form.swift": """
        final class Form: ObservableObject {
            @Published var title: String
            var _title = ""
            init(title: String) { _title = Published(initialValue: title) }
            func reset() { let wrapper = Published(initialValue: "") }
        }
        """]), ["R1.f Form.swift:3", "R1.f Form.swift:5"])
    }

    func testWrappersSetOtherwiseInAnInitBlock() throws {
        XCTAssertEqual(try candidate("Form", in: plan(["Form.swift": """
        final class Form: ObservableObject {
            @Published var title: String
            init(title: String) { _title = .init(initialValue: title) }
        }
        """])).blockers.map(\.message), [
            "sets _title to a value other than Published(initialValue:); @Observable's _title is the plain value",
        ])
        XCTAssertEqual(try blockers("Item", ["Item.swift": """
        final class Item: ObservableObject {}
        struct Row: View {
            @ObservedObject var item: Item
            init(item: Item) { _item = .init(wrappedValue: item) }
            var body: some View { Text("") }
        }
        struct Badge: View {
            @EnvironmentObject var item: Item
            init() { _item = EnvironmentObject() }
            var body: some View { Text("") }
        }
        """]), ["R3 Item.swift:4", "R4 Item.swift:9"])
    }

    /// A macro such as `@Stateful` may generate members or conformances mvlint cannot see; `@objcMembers` would expose
    /// the accessors `@Observable` generates. Isolation, availability and Objective-C naming are known to be harmless.
    func testUnknownAttributesOnTheClassOrAnExtensionBlock() throws {
        let result = plan(["Models.swift": """
        @globalActor actor StorageActor { static let shared = StorageActor() }
        @MainActor
        @Stateful
        final class Router: ObservableObject {}
        @objcMembers final class Bridge: NSObject, ObservableObject {}
        @StorageActor @objc(Vault) @available(iOS 17, *) @_Concurrency.MainActor
        final class Vault: NSObject, ObservableObject {}
        final class Store: ObservableObject {}
        @Persisted extension Store {}
        @main final class Launcher: ObservableObject { static func main() {} }
        """])
        XCTAssertEqual(try candidate("Router", in: result).blockers.map { "\($0.reason.rawValue) \($0.location): \($0.message)" }, [
            "R1.m Models.swift:2: @Stateful on Router is an attribute or macro whose effect mvlint cannot see; "
                + "it may generate members or conformances @Observable would clash with",
        ])
        XCTAssertEqual(try candidate("Bridge", in: result).blockers.map { "\($0.reason.rawValue) \($0.location): \($0.message)" }, [
            "R1.m Models.swift:5: @objcMembers on Bridge exposes every member to Objective-C, the accessors @Observable generates "
                + "included, which mvlint cannot prove compiles",
        ])
        XCTAssertEqual(try candidate("Vault", in: result).blockers.map(\.message), [])
        XCTAssertEqual(try candidate("Launcher", in: result).blockers.map(\.message), [])
        XCTAssertEqual(try candidate("Store", in: result).blockers.map { "\($0.reason.rawValue) \($0.location)" }, ["R1.m Models.swift:9"])
    }

    /// An attached macro written before `@Published` is no less in the way than one after it (R1.e).
    func testPublishedPropertyWithAMacroBeforeItBlocks() throws {
        XCTAssertEqual(try blockers("Draft", ["Draft.swift": """
        final class Draft: ObservableObject {
            @Logged @Published var title = ""
        }
        """]), ["R1.e Draft.swift:2"])
    }

    /// `_model` reached or set in a method goes with the wrapper the rewrite replaces;
    /// `_name` of a `@Published` property becomes the plain value.
    func testWrapperStorageReachedOutsideAnInitAssignmentBlocks() throws {
        let result = plan(["Models.swift": """
        final class Clock: ObservableObject {
            @Published var tick = 0
            func publisher() -> Published<Int>.Publisher { self._tick.projectedValue }
        }
        struct Ticker: DynamicProperty {
            @ObservedObject var clock: Clock
            init(clock: Clock) { _clock = ObservedObject(wrappedValue: clock) }
            mutating func update() { _clock.update() }
            func reset() { _ = [_clock].count }
            mutating func rebind(to clock: Clock) { _clock = ObservedObject(wrappedValue: clock) }
        }
        """])
        XCTAssertEqual(try candidate("Clock", in: result).blockers.map { "\($0.reason.rawValue) \($0.location): \($0.message)" }, [
            "R1.f Models.swift:3: _tick.projectedValue uses the @Published wrapper itself; under @Observable _tick is the plain value",
            "R3 Models.swift:8: _clock.update uses the @ObservedObject wrapper itself, which the rewrite replaces",
            "R3 Models.swift:9: _clock uses the @ObservedObject wrapper itself, which the rewrite replaces",
            "R3 Models.swift:10: _clock uses the @ObservedObject wrapper itself, which the rewrite replaces",
        ])
    }

    func testCodableAndMirrorBlock() throws {
        XCTAssertEqual(try blockers("Draft", ["Draft.swift": """
        final class Draft: ObservableObject, Codable {
            @Published var text = ""
            func dump() { print(Mirror(reflecting: self).children.count) }
        }
        """]), ["R1.g Draft.swift:1", "R1.g Draft.swift:3"])
    }

    func testClassHierarchyMigratesWholeOrNotAtAll() throws {
        let whole = ["Models.swift": """
        class BaseModel: ObservableObject { @Published var isLoading = false }
        final class ProfileModel: BaseModel {}
        """]
        XCTAssertEqual(try blockers("BaseModel", whole), [])
        XCTAssertEqual(try blockers("ProfileModel", whole), [])
        let oneBlocked = ["Models.swift": """
        class BaseModel: ObservableObject { @Published var isLoading = false }
        final class ProfileModel: BaseModel { lazy var cache = [String]() }
        final class FeedModel: BaseModel {}
        """]
        XCTAssertEqual(try blockers("BaseModel", oneBlocked), ["R1.h Models.swift:2"])
        XCTAssertEqual(try blockers("FeedModel", oneBlocked), ["R1.h Models.swift:2"])
        XCTAssertEqual(try blockers("ProfileModel", oneBlocked), ["R1.d Models.swift:2"])
        let plainSuperclass = ["Models.swift": "class Base { var id = 0 }\nfinal class Model: Base, ObservableObject {}"]
        XCTAssertEqual(try candidate("Model", in: plan(plainSuperclass)).blockers.map(\.message),
                       ["subclass of Base, which is no ObservableObject: @Observable would not track its properties"])
    }

    func testOnlyTakesTheWholeHierarchy() {
        let project = TestProject.context(["Models.swift": """
        class BaseModel: ObservableObject {}
        final class ProfileModel: BaseModel {}
        final class Unrelated: ObservableObject {}
        """], settings: ["Models.swift": modern])
        XCTAssertEqual(ObservationMigrationPlan(project: project, only: "ProfileModel").candidates.map(\.name), ["BaseModel", "ProfileModel"])
    }

    func testOpenClassBlocksAndPublicClassIsReported() throws {
        XCTAssertEqual(try candidate("Base", in: plan(["Base.swift": "open class Base: ObservableObject {}"])).blockers.map(\.message),
                       ["open: subclasses in other modules could not migrate with it"])
        XCTAssertEqual(try candidate("Shared", in: plan(["Shared.swift": "public final class Shared: ObservableObject {}"])).notes, [
            "public: code outside the scanned paths that uses it as an ObservableObject stops compiling; scan every module that uses it",
            "views will update only when a property they read changes, and assigning an equal value no longer notifies",
        ])
    }

    func testUseAsObservableObjectBlocks() throws {
        let constraint = [
            "Model.swift": "final class Model: ObservableObject {}",
            "Helpers.swift": """
            func observe<Object: ObservableObject>(_ object: Object) {}
            """,
        ]
        XCTAssertEqual(try blockers("Model", constraint), ["R1.i Helpers.swift:1"])
        let existential = ["Model.swift": "final class Model: ObservableObject {}\nlet anyModel: any ObservableObject = Model()"]
        XCTAssertEqual(try blockers("Model", existential), ["R1.i Model.swift:2"])
        let refining = ["Model.swift": "protocol Loading: ObservableObject {}\nfinal class Model: Loading {}"]
        XCTAssertEqual(try blockers("Model", refining), ["R1.i Model.swift:1"])
    }

    // MARK: R0, R2, R3, R4

    func testPlatformPreconditions() throws {
        let files = ["Model.swift": "final class Model: ObservableObject {}"]
        let old = try candidate("Model", in: plan(files, settings: ["Model.swift": TargetSettings(deploymentTargets: [.iOS: Version(16)])]))
        XCTAssertEqual(old.blockers.map(\.message), ["deployment target iOS 16.0 is below 17.0, where Observation starts"])
        let unknown = try candidate("Model", in: plan(files, settings: [:]))
        XCTAssertEqual(unknown.blockers.map(\.reason), [.platform])
        XCTAssertTrue(try candidate("Model", in: plan(files, settings: [:], assumeModernOS: true)).wouldMigrate)
        XCTAssertEqual(try blockers("Model", ["Model.swift": "import RxSwift\nfinal class Model: ObservableObject {}"]),
                       ["R0 Model.swift:1"])
    }

    func testStateObjectWithSideEffectingInitBlocks() throws {
        XCTAssertEqual(try blockers("Feed", ["Feed.swift": """
        final class Feed: ObservableObject {
            init() { NotificationCenter.default.addObserver(forName: .refresh, object: nil, queue: nil) { _ in } }
        }
        struct FeedView: View {
            @StateObject private var feed = Feed()
            var body: some View { Text("") }
        }
        """]), ["R2 Feed.swift:5"])
    }

    func testStateObjectWhoseInitStartsATaskOrWritesSharedStateBlocks() throws {
        let result = plan(["Models.swift": """
        final class Feed: ObservableObject {
            @Published var items: [String] = []
            init() { Task { items = ["first"] } }
        }
        final class Tally: ObservableObject {
            init() { Counter.total += 1 }
        }
        final class Plain: ObservableObject {
            init() { let local = 1; _ = local == 1 }
        }
        enum Counter { static var total = 0 }
        struct Screen: View {
            @StateObject private var feed = Feed()
            @StateObject private var tally = Tally()
            @StateObject private var plain = Plain()
            var body: some View { Text("") }
        }
        """])
        XCTAssertEqual(try candidate("Feed", in: result).blockers.map(\.message), [
            "@StateObject feed in Screen would be rebuilt with every view value by @State, and Feed's init starts a Task (Models.swift:3); "
                + "load it from .task instead",
        ])
        XCTAssertEqual(try candidate("Tally", in: result).blockers.map(\.message), [
            "@StateObject tally in Screen would be rebuilt with every view value by @State, and Tally's init writes shared state "
                + "(Models.swift:6); load it from .task instead",
        ])
        XCTAssertTrue(try candidate("Plain", in: result).wouldMigrate)
    }

    /// `@State` builds and drops an instance with every view value: a superclass's init runs each time, and so does a deinit.
    func testStateObjectWhoseClassOrSuperclassHasADeinitOrSideEffectingInitBlocks() throws {
        let result = plan(["Models.swift": """
        class Tracked: ObservableObject {
            deinit { print("gone") }
        }
        final class Page: Tracked {}
        class Loader: ObservableObject {
            init() { Task { print("loading") } }
        }
        final class Gallery: Loader {}
        struct Screen: View {
            @StateObject private var page = Page()
            @StateObject private var gallery = Gallery()
            var body: some View { Text("") }
        }
        """])
        XCTAssertEqual(try candidate("Page", in: result).blockers.map(\.message), [
            "@StateObject page in Screen would be rebuilt with every view value by @State, and Tracked's deinit would run for each "
                + "instance @State drops (Models.swift:2); keep @StateObject",
        ])
        XCTAssertEqual(try candidate("Gallery", in: result).blockers.map(\.message), [
            "@StateObject gallery in Screen would be rebuilt with every view value by @State, and Loader's init starts a Task "
                + "(Models.swift:6); load it from .task instead",
        ])
    }

    func testStateObjectSetInAnInitNeedsAFreshInstanceAndNoDefault() throws {
        let factory = ["Feed.swift": """
        final class Feed: ObservableObject {}
        struct FeedView: View {
            @StateObject private var feed: Feed
            init(make: () -> Feed) { _feed = StateObject(wrappedValue: make()) }
            var body: some View { Text("") }
        }
        """]
        XCTAssertEqual(try candidate("Feed", in: plan(factory)).blockers.map(\.location), ["Feed.swift:4"])
        let both = ["Feed.swift": """
        final class Feed: ObservableObject {}
        struct FeedView: View {
            @StateObject private var feed = Feed()
            init() { _feed = StateObject(wrappedValue: Feed()) }
            var body: some View { Text("") }
        }
        """]
        XCTAssertEqual(try candidate("Feed", in: plan(both)).blockers.map(\.message),
                       ["@StateObject feed in FeedView has a default and is set in an init; @State must not keep both"])
        let memberwise = ["Feed.swift": """
        final class Feed: ObservableObject {}
        struct FeedView: View {
            @StateObject var feed: Feed
            var body: some View { Text("") }
        }
        """]
        XCTAssertEqual(try blockers("Feed", memberwise), ["R2 Feed.swift:3"])
    }

    func testStateObjectFromAFactoryBlocks() throws {
        XCTAssertEqual(try candidate("Feed", in: plan(["Feed.swift": """
        final class Feed: ObservableObject { static func make() -> Feed { Feed() } }
        struct FeedView: View {
            @StateObject private var feed: Feed = .make()
            var body: some View { Text("") }
        }
        """])).blockers.map(\.message), [
            "@StateObject feed in FeedView is not set to a new Feed(…); @State would evaluate its initial value with every view value",
        ])
        // Without an annotation the held class is unknown: every class it may be stays.
        let unknown = plan(["Models.swift": """
        final class Feed: ObservableObject { static func make() -> Feed { Feed() } }
        final class Inbox: ObservableObject {}
        struct FeedView: View {
            @StateObject private var feed = Feed.make()
            var body: some View { Text("") }
        }
        """])
        XCTAssertEqual(unknown.candidates.flatMap { $0.blockers.map(\.message) }, [
            "@StateObject feed in FeedView holds a type mvlint cannot tell; it may be Feed",
            "@StateObject feed in FeedView holds a type mvlint cannot tell; it may be Inbox",
        ])
    }

    func testWrapperPassedOnBlocks() throws {
        XCTAssertEqual(try blockers("Cart", ["Cart.swift": """
        final class Cart: ObservableObject {}
        struct CartView: View {
            @ObservedObject var cart: Cart
            var body: some View { CartRow(cart: $cart) }
        }
        """]), ["R3 Cart.swift:4"])
    }

    func testUnresolvedEnvironmentObjectInjectionBlocks() throws {
        XCTAssertEqual(try blockers("Session", ["Session.swift": """
        final class Session: ObservableObject {}
        struct SessionView: View {
            @EnvironmentObject var session: Session
            var body: some View { Text("").environmentObject(makeSession()) }
        }
        """]), ["R4 Session.swift:4"])
    }

    func testInjectionsThroughParametersAndPropertyChainsAreResolved() throws {
        let files = ["Session.swift": """
        final class Session: ObservableObject {}
        final class AppModel { let session = Session() }
        struct SessionView: View {
            @EnvironmentObject var session: Session
            var body: some View { Text("") }
        }
        struct Host {
            let app: AppModel
            func make(model: AppModel?) -> some View { SessionView().environmentObject(model!.session) }
            func makeFromProperty() -> some View { SessionView().environmentObject(self.app.session) }
        }
        final class Coordinator: ObservableObject {
            func root() -> some View { SessionView().environmentObject(self) }
        }
        """]
        let result = plan(files)
        let session = try candidate("Session", in: result)
        XCTAssertTrue(session.wouldMigrate, "\(session.blockers)")
        XCTAssertEqual(session.uses.filter { $0.kind == .injection }.map(\.line), [9, 10])
        XCTAssertEqual(try candidate("Coordinator", in: result).uses.map { "\($0.kind.rawValue) \($0.line)" }, [".environmentObject 13"])
    }

    func testInjectionsWhoseValueCannotBeNamedBlock() throws {
        // `items[0]` was not even recorded before: left as `.environmentObject`, it would stop compiling.
        XCTAssertEqual(try blockers("Session", ["Session.swift": """
        final class Session: ObservableObject {}
        struct SessionView: View {
            let items: [Session]
            @EnvironmentObject var session: Session
            var body: some View { Text("").environmentObject(items[0]) }
        }
        """]), ["R4 Session.swift:5"])
    }

    func testNotesObserversAndSwift5Holders() throws {
        let files = [
            "Mixer.swift": """
            final class Mixer: ObservableObject {
                @Published var volume = 5 { didSet { volume = min(volume, 10) } }
            }
            """,
            "MixerView.swift": """
            struct MixerView: View {
                @ObservedObject var mixer: Mixer
                var body: some View { Text("") }
            }
            """,
        ]
        let swift5 = TargetSettings(deploymentTargets: [.iOS: Version(17)], swiftLanguageMode: Version(5))
        let mixer = try candidate("Mixer", in: plan(files, settings: ["Mixer.swift": modern, "MixerView.swift": swift5]))
        XCTAssertEqual(mixer.notes, [
            "MixerView is built in Swift 5 mode and may lose the @MainActor its wrapper implied",
            "has willSet/didSet on volume: check what they do now that an equal value no longer notifies views",
            "views will update only when a property they read changes, and assigning an equal value no longer notifies",
        ])
    }

    // MARK: Report and command line

    func testSummaryCountsClassesPerReason() {
        let report = plan([
            "Models.swift": """
            final class Ready: ObservableObject {}
            final class Lazy: ObservableObject { lazy var cache = [String]() }
            struct Value: ObservableObject {}
            """,
        ]).report
        XCTAssertTrue(report.contains("Lazy (Models.swift:2): blocked\n  blocked R1.d at Models.swift:2: lazy var cache"), report)
        XCTAssertTrue(report.contains("Ready (Models.swift:1): would migrate"), report)
        for row in ["ObservableObject types found  3", "would migrate                 1", "blocked                       2",
                    "R1.a not a class", "R1.d lazy var"] {
            XCTAssertTrue(report.contains(row), "missing '\(row)' in\n\(report)")
        }
    }

    func testCommandPrintsDryRunOutsideGit() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Model.swift", """
        final class Counter: ObservableObject {
            @Published var count = 0
            lazy var formatter = NumberFormatter()
        }
        """)
        let result = try BinaryRunner.run(["migrate", "observation", "App", "--assume-ios17"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("dry run (not a git working tree)"), result.stderr)
        XCTAssertTrue(result.stdout.contains("Counter (App/Model.swift:1): blocked"), result.stdout)
        XCTAssertTrue(result.stdout.contains("blocked R1.d at App/Model.swift:3"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Summary"), result.stdout)

        try folder.write("App/Model.swift", "import SwiftUI\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n")
        let diff = try BinaryRunner.run(["migrate", "observation", "App", "--assume-ios17"], in: folder.url)
        XCTAssertEqual(diff.status, 0, diff.stderr)
        XCTAssertTrue(diff.stdout.hasPrefix("--- a/App/Model.swift\n+++ b/App/Model.swift\n"), diff.stdout)
        XCTAssertTrue(diff.stdout.contains("+@Observable final class Counter {\n"), diff.stdout)
        XCTAssertEqual(try String(contentsOf: folder.url.appendingPathComponent("App/Model.swift"), encoding: .utf8),
                       "import SwiftUI\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n",
                       "a dry run writes nothing")

        let write = try BinaryRunner.run(["migrate", "observation", "--write"], in: folder.url)
        XCTAssertEqual(write.status, 2)
        XCTAssertTrue(write.stderr.contains("refusing --write: not a git working tree"), write.stderr)

        let only = try BinaryRunner.run(["migrate", "observation", "--only", "Countr"], in: folder.url)
        XCTAssertEqual(only.status, 2)
        XCTAssertTrue(only.stderr.contains("did you mean 'Counter'?"), only.stderr)

        let unknown = try BinaryRunner.run(["migrate", "combine"], in: folder.url)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("only 'observation' exists"), unknown.stderr)
    }

    func testCommandWritesInACleanGitTreeOnlyAndOnce() throws {
        let folder = try TemporaryFolder()
        let original = "import SwiftUI\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n"
        let file = try folder.write("Counter.swift", original)
        try git(["init", "-q"], in: folder.url)
        try git(["add", "-A"], in: folder.url)
        try git(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "start"], in: folder.url)

        let first = try BinaryRunner.run(["migrate", "observation", "--assume-ios17"], in: folder.url)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("rewrote 1 file"), first.stderr)
        let migrated = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(migrated, "import SwiftUI\n@Observable final class Counter {\n    var count = 0\n}\n")

        // The tree is dirty now: a dry run by default, and --write is refused.
        let refused = try BinaryRunner.run(["migrate", "observation", "--write", "--assume-ios17"], in: folder.url)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("refusing --write: the working tree has uncommitted changes"), refused.stderr)

        try git(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qam", "migrated"], in: folder.url)
        let second = try BinaryRunner.run(["migrate", "observation", "--write", "--assume-ios17"], in: folder.url)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("rewrote 0 files"), second.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), migrated, "a second run changes nothing")
    }

    private func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " ")) failed")
    }
}
