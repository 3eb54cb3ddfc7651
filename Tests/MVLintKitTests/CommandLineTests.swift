import Foundation
import XCTest
@testable import MVLintKit

/// The command line as a user meets it: the real binary, its output streams and exit codes.
final class CommandLineTests: XCTestCase {
    func testVersionAndHelp() throws {
        let version = try BinaryRunner.run(["version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, MVLintVersion.current + "\n")
        for command in ["lint", "rules", "settings", "explain", "version", "help"] {
            let help = try BinaryRunner.run(["help", command])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.stdout.contains("USAGE: mvlint \(command)"), command)
        }
        let lintHelp = try BinaryRunner.run(["lint", "--help"])
        XCTAssertTrue(lintHelp.stdout.contains("EXIT CODES"))
        XCTAssertEqual(try BinaryRunner.run([]).status, 0)
    }

    func testUsageErrorsExitWithTwoAndSuggest() throws {
        let unknownCommand = try BinaryRunner.run(["lnt"])  // "lnit" is nearer to `init` since that command exists
        XCTAssertEqual(unknownCommand.status, 2)
        XCTAssertTrue(unknownCommand.stderr.contains("did you mean 'lint'?"), unknownCommand.stderr)
        let unknownOption = try BinaryRunner.run(["lint", "--formt", "json"])
        XCTAssertEqual(unknownOption.status, 2)
        XCTAssertTrue(unknownOption.stderr.contains("did you mean '--format'?"), unknownOption.stderr)
        let badChoice = try BinaryRunner.run(["lint", "--format", "yaml"])
        XCTAssertEqual(badChoice.status, 2)
        XCTAssertTrue(badChoice.stderr.contains("--format must be one of"), badChoice.stderr)
        let unknownRule = try BinaryRunner.run(["explain", "foreground-colour"])
        XCTAssertEqual(unknownRule.status, 2)
        XCTAssertTrue(unknownRule.stderr.contains("did you mean 'foreground-color'?"), unknownRule.stderr)
        XCTAssertEqual(unknownRule.stdout, "")
    }

    func testExplainPrintsEverySection() throws {
        let result = try BinaryRunner.run(["explain", "foreground-color"])
        XCTAssertEqual(result.status, 0)
        for heading in ["What it does", "Why this is bad", "Instead", "Reported (at ↓)", "Not reported"] {
            XCTAssertTrue(result.stdout.contains(heading), heading)
        }
    }

    func testRulesListsEveryRuleAndFiltersByProfile() throws {
        let all = try BinaryRunner.run(["rules"])
        XCTAssertEqual(all.status, 0)
        for rule in RuleRegistry.descriptions { XCTAssertTrue(all.stdout.contains(rule.id), rule.id) }
        let json = try BinaryRunner.run(["rules", "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(parsed?.count, RuleRegistry.descriptions.count)
    }

    func testBadInputNeverCrashes() throws {
        let folder = try TemporaryFolder()
        try folder.write("Good.swift", "import SwiftUI\nstruct Good: View {\n    var body: some View { Text(\"ok\").foregroundColor(.red) }\n}\n")
        try folder.write("Broken.swift", "struct Broken {\n    var x: Int\n")
        try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: folder.url.appendingPathComponent("Binary.swift"))
        let unreadable = try folder.write("Locked.swift", "struct Locked {}\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: unreadable.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: unreadable.path) }

        let result = try BinaryRunner.run(["lint", "."], in: folder.url)
        // Input problems give exit code 2; the readable files are still checked and reported.
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stdout.contains("Good.swift:3:38: warning:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Broken.swift:2:15: error: the file does not parse"), result.stdout)
        XCTAssertTrue(result.stderr.contains("Binary.swift: error: the file is not UTF-8 text; skipped"), result.stderr)
        if getuid() != 0 {
            // root reads files regardless of permissions, so this part only means something for other users.
            XCTAssertTrue(result.stderr.contains("Locked.swift: error: cannot read the file"), result.stderr)
        }
        XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
    }

    func testMissingPathAndEmptyFolder() throws {
        let folder = try TemporaryFolder()
        let missing = try BinaryRunner.run(["lint", "Nowhere"], in: folder.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such file or directory: Nowhere"), missing.stderr)
        let empty = try BinaryRunner.run(["lint"], in: folder.url)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("no Swift files to lint"), empty.stderr)
    }

    func testExitCodesFollowSeverityAndStrict() throws {
        let folder = try TemporaryFolder()
        try folder.write("Warn.swift", "import SwiftUI\nstruct W: View {\n    var body: some View { Text(\"w\").foregroundColor(.red) }\n}\n")
        XCTAssertEqual(try BinaryRunner.run(["lint"], in: folder.url).status, 0)
        XCTAssertEqual(try BinaryRunner.run(["lint", "--strict"], in: folder.url).status, 1)
        try folder.write("Broken.swift", "struct {")
        XCTAssertEqual(try BinaryRunner.run(["lint"], in: folder.url).status, 1)
    }

    func testJSONShape() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/A.swift", "import SwiftUI\nstruct A: View {\n    var body: some View { Text(\"a\").foregroundColor(.red) }\n}\n")
        let result = try BinaryRunner.run(["lint", "--format", "json", "--quiet"], in: folder.url)
        XCTAssertEqual(result.stderr, "")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? String, MVLintVersion.current)
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(Set(findings[0].keys), ["rule", "severity", "file", "line", "column", "message", "fixable"])
        XCTAssertEqual(findings[0]["file"] as? String, "Sources/A.swift")
        XCTAssertEqual(findings[0]["line"] as? Int, 3)
        let summary = try XCTUnwrap(object["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["files": 1, "errors": 0, "warnings": 1, "advice": 0, "parse_errors": 0])
    }

    func testSummaryLineOnStandardError() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift", "struct A {}\n")
        let result = try BinaryRunner.run(["lint"], in: folder.url)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("mvlint: 1 file linted, 0 errors, 0 warnings, 0 advice in "), result.stderr)
    }

    func testConfigurationIsFoundAboveAndApplied() throws {
        let folder = try TemporaryFolder()
        let warn = "import SwiftUI\nstruct W: View {\n    var body: some View { Text(\"w\").foregroundColor(.red) }\n}\n"
        try folder.write("App/Sources/W.swift", warn)
        try folder.write("App/Generated/G.swift", warn)
        try folder.write(".mvlint.yml", "excluded: [App/Generated]\nforeground-color: error\n")
        let nested = folder.url.appendingPathComponent("App")
        let result = try BinaryRunner.run(["lint"], in: nested)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "Sources/W.swift:3:37: error: `.foregroundColor(_:)` is deprecated and takes only a Color: use `.foregroundStyle(_:)` (foreground-color)\n")
        try folder.write(".mvlint.yml", "disabled_rules: [foreground-color]\n")
        let disabled = try BinaryRunner.run(["lint"], in: nested)
        XCTAssertEqual(disabled.status, 0)
        XCTAssertEqual(disabled.stdout, "")
    }

    func testInvalidConfigurationStopsWithPositionsAndExitTwo() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift", "struct A {}\n")
        try folder.write(".mvlint.yml", "profile: mvv\ndisabled_rule: [foo]\n")
        let result = try BinaryRunner.run(["lint"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains(".mvlint.yml:1:10: error: unknown profile 'mvv'; did you mean 'mv'?"), result.stderr)
        XCTAssertTrue(result.stderr.contains(".mvlint.yml:2:1: error: unknown key 'disabled_rule'; did you mean 'disabled_rules'?"), result.stderr)
        let explicitMissing = try BinaryRunner.run(["lint", "--config", "nope.yml"], in: folder.url)
        XCTAssertEqual(explicitMissing.status, 2)
        XCTAssertTrue(explicitMissing.stderr.contains("configuration file not found: nope.yml"))
    }

    func testDeploymentTargetFromPackageManifestDecidesVerdicts() throws {
        let folder = try TemporaryFolder()
        let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", platforms: [.iOS(.v15)], targets: [.target(name: \"App\")])\n"
        try folder.write("Package.swift", manifest)
        try folder.write("Sources/App/A.swift", "import SwiftUI\nstruct A: View {\n    var body: some View { NavigationView { Text(\"a\") } }\n}\n")
        try folder.write(".mvlint.yml", "opt_in_rules: [navigation-view]\n")
        // iOS 15 has no NavigationStack: NavigationView is right, also when only a subfolder is linted.
        XCTAssertEqual(try BinaryRunner.run(["lint", "Sources/App", "--quiet", "--advice"], in: folder.url).stdout, "")
        try folder.write("Package.swift", manifest.replacingOccurrences(of: ".v15", with: ".v17"))
        let modern = try BinaryRunner.run(["lint", "Sources/App/A.swift", "--quiet", "--advice"], in: folder.url)
        XCTAssertTrue(modern.stdout.hasPrefix("Sources/App/A.swift:3:27: note: `NavigationView` is deprecated"), modern.stdout)
        // The configuration overrides what the manifest says.
        try folder.write(".mvlint.yml", "opt_in_rules: [navigation-view]\ndeployment_target: {iOS: \"15.0\"}\n")
        XCTAssertEqual(try BinaryRunner.run(["lint", "--quiet", "--advice"], in: folder.url).stdout, "")
    }
}
