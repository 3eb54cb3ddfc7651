import Foundation
@testable import MVLintKit
import XCTest

/// Profile detection reads roles and names its evidence; `mvlint init` and the lint summary show the reason.
final class ProfileDetectorTests: XCTestCase {
    func testAViewModelByRoleMeansMVVM() {
        let detected = detect([
            "Sources/Feed/FeedScreen.swift": """
            struct FeedScreen: View {
                @State private var feed = FeedLoader()
                var body: some View { List(feed.titles, id: \\.self) { Text($0) } }
            }
            """,
            "Sources/Feed/FeedLoader.swift": """
            @Observable final class FeedLoader {
                var titles: [String] = []
                var isLoading = false
                var errorMessage: String?
            }
            """,
        ])
        XCTAssertEqual(detected.0, .mvvm)
        XCTAssertEqual(detected.1, "detected: 1 view model: FeedLoader (FeedLoader.swift:1)")
    }

    func testInputsAndOutputsDeclaredThroughAProtocolMeanMVVMIO() {
        let detected = detect(["Sources/Counter.swift": """
        protocol CounterViewModelType {
            var inputs: CounterInputs { get }
            var outputs: CounterOutputs { get }
        }
        protocol CounterInputs { func increment() }
        protocol CounterOutputs { var count: Int { get } }
        final class CounterViewModel: ObservableObject, CounterViewModelType, CounterInputs, CounterOutputs {
            @Published private(set) var count = 0
            func increment() { count += 1 }
        }
        """])
        XCTAssertEqual(detected.0, .mvvmIO)
        XCTAssertEqual(detected.1, "detected: view model CounterViewModel (Counter.swift:7) exposes `inputs`/`outputs`")
    }

    func testAPresentationFolderMeansContainerPresentation() {
        let detected = detect(["Sources/Presentation/PriceTag.swift": "struct PriceTag: View {\n    let price: String\n    var body: some View { Text(price) }\n}\n"])
        XCTAssertEqual(detected.0, .containerPresentation)
        XCTAssertEqual(detected.1, "detected: presentation folder `Sources/Presentation`")
    }

    func testContainersWithClosureTakingPresentationViewsMeanContainerPresentation() {
        let detected = detect(["Sources/Feed.swift": """
        @Observable final class Feed {
            var titles: [String] = []
        }
        struct FeedContainer: View {
            @Environment(Feed.self) private var feed
            var body: some View { FeedListView(titles: feed.titles, onRefresh: {}) }
        }
        struct FeedListView: View {
            let titles: [String]
            let onRefresh: () -> Void
            var body: some View { List(titles, id: \\.self) { Text($0) }.refreshable { onRefresh() } }
        }
        """])
        XCTAssertEqual(detected.0, .containerPresentation)
        XCTAssertEqual(detected.1, "detected: 1 *Container view (FeedContainer (Feed.swift:4)) and 1 presentation view taking closures (FeedListView (Feed.swift:8))")
    }

    func testContainerNamesAloneAndPlainModelsMeanMV() {
        let detected = detect(["Sources/Feed.swift": """
        @Observable final class Feed {
            var titles: [String] = []
        }
        struct FeedContainer: View {
            @Environment(Feed.self) private var feed
            var body: some View { List(feed.titles, id: \\.self) { Text($0) } }
        }
        """])
        XCTAssertEqual(detected.0, .mv)
        XCTAssertEqual(detected.1, "detected: no view models and no container/presentation split")
    }

    /// Files by path relative to the project root; every file belongs to the target `App`.
    private func detect(_ files: [String: String]) -> (Profile, String) {
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let settings = TargetSettings(name: "App")
        let analyses = files.keys.sorted().map { path in engine.analyze(path: path, text: files[path] ?? "", settings: settings) }
        var project = ProjectContext(files: analyses.map(\.facts), settingsByPath: Dictionary(uniqueKeysWithValues: files.keys.map { ($0, settings) }))
        project.layers = LayerPlan(configured: [], files: files.keys.map { LayerPlan.File(path: $0, relativePath: $0, module: "App") })
        return ProfileDetector.detect(project)
    }
}
