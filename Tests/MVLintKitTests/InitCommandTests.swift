import Foundation
@testable import MVLintKit
import XCTest

/// `mvlint init`: the written `.mvlint.yml` explains its choices, always loads, and never replaces a file unasked.
final class InitCommandTests: XCTestCase {
    private static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
        name: "Shop",
        platforms: [.iOS(.v17), .macOS(.v14)],
        targets: [
            .target(name: "ShopValues"),
            .target(name: "ShopFeatures", dependencies: ["ShopValues"]),
            .target(name: "ShopPresentation", dependencies: ["ShopValues"]),
        ]
    )
    """

    func testWritesTheDetectedProfileAndTheMinimumOSAndTheFileLoads() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", Self.manifest)
        for (path, text) in ProfileDetectorTests.viewModelApp { try folder.write("Sources/ShopFeatures/" + path, text) }
        let result = try BinaryRunner.run(["init"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let reason = "detected, strong: 5 of 6 screens backed by a view model, e.g. FeedView → FeedViewModel"
        XCTAssertEqual(result.stdout, "Wrote .mvlint.yml: profile mvvm (\(reason))\n")

        let written = try String(contentsOf: folder.url.appendingPathComponent(".mvlint.yml"), encoding: .utf8)
        XCTAssertTrue(written.contains("\nprofile: mvvm\n"), written)
        XCTAssertTrue(written.contains("# The architecture the rule set follows, \(reason)."), written)
        XCTAssertTrue(written.contains("""
        # Minimum OS per target, read from the project files on every run (`mvlint settings` shows it per file):
        #   ShopValues, ShopFeatures, ShopPresentation (Package.swift): iOS 17.0, macOS 14.0
        # A file no target compiles is judged by the lowest minimum of its project.
        # It is not repeated here so it cannot go stale; set it only to override every target:
        # deployment_target: {iOS: "17.0", macOS: "14.0"}
        """), written)
        let configuration = try ConfigurationLoader.load(path: folder.url.appendingPathComponent(".mvlint.yml"))
        XCTAssertEqual(configuration.profile, .mvvm)
        XCTAssertEqual(configuration.layers, [])
    }

    func testListsTheMinimumPerTargetAndSuggestsTheAppsNotAVendoredPackages() throws {
        let folder = try SettingsCommandTests.shopProject()
        let result = try BinaryRunner.run(["init"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = try String(contentsOf: folder.url.appendingPathComponent(".mvlint.yml"), encoding: .utf8)
        XCTAssertTrue(written.contains("""
        # Minimum OS per target, read from the project files on every run (`mvlint settings` shows it per file):
        #   OldKit (Vendor/OldKit/Package.swift): iOS 12.0
        #   Shop (Shop.xcodeproj/project.pbxproj): iOS 16.0
        #   ShopWidget (Shop.xcodeproj/project.pbxproj): iOS 17.0
        # A file no target compiles is judged by the lowest minimum of its project.
        # It is not repeated here so it cannot go stale; set it only to override every target:
        # deployment_target: {iOS: "16.0"}
        """), written)
        XCTAssertNoThrow(try ConfigurationLoader.load(path: folder.url.appendingPathComponent(".mvlint.yml")))
    }

    func testSuggestsLayersForPresentationCodeAndTheSuggestionLoadsOnceUncommented() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", Self.manifest)
        try folder.write("Sources/ShopValues/Item.swift", "public struct Item: Sendable {\n    public let title: String\n}\n")
        try folder.write("Sources/ShopPresentation/ItemRow.swift", """
        import SwiftUI
        import ShopValues

        public struct ItemRow: View {
            let item: Item
            public var body: some View { Text(item.title) }
        }
        """)
        let result = try BinaryRunner.run(["init"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Wrote .mvlint.yml: profile container-presentation "
            + "(detected, weak: 1 of 1 views in presentation target `ShopPresentation` hold no model), commented out\n")

        let written = try String(contentsOf: folder.url.appendingPathComponent(".mvlint.yml"), encoding: .utf8)
        XCTAssertEqual(try ConfigurationLoader.load(path: folder.url.appendingPathComponent(".mvlint.yml")).layers, [])
        let layersBlock = written.components(separatedBy: "\n").drop { $0 != "# layers:" }.prefix { $0.hasPrefix("#") && !$0.hasPrefix("# Also") }
        let uncommented = layersBlock.map { String($0.dropFirst(2)) }.joined(separator: "\n")
        let configuration = try ConfigurationLoader.parse(uncommented, path: "suggested.yml", rootDirectory: folder.url)
        XCTAssertEqual(configuration.layers, [
            Layer("presentation", modules: ["ShopPresentation"], mayDependOn: ["shared"]),
            Layer("shared", modules: ["ShopValues"]),
            Layer("app", paths: ["**"], mayDependOn: ["presentation", "shared"]),
        ])
    }

    func testNeverOverwritesWithoutForce() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Main.swift", "import SwiftUI\n\nstruct MainView: View {\n    var body: some View { Text(\"Hi\") }\n}\n")
        let existing = try folder.write("App/.mvlint.yml", "profile: cp\n")

        let refused = try BinaryRunner.run(["init", "App"], in: folder.url)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "mvlint: error: App/.mvlint.yml already exists; pass --force to replace it\n")
        XCTAssertEqual(try String(contentsOf: existing, encoding: .utf8), "profile: cp\n")

        let forced = try BinaryRunner.run(["init", "App", "--force"], in: folder.url)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(forced.stdout, "Wrote App/.mvlint.yml: profile mv (detected, weak: no screens (views holding state that other code shows)), commented out\n")
        let written = try String(contentsOf: existing, encoding: .utf8)
        XCTAssertTrue(written.contains("\n# profile: mv\n") && written.contains("so rules assume a current one"), written)
        XCTAssertNil(try ConfigurationLoader.load(path: existing).profile, "a weak guess is left for the user to confirm")
    }

    func testRejectsAPathThatIsNotAFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("Main.swift", "let x = 1\n")
        let result = try BinaryRunner.run(["init", "Main.swift"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("mvlint: error: 'init' needs a folder, and Main.swift is not one"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".mvlint.yml").path))
    }
}
