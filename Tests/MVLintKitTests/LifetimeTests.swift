@testable import MVLintKit
import XCTest

/// Who creates an observable class, and what its code does, decide how long it lives: the view-model checklist
/// is for screen models only.
final class LifetimeTests: XCTestCase {
    private func lifetimes(_ files: [String: String]) -> [String: String] {
        TestProject.context(files).architecture.lifetimes.mapValues { "\($0.lifetime.rawValue): \($0.evidence.first?.text ?? "")" }
    }

    private let app = """
    import SwiftUI
    @main struct ReaderApp: App {
        @State private var library = Library()
        var body: some Scene { WindowGroup { RootView().environment(library) } }
    }
    struct RootView: View {
        @StateObject private var session = SessionState()
        @StateObject private var viewModel = RootViewModel()
        var body: some View { NavigationStack { ArticleRow(article: "a") } }
    }
    struct ArticleRow: View {
        let article: String
        @State private var loader = RowLoader()
        var body: some View { Text(article).environment(loader) }
    }
    @Observable final class Library { var books: [String] = [] }
    final class SessionState: ObservableObject { @Published var user = "" }
    final class RootViewModel: ObservableObject { @Published var items: [String] = [] }
    @Observable final class RowLoader { var image: String? }
    """

    func testTheRootsObjectsAreAppWideButARowsInjectionIsNot() {
        XCTAssertEqual(lifetimes(["App.swift": app]), [
            "Library": "app: created by ReaderApp",
            "SessionState": "app: created by RootView",
            "RootViewModel": "screen: created only by RootView",
            "RowLoader": "screen: created only by ArticleRow",
        ])
    }

    func testAnAppLifetimeCreatorWinsOverTheName() {
        let code = """
        import SwiftUI
        final class Workspace: ObservableObject {
            static let shared = Workspace()
            let utilities = UtilityAreaViewModel()
        }
        final class UtilityAreaViewModel: ObservableObject { @Published var isCollapsed = false }
        """
        XCTAssertEqual(lifetimes(["Workspace.swift": code]), [
            "Workspace": "app: singleton (`static let shared`)",
            "UtilityAreaViewModel": "app: created by Workspace",
        ])
    }

    func testViewControllersMakeScreensAndAScreensOwnFileModelStaysAScreenModel() {
        let code = """
        import UIKit
        import SwiftUI
        final class FolderPickerController: UIViewController {
            let model = FolderPickerModel()
        }
        final class FolderPickerModel: ObservableObject {
            @Published var folders: [String] = []
            func reload() { folders = (try? FileManager.default.contentsOfDirectory(atPath: "/")) ?? [] }
        }
        final class ArchiveStore: ObservableObject {
            @Published var count = 0
            func save() { _ = FileManager.default.fileExists(atPath: "/") }
        }
        """
        XCTAssertEqual(lifetimes(["Picker.swift": code]), [
            "FolderPickerModel": "screen: created only by FolderPickerController",
            "ArchiveStore": "service: its job is I/O: uses FileManager",
        ])
    }

    func testTestCodeAndClassesNobodyCreatesGetNoLifetime() {
        let production = "final class SearchModel: ObservableObject { @Published var query = \"\" }\n"
        let double = "final class MockSearchViewModel: ObservableObject { @Published var query = \"\" }\n"
        XCTAssertEqual(lifetimes(["Sources/Search.swift": production, "Tests/SearchTests/Mocks.swift": double]), [:])
    }

    /// Test code is any path with a component ending in `Tests`, told from the path's bytes.
    func testTestCodeIsAPathWithAComponentEndingInTests() {
        for path in ["Tests/A.swift", "App/FeedTests/Mocks.swift", "/work/AppUITests/Launch.swift", "Sources/MyTests",
                     "Tests", "a//Tests/", "Modules/Ünïcode/FeedTests/X.swift"] {
            XCTAssertTrue(LifetimeClassifier.isTestCode(path), path)
        }
        for path in ["", "/", "Sources/Testsuite/A.swift", "Sources/FeedTest.swift", "Sources/Tests.swift/A.swift",
                     "Tests.swift", "ests/A.swift", "Sources/TestsKit/A.swift"] {
            XCTAssertFalse(LifetimeClassifier.isTestCode(path), path)
        }
    }
}
