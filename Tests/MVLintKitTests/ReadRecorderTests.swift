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
        let byRule = LintEngine(selection: RuleSelection(rules: rules)).namesRead(in: project) { _ in true }
        return byRule.values.reduce(into: [:]) { merged, byFile in merged.merge(byFile) { $0.union($1) } }
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
}
