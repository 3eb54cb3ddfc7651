import Foundation
@testable import MVLintKit
import XCTest

/// Profile detection measures shares of the project's screens, says which share decided and how strongly, and a
/// detected profile never runs its own rules at error severity.
final class ProfileDetectorTests: XCTestCase {
    // MARK: Fixtures: small apps built from one root that shows every screen

    /// `@main` app whose window shows `RootView`, which shows every view named here.
    static func app(showing views: [String]) -> String {
        """
        import SwiftUI

        @main struct ShopApp: App {
            var body: some Scene { WindowGroup { RootView() } }
        }
        struct RootView: View {
            var body: some View {
                TabView {
        \(views.map { "            \($0)()" }.joined(separator: "\n"))
                }
            }
        }

        """
    }

    /// A screen holding one property, with a plain body.
    static func screen(_ name: String, _ property: String) -> String {
        "struct \(name): View {\n    \(property)\n    var body: some View { Text(\"\(name)\") }\n}\n"
    }

    static let library = "@Observable final class Library {\n    var titles: [String] = []\n}\n"

    /// An editor window with two panels named `*Container` and one toolbar view taking a closure, where every
    /// panel reads the document from the environment: no container/presentation split.
    static let editorWindow: [String: String] = [
        "Editor/EditorApp.swift": """
        import SwiftUI

        final class EditorDocument: ObservableObject {
            @Published var text = ""
            @Published var symbols: [String] = []
        }
        @main struct EditorApp: App {
            @StateObject private var document = EditorDocument()
            var body: some Scene { WindowGroup { EditorWindow().environmentObject(document) } }
        }
        struct EditorWindow: View {
            @EnvironmentObject var document: EditorDocument
            var body: some View {
                HStack {
                    NavigatorContainer()
                    EditorArea()
                    InspectorContainer()
                }
                .toolbar { RunToolbarView(onRun: { document.text = "" }) }
            }
        }
        """,
        "Editor/Panels.swift": """
        import SwiftUI

        struct NavigatorContainer: View {
            @EnvironmentObject var document: EditorDocument
            var body: some View {
                VStack {
                    OutlineView()
                    SymbolListView()
                }
            }
        }
        struct InspectorContainer: View {
            @EnvironmentObject var document: EditorDocument
            var body: some View { Text("\\(document.text.count) characters") }
        }
        struct OutlineView: View {
            @EnvironmentObject var document: EditorDocument
            var body: some View { Text(document.text) }
        }
        struct SymbolListView: View {
            @EnvironmentObject var document: EditorDocument
            var body: some View { List(document.symbols, id: \\.self) { Text($0) } }
        }
        struct EditorArea: View {
            @EnvironmentObject var document: EditorDocument
            var body: some View { TextEditor(text: $document.text) }
        }
        struct RunToolbarView: View {
            let onRun: () -> Void
            var body: some View { Button("Run", action: onRun) }
        }
        """,
    ]

    /// Five screens each owning a view model named after it, and one that reads the library.
    static let viewModelApp: [String: String] = {
        let screens = ["Feed", "Search", "Profile", "Settings", "Inbox"]
        var files = ["App/ShopApp.swift": app(showing: screens.map { $0 + "View" } + ["ShelfView"]),
                     "App/ShelfView.swift": library + screen("ShelfView", "@Environment(Library.self) private var library")]
        for name in screens {
            files["App/\(name)View.swift"] = "@Observable final class \(name)ViewModel {\n    var items: [String] = []\n}\n"
                + screen(name + "View", "@State private var viewModel = \(name)ViewModel()")
        }
        return files
    }()

    // MARK: Detection

    func testTwoContainerNamesAndOneClosureTakingViewAreNoSplit() {
        XCTAssertEqual(detect(Self.editorWindow), ProfileDetection(.mv, .strong,
            "0 of 6 screens backed by a view model, 1 handing values and closures to presentation views"))
    }

    func testOneViewModelAmongManyModelViewScreensIsMV() {
        let names = ["Shelf", "Reader", "Notes", "Shop", "Stats", "Account"].map { $0 + "View" }
        var files = ["App/App.swift": Self.app(showing: names + ["SearchView"]) + Self.library,
                     "App/SearchView.swift": "@Observable final class SearchViewModel {\n    var query = \"\"\n}\n"
                        + Self.screen("SearchView", "@State private var viewModel = SearchViewModel()")]
        for name in names { files["App/\(name).swift"] = Self.screen(name, "@Environment(Library.self) private var library") }
        XCTAssertEqual(detect(files), ProfileDetection(.mv, .strong,
            "1 of 7 screens backed by a view model, 0 handing values and closures to presentation views"))
    }

