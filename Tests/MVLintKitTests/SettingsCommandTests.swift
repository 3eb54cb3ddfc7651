import Foundation
@testable import MVLintKit
import XCTest

/// `mvlint settings` and the settings lint runs with, on small project trees of every kind: an Xcode project
/// with an `.xcconfig`, a vendored package and a file no target compiles; an Xcode project in an old format;
/// an XcodeGen spec and a Tuist manifest without `.xcodeproj`.
final class SettingsCommandTests: XCTestCase {
    /// Two targets of different minimums (the app's only in an `.xcconfig` that includes another), a vendored
    /// package with an older one, and a script no target compiles.
    static func shopProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("Shop.xcodeproj/project.pbxproj", XcodeProjectFixture(projectSettings: ["SWIFT_VERSION": "5.0"], targets: [
            .init(name: "Shop", baseConfiguration: "Config/Shop.xcconfig", files: ["Shop/ShopApp.swift", "Shared/Price.swift"]),
            .init(name: "ShopWidget", productType: "com.apple.product-type.app-extension",
                  settings: ["IPHONEOS_DEPLOYMENT_TARGET": "17.0", "SWIFT_DEFAULT_ACTOR_ISOLATION": "MainActor"],
                  files: ["Widget/Widget.swift", "Shared/Price.swift"]),
        ]).text)
        try folder.write("Config/Shop.xcconfig", "// The app's settings\n#include \"Base.xcconfig\"\n#include? \"Local.xcconfig\"\nSWIFT_VERSION = 6.0\n")
        try folder.write("Config/Base.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 15.0\nIPHONEOS_DEPLOYMENT_TARGET = 16.0 // the later line wins\n")
        try folder.write("Shop/ShopApp.swift", "struct ShopApp {}\n")
        try folder.write("Shared/Price.swift", "struct Price {}\n")
        try folder.write("Widget/Widget.swift", "struct Widget {}\n")
        try folder.write("Scripts/Unlisted.swift", "import Combine\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n")
        try folder.write("Vendor/OldKit/Package.swift", """
        // swift-tools-version:5.7
        import PackageDescription
        let package = Package(name: "OldKit", platforms: [.iOS(.v12)], targets: [.target(name: "OldKit")])

        """)
        try folder.write("Vendor/OldKit/Sources/OldKit/OldKit.swift", "public struct OldKit {}\n")
        try folder.write("Vendor/OldKit/Scripts/Generate.swift", "struct Generate {}\n")
        return folder
    }

    /// A project kept in the Xcode 9.3 format (`objectVersion = 50`) whose code uses a hand-written environment key.
    static func oldFormatProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("Legacy.xcodeproj/project.pbxproj", XcodeProjectFixture(objectVersion: 50, targets: [
            .init(name: "Legacy", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"], files: ["Legacy/Theme.swift"]),
        ]).text)
        try folder.write("Legacy/Theme.swift", """
        import SwiftUI
        private struct ThemeKey: EnvironmentKey {
            static let defaultValue = 1
        }

        """)
        return folder
    }

    static func xcodeGenProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("project.yml", """
        name: Garden
        include:
          - base.yml
        options:
          deploymentTarget:
            iOS: "16.0"
        targetTemplates:
          Tested:
            sources: [Tests]
            settings:
              base: {IPHONEOS_DEPLOYMENT_TARGET: "15.0"}
        targets:
          Garden:
            type: application
            platform: iOS
            sources: [Garden]
          GardenMac:
            type: application
            platform: macOS
            deploymentTarget: "13.0"
            sources:
              - path: Mac
            settings:
              base:
                SWIFT_DEFAULT_ACTOR_ISOLATION: MainActor
          GardenTests:
            type: bundle.unit-test
            platform: iOS
            templates: [Tested]

        """)
        try folder.write("base.yml", "settings:\n  base:\n    SWIFT_VERSION: \"5.0\"\n")
        try folder.write("Garden/GardenApp.swift", "struct GardenApp {}\n")
        try folder.write("Mac/MacApp.swift", "struct MacApp {}\n")
        try folder.write("Tests/GardenTests.swift", "struct GardenTests {}\n")
        return folder
    }

    static func tuistProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("Project.swift", """
        import ProjectDescription

        let project = Project(
            name: "Birds",
            settings: .settings(base: ["SWIFT_VERSION": "6.0"]),
            targets: [
                .target(name: "Birds", destinations: .iOS, product: .app, bundleId: "dev.birds", deploymentTargets: .iOS("16.0"),
                        sources: ["Targets/App/Sources/**"], dependencies: [.target(name: "BirdsKit")]),
                .target(name: "BirdsKit", destinations: [.iPhone, .mac], product: .framework, bundleId: "dev.birds.kit",
                        deploymentTargets: .multiplatform(iOS: "15.0", macOS: "13.0"), sources: "Targets/Kit/**/*.swift"),
                Target(name: "BirdsTests", platform: .iOS, product: .unitTests, bundleId: "dev.birds.tests",
                       deploymentTarget: .iOS(targetVersion: "17.0", devices: .iphone), sources: ["Targets/App/Tests/**"]),
            ]
        )

        """)
        try folder.write("Targets/App/Sources/BirdsApp.swift", "struct BirdsApp {}\n")
        try folder.write("Targets/Kit/Bird.swift", "struct Bird {}\n")
        try folder.write("Targets/App/Tests/BirdsTests.swift", "struct BirdsTests {}\n")
        return folder
    }

    /// The settings of `paths` in `folder`, as `mvlint settings` prints them; the run must succeed.
    private func settings(_ arguments: [String], in folder: TemporaryFolder, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try BinaryRunner.run(["settings"] + arguments, in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
        return result.stdout
    }

    func testEachFileGetsItsTargetsSettingsAndNestedPackagesKeepTheirOwn() throws {
        let folder = try Self.shopProject()
        XCTAssertEqual(try settings([], in: folder), """
        Scripts/Unlisted.swift
          target            none — no target compiles this file; lowest minimum of the project (Shop.xcodeproj/project.pbxproj)
          minimum iOS       16.0 — `IPHONEOS_DEPLOYMENT_TARGET` of target `Shop` (Config/Base.xcconfig)
          language mode     5.0 — `SWIFT_VERSION` of the project (Shop.xcodeproj/project.pbxproj)
          default isolation nonisolated — not stated; nonisolated is the compiler's default
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)
        Shared/Price.swift
          target            Shop, ShopWidget — Xcode target `Shop`, Xcode target `ShopWidget` (Shop.xcodeproj/project.pbxproj)
          minimum iOS       16.0 — `IPHONEOS_DEPLOYMENT_TARGET` of target `Shop` (Config/Base.xcconfig)
          language mode     5.0 — `SWIFT_VERSION` of the project (Shop.xcodeproj/project.pbxproj)
          default isolation nonisolated — not stated; nonisolated is the compiler's default
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)
        Shop/ShopApp.swift
          target            Shop — Xcode target `Shop` (Shop.xcodeproj/project.pbxproj)
          minimum iOS       16.0 — `IPHONEOS_DEPLOYMENT_TARGET` of target `Shop` (Config/Base.xcconfig)
          language mode     6.0 — `SWIFT_VERSION` of target `Shop` (Config/Shop.xcconfig)
          default isolation nonisolated — not stated; nonisolated is the compiler's default
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)
        Vendor/OldKit/Scripts/Generate.swift
          target            none — no target compiles this file; lowest minimum of the project (Vendor/OldKit/Package.swift)
          minimum iOS       12.0 — `platforms:` (Vendor/OldKit/Package.swift)
          language mode     5.0 — `// swift-tools-version:5.7` (Vendor/OldKit/Package.swift)
          default isolation nonisolated — not stated; nonisolated is the compiler's default
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)
        Vendor/OldKit/Sources/OldKit/OldKit.swift
          target            OldKit — package target `OldKit` (Vendor/OldKit/Package.swift)
          minimum iOS       12.0 — `platforms:` (Vendor/OldKit/Package.swift)
          language mode     5.0 — `// swift-tools-version:5.7` (Vendor/OldKit/Package.swift)
          default isolation nonisolated — not stated; nonisolated is the compiler's default
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)
        Widget/Widget.swift
          target            ShopWidget — Xcode target `ShopWidget` (Shop.xcodeproj/project.pbxproj)
          minimum iOS       17.0 — `IPHONEOS_DEPLOYMENT_TARGET` of target `ShopWidget` (Shop.xcodeproj/project.pbxproj)
          language mode     5.0 — `SWIFT_VERSION` of the project (Shop.xcodeproj/project.pbxproj)
          default isolation MainActor — `SWIFT_DEFAULT_ACTOR_ISOLATION` of target `ShopWidget` (Shop.xcodeproj/project.pbxproj)
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)

        """)
    }

    func testUnclaimedFilesGetTheLowestMinimumOfTheirProjectAndSharedFilesTheLowestOfTheirTargets() throws {
        let folder = try Self.shopProject()
        XCTAssertEqual(try settings(["--format", "json", "Scripts", "Vendor/OldKit/Scripts", "Shared"], in: folder), """
        {
          "files": [
            {
              "default_isolation": {
                "file": null,
                "source": "not stated; nonisolated is the compiler's default",
                "value": "nonisolated"
              },
              "minimum_os": {
                "iOS": {
                  "file": "Config/Base.xcconfig",
                  "source": "`IPHONEOS_DEPLOYMENT_TARGET` of target `Shop` (Config/Base.xcconfig)",
                  "value": "16.0"
                }
              },
              "path": "Scripts/Unlisted.swift",
              "swift_compiler": {
                "file": null,
                "source": "not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)",
                "value": "current"
              },
              "swift_language_mode": {
                "file": "Shop.xcodeproj/project.pbxproj",
                "source": "`SWIFT_VERSION` of the project (Shop.xcodeproj/project.pbxproj)",
                "value": "5.0"
              },
              "target": {
                "file": "Shop.xcodeproj/project.pbxproj",
                "source": "no target compiles this file; lowest minimum of the project (Shop.xcodeproj/project.pbxproj)",
                "value": null
              }
            },
            {
              "default_isolation": {
                "file": null,
                "source": "not stated; nonisolated is the compiler's default",
                "value": "nonisolated"
              },
              "minimum_os": {
                "iOS": {
                  "file": "Config/Base.xcconfig",
                  "source": "`IPHONEOS_DEPLOYMENT_TARGET` of target `Shop` (Config/Base.xcconfig)",
                  "value": "16.0"
                }
              },
              "path": "Shared/Price.swift",
              "swift_compiler": {
                "file": null,
                "source": "not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)",
                "value": "current"
              },
              "swift_language_mode": {
                "file": "Shop.xcodeproj/project.pbxproj",
                "source": "`SWIFT_VERSION` of the project (Shop.xcodeproj/project.pbxproj)",
                "value": "5.0"
              },
              "target": {
                "file": "Shop.xcodeproj/project.pbxproj",
                "source": "Xcode target `Shop`, Xcode target `ShopWidget` (Shop.xcodeproj/project.pbxproj)",
                "value": "Shop, ShopWidget"
              }
            },
            {
              "default_isolation": {
                "file": null,
                "source": "not stated; nonisolated is the compiler's default",
                "value": "nonisolated"
              },
              "minimum_os": {
                "iOS": {
                  "file": "Vendor/OldKit/Package.swift",
                  "source": "`platforms:` (Vendor/OldKit/Package.swift)",
                  "value": "12.0"
                }
              },
              "path": "Vendor/OldKit/Scripts/Generate.swift",
              "swift_compiler": {
                "file": null,
                "source": "not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)",
                "value": "current"
              },
              "swift_language_mode": {
                "file": "Vendor/OldKit/Package.swift",
                "source": "`// swift-tools-version:5.7` (Vendor/OldKit/Package.swift)",
                "value": "5.0"
              },
              "target": {
                "file": "Vendor/OldKit/Package.swift",
                "source": "no target compiles this file; lowest minimum of the project (Vendor/OldKit/Package.swift)",
                "value": null
              }
            }
          ]
        }

        """)
    }

    func testAFileNoTargetCompilesIsNotJudgedAsUnrestricted() throws {
        let folder = try Self.shopProject()
        // `prefer-observation` is opt-in: turned on here, it fires only where Observation exists.
        try folder.write(".mvlint.yml", "opt_in_rules: [prefer-observation]\n")
        let lowest = try BinaryRunner.run(["lint", "--format", "json", "Scripts"], in: folder.url)
        XCTAssertFalse(lowest.stdout.contains("prefer-observation"), "iOS 16 has no @Observable: \(lowest.stdout)")
        try folder.write(".mvlint.yml", "opt_in_rules: [prefer-observation]\ndeployment_target: {iOS: \"17.0\"}\n")
        let raised = try BinaryRunner.run(["lint", "--format", "json", "Scripts"], in: folder.url)
        XCTAssertTrue(raised.stdout.contains("prefer-observation"), raised.stdout)
    }

    func testAnOldProjectFormatKeepsSuggestionsThatNeedACurrentCompiler() throws {
        let folder = try Self.oldFormatProject()
        try folder.write(".mvlint.yml", "opt_in_rules: [environment-key-boilerplate]\n")
        let current = try BinaryRunner.run(["lint", "--format", "json"], in: folder.url)
        XCTAssertTrue(current.stdout.contains("environment-key-boilerplate"), "objectVersion 50 is no Swift 4.1 compiler: \(current.stdout)")
        try folder.write(".mvlint.yml", "opt_in_rules: [environment-key-boilerplate]\nswift_version: \"5.10\"\n")
        let older = try BinaryRunner.run(["lint", "--format", "json"], in: folder.url)
        XCTAssertEqual(older.status, 0, older.stderr)
        XCTAssertFalse(older.stdout.contains("environment-key-boilerplate"), "@Entry needs Swift 6: \(older.stdout)")
        XCTAssertEqual(try settings(["--format", "json"], in: folder), """
        {
          "files": [
            {
              "default_isolation": {
                "file": null,
                "source": "not stated; nonisolated is the compiler's default",
                "value": "nonisolated"
              },
              "minimum_os": {
                "iOS": {
                  "file": "Legacy.xcodeproj/project.pbxproj",
                  "source": "`IPHONEOS_DEPLOYMENT_TARGET` of target `Legacy` (Legacy.xcodeproj/project.pbxproj)",
                  "value": "17.0"
                }
              },
              "path": "Legacy/Theme.swift",
              "swift_compiler": {
                "file": ".mvlint.yml",
                "source": "`swift_version:` (.mvlint.yml)",
                "value": "5.10"
              },
              "swift_language_mode": {
                "file": null,
                "source": "not stated; judged as the Swift 6 language mode",
                "value": null
              },
              "target": {
                "file": "Legacy.xcodeproj/project.pbxproj",
                "source": "Xcode target `Legacy` (Legacy.xcodeproj/project.pbxproj)",
                "value": "Legacy"
              }
            }
          ]
        }

        """)
    }

    func testXcodeGenSpecWithIncludesAndTemplatesStandsForTheProjectItGenerates() throws {
        let folder = try Self.xcodeGenProject()
        XCTAssertEqual(try settings([], in: folder), """
        Garden/GardenApp.swift
          target            Garden — XcodeGen target `Garden` (project.yml)
          minimum iOS       16.0 — `options: deploymentTarget:` (project.yml)
          language mode     5.0 — `SWIFT_VERSION` of the project (project.yml)
          default isolation nonisolated — not stated; nonisolated is the compiler's default
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)
        Mac/MacApp.swift
          target            GardenMac — XcodeGen target `GardenMac` (project.yml)
          minimum macOS     13.0 — `deploymentTarget` of target `GardenMac` (project.yml)
          language mode     5.0 — `SWIFT_VERSION` of the project (project.yml)
          default isolation MainActor — `SWIFT_DEFAULT_ACTOR_ISOLATION` of target `GardenMac` (project.yml)
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)
        Tests/GardenTests.swift
          target            GardenTests — XcodeGen target `GardenTests` (project.yml)
          minimum iOS       15.0 — `IPHONEOS_DEPLOYMENT_TARGET` of target `GardenTests` (project.yml)
          language mode     5.0 — `SWIFT_VERSION` of the project (project.yml)
          default isolation nonisolated — not stated; nonisolated is the compiler's default
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)

        """)
        XCTAssertEqual(try settings(["--format", "json", "Mac"], in: folder), """
        {
          "files": [
            {
              "default_isolation": {
                "file": "project.yml",
                "source": "`SWIFT_DEFAULT_ACTOR_ISOLATION` of target `GardenMac` (project.yml)",
                "value": "MainActor"
              },
              "minimum_os": {
                "macOS": {
                  "file": "project.yml",
                  "source": "`deploymentTarget` of target `GardenMac` (project.yml)",
                  "value": "13.0"
                }
              },
              "path": "Mac/MacApp.swift",
              "swift_compiler": {
                "file": null,
                "source": "not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)",
                "value": "current"
              },
              "swift_language_mode": {
                "file": "project.yml",
                "source": "`SWIFT_VERSION` of the project (project.yml)",
                "value": "5.0"
              },
              "target": {
                "file": "project.yml",
                "source": "XcodeGen target `GardenMac` (project.yml)",
                "value": "GardenMac"
              }
            }
          ]
        }

        """)
    }

    func testTuistManifestIsReadNotLinted() throws {
        let folder = try Self.tuistProject()
        XCTAssertEqual(try settings([], in: folder), """
        Targets/App/Sources/BirdsApp.swift
          target            Birds — Tuist target `Birds` (Project.swift)
          minimum iOS       16.0 — `deploymentTargets:` of target `Birds` (Project.swift)
          language mode     6.0 — `SWIFT_VERSION` of the project (Project.swift)
          default isolation nonisolated — not stated; nonisolated is the compiler's default
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)
        Targets/App/Tests/BirdsTests.swift
          target            BirdsTests — Tuist target `BirdsTests` (Project.swift)
          minimum iOS       17.0 — `deploymentTarget:` of target `BirdsTests` (Project.swift)
          language mode     6.0 — `SWIFT_VERSION` of the project (Project.swift)
          default isolation nonisolated — not stated; nonisolated is the compiler's default
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)
        Targets/Kit/Bird.swift
          target            BirdsKit — Tuist target `BirdsKit` (Project.swift)
          minimum iOS       15.0 — `deploymentTargets:` of target `BirdsKit` (Project.swift)
          minimum macOS     13.0 — `deploymentTargets:` of target `BirdsKit` (Project.swift)
          language mode     6.0 — `SWIFT_VERSION` of the project (Project.swift)
          default isolation nonisolated — not stated; nonisolated is the compiler's default
          Swift compiler    current — not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)

        """)
        XCTAssertEqual(try settings(["--format", "json", "Targets/Kit"], in: folder), """
        {
          "files": [
            {
              "default_isolation": {
                "file": null,
                "source": "not stated; nonisolated is the compiler's default",
                "value": "nonisolated"
              },
              "minimum_os": {
                "iOS": {
                  "file": "Project.swift",
                  "source": "`deploymentTargets:` of target `BirdsKit` (Project.swift)",
                  "value": "15.0"
                },
                "macOS": {
                  "file": "Project.swift",
                  "source": "`deploymentTargets:` of target `BirdsKit` (Project.swift)",
                  "value": "13.0"
                }
              },
              "path": "Targets/Kit/Bird.swift",
              "swift_compiler": {
                "file": null,
                "source": "not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)",
                "value": "current"
              },
              "swift_language_mode": {
                "file": "Project.swift",
                "source": "`SWIFT_VERSION` of the project (Project.swift)",
                "value": "6.0"
              },
              "target": {
                "file": "Project.swift",
                "source": "Tuist target `BirdsKit` (Project.swift)",
                "value": "BirdsKit"
              }
            }
          ]
        }

        """)
    }

    func testAssumeIOS17FillsInWhereNothingStatesAMinimumForLintToo() throws {
        let folder = try TemporaryFolder()
        try folder.write("Label.swift", """
        import SwiftUI
        struct Label: View {
            var body: some View { Text("a").foregroundColor(.red) + Text("b") }
        }

        """)
        // Below iOS 17 `foregroundStyle` no longer returns `Text`, which `+` needs: the fix is unsafe there.
        let unknown = try BinaryRunner.run(["lint", "--diff"], in: folder.url)
        XCTAssertEqual(unknown.stdout, "", unknown.stderr)
        let assumed = try BinaryRunner.run(["lint", "--diff", "--assume-ios17"], in: folder.url)
        XCTAssertTrue(assumed.stdout.contains("+    var body: some View { Text(\"a\").foregroundStyle(.red) + Text(\"b\") }"), assumed.stdout)
        let shown = try settings(["--assume-ios17"], in: folder)
        XCTAssertTrue(shown.contains("  minimum iOS       17.0 — `--assume-ios17`\n"), shown)
        XCTAssertTrue(shown.contains("  minimum macOS     14.0 — `--assume-ios17`\n"), shown)

        try folder.write("Package.swift", "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"L\", platforms: [.iOS(.v16)], targets: [.target(name: \"L\", path: \".\")])\n")
        let stated = try settings(["--assume-ios17"], in: folder)
        XCTAssertTrue(stated.contains("  minimum iOS       16.0 — `platforms:` (Package.swift)\n"), "a stated minimum wins: \(stated)")
    }

    func testSettingsCommandReportsMissingPathsAndEmptyFolders() throws {
        let folder = try TemporaryFolder()
        let empty = try BinaryRunner.run(["settings"], in: folder.url)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.hasPrefix("mvlint: error: no Swift files in ."), empty.stderr)
        try folder.write("A.swift", "struct A {}\n")
        let missing = try BinaryRunner.run(["settings", "A.swift", "Missing"], in: folder.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "mvlint: error: no such file or directory: Missing\n")
        XCTAssertTrue(missing.stdout.hasPrefix("A.swift\n  target            none — no project file around this file declares targets\n"), missing.stdout)
    }

    func testSwiftVersionIsValidatedLikeEveryKey() throws {
        let root = URL(fileURLWithPath: "/project")
        XCTAssertEqual(try ConfigurationLoader.parse("swift_version: \"5.10\"\n", path: "c.yml", rootDirectory: root).swiftVersion, Version(5, 10))
        XCTAssertNil(try ConfigurationLoader.parse("profile: mv\n", path: "c.yml", rootDirectory: root).swiftVersion)
        let cases = [("swift_version: six\n", "c.yml:1:16: error: 'six' is not a Swift version; write it like 6.0"),
                     ("swift_version: [6]\n", "c.yml:1:16: error: 'swift_version' expects a Swift version such as 6.0, got a list"),
                     ("swift_versoin: 6\n", "c.yml:1:1: error: unknown key 'swift_versoin'; did you mean 'swift_version'?")]
        for (text, expected) in cases {
            XCTAssertThrowsError(try ConfigurationLoader.parse(text, path: "c.yml", rootDirectory: root), text) { error in
                XCTAssertEqual(String(describing: error), expected)
            }
        }
    }
}
