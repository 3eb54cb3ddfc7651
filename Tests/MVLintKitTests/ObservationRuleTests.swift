@testable import MVLintKit
import XCTest

/// What the observation rules' examples cannot show: the class in one file and its views in another,
/// per-file target settings (deployment targets, default isolation), the run's profile, and the facts the
/// walker records for these rules.
final class ObservationRuleTests: XCTestCase {
    private func lint(_ rule: String, _ files: [String: String], settings: [String: TargetSettings] = [:],
                      profile: Profile = .mv) -> [Finding] {
        TestProject.lint(rule, files, settings: settings, profile: profile)
    }

    private func facts(_ code: String) -> FileFacts { TestProject.facts(code, path: "Facts.swift") }

    private let feedModel = "@Observable final class FeedModel {\n    var posts: [Post] = []\n    func refresh() async { posts = await Post.latest() }\n}\n"
    private let feedView = "struct FeedView: View {\n    @State private var model = FeedModel()\n    var body: some View { Text(\"\") }\n}\n"

    // MARK: observable-missing-main-actor

    func testModelHeldByAViewInAnotherFileIsReportedAtTheClassWithAFix() throws {
        let findings = lint("observable-missing-main-actor", ["FeedModel.swift": feedModel, "FeedView.swift": feedView])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual([finding.file, "\(finding.line):\(finding.column)"], ["FeedModel.swift", "1:1"])
        XCTAssertTrue(finding.message.contains("`FeedView`"), finding.message)
        XCTAssertTrue(finding.fixable)
    }

    /// A base class and its subclass each set a property off the main thread, on one line: the message names the first
    /// write by column, not whichever of the two a table of writes per class (whose order changes from run to run)
    /// gave first. Ten such pairs, so that an order-dependent choice could not pass by chance.
    func testTheWriteAMessageNamesIsTheFirstInTheFileEvenOnOneLine() {
        var code = "import SwiftUI\n"
        for number in 0..<10 {
            code += "class Base\(number): ObservableObject { @Published var x = 0; func f() async { x = 1 } }; "
            code += "class Sub\(number): Base\(number) { @Published var y = 0; func g() async { y = 2 } }\n"
            code += "struct Screen\(number): View { @StateObject private var model = Sub\(number)(); var body: some View { Text(\"\\(model.y)\") } }\n"
        }
        let findings = lint("observable-missing-main-actor", ["Models.swift": code])
        XCTAssertEqual(findings.count, 10)
        for finding in findings {
            XCTAssertTrue(finding.message.contains("sets `x` in the nonisolated `async` method `f()`"), finding.message)
        }
    }

    func testDefaultMainActorIsolationOfTheClassTargetSilencesIt() {
        let isolated = TargetSettings(name: "App", defaultIsolationIsMainActor: true)
        let quiet = lint("observable-missing-main-actor", ["FeedModel.swift": feedModel, "FeedView.swift": feedView],
                         settings: ["FeedModel.swift": isolated])
        XCTAssertEqual(quiet, [])
        // Only the class's own target decides: a view target with default isolation does not isolate the model.
        let loud = lint("observable-missing-main-actor", ["FeedModel.swift": feedModel, "FeedView.swift": feedView],
                        settings: ["FeedView.swift": isolated])
        XCTAssertEqual(loud.map(\.file), ["FeedModel.swift"])
    }

    func testMainActorBaseClassInAnotherFile() {
        let findings = lint("observable-missing-main-actor", [
            "Base.swift": "@MainActor class ScreenModel: ObservableObject {}\n",
            "Feed.swift": "final class FeedModel: ScreenModel {\n    @Published var posts: [Post] = []\n}\n",
            "FeedView.swift": "struct FeedView: View {\n    @StateObject private var model = FeedModel()\n    var body: some View { Text(\"\") }\n}\n",
        ])
        XCTAssertEqual(findings, [])
    }

    func testSubclassesHeldByViewsReportTheirBaseOnce() throws {
        let findings = lint("observable-missing-main-actor", [
            "Base.swift": "class SearchModel: ObservableObject {\n    @Published var query = \"\"\n    func restore() { Task.detached { self.query = await Recents.last() } }\n}\n",
            "People.swift": "final class PeopleSearch: SearchModel {}\nstruct PeopleView: View {\n    @StateObject private var search = PeopleSearch()\n    var body: some View { Text(\"\") }\n}\n",
            "Places.swift": "final class PlaceSearch: SearchModel {}\nstruct PlacesView: View {\n    @StateObject private var search = PlaceSearch()\n    var body: some View { Text(\"\") }\n}\n",
        ])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(finding.file, "Base.swift")
        XCTAssertTrue(finding.message.contains("`PeopleView` and 1 more views"), finding.message)
    }

    // MARK: prefer-observation