    func testMostScreensOwningAViewModelIsMVVMWithAMatchingExample() {
        XCTAssertEqual(detect(Self.viewModelApp), ProfileDetection(.mvvm, .strong,
            "5 of 6 screens backed by a view model, e.g. FeedView → FeedViewModel"))
    }

    func testAFewScreensAreWeakEvidenceWhateverTheirShare() {
        let files = ["App.swift": Self.app(showing: ["CartView", "OrdersView"])
            + "@Observable final class CartViewModel {\n    var count = 0\n}\n"
            + "@Observable final class OrdersViewModel {\n    var count = 0\n}\n"
            + Self.screen("CartView", "@State private var viewModel = CartViewModel()")
            + Self.screen("OrdersView", "@State private var viewModel = OrdersViewModel()")]
        XCTAssertEqual(detect(files), ProfileDetection(.mvvm, .weak, "2 of 2 screens backed by a view model, e.g. CartView → CartViewModel"))
    }

    func testAViewOnlyAPreviewShowsIsNoScreen() {
        let files = ["Cart.swift": "@Observable final class CartViewModel {\n    var count = 0\n}\n"
            + Self.screen("CartView", "@State private var viewModel = CartViewModel()")
            + "struct CartView_Previews: PreviewProvider {\n    static var previews: some View { CartView() }\n}\n"]
        XCTAssertEqual(detect(files), ProfileDetection(.mv, .weak, "no screens (views holding state that other code shows)"))
    }

    func testViewsHoldingTheInputsOutputsProtocolMeanMVVMIO() {
        let names = ["Counter", "Timer", "Alarm", "Lap", "Zone"]
        var files = ["App.swift": Self.app(showing: names.map { $0 + "View" })]
        for name in names {
            files["\(name).swift"] = """
            protocol \(name)Inputs { func start() }
            protocol \(name)Outputs { var count: Int { get } }
            protocol \(name)ViewModelType {
                var inputs: \(name)Inputs { get }
                var outputs: \(name)Outputs { get }
            }
            final class \(name)ViewModel: ObservableObject, \(name)ViewModelType, \(name)Inputs, \(name)Outputs {
                @Published private(set) var count = 0
                var inputs: \(name)Inputs { self }
                var outputs: \(name)Outputs { self }
                func start() { count += 1 }
            }

            """ + Self.screen(name + "View", "let viewModel: \(name)ViewModelType")
        }
        XCTAssertEqual(detect(files), ProfileDetection(.mvvmIO, .strong,
            "5 of 5 view models expose inputs/outputs, e.g. AlarmViewModel; 5 of 5 screens backed by a view model, e.g. AlarmView → AlarmViewModel"))
    }

    func testAPresentationFolderOfModelFreeViewsMeansContainerPresentation() {
        var files = ["Sources/App/App.swift": Self.app(showing: ["ShelfScreen"]) + Self.library
            + "struct ShelfScreen: View {\n    @Environment(Library.self) private var library\n    var body: some View { TitleList(titles: library.titles, onSelect: { _ in }) }\n}\n"]
        for name in ["TitleList", "TitleRow", "PriceTag", "CoverImage", "RatingStars"] {
            files["Sources/Presentation/\(name).swift"] = "struct \(name): View {\n    let titles: [String]\n    let onSelect: (String) -> Void\n    var body: some View { Text(titles.joined()) }\n}\n"
        }
        XCTAssertEqual(detect(files), ProfileDetection(.containerPresentation, .strong,
            "5 of 5 views in presentation folder `Sources/Presentation` hold no model"))
    }

    func testAPresentationFolderWhoseViewsHoldModelsIsNoSplit() {
        let names = ["ShelfView", "ReaderView", "NotesView", "ShopView", "StatsView"]
        var files = ["Sources/App/App.swift": Self.app(showing: names) + Self.library]
        for name in names { files["Sources/Presentation/\(name).swift"] = Self.screen(name, "@Environment(Library.self) private var library") }
        XCTAssertEqual(detect(files).profile, .mv)
    }

