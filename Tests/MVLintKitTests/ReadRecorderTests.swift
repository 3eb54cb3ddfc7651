@testable import MVLintKit
import XCTest

/// What each file's project judgements record as read (docs/INCREMENTAL.md, step 3): the names a change must touch to
/// reach them.
final class ReadRecorderTests: XCTestCase {
    private let files = [
        "Models/CartModel.swift": "@Observable final class CartModel {\n    var count = 0\n}\n",
        "Presentation/CartBadgeView.swift": "struct CartBadgeView: View {\n    let cart: CartModel\n    var body: some View { Text(\"\\(cart.count)\") }\n}\n",
        "Feed/FeedViewModel.swift": "@Observable final class FeedViewModel {\n    var title = \"\"\n    func load() { title = \"Feed\" }\n}\n",
        "Feed/FeedView.swift": "struct FeedView: View {\n    @State private var model = FeedViewModel()\n    var body: some View { Text(model.title).task { model.load() } }\n}\n",
        "Views/Unrelated.swift": "struct Unrelated: View {\n    var body: some View { Text(\"x\") }\n}\n",
    ]

    private func namesRead(by rules: Set<String>) -> [String: Set<String>] {
        var project = TestProject.context(files)
        project.profile = .containerPresentation
        let byRule = LintEngine(selection: RuleSelection(rules: rules)).recordedJudgements(in: project) { _ in true }
        return byRule.values.reduce(into: [:]) { merged, byFile in merged.merge(byFile.mapValues(\.reads)) { $0.union($1) } }
    }

    func testAJudgementRecordsTheTypesItHoldsAndItsSubjects() {
        let reads = namesRead(by: ["presentation-holds-model"])
        // A view in a `Presentation` folder is a Presentation view whatever the project's naming, which it reads too.
        XCTAssertTrue(reads["Presentation/CartBadgeView.swift"]?.isSuperset(of: ["r:CartBadgeView", "t:CartModel", "p:container naming"]) ?? false,
                      "\(reads["Presentation/CartBadgeView.swift"] ?? [])")
        XCTAssertFalse(reads["Views/Unrelated.swift"]?.contains("t:CartModel") ?? true)
        XCTAssertEqual(reads["Models/CartModel.swift"], [], "a file with no view is no subject of this rule")
    }

    func testATableGatheredFromEveryFileIsReadByTheKeysLookedUp() {
        // The writes and bindings of `title` anywhere decide `FeedViewModel`'s setter; the gathering itself is no
        // file's read.
        let reads = namesRead(by: ["viewmodel-public-setter"])
        XCTAssertTrue(reads["Feed/FeedViewModel.swift"]?.contains("m:title") ?? false, "\(reads["Feed/FeedViewModel.swift"] ?? [])")
        XCTAssertFalse(reads["Feed/FeedView.swift"]?.contains("m:title") ?? true)
    }

    func testNothingIsRecordedOutsideARecording() {
        let project = TestProject.context(files)
        _ = LintEngine(selection: RuleSelection(rules: ["presentation-holds-model"])).projectOutcome(project) { _ in true }
        let (_, names) = ReadRecorder.recording { ReadRecorder.notRecording { project.index.entry("CartModel") } }
        XCTAssertEqual(names, [])
        XCTAssertEqual(ReadRecorder.recording { project.index.entry("CartModel") }.names, ["t:CartModel"])
    }

    func testAnAnswerMadeFromAnInheritanceChainRecordsEveryTypeInIt() {
        let project = TestProject.context([
            "Base/BaseStore.swift": "class BaseStore: ObservableObject {}\n",
            "Feed/FeedStore.swift": "final class FeedStore: BaseStore {\n    @Published var items: [String] = []\n}\n",
            "Base/Screen.swift": "protocol Screen: View {}\n",
            "Feed/Home.swift": "struct Home: Screen {\n    var body: some View { Text(\"\") }\n}\n",
        ])
        // A file that makes `BaseStore` `@Observable`, or `Screen` no view, changes the answer about the type below it.
        XCTAssertEqual(ReadRecorder.recording { project.index.observation(of: "FeedStore") }.names, ["t:FeedStore", "t:BaseStore"])
        XCTAssertEqual(ReadRecorder.recording { project.index.isObservableClass("FeedStore") }.names, ["t:FeedStore", "t:BaseStore"])
        XCTAssertEqual(ReadRecorder.recording { project.index.isView("Home") }.names, ["t:Home", "t:Screen"])
    }

    func testAFileIsJudgedAsInTheWholeProjectInAPartHoldingTheFilesDeclaringWhatItReads() {
        var project = TestProject.context(files)
        project.profile = .containerPresentation
        let engine = LintEngine(selection: RuleSelection(rules: Set(RuleRegistry.projectRules.map { $0.description.id })))
        let whole = engine.recordedJudgements(in: project) { _ in true }
        let gathered = engine.gathered(in: project) { _ in true }
        let path = "Presentation/CartBadgeView.swift"
        func shown(_ findings: [ProjectFinding]) -> [String] { findings.map { "\($0.position.line):\($0.position.column) \($0.message)" } }
        let expected = whole.mapValues { shown($0[path]?.findings ?? []) }.filter { !$0.value.isEmpty }
        XCTAssertFalse(expected.isEmpty, "the example must have a project finding to compare")
        func judged(inPartOf paths: [String]) -> [String: [String]] {
            let positions = project.files.indices.filter { paths.contains(project.files[$0].path) }
            let part = project.subproject(of: positions)
            let file = part.file(at: part.files.firstIndex { $0.path == path }!)
            return engine.judgeOneFile(file, in: part, gathered: gathered) { _ in true }.mapValues { shown($0.findings) }.filter { !$0.value.isEmpty }
        }
        XCTAssertEqual(judged(inPartOf: [path, "Models/CartModel.swift"]), expected)
        // Without the file declaring the model the view holds, the part cannot tell what it is.
        XCTAssertNotEqual(judged(inPartOf: [path]), expected)
    }

    /// The names a one-change run looks up for a file (`ChangedFileJudgement.names(in:)`): identifiers, a digit only
    /// after a letter or underscore, read byte by byte in ASCII text and scalar by scalar otherwise, alike.
    func testIdentifiersAreTheSameInASCIIAndOtherText() {
        func identifiers(_ text: String) -> Set<String> {
            var names = Set<String>()
            ReadRecorder.identifiers(in: text, into: &names)
            return names
        }
        XCTAssertEqual(identifiers("self.feed_2.load(item2, 3x) ?? _cache"), ["self", "feed_2", "load", "item2", "x", "_cache"])
        XCTAssertEqual(identifiers("Zone42"), ["Zone42"])
        XCTAssertEqual(identifiers("self.feed_2.load(item2, 3x) ?? _cache — Café"), ["self", "feed_2", "load", "item2", "x", "_cache", "Café"])
        XCTAssertEqual(identifiers("9 + 10"), [])
    }
}
