import Foundation
import XCTest
@testable import MVLintKit

/// After an edit that moves a file's facts without changing them, a run carries the previous run's project findings
/// over to their new places instead of building the project, and reports exactly what an uncached run reports;
/// after any other edit, it builds the project.
final class ProjectFindingRelocationTests: XCTestCase {
    private static let presentationView = "LegacyMVVM/Sources/LegacyDirectory/Views/UserDetailView.swift"
    private static let containerView = "LegacyMVVM/Sources/LegacyDirectory/Views/TeamStatsView.swift"

    /// The project rules' findings in `path`, which the edits must move for the test to mean anything.
    private static func projectFindings(in path: String, _ findings: [Finding]) -> [Finding] {
        let projectRules = Set(RuleRegistry.projectRules.map { $0.description.id })
        return findings.filter { $0.file == path && projectRules.contains($0.rule) }
    }

    func testEditsThatMoveFactsMoveTheProjectFindingsAndOthersBuildTheProject() throws {
        let scratch = try CachedRunScratch.examples()
        XCTAssertEqual(scratch.run().projectPhase, .built)
        let cold = scratch.run()
        XCTAssertEqual(cold.projectPhase, .replayed)
        let before = try XCTUnwrap(Self.projectFindings(in: Self.presentationView, cold.findings).first)
        XCTAssertFalse(Self.projectFindings(in: Self.containerView, cold.findings).isEmpty)

        try scratch.edit(Self.presentationView) { "// A comment on top.\n" + $0 }
        let atop = try XCTUnwrap(Self.projectFindings(in: Self.presentationView,
                                                      scratch.runAfterEdit("a comment line atop", phase: .relocated)).first)
        XCTAssertEqual(atop.line, before.line + 1)

        try scratch.edit(Self.presentationView) { text in
            var lines = text.components(separatedBy: "\n")
            lines[atop.line - 1] = "    " + lines[atop.line - 1]
            return lines.joined(separator: "\n")
        }
        let indented = try XCTUnwrap(Self.projectFindings(in: Self.presentationView,
                                                          scratch.runAfterEdit("the finding's line indented", phase: .relocated)).first)
        XCTAssertEqual(indented.column, atop.column + 4)

        try scratch.edit(Self.presentationView) { "\n" + $0 }
        try scratch.edit(Self.containerView) { "\n\n" + $0 }
        _ = scratch.runAfterEdit("two files edited", phase: .relocated)

        try scratch.edit(Self.presentationView) { $0 + "\nstruct AddedType {}\n" }
        _ = scratch.runAfterEdit("a type added", phase: .built)

        XCTAssertEqual(scratch.run().projectPhase, .replayed)
        try scratch.edit(Self.presentationView) { $0.replacingOccurrences(of: "\nstruct AddedType {}\n", with: "") }
        _ = scratch.runAfterEdit("the type removed again, once the previous run had it", phase: .built)
        try scratch.edit(Self.presentationView) { $0 + "// trailing\n" }
        _ = scratch.runAfterEdit("a comment after that", phase: .relocated)
    }

    /// Splitting `let model: Model, other: Model` in two on its line moves nothing a shape holds but what the
    /// declaration declares: `missing-bindable` can now fix `model`, so the run judges the file again and reports the
    /// fix, as an uncached run does, instead of moving the finding that had none.
    func testSplittingADeclarationThatLetsAFindingBeFixedJudgesTheFileAgain() throws {
        let scratch = try CachedRunScratch.examples()
        let path = "EditView.swift"
        try """
        import SwiftUI
        import Observation

        @Observable final class Model { var name = "" }

        struct EditView: View {
            let model: Model, other: Model
            var body: some View { TextField("Name", text: $model.name) }
        }
        """.write(to: scratch.folder.url.appendingPathComponent(path), atomically: true, encoding: .utf8)
        let before = try XCTUnwrap(scratch.run().findings.first { $0.file == path && $0.rule == "missing-bindable" })
        XCTAssertNil(before.fix)
        try scratch.edit(path) { $0.replacingOccurrences(of: "let model: Model, other: Model", with: "let model: Model; let other: Model") }
        let after = scratch.runAfterEdit("a declaration split on its line", phase: .rejudged)
        XCTAssertNotNil(after.first { $0.file == path && $0.rule == "missing-bindable" }?.fix)
    }

    func testAnEditorsBufferMovesTheFindingsOfItsFileWithoutReplacingTheFileOrTheStoredResult() throws {
        let scratch = try CachedRunScratch.examples()
        _ = scratch.run()
        let onDisk = try String(contentsOf: scratch.folder.url.appendingPathComponent(Self.presentationView), encoding: .utf8)
        let unsaved = Linter.StandardInput(path: Self.presentationView, text: "// Not saved yet.\n\n" + onDisk)
        let warm = scratch.run(buffer: unsaved)
        XCTAssertEqual(warm.projectPhase, .relocated)
        XCTAssertFalse(Self.projectFindings(in: Self.presentationView, warm.findings).isEmpty)
        XCTAssertEqual(warm.findings.map(CachedRunScratch.shown), scratch.run(cached: false, buffer: unsaved).findings.map(CachedRunScratch.shown))

        let changed = Linter.StandardInput(path: Self.presentationView, text: onDisk + "\nstruct Unsaved {}\n")
        XCTAssertEqual(scratch.run(buffer: changed).projectPhase, .built)
        XCTAssertEqual(scratch.run().projectPhase, .replayed, "the files on disk, as the first run found them")
    }