    func testEachFileIsJudgedByItsOwnTarget() {
        let store = "final class Store: ObservableObject {\n    @Published var count = 0\n}\n"
        let view = "struct Counter: View {\n    @StateObject private var store = Store()\n    var body: some View { Text(\"\") }\n}\n"
        let modern = TargetSettings(deploymentTargets: [.iOS: Version(17)])
        let legacy = TargetSettings(deploymentTargets: [.iOS: Version(16)])

        let both = lint("prefer-observation", ["Store.swift": store, "Counter.swift": view],
                        settings: ["Store.swift": modern, "Counter.swift": modern])
        XCTAssertEqual(both.map(\.file).sorted(), ["Counter.swift", "Store.swift"])
        XCTAssertTrue(both.allSatisfy { $0.message.contains("mvlint migrate observation") })

        // The class lives in a module that still supports iOS 16: the view cannot migrate alone.
        let legacyModel = lint("prefer-observation", ["Store.swift": store, "Counter.swift": view],
                               settings: ["Store.swift": legacy, "Counter.swift": modern])
        XCTAssertEqual(legacyModel, [])
    }

    // MARK: viewmodel-public-setter

    func testBindingInAnotherFileKeepsTheSetter() {
        let findings = lint("viewmodel-public-setter", [
            "SearchViewModel.swift": "@Observable final class SearchViewModel {\n    var query = \"\"\n    var results: [String] = []\n    func search() { results = [query] }\n}\n",
            "SearchView.swift": "struct SearchView: View {\n    @Bindable var viewModel: SearchViewModel\n    var body: some View { TextField(\"Search\", text: $viewModel.query) }\n}\n",
        ], profile: .mvvm)
        XCTAssertEqual(findings.map { "\($0.file):\($0.line)" }, ["SearchViewModel.swift:3"])
    }

    func testWritersInOtherFilesKeepTheSetterAndOnlyTheirOwnType() {
        let model = "@Observable final class PlayerViewModel {\n    var isMuted = false\n    var title = \"\"\n    var volume = 0.5\n    func reset() { isMuted = false; title = \"\"; volume = 0.5 }\n}\n"
        let view = "struct PlayerView: View {\n    @State private var model = PlayerViewModel()\n    var body: some View { Text(model.title) }\n}\n"
        // An extension in another file cannot set a `private(set)` property; a controller reaches it through an
        // unwrapped local; a label's `title` of another type protects nothing.
        let writers = """
        extension PlayerViewModel {
            func mute() { isMuted = true }
        }
        final class PlayerController: UIViewController {
            var viewModel: PlayerViewModel?
            let badge = Badge()
            func loud() {
                guard let model = viewModel else { return }
                model.volume = 1
                badge.title = "Loud"
            }
        }
        final class Badge {
            var title = ""
        }
        """
        let findings = lint("viewmodel-public-setter", ["PlayerViewModel.swift": model, "PlayerView.swift": view, "Writers.swift": writers],
                            profile: .mvvm)
        XCTAssertEqual(findings.map { "\($0.file):\($0.line)" }, ["PlayerViewModel.swift:3"])
    }

    func testMemberWritesRecordTheirReceiverAndWhereTheyRun() {
        let code = """
        final class Loader {
            var items: [Int] = []
            func load() async {
                var items = [1]
                items.append(2)
                self.items = items
            }
            func start(_ other: Loader) {
                Task { other.items = [] }
                DispatchQueue.main.async { self.items = [] }
            }
        }
        """
        let writes = facts(code).memberWrites.map { "\($0.receiver.joined(separator: ".")).\($0.member) \($0.offMainContext == nil ? "-" : "off")" }
        // The local `items` shadows the property and is not recorded; the write through `other` is not the class's own.
        XCTAssertEqual(writes, [".items off", "other.items -", ".items -"])
    }

    /// A mutating call and a collection pipeline are told by the method's name, written plainly or in backticks;
    /// a name that only starts or ends like one (`appendix`, `remov`, `filtered`) is neither.
    func testMutatingCallsAndPipelinesAreToldByTheWholeName() {
        let code = """
        final class Cart {
            var items: [Int] = []
            var tags: Set<String> = []
            var log: [String] = []
            func edit() {
                items.`append`(1)
                tags.insert("a")
                log.appendix("x")
                log.remov("x")
                items.`toggle`()
            }
            var summary: Int {
                let valid = items.`filter` { $0 > 0 }
                let odd = items.filtered { $0 % 2 == 1 }
                let first = items.first
                let found = items.first(where: { $0 > 1 })
                return valid.count + odd.count + (first ?? 0) + (found ?? 0)
            }
        }
        """
        let cart = facts(code)
        let writes = cart.memberWrites.map { "\($0.receiver.joined(separator: ".")).\($0.member)" }
        XCTAssertEqual(writes, [".items", ".tags", ".items"])
        let summary = cart.types.first?.behavior.helpers.first { $0.name == "summary" }
        XCTAssertEqual(summary?.pipelines, 2, "`filter` and `first(where:)`; not `filtered`, nor `first` read as a property")
    }