    /// Five screens, each reading the library from the environment and handing its titles and a closure to a list
    /// that holds no model: Container/Presentation by hand-off.
    static let handingOffScreens: [String: String] = {
        let names = ["Feed", "Search", "Profile", "Settings", "Inbox"]
        var files = ["App.swift": app(showing: names.map { $0 + "Screen" }) + library]
        for name in names {
            files["\(name).swift"] = """
            struct \(name)Screen: View {
                @Environment(Library.self) private var library
                var body: some View { \(name)List(titles: library.titles, onRefresh: { library.titles = [] }) }
            }
            struct \(name)List: View {
                let titles: [String]
                let onRefresh: () -> Void
                var body: some View { List(titles, id: \\.self) { Text($0) }.refreshable { onRefresh() } }
            }
            """
        }
        return files
    }()

    func testMostContainersHandingValuesAndClosuresToPresentationViewsMeanContainerPresentation() {
        let files = Self.handingOffScreens
        XCTAssertEqual(detect(files), ProfileDetection(.containerPresentation, .strong,
            "5 of 5 screens hand values and closures to presentation views, e.g. FeedScreen → FeedList"))
    }

    // MARK: What a detected profile runs

    func testAWeaklyDetectedProfileRunsOnlySharedRulesAndNamesTheRest() {
        let plan = Configuration(rootDirectory: URL(fileURLWithPath: "/")).rulePlan(for: .detected(ProfileDetection(.containerPresentation, .weak, "")))
        let specific = RuleRegistry.descriptions.filter { $0.profiles.enables(.containerPresentation) && $0.profiles != .all }.map(\.id).sorted()
        XCTAssertEqual(plan.skipped, specific)
        XCTAssertTrue(plan.skipped.contains("presentation-holds-model"))
        XCTAssertTrue(plan.enabled.isDisjoint(with: specific))
        XCTAssertTrue(plan.enabled.contains("missing-bindable"), "rules every profile shares still run")
        XCTAssertEqual(plan.demoted, [])
    }

    func testAStronglyDetectedProfileRunsItsRulesWithErrorsAsWarnings() {
        let plan = Configuration(rootDirectory: URL(fileURLWithPath: "/")).rulePlan(for: .detected(ProfileDetection(.containerPresentation, .strong, "")))
        XCTAssertTrue(plan.enabled.contains("presentation-holds-model"))
        XCTAssertEqual(plan.demoted, ["presentation-holds-model"])
        XCTAssertEqual(plan.skipped, [])
    }

    func testAChosenProfileOrARuleTheConfigurationNamesRunsAsConfigured() throws {
        let root = URL(fileURLWithPath: "/")
        let chosen = Configuration(rootDirectory: root).rulePlan(for: ProfileChoice(profile: .containerPresentation, origin: .configuration(".mvlint.yml")))
        XCTAssertEqual(chosen.skipped + chosen.demoted, [])
        XCTAssertTrue(chosen.enabled.contains("presentation-holds-model"))

        let naming = try ConfigurationLoader.parse("opt_in_rules: [container-ui-detail]\npresentation-holds-model: {severity: error}\n",
                                                   path: ".mvlint.yml", rootDirectory: root)
        let weak = naming.rulePlan(for: .detected(ProfileDetection(.containerPresentation, .weak, "")))
        XCTAssertTrue(weak.enabled.isSuperset(of: ["container-ui-detail", "presentation-holds-model"]))
        XCTAssertFalse(weak.skipped.contains("presentation-holds-model"))
        let strong = naming.rulePlan(for: .detected(ProfileDetection(.containerPresentation, .strong, "")))
        XCTAssertEqual(strong.demoted, [], "a severity the configuration sets is kept")
    }

    // MARK: End to end

    func testTheEditorWindowPassesWithoutAConfigurationAndFailsOnlyWhenCPIsChosen() throws {
        let folder = try TemporaryFolder()
        for (path, text) in Self.editorWindow { try folder.write(path, text) }
        let detected = try BinaryRunner.run(["lint"], in: folder.url)
        XCTAssertEqual(detected.status, 0, detected.stdout + detected.stderr)
        XCTAssertFalse(detected.stdout.contains(": error:"), detected.stdout)
        XCTAssertEqual(profilePart(of: detected.stderr),
                       "profile mv (detected, strong: 0 of 6 screens backed by a view model, 1 handing values and closures to presentation views)")

        let chosen = try BinaryRunner.run(["lint", "--profile", "cp"], in: folder.url)
        XCTAssertEqual(chosen.status, 1, "the fixture must hold what cp calls errors, or the run above proves nothing")
        XCTAssertTrue(chosen.stdout.contains("error: `OutlineView` is a Presentation view"), chosen.stdout)
        XCTAssertEqual(profilePart(of: chosen.stderr), "profile container-presentation (from --profile)")
    }

