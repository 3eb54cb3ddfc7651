import Foundation
import XCTest
@testable import MVLintKit

/// A run after one file's facts changed judges that file again in a small project, with the answers the previous run
/// kept, when the change alters none of them; and reports exactly what an uncached run reports.
final class ChangedFileJudgementTests: XCTestCase {
    private static let model = """
    import Observation

    @Observable final class FeedModel {
        var title = "Feed"
        var subtitle = ""
    }
    """

    private static let view = """
    import SwiftUI

    struct FeedView: View {
        let model: FeedModel

        var body: some View {
            Text(model.title)
        }
    }

    struct FeedScreen: View {
        @State private var model = FeedModel()
        var body: some View { FeedView(model: model) }
    }
    """

    /// A presentation view of a title.
    private static let row = "import SwiftUI\n\nstruct FeedRow: View {\n    let title: String\n    var body: some View { Text(title) }\n}\n"

    /// A presentation view of a count.
    private static let badge = "import SwiftUI\n\nstruct FeedBadge: View {\n    let count: Int\n    var body: some View { Text(\"\\(count)\") }\n}\n"

    /// A view controller hosting `FeedLegacy`, which only it makes: a view made outside SwiftUI.
    private static let uiKitHost = "import UIKit\nimport SwiftUI\n\nfinal class FeedHost: UIViewController {\n    func show() { _ = UIHostingController(rootView: FeedLegacy()) }\n}\n"

    private static let madeOnlyByUIKit = """
    import SwiftUI
    import Combine

    final class FeedStore: ObservableObject {
        @Published var title = ""
    }

    struct FeedLegacy: View {
        @ObservedObject var store = FeedStore()
        var body: some View { Text(store.title) }
    }
    """

