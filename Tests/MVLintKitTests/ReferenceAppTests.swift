import Foundation
import XCTest

/// `Examples/UserDirectory` is the app written the way mvlint recommends, so it must stay free of
/// findings, and its model must keep building and passing its own tests on Linux.
final class ReferenceAppTests: XCTestCase {
    private static let exampleFolder = BinaryRunner.packageRoot.appendingPathComponent("Examples/UserDirectory")

    func testReferenceAppHasNoFindings() throws {
        let result = try BinaryRunner.run(["lint", ".", "--advice"], in: Self.exampleFolder)
        XCTAssertEqual(result.stdout, "", "the reference app should have no findings, not even advice")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("container-presentation"),
                      "the summary should name the configured profile: \(result.stderr)")
    }

    /// The `layers:` block is what keeps the split honest: presentation code that imports the model is an error.
    func testReferenceAppLayersForbidPresentationToUseTheModel() throws {
        let folder = try TemporaryFolder()
        let configuration = try String(contentsOf: Self.exampleFolder.appendingPathComponent(".mvlint.yml"), encoding: .utf8)
        try folder.write(".mvlint.yml", configuration)
        try folder.write("Sources/UserDirectoryPresentation/MemberBadge.swift", """
            import SwiftUI
            import UserDirectoryModel

            struct MemberBadge: View {
                let name: String
                var body: some View { Text(name) }
            }
            """)
        let result = try BinaryRunner.run(["lint", ".", "--quiet"], in: folder.url)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Sources/UserDirectoryPresentation/MemberBadge.swift:2:1: error: `import UserDirectoryModel` reaches layer `model`"),
                      result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("(layer-dependency)\n"), result.stdout)
    }

    func testReferenceAppModelTestsPassOnLinux() throws {
        guard let swift = ToolRunner.executableOnPath("swift") else {
            throw XCTSkip("`swift` is not on PATH, so the example package cannot be built here")
        }
        // Inside this package's own build folder (ignored by git), so later runs build incrementally.
        let scratch = BinaryRunner.packageRoot.appendingPathComponent(".build/examples/UserDirectory")
        let result = try ToolRunner.run(swift, ["test", "--package-path", Self.exampleFolder.path, "--scratch-path", scratch.path],
                                        in: BinaryRunner.packageRoot)
        XCTAssertEqual(result.status, 0, "swift test of Examples/UserDirectory failed:\n\(result.output.suffix(4000))")
    }
}
