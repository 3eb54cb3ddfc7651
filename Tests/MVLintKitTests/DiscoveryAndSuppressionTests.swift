import Foundation
import XCTest
@testable import MVLintKit

final class DiscoveryTests: XCTestCase {
    func testSkipsBuildFoldersGeneratedFilesAndSymlinkLoops() throws {
        let folder = try TemporaryFolder()
        for path in ["Sources/A.swift", "Sources/Deep/B.swift", ".build/debug/C.swift", "DerivedData/D.swift", "Pods/E.swift",
                     "Carthage/F.swift", "Sources/G.generated.swift", "Sources/notes.txt", "Package.swift"] {
            try folder.write(path, "struct X {}\n")
        }
        // A link back to an ancestor must not make discovery loop or list files twice.
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("Sources/Deep/loop"),
                                                   withDestinationURL: folder.url.appendingPathComponent("Sources"))
        let result = Discovery(root: folder.url).discover(["."], workingDirectory: folder.url)
        let names = result.paths.map { Linter.displayPath(URL(fileURLWithPath: $0), workingDirectory: folder.url) }
        XCTAssertEqual(names, ["Sources/A.swift", "Sources/Deep/B.swift"])
        XCTAssertEqual(result.manifests.map(\.lastPathComponent), ["Package.swift"])
        XCTAssertEqual(result.problems, [])
    }

    func testFolderReachedThroughASymlinkIsLinted() throws {
        let folder = try TemporaryFolder()
        try folder.write("Real/Sources/A.swift", "struct A {}\n")
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("Linked"),
                                                   withDestinationURL: folder.url.appendingPathComponent("Real"))
        let result = Discovery(root: folder.url).discover(["Linked"], workingDirectory: folder.url)
        XCTAssertEqual(result.paths.map { Linter.displayPath(URL(fileURLWithPath: $0), workingDirectory: folder.url) }, ["Linked/Sources/A.swift"])
    }

    func testIncludedAndExcludedGlobs() throws {
        let folder = try TemporaryFolder()
        for path in ["App/Views/A.swift", "App/Generated/B.swift", "Tests/C.swift", "App/Views/Legacy/D.swift"] {
            try folder.write(path, "struct X {}\n")
        }
        let discovery = Discovery(included: ["App"], excluded: ["App/Generated", "**/Legacy"], root: folder.url)
        let names = discovery.discover(["."], workingDirectory: folder.url).paths.map { Linter.displayPath(URL(fileURLWithPath: $0), workingDirectory: folder.url) }
        XCTAssertEqual(names, ["App/Views/A.swift"])
    }

    func testGlobSegments() {
        XCTAssertTrue(GlobPattern("Sources/*/Views").matches("Sources/App/Views/A.swift"))
        XCTAssertFalse(GlobPattern("Sources/*/Views").matches("Sources/App/Deep/Views/A.swift"))
        XCTAssertTrue(GlobPattern("**/*.generated.swift").matches("a/b/c.generated.swift"))
        XCTAssertFalse(GlobPattern("*.swift").matches("a/b.swift.txt"))
        XCTAssertTrue(GlobPattern("./Sources/").matches("Sources/x.swift"))
    }
}

final class SuppressionTests: XCTestCase {
    private func lint(_ code: String) -> [String] {
        let engine = LintEngine(selection: RuleSelection(rules: Set(RuleRegistry.descriptions.map(\.id))))
        let analysis = engine.analyze(path: "A.swift", text: code, settings: .unknown)
        return engine.finish([analysis], settingsByPath: [:]).map { "\($0.line):\($0.rule)" }
    }

    private let row = "Text(\"x\").foregroundColor(.red)"

    func testRegionNextThisPreviousAndEnable() {
        let code = """
        import SwiftUI
        struct A: View {
            var body: some View {
                // mvlint:disable foreground-color
                \(row)
                // mvlint:enable foreground-color
                \(row)
                // mvlint:disable:next foreground-color
                \(row)
                \(row) // mvlint:disable:this foreground-color
                \(row)
                // mvlint:disable:previous foreground-color
                \(row)
            }
        }
        """
        XCTAssertEqual(lint(code).filter { $0.hasSuffix("foreground-color") }, ["7:foreground-color", "13:foreground-color"])
        XCTAssertFalse(lint(code).contains { $0.hasSuffix("superfluous-disable") })
    }

    func testDisableAllAndSeveralIdsWithExplanation() {
        let code = """
        import SwiftUI
        struct A: View {
            var body: some View {
                // mvlint:disable:next foreground-color, fixed-font-size -- legacy screen, replaced in 2.0
                Text("x").font(.system(size: 12)).foregroundColor(.red)
                // mvlint:disable all
                Text("x").font(.system(size: 12)).foregroundColor(.red)
            }
        }
        """
        XCTAssertEqual(lint(code), [])
    }

    func testStringsThatLookLikeDirectivesAreIgnored() {
        let code = """
        import SwiftUI
        struct A: View {
            var body: some View {
                Text("// mvlint:disable:next foreground-color")
                \(row)
            }
        }
        """
        XCTAssertEqual(lint(code), ["5:foreground-color"])
    }

    func testUnusedAndUnknownDisablesAreReported() {
        let code = """
        // mvlint:disable:next any-view
        struct A {}
        // mvlint:disable foregroud-color
        """
        XCTAssertEqual(lint(code), ["1:superfluous-disable", "3:superfluous-disable"])
    }
}