    func testABodyEditIsJudgedInASmallProjectAndItsNewProjectFindingsAreMade() throws {
        let scratch = try CachedRunScratch(files: ["FeedModel.swift": Self.model, "FeedView.swift": Self.view])
        XCTAssertEqual(scratch.run().projectPhase, .built)
        XCTAssertFalse(scratch.run().findings.contains { $0.rule == "missing-bindable" })

        // A binding to a model the view holds without `@Bindable`: a project rule's finding the kept findings lack.
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "Text(model.title)", with: "TextField(\"Title\", text: $model.title)") }
        let bound = scratch.runAfterEdit("a binding added to the body", phase: .rejudged)
        XCTAssertEqual(bound.filter { $0.rule == "missing-bindable" }.map(\.line), [7])

        // Lines added above it: the kept answers' places in the file move, the finding with them.
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "    let model: FeedModel\n", with: "    let model: FeedModel\n    let note = \"\"\n\n") }
        let moved = scratch.runAfterEdit("a property and a blank line added above it", phase: .rejudged)
        XCTAssertEqual(moved.filter { $0.rule == "missing-bindable" }.map(\.line), [9])

        // A stored property removed from the model: the view, which asked about the model, is judged again too.
        try scratch.edit("FeedModel.swift") { $0.replacingOccurrences(of: "    var subtitle = \"\"\n", with: "") }
        _ = scratch.runAfterEdit("a property the view does not use removed from the model", phase: .rejudged)
    }

    func testAnEditThatChangesAnAnswerBuildsTheProject() throws {
        let scratch = try CachedRunScratch(files: ["FeedModel.swift": Self.model, "FeedView.swift": Self.view])
        _ = scratch.run()
        // Owning the model instead of observing it changes the view's relation to it, and the model's role may follow.
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "    let model: FeedModel\n", with: "    @State private var model = FeedModel()\n") }
        _ = scratch.runAfterEdit("a wrapper swapped", phase: .built)
        // A view added and shown by one the project had: that view's relations change.
        try scratch.edit("FeedView.swift") {
            $0.replacingOccurrences(of: "var body: some View { FeedView(model: model) }", with: "var body: some View { VStack { FeedView(model: model); FeedFooter() } }")
                + "\nstruct FeedFooter: View { var body: some View { EmptyView() } }\n"
        }
        _ = scratch.runAfterEdit("a view added and shown", phase: .built)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "Text(model.title)", with: "TextField(\"Title\", text: $model.title)") }
        _ = scratch.runAfterEdit("a binding added once the project was built again", phase: .rejudged)
    }

    /// A type declared, renamed or taken away that no other file names is judged in a small project, its role put in
    /// or taken out of the kept answers, which stay what a build keeps; one another file names builds the project.
    func testATypeNoOtherFileNamesIsJudgedAndOneAnotherFileNamesBuilds() throws {
        let scratch = try CachedRunScratch(files: ["FeedModel.swift": Self.model, "FeedView.swift": Self.view])
        _ = scratch.run()
        try scratch.edit("FeedView.swift") { $0 + "\nenum FeedFormat {\n    static let separator = \", \"\n}\n" }
        _ = scratch.runAfterEdit("a plain type added", phase: .rejudged)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "    let model: FeedModel\n", with: "    let model: FeedModel\n    private let separator = FeedFormat.separator\n") }
        _ = scratch.runAfterEdit("the type used in its file", phase: .rejudged)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "FeedFormat", with: "FeedStyle") }
        _ = scratch.runAfterEdit("the type renamed", phase: .rejudged)
        try scratch.edit("FeedView.swift") {
            $0.replacingOccurrences(of: "    private let separator = FeedStyle.separator\n", with: "").replacingOccurrences(of: "\nenum FeedStyle {\n    static let separator = \", \"\n}\n", with: "")
        }
        _ = scratch.runAfterEdit("the type taken away", phase: .rejudged)

        // Named in another file (unresolved there until now): what that file's names resolve to changes.
        try scratch.edit("FeedModel.swift") { $0.replacingOccurrences(of: "    var subtitle = \"\"\n", with: "    var subtitle = \"\"\n    var style: FeedStyle?\n") }
        _ = scratch.run()
        try scratch.edit("FeedView.swift") { $0 + "\nstruct FeedStyle {}\n" }
        _ = scratch.runAfterEdit("a type another file names added", phase: .built)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "\nstruct FeedStyle {}\n", with: "") }
        _ = scratch.runAfterEdit("a type another file names taken away", phase: .built)
        try scratch.edit("FeedView.swift") { $0 + "\n@Observable final class FeedDraft {\n    var text = \"\"\n}\n" }
        _ = scratch.runAfterEdit("an observable class added", phase: .rejudged)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "\n@Observable final class FeedDraft {\n    var text = \"\"\n}\n", with: "") }
        _ = scratch.runAfterEdit("an observable class taken away", phase: .rejudged)
    }

    /// A view, a model or a view model added or taken away that no other file names is judged, its role and the
    /// relations it starts put where a build puts them or taken out, when what the detected profile counts stays as it
    /// was (it is not shown, or is plain presentation) and it shows no view the project had. One that makes a view a
    /// screen, or shows (or showed) a view of another file, builds the project.
    func testAViewOrModelNoOtherFileNamesIsJudgedWhenTheProfileStands() throws {
        let scratch = try CachedRunScratch(files: [
            "FeedModel.swift": Self.model, "FeedView.swift": Self.view,
            "FeedRow.swift": Self.row,
            "FeedClient.swift": "struct FeedClient {\n    func titles() async -> [String] { [] }\n}\n",
        ])
        XCTAssertEqual(scratch.run().profileChoice.profile, .mv)
        try scratch.edit("FeedView.swift") { $0 + "\nstruct FeedBadge: View {\n    let count: Int\n    var body: some View { Text(\"\\(count)\") }\n}\n" }
        _ = scratch.runAfterEdit("a presentation view added", phase: .rejudged)
        // Observing the model and calling a service: a relation among the views' held ones, between FeedView's and
        // FeedScreen's, and one among the file's code's, before FeedScreen's.
        try scratch.edit("FeedView.swift") {
            $0.replacingOccurrences(of: "struct FeedScreen: View {", with: "struct FeedCard: View {\n    let model: FeedModel\n    private let client = FeedClient()\n    var body: some View { Text(model.title) }\n}\n\nstruct FeedScreen: View {")
        }
        _ = scratch.runAfterEdit("a container view calling a service added between two", phase: .rejudged)
        // A screen's own model with it: the model's lifetime and the view's ownership.
        try scratch.edit("FeedModel.swift") {
            $0 + "\nimport SwiftUI\n\n@Observable final class FeedFilter {\n    var query = \"\"\n}\n\nstruct FeedSearch: View {\n    @State private var filter = FeedFilter()\n    var body: some View { TextField(\"Search\", text: $filter.query) }\n}\n"
        }
        _ = scratch.runAfterEdit("a view owning a model added with it", phase: .rejudged)
        try scratch.edit("FeedModel.swift") { $0 + "\nfinal class FeedListViewModel: ObservableObject {\n    @Published var rows: [String] = []\n}\n" }
        _ = scratch.runAfterEdit("a view model added", phase: .rejudged)
        // Shown by another view added with it, but plain presentation: no screen.
        try scratch.edit("FeedRow.swift") {
            $0 + "\nstruct FeedHeader: View {\n    var body: some View { FeedTitle(text: \"Feed\") }\n}\n\nstruct FeedTitle: View {\n    let text: String\n    var body: some View { Text(text) }\n}\n"
        }
        _ = scratch.runAfterEdit("a view added showing a presentation view added with it", phase: .rejudged)

        // A view the project has, shown by one added: whether it is made in SwiftUI, shown (a screen if it holds state)
        // is told across the project.
        try scratch.edit("FeedView.swift") { $0 + "\nstruct FeedList: View {\n    var body: some View { FeedRow(title: \"Row\") }\n}\n" }
        _ = scratch.runAfterEdit("a view added showing one the project has", phase: .built)
        // A container view shown by another added one: a screen.
        try scratch.edit("FeedRow.swift") {
            $0 + "\nstruct FeedPage: View {\n    @State private var model = FeedModel()\n    var body: some View { Text(model.title) }\n}\n\nstruct FeedTabs: View {\n    var body: some View { FeedPage() }\n}\n"
        }
        _ = scratch.runAfterEdit("a container view added and shown by another added", phase: .built)
        // A view model conforming to a view-model protocol, which may back screens elsewhere.
        try scratch.edit("FeedModel.swift") { $0 + "\nprotocol FeedViewModelType: AnyObject {}\n" }
        _ = scratch.run()
        try scratch.edit("FeedView.swift") { $0 + "\nfinal class FeedDetailViewModel: ObservableObject, FeedViewModelType {\n    @Published var title = \"\"\n}\n" }
        _ = scratch.runAfterEdit("a view model added conforming to a view-model protocol", phase: .built)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "FeedBadge", with: "FeedCounter") }
        _ = scratch.runAfterEdit("a view renamed", phase: .rejudged)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "\nstruct FeedCounter: View {\n    let count: Int\n    var body: some View { Text(\"\\(count)\") }\n}\n", with: "") }
        _ = scratch.runAfterEdit("a view taken away", phase: .rejudged)
        try scratch.edit("FeedView.swift") {
            $0.replacingOccurrences(of: "struct FeedCard: View {\n    let model: FeedModel\n    private let client = FeedClient()\n    var body: some View { Text(model.title) }\n}\n", with: "")
        }
        _ = scratch.runAfterEdit("a view calling a service taken away", phase: .rejudged)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "\nstruct FeedList: View {\n    var body: some View { FeedRow(title: \"Row\") }\n}\n", with: "") }
        _ = scratch.runAfterEdit("a view taken away that showed one the project has", phase: .built)
        // A plain type shows views too.
        try scratch.edit("FeedView.swift") { $0 + "\nenum FeedRouter {\n    static func start() -> FeedRow { FeedRow(title: \"Start\") }\n}\n" }
        _ = scratch.runAfterEdit("a plain type added showing a view the project has", phase: .built)
    }

    /// A view of another file made in a body the project had, or no longer made there, is judged in a small project
    /// holding every file that names it, the new `shows` relation put among the file's (or the old one taken out), when
    /// nothing else changes: not whether a view holding state is shown (a screen the detected profile counts), not what a rule's table tells of it (made in SwiftUI at all), not a
    /// relation written before (by the same body, or by the maker's extension in another file). Each of those builds
    /// the project.
    func testAViewOfTheProjectMadeInABodyOrNoLongerIsJudgedWhenNothingElseChanges() throws {
        let scratch = try CachedRunScratch(files: [
            "FeedModel.swift": Self.model, "FeedView.swift": Self.view,
            "FeedRow.swift": Self.row,
            "FeedLegend.swift": "import SwiftUI\n\nstruct FeedLegend: View {\n    var body: some View { Text(\"Legend\") }\n}\n",
            "FeedHeaders.swift": "import SwiftUI\n\nextension FeedSearch {\n    var header: some View { FeedLegend() }\n}\n",
            "FeedSearch.swift": "import SwiftUI\n\nstruct FeedSearch: View {\n    @State private var filter = FeedModel()\n    var body: some View { TextField(\"Search\", text: $filter.title) }\n}\n",
            "FeedHost.swift": Self.uiKitHost, "FeedLegacy.swift": Self.madeOnlyByUIKit,
        ])
        XCTAssertEqual(scratch.run().profileChoice.profile, .mv)
        // A presentation view shown for the first time, then by a second view of the project.
        try scratch.runAfterReplacing("var body: some View { FeedView(model: model) }", with: "var body: some View { VStack { FeedView(model: model); FeedRow(title: \"Top\") } }", in: "FeedView.swift",
            "a presentation view made in a screen's body", phase: .rejudged)
        // By a second view of the same file: the file made it before, for another maker.
        try scratch.runAfterReplacing("Text(model.title)", with: "VStack { Text(model.title); FeedRow(title: \"More\") }", in: "FeedView.swift",
            "a view the file makes made by another of its views", phase: .rejudged)
        try scratch.runAfterReplacing("TextField(\"Search\", text: $filter.title)", with: "VStack { TextField(\"Search\", text: $filter.title); FeedRow(title: filter.title) }", in: "FeedSearch.swift",
            "a presentation view another view shows made in a second body", phase: .rejudged)
        // A container another file shows already, made in one more body.
        try scratch.runAfterReplacing("var body: some View { Text(title) }", with: "var body: some View { VStack { Text(title); FeedView(model: FeedModel.preview) } }", in: "FeedRow.swift",
            "a view another file shows made in a body", phase: .rejudged)

        // Taken away again: the relation goes, the view is still shown by the screen.
        try scratch.runAfterReplacing("; FeedRow(title: filter.title)", with: "", in: "FeedSearch.swift",
            "a view another view shows no longer made in a body", phase: .rejudged)
        try scratch.runAfterReplacing("TextField(\"Search\", text: $filter.title) }", with: "TextField(\"Search\", text: $filter.title); FeedRow(title: filter.title) }", in: "FeedSearch.swift",
            "made there once more", phase: .rejudged)
        // A view holding state, shown nowhere until now: a screen.
        try scratch.runAfterReplacing("FeedRow(title: \"Top\")", with: "FeedRow(title: \"Top\"); FeedSearch()", in: "FeedView.swift",
            "a view holding state made for the first time", phase: .built)
        // And no longer: not a screen now.
        try scratch.runAfterReplacing("; FeedSearch()", with: "", in: "FeedView.swift",
            "a view holding state no longer made", phase: .built)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "FeedRow(title: \"Top\")", with: "FeedRow(title: \"Top\"); FeedSearch()") }
        _ = scratch.run()
        // A view made only by UIKit until now: `observed-object-creation`'s table tells it is made in SwiftUI.
        let findings = try scratch.runAfterReplacing("FeedSearch()", with: "FeedSearch(); FeedLegacy()", in: "FeedView.swift",
            "a view UIKit made made in a body", phase: .built)
        XCTAssertEqual(findings.filter { $0.rule == "observed-object-creation" }.map(\.file), ["FeedLegacy.swift"])
        // The same view made twice by one body: a line added to a relation the project has.
        try scratch.runAfterReplacing("FeedRow(title: \"Top\");", with: "FeedRow(title: \"Top\"); FeedRow(title: \"Bottom\");", in: "FeedView.swift",
            "a view made again by a body that makes it", phase: .built)
        // A view an extension of the maker in another file makes already: a line added to that file's relation.
        try scratch.runAfterReplacing("FeedRow(title: filter.title)", with: "FeedRow(title: filter.title); FeedLegend()", in: "FeedSearch.swift",
            "a view made in a body that the maker's extension makes", phase: .built)
    }

    /// `viewmodel-public-setter` gathers the writes of every property named like a settable one of any view model: a
    /// small project made for a file that names no view model must gather its writes by the whole project's names, or a
    /// write whose receiver's type is no longer known (its property taken away) goes unseen — and that write now counts
    /// as setting the view model's property from outside, so the view model's finding goes away.
    func testAWriteToAPropertyNamedLikeAViewModelsIsComparedInASmallProject() throws {
        var scratch = try CachedRunScratch(files: [
            "FeedViewModel.swift": "import Observation\n\n@Observable final class FeedViewModel {\n    var title = \"\"\n    func load() { title = \"Feed\" }\n}\n",
            "FeedScreen.swift": "import SwiftUI\n\nstruct FeedScreen: View {\n    @State private var viewModel = FeedViewModel()\n    var body: some View { Text(viewModel.title).onAppear { viewModel.load() } }\n}\n",
            "BadgeController.swift": "import UIKit\n\nfinal class BadgeController: UIViewController {\n    let badge = BadgeLabel()\n    let count = 0\n\n    func update() { badge.title = \"New\" }\n}\n",
        ])
        scratch.profile = .mvvm
        XCTAssertEqual(scratch.run().findings.filter { $0.rule == "viewmodel-public-setter" }.map(\.file), ["FeedViewModel.swift"])
        try scratch.edit("BadgeController.swift") { $0.replacingOccurrences(of: "    let badge = BadgeLabel()\n", with: "") }
        let findings = scratch.runAfterEdit("the property a write's receiver was taken away", phase: .built)
        XCTAssertEqual(findings.filter { $0.rule == "viewmodel-public-setter" }.map(\.file), [])
        try scratch.edit("BadgeController.swift") { $0.replacingOccurrences(of: "    let count = 0\n", with: "    let count = 0\n    let limit = 3\n") }
        _ = scratch.runAfterEdit("a property added beside it", phase: .rejudged)
    }

    /// A file the previous run did not lint is judged as an edit of a file that had no facts: in a small project, when
    /// nothing else in the project names what it declares and every answer but its own stands; its places come between
    /// the other files' (theirs after it move on by one), and its project findings are made. Two files new at once, or
    /// one declaring a type another file names, build the project.
    func testAFileNewToTheProjectIsJudgedAsAnEditOfAnEmptyOne() throws {
        let scratch = try CachedRunScratch(files: ["FeedModel.swift": Self.model, "FeedView.swift": Self.view])
        _ = scratch.run()
        try scratch.folder.write("FeedBadge.swift", Self.badge)
        _ = scratch.runAfterEdit("a new file first in the order, declaring a view", phase: .rejudged)
        try scratch.folder.write("FeedNotes.swift", "// Notes on the feed's layout.\n")
        _ = scratch.runAfterEdit("a new file declaring nothing", phase: .rejudged)
        let screen = "import SwiftUI\nimport Observation\n\n@Observable final class FeedFilter {\n    var query = \"\"\n}\n\n"
            + "struct FeedSearch: View {\n    @State private var filter = FeedFilter()\n    var body: some View { TextField(\"Search\", text: $filter.query) }\n}\n"
        try scratch.folder.write("FeedSearch.swift", screen)
        _ = scratch.runAfterEdit("a new file declaring a view owning a model", phase: .rejudged)
        // A rule's table lists the rows a list makes (`async-row-formatting`): what it says of the new types is put in.
        let grid = "import SwiftUI\n\nstruct FeedGrid: View {\n    var body: some View {\n        List { ForEach(0..<3, id: \\.self) { FeedCell(index: $0) } }\n    }\n}\n\n"
            + "struct FeedCell: View {\n    let index: Int\n    var body: some View { Text(\"\\(index)\") }\n}\n"
        try scratch.folder.write("FeedGrid.swift", grid)
        _ = scratch.runAfterEdit("a new file declaring a list and the rows it makes", phase: .rejudged)
        // Rows of the SDK's views are not in the table: a list of them added changes no answer.
        try scratch.edit("FeedGrid.swift") { $0.replacingOccurrences(of: "FeedCell(index: $0)", with: "FeedCell(index: $0)\n        }\n        List { ForEach(0..<2, id: \\.self) { Text(\"\\($0)\") }") }
        _ = scratch.runAfterEdit("a list of the SDK's text rows added", phase: .rejudged)
        try scratch.folder.write("FeedLegacy.swift", Self.madeOnlyByUIKit)
        let findings = scratch.runAfterEdit("a new file with a project finding of its own", phase: .rejudged)
        XCTAssertEqual(findings.filter { $0.rule == "observed-object-creation" }.map(\.file), ["FeedLegacy.swift"], "the new file's project finding")

        // As for a view added to a file the project had: what shows a view of the project is told across it.
        try scratch.folder.write("FeedList.swift", "import SwiftUI\n\nstruct FeedList: View {\n    var body: some View { FeedBadge(count: 1) }\n}\n")
        _ = scratch.runAfterEdit("a new file declaring a view that shows one the project has", phase: .built)

        try scratch.edit("FeedModel.swift") { $0.replacingOccurrences(of: "    var subtitle = \"\"\n", with: "    var subtitle = \"\"\n    var style: FeedStyle?\n") }
        _ = scratch.run()
        try scratch.folder.write("FeedStyle.swift", "struct FeedStyle {}\n")
        _ = scratch.runAfterEdit("a new file declaring a type another file names", phase: .built)
        try scratch.folder.write("FeedA.swift", "enum FeedA {}\n")
        try scratch.folder.write("FeedB.swift", "enum FeedB {}\n")
        _ = scratch.runAfterEdit("two new files", phase: .built)

        // Deleted: judged as an edit that leaves a file no facts, when nothing else names what it declared.
        func delete(_ path: String) throws { try FileManager.default.removeItem(at: scratch.folder.url.appendingPathComponent(path)) }
        try delete("FeedGrid.swift")
        _ = scratch.runAfterEdit("a file declaring a list and its rows deleted", phase: .rejudged)
        try delete("FeedLegacy.swift")
        XCTAssertFalse(scratch.runAfterEdit("a file with a project finding deleted", phase: .rejudged).contains { $0.file == "FeedLegacy.swift" })
        try delete("FeedA.swift")
        _ = scratch.runAfterEdit("the first file in the order deleted", phase: .rejudged)
        try delete("FeedNotes.swift")
        _ = scratch.runAfterEdit("a file declaring nothing deleted", phase: .rejudged)
        try delete("FeedStyle.swift")
        _ = scratch.runAfterEdit("a file declaring a type another file names deleted", phase: .built)
        try delete("FeedBadge.swift")
        try delete("FeedSearch.swift")
        _ = scratch.runAfterEdit("two files deleted", phase: .built)
    }

    /// A few files changed together are judged one after another, each in the project as the ones before it left it: a
    /// new file first (another file's edit may show what it declares), the edited files in the project's order, a
    /// deleted file last (once the edits no longer name what it declared). More files than `mostFilesJudgedInTurn`,
    /// or one whose change alters an answer, build the project.
    func testAFewFilesChangedTogetherAreJudgedInTurn() throws {
        let scratch = try CachedRunScratch(files: [
            "FeedModel.swift": Self.model, "FeedView.swift": Self.view,
            "FeedRow.swift": Self.row,
        ])
        _ = scratch.run()
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "Text(model.title)", with: "Text(model.title + \"!\")") }
        try scratch.edit("FeedModel.swift") { $0.replacingOccurrences(of: "    var subtitle = \"\"\n", with: "    var subtitle = \"\"\n    var count = 0\n") }
        _ = scratch.runAfterEdit("two files' bodies edited", phase: .rejudged)
        // A new view, shown by another file's view in the same run.
        try scratch.folder.write("FeedBadge.swift", Self.badge)
        try scratch.edit("FeedRow.swift") { $0.replacingOccurrences(of: "Text(title)", with: "HStack { Text(title); FeedBadge(count: 1) }") }
        _ = scratch.runAfterEdit("a new file and a view showing what it declares", phase: .rejudged)
        // The view no longer shown, and its file deleted, in the same run.
        try scratch.edit("FeedRow.swift") { $0.replacingOccurrences(of: "HStack { Text(title); FeedBadge(count: 1) }", with: "Text(title)") }
        try FileManager.default.removeItem(at: scratch.folder.url.appendingPathComponent("FeedBadge.swift"))
        _ = scratch.runAfterEdit("a view no longer shown and its file deleted", phase: .rejudged)
        // Deleted while another file still shows it: that file's names resolve otherwise.
        try scratch.folder.write("FeedBadge.swift", Self.badge)
        try scratch.edit("FeedRow.swift") { $0.replacingOccurrences(of: "Text(title)", with: "HStack { Text(title); FeedBadge(count: 1) }") }
        _ = scratch.run()
        try scratch.edit("FeedModel.swift") { $0.replacingOccurrences(of: "    var count = 0\n", with: "") }
        try FileManager.default.removeItem(at: scratch.folder.url.appendingPathComponent("FeedBadge.swift"))
        _ = scratch.runAfterEdit("a file deleted while another shows its view", phase: .built)
        try scratch.folder.write("FeedBadge.swift", Self.badge)
        _ = scratch.run()
        for (path, note) in [("FeedModel.swift", "model"), ("FeedView.swift", "view"), ("FeedRow.swift", "row"), ("FeedBadge.swift", "badge")] {
            try scratch.edit(path) { "// The \(note).\n" + $0.replacingOccurrences(of: "var body: some View {", with: "var body: some View {\n        let _ = 1") }
        }
        _ = scratch.runAfterEdit("four files edited", phase: .built)
    }

    /// A view that begins or stops holding a class it does not make (`let`, `@Environment`) is judged, its held relations
    /// and its role's evidence put where a build puts them, when it keeps its role, what it holds is no view model and
    /// nothing is constructed otherwise (lifetimes follow who makes a class). A view that becomes a container, holds a
    /// view model or makes what it holds builds the project.
    func testAViewHoldingAClassItDoesNotMakeIsJudgedWhenItsRoleStands() throws {
        let scratch = try CachedRunScratch(files: [
            "FeedModel.swift": Self.model, "FeedView.swift": Self.view,
            "FeedTheme.swift": "import Observation\n\n@Observable final class FeedTheme {\n    var tint = \"blue\"\n}\n\n@Observable final class FeedListViewModel {\n    var rows: [String] = []\n}\n",
            "FeedRow.swift": Self.row,
        ])
        _ = scratch.run()
        let theme = "    @Environment(FeedTheme.self) private var theme\n"
        try scratch.runAfterReplacing("    let model: FeedModel\n", with: "    let model: FeedModel\n" + theme, in: "FeedView.swift",
                                      "a container view reading another class from the environment", phase: .rejudged)
        try scratch.runAfterReplacing(theme, with: "", in: "FeedView.swift", "the environment read taken away", phase: .rejudged)
        try scratch.runAfterReplacing("    let model: FeedModel\n", with: "    let model: FeedModel\n    let tints: FeedTheme\n", in: "FeedView.swift",
                                      "a container view holding another class", phase: .rejudged)
        try scratch.runAfterReplacing("    let model: FeedModel\n    let tints: FeedTheme\n", with: "    let model: FeedModel\n", in: "FeedView.swift",
                                      "the hold taken away", phase: .rejudged)
        try scratch.runAfterReplacing("    let model: FeedModel\n", with: "    let model: FeedModel\n    let list: FeedListViewModel\n", in: "FeedView.swift",
                                      "a view model held", phase: .built)
        try scratch.runAfterReplacing("    let title: String\n", with: "    let title: String\n" + theme, in: "FeedRow.swift",
                                      "a presentation view becoming a container", phase: .built)
        try scratch.runAfterReplacing("    let model: FeedModel\n", with: "    let model: FeedModel\n    @State private var tints = FeedTheme()\n", in: "FeedView.swift",
                                      "a class made where it is held", phase: .built)
    }

    /// A view added that shows a view made only by UIKit until then: the shown view is made in SwiftUI now, which a
    /// rule's table tells from every file's constructions, so `observed-object-creation` reports it — the project is
    /// built, not judged in a small project that holds no UIKit maker.
    func testAViewAddedThatShowsAViewUIKitMadeBuildsTheProject() throws {
        let scratch = try CachedRunScratch(files: [
            "FeedHost.swift": Self.uiKitHost, "FeedLegacy.swift": Self.madeOnlyByUIKit,
            "FeedView.swift": Self.view, "FeedModel.swift": Self.model,
        ])
        XCTAssertFalse(scratch.run().findings.contains { $0.rule == "observed-object-creation" }, "made only by UIKit")
        try scratch.edit("FeedView.swift") { $0 + "\nstruct FeedLegacyRow: View {\n    var body: some View { FeedLegacy() }\n}\n" }
        let findings = scratch.runAfterEdit("a view added showing one UIKit made", phase: .built)
        XCTAssertEqual(findings.filter { $0.rule == "observed-object-creation" }.map(\.file), ["FeedLegacy.swift"])
    }

    /// What a file declares by simple name: nested types apart, with the names code must write to reach them.
    func testDeclaringFilesMarkNestedTypesWithTheNamesThatReachThem() {
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let facts = engine.analyze(path: "Strings.swift", text: """
        import SwiftUI

        enum L10n {
            enum Settings {
                enum Title {}
            }
        }
        extension SwiftUI.View {
            struct Badge {}
        }
        struct Feed {}
        extension Feed {
            struct Feed {}
        }
        """, settings: TargetSettings()).facts
        let entries = DeclaringFiles.entries(of: facts).map { "\($0.isNested ? "nested " : "")\($0.name)" }
        // The outermost enclosing name reaches L10n's; an extension's every component, since its first may be a module.
        XCTAssertEqual(entries, ["Feed", "L10n", "SwiftUI", "View", "nested Badge", "nested Feed", "nested Settings", "nested Title"])
    }

    /// A nested type's name as shown depends on its namesakes (`FeedModel.Model`, or `Model` when it is the only one):
    /// a changed file reaching one is judged with every file declaring the name, those the file cannot reach too.
    func testAFileReachingANestedTypeIsJudgedWithItsNamesakes() throws {
        let scratch = try CachedRunScratch(files: [
            "Strings.swift": "enum L10n {\n    enum Model {\n        static let title = \"Title\"\n    }\n}\n",
            "Feed.swift": "import Observation\n\nenum Feed {\n    @Observable final class Model {\n        var title = \"\"\n    }\n}\n",
            "FeedView.swift": "import SwiftUI\n\nstruct FeedView: View {\n    let model: Feed.Model\n    var body: some View { Text(model.title) }\n}\n",
        ])
        _ = scratch.run()
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "Text(model.title)", with: "TextField(\"Title\", text: $model.title)") }
        let findings = scratch.runAfterEdit("a binding to a nested model added", phase: .rejudged)
        XCTAssertTrue(findings.contains { $0.rule == "missing-bindable" && $0.message.contains("Feed.Model") }, "\(findings.map(\.message))")
    }

    /// A judged file's small project holds the files declaring what its types inherit from: a class observable only
    /// through a base class another file declares is still one of its subjects, and the answers kept stay a build's.
    func testAClassObservableThroughABaseClassElsewhereIsJudgedAsOne() throws {
        var scratch = try CachedRunScratch(files: [
            "BaseViewModel.swift": "import Combine\n\nclass BaseViewModel: ObservableObject {\n    @Published var isLoading = false\n}\n",
            "FeedViewModel.swift": """
            import Combine

            final class FeedViewModel: BaseViewModel {
                @Published var title = ""

                func load() {
                    title = "Feed"
                }
            }
            """,
            "FeedView.swift": "import SwiftUI\n\nstruct FeedView: View {\n    @StateObject private var model = FeedViewModel()\n    var body: some View { Text(model.title) }\n}\n",
        ])
        scratch.optInRules = [ViewModelPublicSetterRule.description.id]
        XCTAssertTrue(scratch.run().findings.contains { $0.file.hasSuffix("FeedViewModel.swift") }, "a rule judges the class")
        try scratch.edit("FeedViewModel.swift") { $0.replacingOccurrences(of: "        title = \"Feed\"\n", with: "        title = \"Feed\"\n        print(\"loaded\")\n") }
        _ = scratch.runAfterEdit("a line added to a method of a class observable through its base", phase: .rejudged)
    }

    /// A changed file large enough has the previous run read beside its parse (`PreviousRunReading`): what it read
    /// serves a body edit, an edit that changes an answer still builds the project, and a second changed file stops the
    /// reading: the two files are judged in turn.
    func testALargeFileIsJudgedWithThePreviousRunReadBesideItsParse() throws {
        let notes = (1...120).map { "/// Note \($0): the feed shows the model's title and keeps nothing of its own.\n" }.joined()
        let view = Self.view.replacingOccurrences(of: "struct FeedView: View {", with: notes + "struct FeedView: View {")
        XCTAssertGreaterThanOrEqual(Int64(view.utf8.count), Linter.parseWorthReadingBeside)
        let scratch = try CachedRunScratch(files: ["FeedModel.swift": Self.model, "FeedView.swift": view])
        _ = scratch.run()
        try scratch.edit("FeedView.swift") { "// The feed.\n" + $0 }
        _ = scratch.runAfterEdit("a line atop a large file", phase: .relocated)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "Text(model.title)", with: "TextField(\"Title\", text: $model.title)") }
        let bound = scratch.runAfterEdit("a binding added to a large file's body", phase: .rejudged)
        XCTAssertEqual(bound.filter { $0.rule == "missing-bindable" }.count, 1)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "    let model: FeedModel\n", with: "    @State private var model = FeedModel()\n") }
        _ = scratch.runAfterEdit("a wrapper swapped in a large file", phase: .built)
        try scratch.edit("FeedView.swift") { $0 + "\n// The end of the feed.\n" }
        try scratch.edit("FeedModel.swift") { $0.replacingOccurrences(of: "    var subtitle = \"\"\n", with: "") }
        _ = scratch.runAfterEdit("a large file and another changed", phase: .rejudged)
    }

    /// An opt-in rule whose table cites no place (`god-viewmodel`'s bound properties) keeps the answers: with it on, a
    /// body edit is still judged in a small project.
    func testAnOptInRuleWithAPlaceFreeTableKeepsTheAnswers() throws {
        var scratch = try CachedRunScratch(files: ["FeedModel.swift": Self.model, "FeedView.swift": Self.view])
        scratch.optInRules = [GodViewModelRule.description.id]
        XCTAssertTrue(scratch.run().rules.enabled.contains(GodViewModelRule.description.id))
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "    let model: FeedModel\n", with: "    let model: FeedModel\n    let note = \"\"\n") }
        _ = scratch.runAfterEdit("a property added to the view with god-viewmodel on", phase: .rejudged)
        // A binding changes the properties it gathers: the project is built.
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "Text(model.title)", with: "TextField(\"Title\", text: $model.title)") }
        _ = scratch.runAfterEdit("a binding added with god-viewmodel on", phase: .built)
        // Bindings to a model only the file declares: what the table says of it is put in, and taken out with it.
        let draft = "import SwiftUI\nimport Observation\n\n@Observable final class FeedDraft {\n    var text = \"\"\n}\n\n"
            + "struct FeedCompose: View {\n    @State private var draft = FeedDraft()\n    var body: some View { TextField(\"Text\", text: $draft.text) }\n}\n"
        try scratch.edit("FeedView.swift") { $0 + "\n" + draft }
        _ = scratch.runAfterEdit("a model and a view binding it added with god-viewmodel on", phase: .rejudged)
        try scratch.edit("FeedView.swift") { $0.replacingOccurrences(of: "\n" + draft, with: "") }
        _ = scratch.runAfterEdit("the model and the view binding it taken away with god-viewmodel on", phase: .rejudged)
    }

    /// A run whose facts only moved moves the kept answers too (the architecture's places and the rules' tables'), so the
    /// next edit is judged with answers that cite where things are now.
    func testAnEditAfterAMoveIsJudgedWithTheMovedAnswers() throws {
        let scratch = try CachedRunScratch.examples()
        let path = "LegacyMVVM/Sources/LegacyDirectory/Views/UserDetailView.swift"
        _ = scratch.run()
        try scratch.edit(path) { "// The user's details.\n\n" + $0 }
        _ = scratch.runAfterEdit("two lines atop", phase: .relocated)
        try scratch.edit(path) { $0.replacingOccurrences(of: "Button(\"Toggle Premium\") { viewModel.togglePremium() }",
                                                         with: "Button(\"Toggle Premium\") { viewModel.togglePremium(); viewModel.refresh() }") }
        _ = scratch.runAfterEdit("a call added to a closure of the body", phase: .rejudged)
        try scratch.edit(path) { "// Shown from the directory.\n" + $0 }
        _ = scratch.runAfterEdit("a line atop that", phase: .relocated)
    }

    /// A fact pairs only with a fact of the same type: a type renamed back and another added after the last one leave
    /// the last one's place where it is, not on the added type's (whose facts, but for the name, say the same).
    func testThePlaceMapPairsFactsWithinTheirOwnTypes() throws {
        let before = """
        struct ScriptItemRenamed {
            let title: String
        }

        struct ScriptProvider {
            func current() -> ScriptItem { .init(title: "") }
        }

        struct ScriptConfiguration {
            let id = UUID()
        }
        """
        // Its declaration renamed back, as an editor's undo does, and a type added after the last.
        let after = before.replacingOccurrences(of: "struct ScriptItemRenamed", with: "struct ScriptItem") + "\n\nstruct ScriptAdded {\n    let count = 1\n}\n"
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let old = engine.analyze(path: "Script.swift", text: before, settings: TargetSettings()).facts
        let new = engine.analyze(path: "Script.swift", text: after, settings: TargetSettings()).facts
        let places = SmallProjectCheck.placeMap(from: old, to: new)
        let configuration = try XCTUnwrap(old.types.first { $0.name == "ScriptConfiguration" })
        XCTAssertEqual(places.positions[configuration.position], try XCTUnwrap(new.types.first { $0.name == "ScriptConfiguration" }).position)

        // An import added: the file's first type still pairs, its first property too.
        let imported = engine.analyze(path: "Script.swift", text: before + "\n\nimport SwiftUI\n", settings: TargetSettings()).facts
        let title = try XCTUnwrap(old.types.first?.properties.first)
        XCTAssertEqual(SmallProjectCheck.placeMap(from: old, to: imported).positions[title.position], title.position)
    }

    /// A view made at the top of a body, indented otherwise than the statement it now precedes, changes what the type's
    /// facts say before its declaration's place (where a fix would insert a statement there): the declaration still
    /// pairs, by the type's name, and so does the type after it.
    func testThePlaceMapPairsATypeWhoseBodySaysMore() throws {
        let before = """
        import SwiftUI

        private struct StatusesList: View {
            let fetcher: StatusesFetcher
            @Environment(Theme.self) private var theme

            var body: some View {
                Group {
                    if !fetcher.pinned.isEmpty { pinned }
                    AnyStatusesList(fetcher: fetcher)
                }
            }

            private var pinned: some View { Label("Pinned", systemImage: "pin") }
        }

        struct StatusesFooter: View {
            var body: some View { Text("End") }
        }
        """
        let after = before.replacingOccurrences(of: "    var body: some View {\n", with: "    var body: some View {\n            StatusBanner()\n")
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let old = engine.analyze(path: "Statuses.swift", text: before, settings: TargetSettings()).facts
        let new = engine.analyze(path: "Statuses.swift", text: after, settings: TargetSettings()).facts
        let places = SmallProjectCheck.placeMap(from: old, to: new)
        for name in ["StatusesList", "StatusesFooter"] {
            let (was, now) = (try XCTUnwrap(old.types.first { $0.name == name }), try XCTUnwrap(new.types.first { $0.name == name }))
            XCTAssertEqual(places.positions[was.position], now.position, name)
            XCTAssertEqual(places.lines[was.position.line], now.position.line, name)
        }
    }

    /// The place map pairs the facts of two versions of a file by what they say: a longer body moves the places after
    /// it without losing the type's, which the type's fact writes after its members.
    func testThePlaceMapFollowsFactsPastALongerBody() throws {
        let before = """
        struct Feed {
            var title = ""
            func load() {
                print("a")
            }
        }
        """
        let after = """
        struct Feed {
            var title = ""
            func load() {
                print("a")
                print("b")
            }
        }

        """
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let old = engine.analyze(path: "Feed.swift", text: before, settings: TargetSettings()).facts
        let new = engine.analyze(path: "Feed.swift", text: after, settings: TargetSettings()).facts
        let places = SmallProjectCheck.placeMap(from: old, to: new)
        let type = try XCTUnwrap(old.types.first), newType = try XCTUnwrap(new.types.first)
        XCTAssertEqual(places.positions[type.position], newType.position)
        let property = try XCTUnwrap(type.properties.first)
        XCTAssertEqual(places.positions[property.position], try XCTUnwrap(newType.properties.first).position)
        // The call added has no old place; the old call keeps its own.
        XCTAssertEqual(places.positions.count, Set(FactWriter.shape(of: old).positions).count)
    }

    /// What a run keeps for the next (`KeptAnswers`), and the tables the rules keep, read back as written: a field a
    /// hand-written coder leaves out fails here.
    func testTheKeptAnswersAndTheRulesTablesRoundTrip() throws {
        let folder = BinaryRunner.packageRoot.appendingPathComponent("Examples")
        let outcome = Linter.run(Linter.Request(paths: [folder.path], workingDirectory: folder, configuration: Configuration(rootDirectory: folder)))
        let engine = try XCTUnwrap(outcome.engine)
        let project = outcome.project
        let judged = try XCTUnwrap(engine.projectOutcome(project, isEnabled: { _ in true }, keeping: true).kept)
        XCTAssertTrue(judged.reads.contains { !$0.isEmpty })
        let answers = KeptAnswers(architecture: project.architecture, sceneRootViews: project.sceneRootViews, gathered: ["x": Data([1, 2])],
                                  reads: judged.reads, declaring: DeclaringFiles(project).byName, paths: project.files.map(\.path))
        XCTAssertFalse(project.architecture.relations.allSatisfy(\.lines.isEmpty))
        let payload = try XCTUnwrap(answers.payload())
        let decoded = try KeptAnswers(payload: payload, paths: answers.paths)
        XCTAssertThrowsError(try KeptAnswers(payload: payload, paths: answers.paths.dropLast() + ["Moved.swift"]),
                             "answers written for other paths do not read")
        XCTAssertEqual(FactCodingTests.structure(decoded.architecture), FactCodingTests.structure(answers.architecture))
        XCTAssertEqual(decoded.sceneRootViews, answers.sceneRootViews)
        XCTAssertEqual(decoded.gathered, answers.gathered)
        XCTAssertEqual(decoded.reads, answers.reads)
        XCTAssertEqual(decoded.declaring, answers.declaring)

        // Moved, only the places are written again: they read back as the moved architecture, byte for byte as the
        // answers written whole.
        let path = try XCTUnwrap(project.architecture.relations.first { !$0.lines.isEmpty }?.path)
        let moved = try XCTUnwrap(decoded.moving(in: path, by: { SourcePosition(line: $0.line + 1, column: $0.column, utf8Offset: $0.utf8Offset.map { $0 + 9 }) },
                                                 moveLine: { $0 + 1 }, engine: engine, isEnabled: { _ in false })).answers
        XCTAssertNotEqual(FactCodingTests.structure(moved.architecture), FactCodingTests.structure(decoded.architecture))
        let movedPayload = try XCTUnwrap(moved.payload())
        XCTAssertEqual(FactCodingTests.structure(try KeptAnswers(payload: movedPayload, paths: answers.paths).architecture),
                       FactCodingTests.structure(moved.architecture))
        var writtenWhole = moved
        writtenWhole.architecture = moved.architecture
        XCTAssertEqual(try XCTUnwrap(writtenWhole.payload()), movedPayload)

        // Every table a rule keeps, with places and lines in it (the examples have layers, MVVM view models, shown views).
        let options = { (rule: any ProjectRule.Type) in engine.selection.options[rule.description.id] ?? RuleOptions(defaults: []) }
        let layers = try XCTUnwrap(LayerDependencyRule.gather(project, options: options(LayerDependencyRule.self)))
        XCTAssertFalse(layers.declarations.visible.isEmpty)
        let setters = ViewModelPublicSetterRule.gather(project, options: options(ViewModelPublicSetterRule.self))
        XCTAssertFalse(setters.settable.isEmpty)
        let shown = PresentationEmbedsContainerRule.gather(project, options: options(PresentationEmbedsContainerRule.self))
        XCTAssertFalse(shown.showsByPath.isEmpty)
        for table in [layers, setters, shown] as [any KeptGathered] {
            XCTAssertEqual(FactCodingTests.structure(try Self.roundTrip(table)), FactCodingTests.structure(table))
        }
    }

    private static func roundTrip<Table: KeptGathered>(_ table: Table) throws -> Table {
        try FactReader.decode(Table.self, from: FactWriter.payload(of: table))
    }
}
