import Foundation
import XCTest
@testable import MVLintKit

/// `mvlint lint --stdin-path PATH`: an editor's buffer linted as that file, inside its project.
final class StdinTests: XCTestCase {
    private static let model = "import Observation\n\n@Observable final class ProfileModel {\n    var name = \"\"\n}\n"
    private static let form = """
        import SwiftUI

        struct ProfileForm: View {
            let model: ProfileModel
            var body: some View {
                TextField("Name", text: $model.name)
            }
        }

        """

    /// A package for iOS 15 with a model in one file and a clean view in another.
    private func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", platforms: [.iOS(.v15)], targets: [.target(name: "App")])

            """)
        try folder.write("Sources/App/ProfileModel.swift", Self.model)
        try folder.write("Sources/App/ProfileForm.swift", "import SwiftUI\n\nstruct ProfileForm: View {\n    var body: some View { Text(\"\") }\n}\n")
        try folder.write("Sources/App/Other.swift", "import SwiftUI\n\nstruct Other: View {\n    var body: some View { Text(\"\").foregroundColor(.red) }\n}\n")
        return folder
    }

    func testBufferIsLintedAsThePathWithTheRestOfTheProject() throws {
        let folder = try project()
        let result = try BinaryRunner.run(["lint", "--stdin-path", "Sources/App/ProfileForm.swift"], in: folder.url, stdin: Self.form)
        // `ProfileModel` is @Observable only in another file: the verdict needs the project's facts.
        XCTAssertEqual(result.stdout, "Sources/App/ProfileForm.swift:6:33: error: `$model.name` needs a binding, but `model` holds the `@Observable` class `ProfileModel` without `@Bindable`, so it has no `$` projection: declare it `@Bindable var model` (missing-bindable)\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("mvlint: 1 file linted, 1 error, 0 warnings"), result.stderr)
    }

    func testTheBufferNeverReplacesTheCachedFile() throws {
        let folder = try project(), cache = try TemporaryFolder()
        XCTAssertEqual(try BinaryRunner.run(["lint", "--cache-path", cache.url.path], in: folder.url, usesCache: true).status, 0)
        let arguments = ["lint", "--stdin-path", "Sources/App/ProfileForm.swift", "--cache-path", cache.url.path]
        let first = try BinaryRunner.run(arguments, in: folder.url, stdin: Self.form, usesCache: true)
        let second = try BinaryRunner.run(arguments, in: folder.url, stdin: Self.form, usesCache: true)
        XCTAssertEqual(second.stdout, first.stdout)
        XCTAssertEqual(first.status, 1)
        let cacheFile = AnalysisCache.file(forProjectAt: folder.url, cacheFolder: cache.url, environment: [:])
        let onDisk = try String(contentsOf: folder.url.appendingPathComponent("Sources/App/ProfileForm.swift"), encoding: .utf8)
        // Written by the mvlint binary, whose build identity is not this test process's.
        let written = try String(contentsOf: cacheFile, encoding: .isoLatin1)
        let binaryHeader = String(written.prefix(through: try XCTUnwrap(written.firstIndex(of: "\n"))))
        let records = AnalysisCache.load(from: cacheFile, header: binaryHeader).records
        XCTAssertEqual(records.count, 3, "the three files on disk")
        XCTAssertEqual(records[folder.url.appendingPathComponent("Sources/App/ProfileForm.swift").standardizedFileURL.path]?.content,
                       SourceDigest(onDisk))
    }

    func testTheFileKeepsItsTargetSettings() throws {
        let folder = try project()
        // Rules these checks rely on that are opt-in.
        try folder.write(".mvlint.yml", "opt_in_rules: [navigation-view, observed-object-creation, state-not-private, icon-button-label]\n")
        let navigation = "import SwiftUI\n\nstruct Root: View {\n    var body: some View { NavigationView { Text(\"\") } }\n}\n"
        let onIOS15 = try BinaryRunner.run(["lint", "--advice", "--stdin-path", "Sources/App/Root.swift"], in: folder.url, stdin: navigation)
        XCTAssertEqual(onIOS15.stdout, "", "NavigationView is right on iOS 15")
        XCTAssertEqual(onIOS15.status, 0)
        try folder.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v17)], targets: [.target(name: \"App\")])\n")
        let onIOS17 = try BinaryRunner.run(["lint", "--advice", "--stdin-path", "Sources/App/Root.swift"], in: folder.url, stdin: navigation)
        XCTAssertTrue(onIOS17.stdout.hasPrefix("Sources/App/Root.swift:4:27: note: "), onIOS17.stdout)
        XCTAssertTrue(onIOS17.stdout.hasSuffix("(navigation-view)\n"), onIOS17.stdout)
    }

    func testExcludedPathReportsNothing() throws {
        let folder = try project()
        try folder.write(".mvlint.yml", "excluded: [Sources/App/Other.swift]\n")
        let result = try BinaryRunner.run(["lint", "--stdin-path", "Sources/App/Other.swift"], in: folder.url, stdin: Self.form)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "mvlint: Sources/App/Other.swift is excluded from linting (configuration or discovery); nothing reported\n")
    }

    func testRefusesFixAndBaselineWriting() throws {
        let folder = try project()
        let fix = try BinaryRunner.run(["lint", "--fix", "--stdin-path", "Sources/App/ProfileForm.swift"], in: folder.url, stdin: Self.form)
        XCTAssertEqual(fix.status, 2)
        XCTAssertTrue(fix.stderr.hasPrefix("mvlint: error: --stdin-path lints text that has no file to write or diff; drop --fix/--diff\n"), fix.stderr)
        let write = try BinaryRunner.run(["lint", "--write-baseline", "b.json", "--stdin-path", "A.swift"], in: folder.url, stdin: "")
        XCTAssertEqual(write.status, 2)
        XCTAssertTrue(write.stderr.hasPrefix("mvlint: error: --write-baseline records a whole project, not --stdin-path text\n"), write.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("b.json").path))
    }
}