    func testAStronglyDetectedErrorRuleReportsWarningsAndSaysHowToMakeThemErrors() throws {
        let folder = try TemporaryFolder()
        // The model lies with the presentation code: `layer-dependency` keeps that code from reaching into the app.
        try folder.write("Sources/Presentation/Library.swift", Self.library)
        try folder.write("Sources/App/App.swift", Self.app(showing: ["ShelfScreen"])
            + "struct ShelfScreen: View {\n    @Environment(Library.self) private var library\n    var body: some View { TitleList(titles: library.titles) }\n}\n")
        for name in ["TitleList", "TitleRow", "PriceTag", "CoverImage", "RatingStars"] {
            try folder.write("Sources/Presentation/\(name).swift", "import SwiftUI\n\nstruct \(name): View {\n    let titles: [String]\n    var body: some View { Text(titles.joined()) }\n}\n")
        }
        try folder.write("Sources/Presentation/ShelfBadge.swift",
                         "import SwiftUI\n\nstruct ShelfBadge: View {\n    @Environment(Library.self) private var library\n    var body: some View { Text(\"\\(library.titles.count)\") }\n}\n")
        let result = try BinaryRunner.run(["lint"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("Sources/Presentation/ShelfBadge.swift:4:5: warning: `ShelfBadge` is a Presentation view"), result.stdout)
        XCTAssertEqual(profilePart(of: result.stderr),
                       "profile container-presentation (detected, strong: 5 of 6 views in presentation folder `Sources/Presentation` hold no model)")
        XCTAssertTrue(result.stderr.contains("\nmvlint: note: presentation-holds-model reports warnings instead of errors while the profile is detected; "
            + "add \"profile: container-presentation\" to .mvlint.yml to make them errors\n"), result.stderr)

        try folder.write(".mvlint.yml", "profile: container-presentation\n")
        let configured = try BinaryRunner.run(["lint"], in: folder.url)
        XCTAssertEqual(configured.status, 1)
        XCTAssertTrue(configured.stdout.contains("ShelfBadge.swift:4:5: error:"), configured.stdout)
        XCTAssertFalse(configured.stderr.contains("note:"), configured.stderr)
    }

    func testAWeaklyDetectedProfileNamesTheRulesItSkipped() throws {
        let folder = try TemporaryFolder()
        try folder.write("Cart.swift", Self.app(showing: ["CartView"]) + "@Observable final class CartViewModel {\n    var count = 0\n}\n"
            + Self.screen("CartView", "@State private var viewModel = CartViewModel()"))
        let result = try BinaryRunner.run(["lint"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(profilePart(of: result.stderr), "profile mvvm (detected, weak: 1 of 1 screens backed by a view model, e.g. CartView → CartViewModel)")
        XCTAssertTrue(result.stderr.hasSuffix("\nmvlint: note: skipped 2 rules specific to mvvm (evidence weak): "
            + "viewmodel-public-setter, viewmodel-ui-types; add \"profile: mvvm\" to .mvlint.yml to run them\n"),
            result.stderr)
    }

    // MARK: Helpers

    /// The summary line's profile part: `profile mv (detected, …)`, after the timing that varies.
    private func profilePart(of stderr: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard let summary = stderr.split(separator: "\n").first(where: { $0.contains(" linted, ") }),
              let range = summary.range(of: " s; ") else {
            XCTFail("no summary line in: \(stderr)", file: file, line: line)
            return nil
        }
        return String(summary[range.upperBound...])
    }

    /// Files by path relative to the project root; every file belongs to the target `App`.
    private func detect(_ files: [String: String]) -> ProfileDetection {
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let settings = TargetSettings(name: "App")
        let analyses = files.keys.sorted().map { path in engine.analyze(path: path, text: files[path] ?? "", settings: settings) }
        var project = ProjectContext(files: analyses.map(\.facts), settingsByPath: Dictionary(uniqueKeysWithValues: files.keys.map { ($0, settings) }))
        project.layers = LayerPlan(configured: [], files: files.keys.map { LayerPlan.File(path: $0, relativePath: $0, module: "App") })
        return ProfileDetector.detect(project)
    }
}
