import Foundation
import XCTest
@testable import MVLintKit

/// After one file's edit, whether the answers of the whole project can change, told from a small project, and the
/// file judged again there with the whole project's answers, its places moved (docs/INCREMENTAL.md, step 4).
final class SmallProjectTests: XCTestCase {
    private let files = [
        "Models/FeedModel.swift": "@Observable final class FeedModel {\n    var items: [String] = []\n    func load() async {}\n}\n",
        "Views/FeedView.swift": """
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    List(model.items, id: \\.self) { RowView(title: $0) }
                        .task { await model.load() }
                }
            }

            """,
        "Views/RowView.swift": "struct RowView: View {\n    let title: String\n    var body: some View { Text(title) }\n}\n",
        "Views/BadgeView.swift": """
            final class BadgeModel: ObservableObject {
                @Published var count = 0
            }

            struct BadgeView: View {
                @ObservedObject var model = BadgeModel()
                var body: some View { Text("\\(model.count)") }
            }

            """,
    ]

    private func snapshots(editing path: String, _ change: (String) -> String) throws -> (before: SmallProjectCheck.Snapshot, after: SmallProjectCheck.Snapshot) {
        let folder = try TemporaryFolder()
        for (name, text) in files {
            let url = folder.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let before = try XCTUnwrap(SmallProjectCheck.snapshot(of: folder.url))
        try change(files[path]!).write(to: folder.url.appendingPathComponent(path), atomically: true, encoding: .utf8)
        return (before, try XCTUnwrap(SmallProjectCheck.snapshot(of: folder.url)))
    }

    func testABodyEditChangesNoAnswerAndTheFileIsJudgedAgainWithItsPlacesMoved() throws {
        let path = "Views/BadgeView.swift"
        let (before, after) = try snapshots(editing: path) {
            "// A comment above moves every place.\n" + $0.replacingOccurrences(of: "Text(", with: "Text(verbatim: \"\")\n        Text(")
        }
        // The project finding about the file moved with it: judged from answers with their places moved, at its new line.
        XCTAssertEqual(before.findingsByFile[path]?.filter { $0.contains("observed-object-creation") }.map { $0.prefix(2) }, ["6:"])
        XCTAssertEqual(after.findingsByFile[path]?.filter { $0.contains("observed-object-creation") }.map { $0.prefix(2) }, ["7:"])
        XCTAssertFalse(before.changesAnswers(ofFileAt: path, to: after))
        let kept = try XCTUnwrap(before.keptAndJudgedAgain(ofFileAt: path, to: after))
        XCTAssertEqual(kept.differing, [])
        XCTAssertEqual(kept.judged, 1, "no other file asks about a type this one declares")
    }

    func testARenamedTypeChangesTheAnswersAndIsNotKept() throws {
        let path = "Models/FeedModel.swift"
        let (before, after) = try snapshots(editing: path) { $0.replacingOccurrences(of: "class FeedModel", with: "class FeedStore") }
        XCTAssertTrue(before.changesAnswers(ofFileAt: path, to: after))
        XCTAssertNil(before.keptAndJudgedAgain(ofFileAt: path, to: after))
    }

    func testAFileThatStopsCreatingAModelChangesTheAnswers() throws {
        // Who creates an observable class decides its lifetime, which follows creators across files: told by the file's
        // constructions, not by the small project's lifetimes.
        let path = "Views/FeedView.swift"
        let (before, after) = try snapshots(editing: path) {
            $0.replacingOccurrences(of: "@State private var model = FeedModel()", with: "let model: FeedModel")
        }
        XCTAssertTrue(before.changesAnswers(ofFileAt: path, to: after))
    }

    func testPlacesMoveWithTheFactsThatHoldThem() {
        let old = TestProject.facts("struct Card: View {\n    let title: String\n    let count: Int\n    var body: some View { Text(title) }\n}\n")
        let new = TestProject.facts("// moved\nstruct Card: View {\n    let title: String\n    let total: Int\n    var body: some View { Text(title) }\n}\n")
        let places = SmallProjectCheck.placeMap(from: old, to: new)
        let type = old.types[0], title = type.properties[0], count = type.properties[1]
        XCTAssertEqual(places.positions[type.position]?.line, type.position.line + 1)
        XCTAssertEqual(places.positions[title.position]?.line, title.position.line + 1)
        XCTAssertNil(places.positions[count.position], "a property renamed is not the same fact")
        XCTAssertEqual(places.lines[title.position.line], title.position.line + 1)
    }

    func testAnswersCitingAPlaceWithNowhereToGoAreNotMoved() {
        let project = TestProject.context(["Views/FeedView.swift": files["Views/FeedView.swift"]!, "Models/FeedModel.swift": files["Models/FeedModel.swift"]!])
        let architecture = project.architecture
        let cited = architecture.roles.values.filter { $0.path == "Views/FeedView.swift" }
        XCTAssertFalse(cited.isEmpty)
        let moved = architecture.movingPlaces(in: "Views/FeedView.swift", by: { SourcePosition(line: $0.line + 2, column: $0.column) },
                                              moveLine: { $0 + 2 })
        for assignment in cited {
            XCTAssertEqual(moved?.roles[assignment.id]?.position.line, assignment.position.line + 2)
            XCTAssertEqual(moved?.roles[assignment.id]?.evidence.map(\.position.line), assignment.evidence.map { $0.path == assignment.path ? $0.position.line + 2 : $0.position.line })
        }
        XCTAssertNil(architecture.movingPlaces(in: "Views/FeedView.swift", by: { _ in nil }, moveLine: { $0 }))
        XCTAssertNotNil(architecture.movingPlaces(in: "Elsewhere.swift", by: { _ in nil }, moveLine: { _ in nil }), "no place there to move")
    }
}