    /// A name's binding is looked for up to the nearest type, extension, protocol or actor, never past it: a local
    /// of the code around a nested type is not what that type's members name.
    func testRootBindingsStopAtTheEnclosingType() {
        let code = """
        let store = Store()
        let settings = Settings()
        struct Holder { var reset = { store.count = 0 } }
        final class Keeper { lazy var reset = { store.count = 0 } }
        enum Reset { static let run = { store.count = 0 } }
        actor Worker { let run = { store.count = 0 } }
        extension Holder { static let reset = { store.count = 0 } }
        protocol Resetting {}
        extension Resetting { var reset: () -> Void { { store.count = 0 } } }
        let direct = { settings.count = 0 }
        """
        let roots = facts(code).memberWrites.map { "\($0.receiver.joined(separator: ".")).\($0.member) \($0.root.map { "\($0)" } ?? "-")" }
        XCTAssertEqual(roots, Array(repeating: "store.count -", count: 6) + ["settings.count type(\"Settings\")"])
    }

    // MARK: viewmodel-loads-in-init

    func testConformanceInAnotherFileMakesTheClassAModel() {
        let loader = "final class FeedLoader {\n    @Published var posts: [Post] = []\n    init() {\n        loadPosts()\n    }\n    func loadPosts() { Task { posts = await API.posts() } }\n}\n"
        XCTAssertEqual(lint("viewmodel-loads-in-init", ["FeedLoader.swift": loader]), [])
        let findings = lint("viewmodel-loads-in-init", [
            "FeedLoader.swift": loader,
            "FeedLoader+Observable.swift": "extension FeedLoader: ObservableObject {}\n",
            "FeedView.swift": "struct FeedView: View {\n    @StateObject private var loader = FeedLoader()\n    var body: some View { Text(\"feed\") }\n}\n",
        ])
        XCTAssertEqual(findings.map { "\($0.file):\($0.line):\($0.column)" }, ["FeedLoader.swift:4:9"])
    }

    func testInitializerLoadingSitesAreRecordedOnlyWhereTheyRunWithTheObject() {
        let sites = facts("""
        final class Model {
            init(center: NotificationCenter) {
                loadCache()
                Task { await self.fetchLatest() }
                center.addObserver(forName: .changed, object: nil, queue: nil) { _ in self.reloadAll() }
            }
        }
        """).modelSites.map(\.kind)
        XCTAssertEqual(sites, [.loadCalledInInitializer(method: "loadCache", inTask: false),
                               .loadCalledInInitializer(method: "fetchLatest", inTask: true)])
    }

    func testMethodsThatStartAsyncWorkAreToldByWhatTheirCallsDo() {
        let sites = facts("""
        final class Feed {
            func a() { Task.detached { await work() } }
            func b() { URLSession.shared.dataTask(with: url).resume() }
            func c() { self.api.fetchItems() }
            func d() { UIApplication.shared.loadSomething() }
            func e() { let items = store.load() }
            func f() { DispatchQueue.global().async { } }
            func g() { DispatchQueue.main.async { } }
            func h() { client.refresh { _ in } }
            func i() { api.sendItems() }
        }
        """).modelSites.map(\.kind).filter { if case .startsAsyncWork = $0 { true } else { false } }
        XCTAssertEqual(sites, [.startsAsyncWork(method: "a", how: "starts a `Task`"),
                               .startsAsyncWork(method: "b", how: "uses `URLSession`"),
                               .startsAsyncWork(method: "c", how: "asks `api` to fetchItems"),
                               .startsAsyncWork(method: "f", how: "dispatches work to a queue"),
                               .startsAsyncWork(method: "h", how: "asks `client` to refresh")])
        // The reading asks the set of network names only of a capitalised root.
        XCTAssertTrue(ExternalAPI.networkNames.allSatisfy(SyntaxText.isCapitalized))
    }

    // MARK: concrete-dependency

    func testServiceRecognisedByItsUseOfURLSessionInAnotherFile() {
        let findings = lint("concrete-dependency", [
            "Backend.swift": "final class Backend {\n    func get(_ url: URL) async throws -> Data { try await URLSession.shared.data(from: url).0 }\n}\n",
            "Model.swift": "@Observable final class InboxModel {\n    func refresh() async throws {\n        _ = try await Backend().get(.inbox)\n    }\n}\n",
            "InboxView.swift": "struct InboxView: View {\n    @State private var model = InboxModel()\n    var body: some View { Text(\"inbox\") }\n}\n",
        ])
        XCTAssertEqual(findings.map { "\($0.file):\($0.line):\($0.column)" }, ["Model.swift:3:23"])
        XCTAssertTrue(findings.first?.message.contains("`Backend()`") ?? false)
    }