    func testAFileThatStopsParsingBuildsTheProject() throws {
        let scratch = try CachedRunScratch.examples()
        _ = scratch.run()
        try scratch.edit(Self.presentationView) { "// broken\n" + $0 + "\n}}}\n" }
        _ = scratch.runAfterEdit("a syntax error", phase: .built)
    }

    func testShapesLeaveOutPlacesAndKeepEverythingElse() {
        func facts(_ name: String, line: Int) -> FileFacts {
            var facts = FileFacts(path: "Feed.swift")
            facts.constructions = [ConstructionFact(typeName: name, labels: [], enclosingType: "FeedView",
                                                    position: SourcePosition(line: line, column: 9, utf8Offset: line * 40))]
            return facts
        }
        let moved = FactWriter.shape(of: facts("FeedModel", line: 12)), original = FactWriter.shape(of: facts("FeedModel", line: 3))
        XCTAssertEqual(moved.bytes, original.bytes)
        XCTAssertEqual(moved.positions.map(\.line), [12])
        XCTAssertNotEqual(FactWriter.shape(of: facts("FeedStore", line: 3)).bytes, original.bytes)
        XCTAssertNotEqual(FactWriter.payload(of: facts("FeedModel", line: 12)), FactWriter.payload(of: facts("FeedModel", line: 3)))
    }

    func testAPositionMapHoldsOnlyForEditsThatKeepPlacesApartAndInOrder() throws {
        func at(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }
        let shifted = try XCTUnwrap(PositionMap(from: [at(2, 5), at(2, 9), at(7, 1)], to: [at(3, 5), at(3, 12), at(8, 1)]))
        XCTAssertEqual(shifted.place(line: 2, column: 9).map { [$0.line, $0.column] }, [3, 12])
        XCTAssertNil(shifted.place(line: 2, column: 6), "a place no fact had")
        XCTAssertNotNil(PositionMap(from: [at(2, 5), at(2, 5)], to: [at(4, 5), at(4, 5)]), "one place written twice")

        XCTAssertNil(PositionMap(from: [at(2, 5), at(2, 5)], to: [at(4, 5), at(5, 5)]), "one place, two new ones")
        XCTAssertNil(PositionMap(from: [at(2, 5), at(3, 1)], to: [at(2, 5), at(2, 30)]), "two lines joined")
        XCTAssertNil(PositionMap(from: [at(2, 5), at(2, 9)], to: [at(2, 5), at(3, 1)]), "one line split between two facts")
        XCTAssertNil(PositionMap(from: [at(2, 5), at(6, 1)], to: [at(9, 5), at(3, 1)]), "places swapped")
        XCTAssertNil(PositionMap(from: [at(2, 5)], to: []), "counts differ")
    }

    func testMessagesNamingALineOfAChangedFileAreNotMoved() throws {
        XCTAssertTrue(ProjectFindingRelocation.mentionsLine(of: "App/Feed.swift", "held by FeedView (Feed.swift:12)"))
        XCTAssertTrue(ProjectFindingRelocation.mentionsLine(of: "App/Feed.swift", "imports App/Feed.swift:3 from the data layer"))
        XCTAssertFalse(ProjectFindingRelocation.mentionsLine(of: "App/Feed.swift", "declared in Feed.swift, not here"))
        XCTAssertFalse(ProjectFindingRelocation.mentionsLine(of: "App/Feed.swift", "(Other.swift:12)"))
        XCTAssertTrue(ProjectFindingRelocation.mentionsLineNumber("written on line 40 off the main actor"))
        XCTAssertFalse(ProjectFindingRelocation.mentionsLineNumber("a guideline for lines"))

        let outcome = ProjectOutcome(candidates: ["Row.swift": [LocatedCandidate(rule: "r", line: 1, column: 1, message: "m", fix: nil, enclosingType: nil)],
                                                  "Other.swift": [LocatedCandidate(rule: "r", line: 4, column: 2, message: "see Row.swift:1",
                                                                                   fix: nil, enclosingType: nil)]],
                                     viewNamesByFile: [:])
        var facts = FileFacts(path: "Row.swift")
        facts.constructions = [ConstructionFact(typeName: "Row", labels: [], enclosingType: nil, position: SourcePosition(line: 1, column: 1))]
        var moved = facts
        moved.constructions[0].position = SourcePosition(line: 2, column: 1)
        let analysis = FileAnalysis(path: "Row.swift", facts: moved, candidates: [], suppressions: SuppressionMap(), parseError: nil,
                                    sourceDigest: SourceDigest(""), text: nil)
        let change = ProjectFindingRelocation.Change(path: "Row.swift", factsBefore: facts, analysis: analysis)
        let movable = try XCTUnwrap(ProjectFindingRelocation.movable([change]), "the facts kept their shape and order")
        XCTAssertNil(ProjectFindingRelocation.relocate(outcome, moving: movable), "another file's message names the old line")
        var quiet = outcome
        quiet.candidates["Other.swift"] = []
        XCTAssertEqual(ProjectFindingRelocation.relocate(quiet, moving: movable)?.candidates["Row.swift"]?.map(\.line), [2])
        var reshaped = moved
        reshaped.constructions[0].typeName = "Header"
        let changedFacts = FileAnalysis(path: "Row.swift", facts: reshaped, candidates: [], suppressions: SuppressionMap(), parseError: nil,
                                        sourceDigest: SourceDigest(""), text: nil)
        XCTAssertNil(ProjectFindingRelocation.movable([ProjectFindingRelocation.Change(path: "Row.swift", factsBefore: facts, analysis: changedFacts)]),
                     "a fact's text changed: the project is built again")
    }
}
