import Foundation
@testable import MVLintKit
import XCTest

/// Reading build settings from `Package.swift` and `project.pbxproj` files written into a temporary folder.
final class ProjectSettingsTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mvlint-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: root)
    }

    @discardableResult
    private func write(_ text: String, to relativePath: String) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private func makeFolder(_ relativePath: String) throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent(relativePath), withIntermediateDirectories: true)
    }

    private func path(_ relativePath: String) -> String {
        root.appendingPathComponent(relativePath).standardizedFileURL.path
    }

    private func manifest(_ text: String) throws -> PackageManifestReader.Manifest {
        try PackageManifestReader.read(write(text, to: "Package.swift"))
    }

    private func target(_ name: String, in manifest: PackageManifestReader.Manifest) throws -> DeclaredTarget {
        try XCTUnwrap(manifest.targets.first { $0.settings.name == name }, "no target \(name) in \(manifest.targets.map(\.settings.name))")
    }

    private func version(_ text: String) -> Version { Version(text)! }

    // MARK: Package.swift

    func testToolsVersionIsReadFromTheFirstLineInEverySpelling() {
        XCTAssertEqual(PackageManifestReader.toolsVersion(inFirstLineOf: "// swift-tools-version:5.9\nimport PackageDescription"), version("5.9"))
        XCTAssertEqual(PackageManifestReader.toolsVersion(inFirstLineOf: "// swift-tools-version: 6.0\n"), version("6.0"))
        XCTAssertEqual(PackageManifestReader.toolsVersion(inFirstLineOf: "//Swift-Tools-Version:5.10.1;(xcode)\n"), version("5.10.1"))
        XCTAssertEqual(PackageManifestReader.toolsVersion(inFirstLineOf: "\u{FEFF}// swift-tools-version:6.2"), version("6.2"))
        XCTAssertNil(PackageManifestReader.toolsVersion(inFirstLineOf: "import PackageDescription\n// swift-tools-version:6.0"))
        XCTAssertNil(PackageManifestReader.toolsVersion(inFirstLineOf: "// swift-tools-version:"))
        XCTAssertNil(PackageManifestReader.toolsVersion(inFirstLineOf: ""))
    }

    func testPlatformsOfEverySpellingKeepTheLowestVersionPerPlatform() throws {
        let read = try manifest("""
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "Atlas",
            platforms: [.iOS(.v17), .macOS("14.0"), .iOS(.v16_4), .macOS(.v13), .visionOS(.v1), .watchOS(.v10),
                        .tvOS(.v17), .macCatalyst(.v17), .driverKit(.v23)],
            targets: [.target(name: "Atlas")]
        )
        """)
        XCTAssertEqual(read.toolsVersion, version("6.0"))
        let settings = try target("Atlas", in: read).settings
        XCTAssertEqual(settings.deploymentTargets, [
            .iOS: version("16.4"), .macOS: version("13.0"), .visionOS: version("1.0"), .watchOS: version("10.0"),
            .tvOS: version("17.0"), .macCatalyst: version("17.0"),
        ])
        XCTAssertNil(settings.swiftToolsVersion, "the tools version says which SwiftPM reads the manifest, not which compiler builds it")
        XCTAssertEqual(settings.sources.deploymentTargets[.iOS], SettingSource("`platforms:`", file: path("Package.swift")))
        XCTAssertEqual(settings.sources.target, SettingSource("package target `Atlas`", file: path("Package.swift")))
    }

    func testLanguageModeComesFromTheTargetThenThePackageThenTheToolsVersion() throws {
        let read = try manifest("""
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "Modes",
            targets: [
                .target(name: "Inherits"),
                .target(name: "Legacy", swiftSettings: [.swiftLanguageMode(.v5)]),
                .target(name: "OldSpelling", swiftSettings: [.swiftLanguageVersion(.v6)]),
                .target(name: "Named", swiftSettings: [.swiftLanguageMode(.version("5.10"))]),
            ],
            swiftLanguageModes: [.v5, .v6]
        )
        """)
        XCTAssertEqual(try target("Inherits", in: read).settings.swiftLanguageMode, version("6"))
        XCTAssertEqual(try target("Legacy", in: read).settings.swiftLanguageMode, version("5"))
        XCTAssertEqual(try target("OldSpelling", in: read).settings.swiftLanguageMode, version("6"))
        XCTAssertEqual(try target("Named", in: read).settings.swiftLanguageMode, version("5.10"))

        let legacyList = try manifest("""
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Old", targets: [.target(name: "Old")], swiftLanguageVersions: [.v5])
        """)
        XCTAssertEqual(try target("Old", in: legacyList).settings.swiftLanguageMode, version("5"))

        let noList = try manifest("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"P\")])")
        XCTAssertEqual(try target("P", in: noList).settings.swiftLanguageMode, version("5"), "tools 5.9 build in Swift 5 mode")
        XCTAssertEqual(PackageManifestReader.defaultLanguageMode(forToolsVersion: version("6.2")), version("6"))
    }

    func testDefaultIsolationIsReadFromSwiftSettingsAlsoThroughConstants() throws {
        let read = try manifest("""
        // swift-tools-version:6.2
        import PackageDescription

        let approachable: [SwiftSetting] = [
            .defaultIsolation(MainActor.self),
            .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        ]

        let package = Package(
            name: "Isolation",
            platforms: [.iOS(.v18)],
            targets: [
                .executableTarget(name: "App", swiftSettings: approachable + [.swiftLanguageMode(.v6)]),
                .target(name: "Engine", swiftSettings: [.defaultIsolation(nil)]),
                .target(name: "Spelled", swiftSettings: [.defaultIsolation(_Concurrency.MainActor.self)]),
                .target(name: "Plain"),
            ]
        )
        """)
        let app = try target("App", in: read)
        XCTAssertTrue(app.settings.defaultIsolationIsMainActor)
        XCTAssertEqual(app.settings.swiftLanguageMode, version("6"))
        XCTAssertEqual(app.kind, .application)
        XCTAssertFalse(try target("Engine", in: read).settings.defaultIsolationIsMainActor)
        XCTAssertTrue(try target("Spelled", in: read).settings.defaultIsolationIsMainActor)
        XCTAssertFalse(try target("Plain", in: read).settings.defaultIsolationIsMainActor)
    }

    func testTargetFoldersFollowSwiftPMDefaultsCustomPathsAndLegacyFolders() throws {
        try makeFolder("Source/Legacy")
        try makeFolder("srcs/Vendored")
        let read = try manifest("""
        // swift-tools-version:5.9
        import PackageDescription

        let coreName = "Core"
        let sharedDependencies: [Target.Dependency] = [.target(name: "Phantom"), .product(name: "Algorithms", package: "swift-algorithms")]

        let package = Package(
            name: "Layout",
            products: [.library(name: "Core", targets: ["Core"]), .plugin(name: "Lint", targets: ["LintPlugin"])],
            dependencies: [.package(url: "https://example.com/algorithms.git", from: "1.0.0")],
            targets: [
                .target(name: coreName, dependencies: sharedDependencies),
                .executableTarget(name: "Tool", dependencies: [.target(name: "Core", condition: .when(platforms: [.macOS]))],
                                  path: "Tools/Main"),
                .target(name: "Legacy"),
                .target(name: "Vendored"),
                .testTarget(name: "CoreTests", dependencies: [.target(name: "Core")]),
                .macro(name: "Macros"),
                .plugin(name: "LintPlugin", capability: .buildTool(), plugins: [.plugin(name: "Other", package: "other")]),
            ]
        )
        package.targets.append(.target(name: "Appended"))
        """)
        let folders = Dictionary(uniqueKeysWithValues: read.targets.map { ($0.settings.name, $0.memberships) })
        func folder(_ relative: String) -> [DeclaredTarget.Membership] { [.init(path: path(relative), isFolder: true, isMember: true)] }
        XCTAssertEqual(folders["Core"], folder("Sources/Core"))
        XCTAssertEqual(folders["Tool"], folder("Tools/Main"))
        XCTAssertEqual(folders["Legacy"], folder("Source/Legacy"))
        XCTAssertEqual(folders["Vendored"], folder("srcs/Vendored"))
        XCTAssertEqual(folders["CoreTests"], folder("Tests/CoreTests"))
        XCTAssertEqual(folders["Macros"], folder("Sources/Macros"))
        XCTAssertEqual(folders["LintPlugin"], folder("Plugins/LintPlugin"))
        XCTAssertEqual(folders["Appended"], folder("Sources/Appended"))
        XCTAssertEqual(Set(folders.keys), ["Core", "Tool", "Legacy", "Vendored", "CoreTests", "Macros", "LintPlugin", "Appended"],
                       "dependencies, products and plugin usages are not targets")
        XCTAssertEqual(try target("CoreTests", in: read).kind, .test)
    }

    func testComputedManifestPartsAreSkippedAndTheRestIsRead() throws {
        let read = try manifest("""
        // swift-tools-version:5.9
        import PackageDescription
        import Foundation

        var targets: [Target] = [.target(name: "Stable", swiftSettings: [.unsafeFlags(["-Onone"])])]
        for feature in ["Search", "Profile"] {
            targets.append(.target(name: "\\(feature)Feature", path: "Features/\\(feature)"))
        }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            targets.append(.target(name: "CIOnly", swiftSettings: settingsFor(ci: true)))
        }
        func settingsFor(ci: Bool) -> [SwiftSetting] { [] }

        let platformList: [SupportedPlatform] = [.iOS(.v15)]
        let package = Package(name: "Dynamic", platforms: platformList, targets: targets)
        """)
        XCTAssertEqual(read.targets.map(\.settings.name), ["Stable", "CIOnly"])
        XCTAssertEqual(try target("CIOnly", in: read).settings.deploymentTargets, [.iOS: version("15.0")])
    }

    func testManifestThatDoesNotParseIsAWarningWithItsLocation() throws {
        let url = try write("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Broken\",\n", to: "Package.swift")
        XCTAssertThrowsError(try PackageManifestReader.read(url)) { error in
            let description = String(describing: error)
            XCTAssertTrue(description.hasPrefix(url.path + ":"), description)
            XCTAssertTrue(description.contains("does not parse"), description)
        }
        let loaded = ProjectSettingsLoader.load(ProjectFiles(manifests: [url, root.appendingPathComponent("Missing/Package.swift")]))
        XCTAssertEqual(loaded.warnings.count, 2)
        XCTAssertTrue(loaded.warnings[1].contains("cannot read"), loaded.warnings[1])
        XCTAssertTrue(loaded.settings.projects.isEmpty)
        XCTAssertEqual(loaded.settings.settings(for: path("Sources/Broken/File.swift")), .unknown)
    }

    // MARK: Old-style property lists

    func testPropertyListParserReadsEveryConstruct() throws {
        let value = try OldStylePropertyListParser.parse("""
        // !$*UTF8*$!
        {
            plain = abc_DEF$1/2:3.4-5;
            quoted = "tab\\there \\"q\\" back\\\\slash \\U00e9 \\101 caf\u{e9}";
            'single' = 'quoted';
            /* a comment */ list = ( one, "two", ( nested, ), {}, );
            empty = ( );
            "key with space" = { inner = value; };
        }
        """)
        XCTAssertEqual(value["plain"], .string("abc_DEF$1/2:3.4-5"))
        XCTAssertEqual(value["quoted"], .string("tab\there \"q\" back\\slash é A café"))
        XCTAssertEqual(value["list"], .array([.string("one"), .string("two"), .array([.string("nested")]), .dictionary([:])]))
        XCTAssertEqual(value["empty"], .array([]))
        XCTAssertEqual(value["key with space"]?["inner"], .string("value"))
        XCTAssertEqual(value["single"], .string("quoted"))
    }

    func testPropertyListErrorsNameTheLine() {
        let cases: [(text: String, line: Int)] = [
            ("{\n  a = b\n  c = d;\n}", 3),
            ("{\n  a = \"never closed;\n}", 2),
            ("{ a = b; }\n/* open comment", 2),
            ("{ a = ( b c ); }", 1),
            ("{ a = b; } trailing", 1),
            ("{ a = <data>; }", 1),
            ("{ a = ", 1),
            (String(repeating: "(", count: 10_000), 1),
        ]
        for (text, line) in cases {
            XCTAssertThrowsError(try OldStylePropertyListParser.parse(text), text) { error in
                XCTAssertEqual((error as? PropertyListSyntaxError)?.line, line, "\(text): \(error)")
            }
        }
    }

    // MARK: project.pbxproj

    /// A group-based project: an iOS app (Debug 16.4 / Release 17.2 over the project's 17.0) and a unit-test
    /// bundle that inherits everything from the project level.
    private let classicProject = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tclasses = {
    \t};
    \tobjectVersion = 56;
    \tobjects = {

    /* Begin PBXBuildFile section */
    \t\tAA0000000000000000000001 /* ContentView.swift in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000011 /* ContentView.swift */; };
    \t\tAA0000000000000000000002 /* Notes App.swift in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000012; };
    \t\tAA0000000000000000000003 /* Formatting.swift in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000013; };
    \t\tAA0000000000000000000004 /* NotesTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000014; };
    \t\tAA0000000000000000000005 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000015; };
    \t\tAA0000000000000000000006 /* Formatting.swift in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000013; };
    \t\tAA0000000000000000000007 /* Logging.swift in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000016; };
    \t\tAA0000000000000000000008 /* Swift package product */ = {isa = PBXBuildFile; productRef = AA0000000000000000000099; };
    /* End PBXBuildFile section */

    /* Begin PBXFileReference section */
    \t\tAA0000000000000000000011 /* ContentView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ContentView.swift; sourceTree = "<group>"; };
    \t\tAA0000000000000000000012 /* Notes App.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "Notes App.swift"; sourceTree = "<group>"; };
    \t\tAA0000000000000000000013 /* Formatting.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; name = Formatting.swift; path = Shared/Formatting.swift; sourceTree = SOURCE_ROOT; };
    \t\tAA0000000000000000000014 /* NotesTests.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = NotesTests.swift; sourceTree = "<group>"; };
    \t\tAA0000000000000000000015 /* Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
    \t\tAA0000000000000000000016 /* Logging.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = /opt/company/Logging.swift; sourceTree = "<absolute>"; };
    \t\tAA0000000000000000000017 /* Notes.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Notes.app; sourceTree = BUILT_PRODUCTS_DIR; };
    /* End PBXFileReference section */

    /* Begin PBXGroup section */
    \t\tAA0000000000000000000020 = {
    \t\t\tisa = PBXGroup;
    \t\t\tchildren = (
    \t\t\t\tAA0000000000000000000021 /* Notes */,
    \t\t\t\tAA0000000000000000000022 /* NotesTests */,
    \t\t\t\tAA0000000000000000000023 /* Products */,
    \t\t\t);
    \t\t\tsourceTree = "<group>";
    \t\t};
    \t\tAA0000000000000000000021 /* Notes */ = {isa = PBXGroup; children = (AA0000000000000000000024 /* Views */, AA0000000000000000000012, AA0000000000000000000015, ); path = Notes; sourceTree = "<group>"; };
    \t\tAA0000000000000000000024 /* Views */ = {isa = PBXGroup; children = (AA0000000000000000000011, ); name = Views; sourceTree = "<group>"; };
    \t\tAA0000000000000000000022 /* NotesTests */ = {isa = PBXGroup; children = (AA0000000000000000000014, AA0000000000000000000013, AA0000000000000000000016, ); path = NotesTests; sourceTree = "<group>"; };
    \t\tAA0000000000000000000023 /* Products */ = {isa = PBXGroup; children = (AA0000000000000000000017, ); name = Products; sourceTree = "<group>"; };
    /* End PBXGroup section */

    \t\tAA0000000000000000000031 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (AA0000000000000000000001, AA0000000000000000000002, AA0000000000000000000003, AA0000000000000000000007, AA0000000000000000000008, ); runOnlyForDeploymentPostprocessing = 0; };
    \t\tAA0000000000000000000032 /* Resources */ = {isa = PBXResourcesBuildPhase; files = (AA0000000000000000000005, ); };
    \t\tAA0000000000000000000033 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (AA0000000000000000000004, AA0000000000000000000006, ); };

    \t\tAA0000000000000000000041 /* Notes */ = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildConfigurationList = AA0000000000000000000051 /* Build configuration list for PBXNativeTarget "Notes" */;
    \t\t\tbuildPhases = (AA0000000000000000000031, AA0000000000000000000032, );
    \t\t\tname = Notes;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    \t\tAA0000000000000000000042 /* NotesTests */ = {isa = PBXNativeTarget; buildConfigurationList = AA0000000000000000000052; buildPhases = (AA0000000000000000000033, ); name = NotesTests; productType = "com.apple.product-type.bundle.unit-test"; };
    \t\tAA0000000000000000000043 /* Lint script */ = {isa = PBXAggregateTarget; name = Lint; };

    \t\tAA0000000000000000000040 /* Project object */ = {
    \t\t\tisa = PBXProject;
    \t\t\tbuildConfigurationList = AA0000000000000000000050;
    \t\t\tcompatibilityVersion = "Xcode 14.0";
    \t\t\tmainGroup = AA0000000000000000000020;
    \t\t\tprojectDirPath = "";
    \t\t\tprojectRoot = "";
    \t\t\ttargets = (AA0000000000000000000041, AA0000000000000000000042, AA0000000000000000000043, );
    \t\t};

    \t\tAA0000000000000000000050 = {isa = XCConfigurationList; buildConfigurations = (AA0000000000000000000061, AA0000000000000000000062, ); defaultConfigurationName = Release; };
    \t\tAA0000000000000000000051 = {isa = XCConfigurationList; buildConfigurations = (AA0000000000000000000063, AA0000000000000000000064, ); defaultConfigurationName = Release; };
    \t\tAA0000000000000000000052 = {isa = XCConfigurationList; buildConfigurations = (AA0000000000000000000065, AA0000000000000000000066, ); defaultConfigurationName = Release; };
    \t\tAA0000000000000000000061 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; MACOSX_DEPLOYMENT_TARGET = 14.0; SDKROOT = iphoneos; SWIFT_VERSION = 5.0; }; name = Debug; };
    \t\tAA0000000000000000000062 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; MACOSX_DEPLOYMENT_TARGET = 14.0; SDKROOT = iphoneos; SWIFT_VERSION = 5.0; VALIDATE_PRODUCT = YES; }; name = Release; };
    \t\tAA0000000000000000000063 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 16.4; SWIFT_VERSION = 6.0; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; OTHER_SWIFT_FLAGS = ("$(inherited)", "-DDEBUG", ); }; name = Debug; };
    \t\tAA0000000000000000000064 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.2; SWIFT_VERSION = 6.0; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; }; name = Release; };
    \t\tAA0000000000000000000065 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {BUNDLE_LOADER = "$(TEST_HOST)"; }; name = Debug; };
    \t\tAA0000000000000000000066 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {BUNDLE_LOADER = "$(TEST_HOST)"; }; name = Release; };
    \t};
    \trootObject = AA0000000000000000000040 /* Project object */;
    }
    """

    func testClassicProjectReadsSettingsWithInheritanceAndLowestConfiguration() throws {
        let url = try write(classicProject, to: "Notes.xcodeproj/project.pbxproj")
        let targets = try PBXProjReader.read(url).targets
        XCTAssertEqual(targets.map(\.settings.name), ["Notes", "NotesTests"], "aggregate targets compile nothing")

        let app = targets[0]
        XCTAssertEqual(app.kind, .application)
        XCTAssertEqual(app.settings.deploymentTargets, [.iOS: version("16.4")], "lowest of Debug and Release; macOS is not built")
        XCTAssertEqual(app.settings.swiftLanguageMode, version("6.0"))
        XCTAssertTrue(app.settings.defaultIsolationIsMainActor)
        XCTAssertNil(app.settings.swiftToolsVersion, "objectVersion says which Xcode can open the project, not which compiler builds it")
        XCTAssertEqual(app.settings.sources.deploymentTargets[.iOS], SettingSource("`IPHONEOS_DEPLOYMENT_TARGET` of target `Notes`", file: url.path))
        XCTAssertEqual(app.settings.sources.swiftLanguageMode, SettingSource("`SWIFT_VERSION` of target `Notes`", file: url.path))
        XCTAssertEqual(app.settings.sources.target, SettingSource("Xcode target `Notes`", file: url.path))

        let tests = targets[1]
        XCTAssertEqual(tests.kind, .test)
        XCTAssertEqual(tests.settings.deploymentTargets, [.iOS: version("17.0")], "inherited from the project")
        XCTAssertEqual(tests.settings.swiftLanguageMode, version("5.0"))
        XCTAssertFalse(tests.settings.defaultIsolationIsMainActor)
    }

    /// Targets based on one `.xcconfig` (read and parsed once for all of them) each get its values as set by
    /// themselves, a missing include is a warning for each (said once to the user), and a key's conditional variant
    /// counts with it.
    func testTargetsSharingAConfigurationFileEachReadItAsTheirOwn() throws {
        let fixture = XcodeProjectFixture(targets: [
            .init(name: "Atlas", baseConfiguration: "Config/Shared.xcconfig", files: ["Atlas/A.swift"]),
            .init(name: "Globe", settings: ["SWIFT_VERSION": "5.10"], baseConfiguration: "Config/Shared.xcconfig", files: ["Globe/G.swift"]),
        ])
        let url = try write(fixture.text, to: "Maps.xcodeproj/project.pbxproj")
        try write("#include \"Base.xcconfig\"\n#include \"Gone.xcconfig\"\nSWIFT_VERSION = 6.0\n", to: "Config/Shared.xcconfig")
        try write("IPHONEOS_DEPLOYMENT_TARGET = 17.0\nIPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*] = 16.2\n", to: "Config/Base.xcconfig")
        let project = try PBXProjReader.read(url)
        let base = root.appendingPathComponent("Config/Base.xcconfig").standardizedFileURL.path
        let shared = root.appendingPathComponent("Config/Shared.xcconfig").standardizedFileURL.path
        for (target, name) in zip(project.targets, ["Atlas", "Globe"]) {
            XCTAssertEqual(target.settings.deploymentTargets, [.iOS: version("16.2")], "the lower of the key and its variant")
            XCTAssertEqual(target.settings.sources.deploymentTargets[.iOS],
                           SettingSource("`IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*]` of target `\(name)`", file: base))
        }
        XCTAssertEqual(project.targets.map(\.settings.swiftLanguageMode), [version("6.0"), version("5.10")], "a target's own setting wins")
        XCTAssertEqual(project.targets[0].settings.sources.swiftLanguageMode, SettingSource("`SWIFT_VERSION` of target `Atlas`", file: shared))
        XCTAssertEqual(project.warnings.filter { $0.contains("Gone.xcconfig") }.count, 2, "one warning for each configuration")
        let loaded = ProjectSettingsLoader.load(ProjectFiles(xcodeProjects: [root.appendingPathComponent("Maps.xcodeproj")]))
        XCTAssertEqual(loaded.warnings.filter { $0.contains("Gone.xcconfig") }.count, 1, "the same warning is printed once: \(loaded.warnings)")
    }

    func testClassicProjectMapsListedFilesThroughTheGroupTree() throws {
        let url = try write(classicProject, to: "Notes.xcodeproj/project.pbxproj")
        let targets = try PBXProjReader.read(url).targets
        func files(_ target: DeclaredTarget) -> [String] { target.memberships.filter { !$0.isFolder && $0.isMember }.map(\.path) }
        XCTAssertEqual(files(targets[0]), [path("Notes/ContentView.swift"), path("Notes/Notes App.swift"),
                                           path("Shared/Formatting.swift"), "/opt/company/Logging.swift"])
        XCTAssertEqual(files(targets[1]), [path("NotesTests/NotesTests.swift"), path("Shared/Formatting.swift")])

        let loaded = ProjectSettingsLoader.load(ProjectFiles(xcodeProjects: [root.appendingPathComponent("Notes.xcodeproj")]))
        XCTAssertEqual(loaded.warnings, [])
        let settings = loaded.settings
        XCTAssertEqual(settings.settings(for: path("Notes/ContentView.swift")).name, "Notes")
        XCTAssertEqual(settings.settings(for: path("NotesTests/NotesTests.swift")).name, "NotesTests")
        XCTAssertEqual(settings.settings(for: path("Shared/Formatting.swift")), app(in: targets),
                       "a file the tests also compile is judged as app code")
        let unlisted = settings.settings(for: path("Scripts/Unlisted.swift"))
        XCTAssertEqual(unlisted.name, "")
        XCTAssertEqual(unlisted.deploymentTargets, app(in: targets).deploymentTargets, "the lowest of the project's non-test targets")
        XCTAssertEqual(unlisted.sources.target, SettingSource("no target compiles this file; lowest minimum of the project", file: url.path))
    }

    private func app(in targets: [DeclaredTarget]) -> TargetSettings {
        targets.first { $0.kind == .application }?.settings ?? .unknown
    }

    /// An Xcode 16 project with synchronized folders: a multiplatform app (iPhone and Vision Pro) and a widget.
    private let synchronizedProject = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tclasses = {
    \t};
    \tobjectVersion = 77;
    \tobjects = {
    \t\tBB0000000000000000000001 /* Exceptions for "Trips" folder in "Trips" target */ = {
    \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
    \t\t\tmembershipExceptions = (
    \t\t\t\tInfo.plist,
    \t\t\t\tLegacy/OldMap.swift,
    \t\t\t\tExperiments,
    \t\t\t);
    \t\t\ttarget = BB0000000000000000000041 /* Trips */;
    \t\t};
    \t\tBB0000000000000000000002 /* Exceptions for "Trips" folder in "TripsWidget" target */ = {
    \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
    \t\t\tmembershipExceptions = (
    \t\t\t\t"Model/Trip Summary.swift",
    \t\t\t);
    \t\t\ttarget = BB0000000000000000000042 /* TripsWidget */;
    \t\t};
    \t\tBB0000000000000000000011 /* Trips */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (BB0000000000000000000001, BB0000000000000000000002, ); path = Trips; sourceTree = "<group>"; };
    \t\tBB0000000000000000000012 /* TripsWidget */ = {isa = PBXFileSystemSynchronizedRootGroup; path = TripsWidget; sourceTree = "<group>"; };
    \t\tBB0000000000000000000020 = {isa = PBXGroup; children = (BB0000000000000000000011, BB0000000000000000000012, ); sourceTree = "<group>"; };
    \t\tBB0000000000000000000041 /* Trips */ = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildConfigurationList = BB0000000000000000000051;
    \t\t\tbuildPhases = ( );
    \t\t\tfileSystemSynchronizedGroups = (
    \t\t\t\tBB0000000000000000000011 /* Trips */,
    \t\t\t);
    \t\t\tname = Trips;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    \t\tBB0000000000000000000042 /* TripsWidget */ = {isa = PBXNativeTarget; buildConfigurationList = BB0000000000000000000052; fileSystemSynchronizedGroups = (BB0000000000000000000012, ); name = TripsWidget; productType = "com.apple.product-type.app-extension"; };
    \t\tBB0000000000000000000040 /* Project object */ = {isa = PBXProject; buildConfigurationList = BB0000000000000000000050; mainGroup = BB0000000000000000000020; preferredProjectObjectVersion = 77; targets = (BB0000000000000000000041, BB0000000000000000000042, ); };
    \t\tBB0000000000000000000050 = {isa = XCConfigurationList; buildConfigurations = (BB0000000000000000000061, ); };
    \t\tBB0000000000000000000051 = {isa = XCConfigurationList; buildConfigurations = (BB0000000000000000000062, ); };
    \t\tBB0000000000000000000052 = {isa = XCConfigurationList; buildConfigurations = (BB0000000000000000000063, ); };
    \t\tBB0000000000000000000061 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 18.0; MACOSX_DEPLOYMENT_TARGET = 15.0; XROS_DEPLOYMENT_TARGET = 2.0; SWIFT_VERSION = 6.0; }; name = Debug; };
    \t\tBB0000000000000000000062 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = auto; SUPPORTED_PLATFORMS = "iphoneos iphonesimulator xros xrsimulator"; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; }; name = Debug; };
    \t\tBB0000000000000000000063 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; "IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*]" = 17.0; }; name = Debug; };
    \t};
    \trootObject = BB0000000000000000000040 /* Project object */;
    }
    """

    func testSynchronizedFoldersMapEverythingBelowThemExceptTheExceptions() throws {
        let url = try write(synchronizedProject, to: "Trips.xcodeproj/project.pbxproj")
        let project = try PBXProjReader.read(url)
        let targets = project.targets
        XCTAssertEqual(targets.count, 2)
        let (app, widget) = (targets[0], targets[1])
        XCTAssertEqual(app.settings.deploymentTargets, [.iOS: version("18.0"), .visionOS: version("2.0")],
                       "macOS is set at the project level but not a supported platform")
        XCTAssertEqual(app.settings.swiftLanguageMode, version("6.0"))
        XCTAssertTrue(app.settings.defaultIsolationIsMainActor)
        XCTAssertEqual(widget.settings.deploymentTargets, [.iOS: version("17.0")], "a conditional setting counts")
        XCTAssertFalse(widget.settings.defaultIsolationIsMainActor)

        XCTAssertEqual(app.memberships, [
            .init(path: path("Trips"), isFolder: true, isMember: true),
            .init(path: path("Trips/Info.plist"), isFolder: true, isMember: false),
            .init(path: path("Trips/Legacy/OldMap.swift"), isFolder: false, isMember: false),
            .init(path: path("Trips/Experiments"), isFolder: true, isMember: false),
        ])
        XCTAssertEqual(widget.memberships, [
            .init(path: path("TripsWidget"), isFolder: true, isMember: true),
            .init(path: path("Trips/Model/Trip Summary.swift"), isFolder: false, isMember: true),
        ])

        let settings = ProjectSettings(projects: [project])
        XCTAssertEqual(settings.settings(for: path("Trips/Views/MapView.swift")), app.settings)
        XCTAssertEqual(settings.settings(for: path("TripsWidget/Widget.swift")), widget.settings)
        let shared = settings.settings(for: path("Trips/Model/Trip Summary.swift"))
        XCTAssertEqual(shared.name, "Trips, TripsWidget")
        XCTAssertEqual(shared.deploymentTargets, [.iOS: version("17.0"), .visionOS: version("2.0")])
        XCTAssertFalse(shared.defaultIsolationIsMainActor, "isolated by default only when both targets say so")
        let excluded = settings.settings(for: path("Trips/Legacy/OldMap.swift"))
        XCTAssertEqual(excluded.name, "", "an exception every target makes leaves the file to no target")
        XCTAssertEqual(excluded.deploymentTargets, [.iOS: version("17.0"), .visionOS: version("2.0")], "the lowest minimum of the project")
        XCTAssertFalse(excluded.defaultIsolationIsMainActor, "the widget is not isolated to the main actor")
        XCTAssertEqual(settings.settings(for: path("Trips/Experiments/Draft.swift")), excluded)
    }

    /// A synchronized folder no target owns gives the files its exception sets list to those targets (an extension's
    /// files kept in a folder of their own, as IceCubesApp's notification service is); the rest of it stays with none.
    func testAFolderNoTargetOwnsGivesItsExceptionsToTheirTargets() throws {
        let unownedFolder = """
        \t\tBB0000000000000000000003 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (NotificationService.swift, ); target = BB0000000000000000000042; };
        \t\tBB0000000000000000000013 /* Notifier */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (BB0000000000000000000003, ); path = Notifier; sourceTree = "<group>"; };

        """
        let text = synchronizedProject
            .replacingOccurrences(of: "children = (BB0000000000000000000011, BB0000000000000000000012, )",
                                  with: "children = (BB0000000000000000000011, BB0000000000000000000012, BB0000000000000000000013, )")
            .replacingOccurrences(of: "\t\tBB0000000000000000000020 = {", with: unownedFolder + "\t\tBB0000000000000000000020 = {")
        XCTAssertNotEqual(text, synchronizedProject)
        let project = try PBXProjReader.read(try write(text, to: "Trips.xcodeproj/project.pbxproj"))
        XCTAssertEqual(project.targets[1].memberships.last, .init(path: path("Notifier/NotificationService.swift"), isFolder: false, isMember: true))
        let settings = ProjectSettings(projects: [project])
        XCTAssertEqual(settings.settings(for: path("Notifier/NotificationService.swift")).name, "TripsWidget")
        XCTAssertEqual(settings.settings(for: path("Notifier/Other.swift")).name, "", "not listed: no target")
    }

    /// A target's settings are made once and shared by the files it compiles: a run holds one value a target (and
    /// one a folder of files no target claims), not a copy a file.
    func testTheFilesOfOneTargetShareOneSettingsValue() throws {
        let url = try write(synchronizedProject, to: "Trips.xcodeproj/project.pbxproj")
        let settings = ProjectSettings(projects: [try PBXProjReader.read(url)])
        let paths = ["Trips/Views/MapView.swift", "Trips/Views/ListView.swift", "Trips/Model/Trip.swift", "TripsWidget/Widget.swift",
                     "Trips/Experiments/Draft.swift", "Trips/Experiments/Sketch.swift"].map(path)
        let shared = settings.sharedSettings(forEach: paths)
        XCTAssertEqual(shared.map(\.value), settings.settings(forEach: paths))
        XCTAssertTrue(shared[0] === shared[1] && shared[1] === shared[2], "one target")
        XCTAssertFalse(shared[0] === shared[3], "another target")
        XCTAssertTrue(shared[4] === shared[5], "files no target compiles, in one folder")

        let project = ProjectContext(files: [], sharedSettingsByPath: Dictionary(uniqueKeysWithValues: zip(paths, shared)))
        XCTAssertEqual(project.settings(for: paths[3]), shared[3].value)
        XCTAssertEqual(project.settings(for: path("Elsewhere.swift")), .unknown)
        XCTAssertEqual(project.settingsByPath, Dictionary(uniqueKeysWithValues: zip(paths, shared.map(\.value))))
    }

    /// Exception paths are joined as text when nothing in them needs resolving; every form gives what `URL` gives.
    func testExceptionPathsAreJoinedAsURLJoinsThem() {
        let relativePaths = ["Legacy/OldMap.swift", "Info.plist", "Experiments", "Experiments/", "Model/Trip Summary.swift",
                             "./Legacy/Old.swift", "Legacy/../Model/A.swift", "Legacy//Old.swift", "/Legacy/Old.swift", "..",
                             ".swift", "Notes.swift.txt", "Résumé/Vue.swift", "", "...", "A/.hidden/B.swift", "A/..b/c.swift"]
        for folder in ["/work/Trips", "/work/Trips/", "/"] {
            for relativePath in relativePaths {
                let url = URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(relativePath)
                let joined = PBXProjReader.standardizedPath(relativePath, below: folder)
                XCTAssertEqual(joined, url.standardizedFileURL.path, "\(folder) + \(relativePath)")
                XCTAssertEqual(PBXProjReader.isSwiftFile(joined), url.standardizedFileURL.pathExtension == "swift", joined)
            }
        }
    }

    /// A compiled file's location is joined below `/` as text unless a component needs resolving, as exception paths
    /// are; either way it is what `URL` makes of it, and it is a Swift file exactly when `URL` says so.
    func testCompiledFilePathsAreStandardizedAsURLStandardizesThem() {
        let relativePaths = ["Legacy/OldMap.swift", "Info.plist", "Model/Trip Summary.swift", "./Legacy/Old.swift",
                             "Legacy/../Model/A.swift", "Legacy//Old.swift", ".swift", "Notes.swift.txt", "Résumé/Vue.swift",
                             "A/.hidden/B.swift", "A/..b/c.swift", "A/.../c.swift", "%20.swift"]
        for folder in ["/work/Trips", "/work/Trips/", "/", "/work/./Trips", "/work/x/../Trips"] {
            for relativePath in relativePaths {
                let location = URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(relativePath, isDirectory: false)
                let path = PBXProjReader.standardizedPath(String(location.path.dropFirst()), below: "/")
                XCTAssertEqual(path, location.standardizedFileURL.path, "\(folder) + \(relativePath)")
                XCTAssertEqual(PBXProjReader.isSwiftFile(location.path), location.pathExtension == "swift", location.path)
            }
        }
        XCTAssertEqual(PBXProjReader.standardizedPath("a/../b.swift", below: "/"), "/b.swift", "resolved by URL")
        XCTAssertEqual(PBXProjReader.standardizedPath("a/b.swift", below: "/"), "/a/b.swift", "joined as text")
    }

    func testMalformedProjectsAreWarningsNeverCrashes() throws {
        let broken: [(name: String, text: String, expected: String)] = [
            ("Unclosed", "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXProject;\n", "unexpected end of file"),
            ("NoRoot", "{ objects = { A = { isa = PBXProject; }; }; rootObject = B; }", "no PBXProject"),
            ("WrongRoot", "{ objects = { A = { isa = PBXGroup; }; }; rootObject = A; }", "no PBXProject"),
            ("NotAList", "( a, b )", "no PBXProject"),
            ("Garbage", "<?xml version=\"1.0\"?>", "unexpected character"),
        ]
        var projects: [URL] = []
        for (name, text, expected) in broken {
            let url = try write(text, to: "\(name).xcodeproj/project.pbxproj")
            projects.append(url)
            XCTAssertThrowsError(try PBXProjReader.read(url), name) { error in
                XCTAssertTrue(String(describing: error).contains(expected), "\(name): \(error)")
                XCTAssertTrue(String(describing: error).hasPrefix(url.path), "\(name): \(error)")
            }
        }
        let loaded = ProjectSettingsLoader.load(ProjectFiles(xcodeProjects: projects))
        XCTAssertEqual(loaded.warnings.count, broken.count)
        XCTAssertTrue(loaded.settings.projects.isEmpty)

        // Dangling references and values of the wrong kind are skipped; what is sound is still read.
        let dangling = """
        { objectVersion = 1000; rootObject = P; objects = {
            P = { isa = PBXProject; mainGroup = Missing; buildConfigurationList = ( ); targets = ( T, Nowhere, ( ), ); };
            T = { isa = PBXNativeTarget; name = ( ); buildPhases = ( Q, "" ); buildConfigurationList = L; fileSystemSynchronizedGroups = S; };
            Q = { isa = PBXSourcesBuildPhase; files = ( F, ); };
            F = { isa = PBXBuildFile; fileRef = Ghost; };
            L = { isa = XCConfigurationList; buildConfigurations = ( C, D ); };
            C = { isa = XCBuildConfiguration; name = Debug; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = "$(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)"; SWIFT_VERSION = ( 6 ); }; };
            D = { isa = XCBuildConfiguration; buildSettings = nothing; };
        }; }
        """
        let targets = try PBXProjReader.parse(dangling, path: "dangling", projectFolder: root).targets
        XCTAssertEqual(targets, [DeclaredTarget(settings: TargetSettings(swiftLanguageMode: version("6")), kind: .other, memberships: [])])
    }

    // MARK: Combining and discovery

    private func declared(_ name: String, _ kind: DeclaredTarget.Kind, iOS: String? = nil, isolated: Bool = false,
                          folder: String) -> DeclaredTarget {
        let deployment = iOS.map { [Platform.iOS: version($0)] } ?? [:]
        return DeclaredTarget(settings: TargetSettings(name: name, deploymentTargets: deployment, swiftLanguageMode: version("6"),
                                                       defaultIsolationIsMainActor: isolated),
                              kind: kind, memberships: [.init(path: path(folder), isFolder: true, isMember: true)])
    }

    func testLowestOfTheProjectTakesEveryStatedMinimumAndSkipsTestsAndUnstatedTargets() {
        var mac = declared("Mac", .application, folder: "Mac")
        mac.settings.deploymentTargets = [.macOS: version("13.0")]
        let targets = [declared("App", .application, iOS: "17.0", isolated: true, folder: "App"),
                       declared("Widget", .other, iOS: "16.0", isolated: true, folder: "Widget"),
                       declared("Tool", .other, folder: "Tool"),
                       declared("AppTests", .test, iOS: "15.0", folder: "Tests"),
                       mac]
        let lowest = ProjectSettings.lowest(of: targets)
        XCTAssertEqual(lowest.deploymentTargets, [.iOS: version("16.0"), .macOS: version("13.0")],
                       "a target that states no minimum does not make the project's unknown; tests do not count")
        XCTAssertEqual(lowest.swiftLanguageMode, version("6"))
        XCTAssertFalse(lowest.defaultIsolationIsMainActor, "main actor only when every target says so")
        XCTAssertEqual(ProjectSettings.lowest(of: []), .unknown)
        XCTAssertEqual(ProjectSettings.lowest(of: [targets[3]]).deploymentTargets, [.iOS: version("15.0")], "only tests: they count")
    }

    func testAFolderTargetDoesNotReachIntoANestedProjectsFolder() {
        let app = DeclaredProject(file: path("App.xcodeproj/project.pbxproj"), root: path(""),
                                  targets: [declared("App", .application, iOS: "17.0", folder: "App")])
        let kit = DeclaredProject(file: path("App/Vendor/Kit/Package.swift"), root: path("App/Vendor/Kit"),
                                  targets: [declared("Kit", .other, iOS: "12.0", folder: "App/Vendor/Kit/Sources/Kit")])
        let settings = ProjectSettings(projects: [app, kit])
        XCTAssertEqual(settings.settings(for: path("App/Views/Home.swift")).name, "App")
        XCTAssertEqual(settings.settings(for: path("App/Vendor/Kit/Sources/Kit/Kit.swift")).name, "Kit")
        let vendoredScript = settings.settings(for: path("App/Vendor/Kit/Scripts/Bump.swift"))
        XCTAssertEqual(vendoredScript.name, "", "the app's folder does not reach into the package's")
        XCTAssertEqual(vendoredScript.deploymentTargets, [.iOS: version("12.0")], "the package's own lowest minimum")
        XCTAssertEqual(settings.settings(for: path("Tools/Lint.swift")).deploymentTargets, [.iOS: version("17.0")],
                       "in the app project's folder but in no target: the app project's lowest, not the vendored package's")
    }

    func testMergedSettingsSuitEveryTargetThatCompilesTheCode() {
        var mac = declared("Mac", .application, folder: "Mac")
        mac.settings.deploymentTargets = [.macOS: version("14.0")]
        mac.settings.swiftLanguageMode = version("5")
        let phone = declared("Phone", .application, iOS: "17.0", isolated: true, folder: "Phone")
        let merged = ProjectSettings.merged([phone, mac])
        XCTAssertEqual(merged.name, "Phone, Mac")
        XCTAssertEqual(merged.deploymentTargets, [.iOS: version("17.0"), .macOS: version("14.0")])
        XCTAssertEqual(merged.swiftLanguageMode, version("5"))
        XCTAssertFalse(merged.defaultIsolationIsMainActor)
        XCTAssertEqual(ProjectSettings.merged([phone, declared("Unknown", .other, folder: "X")]).deploymentTargets, [:],
                       "unknown platforms in one target make the whole set unknown")
        XCTAssertEqual(ProjectSettings.merged([phone, declared("PhoneTests", .test, iOS: "12.0", folder: "T")]), phone.settings)
    }

    func testPackageAndProjectCombineIntoFolderAndFileTargets() throws {
        let manifestURL = try write("""
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(name: "Kit", platforms: [.iOS(.v16)], targets: [
            .target(name: "Kit", swiftSettings: [.defaultIsolation(MainActor.self)]),
            .testTarget(name: "KitTests", dependencies: ["Kit"]),
        ])
        """, to: "Packages/Kit/Package.swift")
        let projectURL = try write(synchronizedProject, to: "Trips.xcodeproj/project.pbxproj")
        let loaded = ProjectSettingsLoader.load(ProjectFiles(manifests: [manifestURL, manifestURL],
                                                             xcodeProjects: [projectURL, projectURL.deletingLastPathComponent()]))
        XCTAssertEqual(loaded.warnings, [])
        let settings = loaded.settings
        XCTAssertEqual(settings.projects.map(\.file), [manifestURL.path, projectURL.path], "each file is read once however it is named")
        let kit = settings.settings(for: path("Packages/Kit/Sources/Kit/Sub/Model.swift"))
        XCTAssertEqual(kit.name, "Kit")
        XCTAssertEqual(kit.deploymentTargets, [.iOS: version("16.0")])
        XCTAssertTrue(kit.defaultIsolationIsMainActor)
        XCTAssertEqual(kit.swiftLanguageMode, version("6"))
        XCTAssertEqual(settings.settings(for: path("Trips/App.swift")).name, "Trips")
        let unclaimedInPackage = settings.settings(for: path("Packages/Kit/Scripts/Generate.swift"))
        XCTAssertEqual(unclaimedInPackage.deploymentTargets, [.iOS: version("16.0")], "the package's folder is the package's")
        XCTAssertEqual(settings.settings(for: path("Scripts/Tool.swift")).deploymentTargets, [.iOS: version("17.0"), .visionOS: version("2.0")],
                       "the app project's lowest, not the nested package's")
    }

    func testNewestVersionSpecificManifestWinsAndBrokenOnesWarn() throws {
        let plain = try write("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"V\", targets: [.target(name: \"Old\")])",
                              to: "Package.swift")
        let newer = try write("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"V\", targets: [.target(name: \"New\")])",
                              to: "Package@swift-6.0.swift")
        let broken = try write("// swift-tools-version:6.1\nlet package = Package(", to: "Package@swift-6.1.swift")
        let loaded = ProjectSettingsLoader.load(ProjectFiles(manifests: [broken, plain, newer]))
        XCTAssertEqual(loaded.warnings.count, 1)
        XCTAssertEqual(loaded.settings.projects.flatMap(\.targets).map(\.settings.name), ["New"])
    }

    /// Each project file is read on a worker of its own: what they say comes back in the order of the files, and a
    /// generator's spec still gives way to the Xcode project it makes, which is read beside it.
    func testProjectFilesReadApartReportInTheirOrderAndASpecGivesWayToItsProject() throws {
        var manifests: [URL] = [], projects: [URL] = []
        for name in ["A", "B", "C"] {
            manifests.append(try write("// swift-tools-version:6.0\nlet package = Package(", to: "\(name)/Package.swift"))
            projects.append(try write("( not, a, project )", to: "\(name)/\(name).xcodeproj/project.pbxproj"))
        }
        let fixture = XcodeProjectFixture(targets: [.init(name: "Made", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"])])
        projects.append(try write(fixture.text, to: "Generated/Made.xcodeproj/project.pbxproj"))
        let shadowed = try write("name: Shadowed\ntargets:\n  Shadowed:\n    type: application\n    platform: iOS\n", to: "Generated/project.yml")
        let alone = try write("name: Alone\ntargets:\n  Alone:\n    type: application\n    platform: iOS\n", to: "Alone/project.yml")

        let loaded = ProjectSettingsLoader.load(ProjectFiles(manifests: manifests, xcodeProjects: projects, xcodeGenSpecs: [shadowed, alone])) { _ in nil }
        let memo = try XCTUnwrap(loaded.memo)
        XCTAssertEqual(loaded.warnings.compactMap { warning in (manifests + projects).firstIndex { warning.hasPrefix($0.path) } },
                       [0, 1, 2, 3, 4, 5], "the packages' warnings, then the projects', each in its files' order: \(loaded.warnings)")
        XCTAssertEqual(memo.projects.map(\.file), [path("Generated/Made.xcodeproj/project.pbxproj"), path("Alone/project.yml")])
        XCTAssertEqual(loaded.settings.projects.flatMap(\.targets).compactMap(\.settings.name), ["Made", "Alone"])
        let read = memo.probes.compactMap { probe -> String? in
            if case .text(let path, _, _) = probe { return path }
            return nil
        }
        XCTAssertEqual(read, (manifests + projects).map(\.path) + [alone.path], "the shadowed spec is not even read")
    }

    func testDiscoverUpwardFindsTheNearestProjectFilesAndStopsAtTheRepository() throws {
        try makeFolder("repo/.git")
        try write("// swift-tools-version:6.0", to: "repo/Package.swift")
        try write("// swift-tools-version:6.0", to: "repo/Package@swift-5.9.swift")
        try write("{}", to: "repo/App.xcodeproj/project.pbxproj")
        try makeFolder("repo/Empty.xcodeproj")
        try write("// swift-tools-version:6.0", to: "repo/Sources/Nested/Package.swift")
        try write("struct A {}", to: "repo/Sources/Nested/Sources/A/A.swift")
        try write("// swift-tools-version:6.0", to: "Package.swift")

        let nested = ProjectSettingsLoader.discoverUpward(from: root.appendingPathComponent("repo/Sources/Nested/Sources/A"))
        XCTAssertEqual(nested.manifests.map(\.path), [path("repo/Sources/Nested/Package.swift")])
        XCTAssertEqual(nested.xcodeProjects.map(\.path), [path("repo/App.xcodeproj/project.pbxproj")])

        let fromFile = ProjectSettingsLoader.discoverUpward(from: root.appendingPathComponent("repo/Sources/Nested/Sources/A/A.swift"))
        XCTAssertEqual(fromFile.manifests, nested.manifests)

        let top = ProjectSettingsLoader.discoverUpward(from: root.appendingPathComponent("repo/Sources"))
        XCTAssertEqual(top.manifests.map(\.path), [path("repo/Package.swift"), path("repo/Package@swift-5.9.swift")])

        try makeFolder("loose/deeper")
        let outside = ProjectSettingsLoader.discoverUpward(from: root.appendingPathComponent("loose/deeper"))
        XCTAssertEqual(outside.manifests.map(\.path), [path("Package.swift")], "without a repository it walks on up")

        try makeFolder("other/.git")
        let stopped = ProjectSettingsLoader.discoverUpward(from: root.appendingPathComponent("other"))
        XCTAssertTrue(stopped.manifests.isEmpty && stopped.xcodeProjects.isEmpty, "the repository root is the last folder searched")
    }

    /// Only names a project file can have are looked at; each kind is still found among many other entries.
    func testDiscoverUpwardFindsEachKindOfProjectFileAmongOtherEntries() throws {
        for name in ["README.md", "notes.yml", "project.yaml", "Project.swift.orig", "xcodeproj", "Sources"] + (0..<200).map({ "entry\($0)" }) {
            try write("", to: "generated/" + name)
            try write("", to: "tuist/" + name)
        }
        try makeFolder("generated/.git")
        try write("name: App", to: "generated/project.yml")
        try write("struct A {}", to: "generated/App/A.swift")
        let generated = ProjectSettingsLoader.discoverUpward(from: root.appendingPathComponent("generated/App"))
        XCTAssertEqual(generated.xcodeGenSpecs.map(\.path), [path("generated/project.yml")])
        XCTAssertTrue(generated.manifests.isEmpty && generated.xcodeProjects.isEmpty)

        try makeFolder("tuist/.git")
        try write("import ProjectDescription\nlet project = Project(name: \"App\")", to: "tuist/Project.swift")
        try write("// swift-tools-version:6.0", to: "tuist/Package.swift")
        try write("{}", to: "tuist/App.xcodeproj/project.pbxproj")
        let tuist = ProjectSettingsLoader.discoverUpward(from: root.appendingPathComponent("tuist"))
        XCTAssertEqual(tuist.manifests.map(\.path), [path("tuist/Package.swift"), path("tuist/Project.swift")])
        XCTAssertEqual(tuist.xcodeProjects.map(\.path), [path("tuist/App.xcodeproj/project.pbxproj")])
    }
}