    // MARK: viewmodel-in-mv

    func testOnlyTheMVProfileReportsViewModels() {
        let file = ["Settings.swift": "@Observable final class SettingsViewModel {\n    var isOn = false\n}\n"]
        XCTAssertEqual(lint("viewmodel-in-mv", file, profile: .mv).count, 1)
        for profile in [Profile.mvvm, .mvvmIO, .containerPresentation] {
            XCTAssertEqual(lint("viewmodel-in-mv", file, profile: profile), [], "\(profile)")
        }
    }

    // MARK: io-viewmodel-shape

    func testShapeDeclaredAcrossFilesAndAViewReachingPastIt() {
        let findings = lint("io-viewmodel-shape", [
            "Contract.swift": "protocol CounterInputs { func increment() }\nprotocol CounterOutputs { var count: Int { get } }\nprotocol CounterViewModelType {\n    var inputs: CounterInputs { get }\n    var outputs: CounterOutputs { get }\n}\n",
            "CounterViewModel.swift": "@Observable final class CounterViewModel: CounterViewModelType, CounterInputs, CounterOutputs {\n    var inputs: CounterInputs { self }\n    var outputs: CounterOutputs { self }\n    private(set) var count = 0\n    func increment() { count += 1 }\n}\n",
            "CounterView.swift": "struct CounterView: View {\n    let viewModel: CounterViewModelType\n    var body: some View {\n        Text(\"\\(viewModel.outputs.count)\")\n        Button(\"Add\") { self.viewModel.increment() }\n    }\n}\n",
        ], profile: .mvvmIO)
        XCTAssertEqual(findings.map { "\($0.file):\($0.line):\($0.column)" }, ["CounterView.swift:5:25"])
        XCTAssertTrue(findings.first?.message.contains("`viewModel.inputs.increment()`") ?? false)
    }

    // MARK: Roles

    func testObservableClientThatReachesTheNetworkIsAService() {
        let project = ProjectContext(files: [facts("""
        @Observable final class FeedClient {
            var isSignedIn = false
            func feed() async throws -> Data { try await URLSession.shared.data(from: .feed).0 }
        }
        @Observable final class FeedModel {
            var posts: [Post] = []
        }
        """)], settingsByPath: [:])
        XCTAssertEqual(project.architecture.role(of: "FeedClient"), .service)
        XCTAssertEqual(project.architecture.role(of: "FeedModel"), .model)
        XCTAssertEqual(project.observableClasses.filter(\.isModelOrViewModel).map(\.name), ["FeedModel"])
    }

    func testAViewModelsMembersDeclaredInAnExtensionElsewhereAreReportedInThatFile() {
        let model = """
        import SwiftUI
        @Observable final class FeedViewModel {
            var items: [String] = []
            var accent: Color = .blue
        }
        """
        let presentation = """
        import SwiftUI

        extension FeedViewModel {
            var tint: Color { items.isEmpty ? .gray : .blue }
            func header() -> some View { Text("Feed") }
        }
        """
        let view = """
        import SwiftUI
        struct FeedView: View {
            @State private var model = FeedViewModel()
            var body: some View { List(model.items, id: \\.self) { Text($0) } }
        }
        """
        let findings = TestProject.lint("viewmodel-ui-types", ["FeedViewModel.swift": model, "FeedViewModel+UI.swift": presentation,
                                                               "FeedView.swift": view], profile: .mvvm)
        XCTAssertEqual(findings.map { "\($0.file):\($0.line):\($0.column)" },
                       ["FeedViewModel+UI.swift:4:9", "FeedViewModel+UI.swift:5:10", "FeedViewModel.swift:4:9"])
    }

    // MARK: Robustness

    func testBrokenCodeIsReportedOnceAndDoesNotCrashTheRules() {
        let ids = Set(ObservationRules.syntax.map { $0.description.id } + ObservationRules.project.map { $0.description.id })
        let engine = LintEngine(selection: RuleSelection(rules: ids))
        let broken = "@Observable final class Half {\n    @AppStorage(\"k\") var k = \n    init() { Task { await load(\n    func load() async { do { try await x() } catch {\n"
        let analysis = engine.analyze(path: "Half.swift", text: broken, settings: .unknown)
        var project = ProjectContext(files: [analysis.facts], settingsByPath: [:])
        project.profile = .mvvmIO
        let findings = engine.finish([analysis], project: project) { _ in true }
        XCTAssertEqual(findings.map(\.rule), [ParseErrorRule.id])
    }
}
