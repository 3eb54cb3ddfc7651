import Foundation
@testable import MVLintKit
import XCTest

/// The settings of unchanged project files come from the cache: a memo stands only while every file the readers
/// read has the same content and every folder they looked for is still there or still absent.
final class SettingsMemoTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var root: URL { folder.url }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    private func write(_ text: String, to relativePath: String, aged: Bool = true) throws {
        let url = try folder.write(relativePath, text)
        // An hour old, so its stamp can vouch for its content.
        if aged { try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: url.path) }
    }

    /// A load whose cache holds `memo`, whatever key it is asked for: the loader must check the key itself.
    private func load(_ files: ProjectFiles, cacheHolding memo: ProjectSettingsMemo)
        -> (settings: ProjectSettings, warnings: [String], memo: ProjectSettingsMemo?) {
        ProjectSettingsLoader.load(files) { _ in memo }
    }

    private static func manifest(iOS: String) -> String {
        """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(name: "Atlas", platforms: [.iOS(.v\(iOS))], targets: [.target(name: "Atlas")])
        """
    }

    private var packageFiles: ProjectFiles { ProjectFiles(manifests: [root.appendingPathComponent("Package.swift")]) }

    /// The memo of reading `files`, with every target's iOS minimum replaced by 99: a load that reports 99 took its
    /// settings from the memo, not from the files.
    private func markedMemo(of files: ProjectFiles) throws -> ProjectSettingsMemo {
        var memo = try XCTUnwrap(ProjectSettingsLoader.load(files) { _ in nil }.memo, "a fresh read gives a memo")
        for project in memo.projects.indices {
            for target in memo.projects[project].targets.indices {
                memo.projects[project].targets[target].settings.deploymentTargets[.iOS] = Version(99)
            }
        }
        return memo
    }

    private func iOSMinimum(of file: String, _ loaded: (settings: ProjectSettings, warnings: [String], memo: ProjectSettingsMemo?)) -> Version? {
        loaded.settings.settings(for: root.appendingPathComponent(file).standardizedFileURL.path).deploymentTargets[.iOS]
    }

    func testAMemoStandsWhileTheManifestIsUnchanged() throws {
        try write(Self.manifest(iOS: "16"), to: "Package.swift")
        try write("struct A {}", to: "Sources/Atlas/A.swift")
        let memo = try markedMemo(of: packageFiles)
        let loaded = load(packageFiles, cacheHolding: memo)
        XCTAssertEqual(iOSMinimum(of: "Sources/Atlas/A.swift", loaded), Version(99), "taken from the memo")
        XCTAssertNil(loaded.memo, "nothing new to store")
        XCTAssertEqual(iOSMinimum(of: "Sources/Atlas/A.swift", ProjectSettingsLoader.load(packageFiles) { _ in nil }), Version(16))
    }

    func testAnEditedManifestIsReadAgainEvenAtTheSameSize() throws {
        try write(Self.manifest(iOS: "16"), to: "Package.swift")
        try write("struct A {}", to: "Sources/Atlas/A.swift")
        let memo = try markedMemo(of: packageFiles)
        try write(Self.manifest(iOS: "15"), to: "Package.swift", aged: false)
        let loaded = load(packageFiles, cacheHolding: memo)
        XCTAssertEqual(iOSMinimum(of: "Sources/Atlas/A.swift", loaded), Version(15))
        XCTAssertNotNil(loaded.memo, "what was read anew is stored")
    }

    func testAFolderThatAppearsWhereTheReaderLookedMakesTheMemoStale() throws {
        // SwiftPM takes `Sources/Atlas`, else `Source/Atlas`...: the reader looked for each, and found none.
        try write(Self.manifest(iOS: "16"), to: "Package.swift")
        let memo = try markedMemo(of: packageFiles)
        try write("struct A {}", to: "Source/Atlas/A.swift")
        let loaded = load(packageFiles, cacheHolding: memo)
        XCTAssertEqual(iOSMinimum(of: "Source/Atlas/A.swift", loaded), Version(16))
        XCTAssertEqual(loaded.memo?.projects.first?.targets.first?.memberships.first?.path,
                       root.appendingPathComponent("Source/Atlas").standardizedFileURL.path)
    }

    func testAnIncludedConfigurationFileThatChangesOrAppearsMakesTheMemoStale() throws {
        let project = XcodeProjectFixture(targets: [.init(name: "Notes", baseConfiguration: "Config/App.xcconfig", files: ["Notes/A.swift"])])
        try write(project.text, to: "Notes.xcodeproj/project.pbxproj")
        try write("struct A {}", to: "Notes/A.swift")
        try write("IPHONEOS_DEPLOYMENT_TARGET = 16.0\n#include? \"Local.xcconfig\"\n", to: "Config/App.xcconfig")
        let files = ProjectFiles(xcodeProjects: [root.appendingPathComponent("Notes.xcodeproj")])
        XCTAssertEqual(iOSMinimum(of: "Notes/A.swift", load(files, cacheHolding: try markedMemo(of: files))), Version(99))

        var memo = try markedMemo(of: files)
        try write("IPHONEOS_DEPLOYMENT_TARGET = 15.0\n#include? \"Local.xcconfig\"\n", to: "Config/App.xcconfig", aged: false)
        XCTAssertEqual(iOSMinimum(of: "Notes/A.swift", load(files, cacheHolding: memo)), Version(15), "an edit")

        memo = try markedMemo(of: files)
        try write("IPHONEOS_DEPLOYMENT_TARGET = 14.0\n", to: "Config/Local.xcconfig")
        XCTAssertEqual(iOSMinimum(of: "Notes/A.swift", load(files, cacheHolding: memo)), Version(14),
                       "an optional include that now exists")
    }

    func testAMemoOfOtherProjectFilesIsNotUsed() throws {
        try write(Self.manifest(iOS: "16"), to: "Package.swift")
        try write(Self.manifest(iOS: "17"), to: "Other/Package.swift")
        try write("struct A {}", to: "Sources/Atlas/A.swift")
        let memo = try markedMemo(of: ProjectFiles(manifests: [root.appendingPathComponent("Other/Package.swift")]))
        XCTAssertEqual(iOSMinimum(of: "Sources/Atlas/A.swift", load(packageFiles, cacheHolding: memo)), Version(16))
    }

    func testTheCacheKeepsTheSettingsAndRefusesADamagedCopy() throws {
        try write(Self.manifest(iOS: "16"), to: "Package.swift")
        let memo = try markedMemo(of: packageFiles)
        let file = root.appendingPathComponent("cache/project.cache")
        AnalysisCache(file: file).save(fresh: [:], settings: memo)
        let stored = try XCTUnwrap(AnalysisCache.load(from: file).settingsMemo(for: memo.key))
        XCTAssertEqual(stored.projects.first?.targets.first?.settings.deploymentTargets[.iOS], Version(99))
        XCTAssertEqual(stored.probes, memo.probes)

        var bytes = try Data(contentsOf: file)
        let payloadStart = try XCTUnwrap(bytes.range(of: Data("Atlas".utf8), options: .backwards)).lowerBound
        bytes[payloadStart] ^= 0x20
        try bytes.write(to: file)
        XCTAssertNil(AnalysisCache.load(from: file).settingsMemo(for: memo.key), "the checksum catches a damaged byte")
    }
}
