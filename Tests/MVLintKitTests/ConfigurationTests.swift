import Foundation
@testable import MVLintKit
import XCTest

/// Reading and validating `.mvlint.yml`. Most tests validate against a fixed set of rules so they do
/// not depend on which rules the registry holds.
final class ConfigurationTests: XCTestCase {
    private static let rules = [
        rule("fat-view", options: [RuleOption("max_score", default: 5, "score"), RuleOption("max_statements", default: 7, "statements")]),
        rule("foreground-color"),
        rule("prefer-observation"),
    ]

    private static func rule(_ id: String, options: [RuleOption] = []) -> RuleDescription {
        RuleDescription(id: id, family: .swiftUI, severity: .warning, profiles: .all, summary: "-", rationale: "-", instead: "-",
                        triggering: [], nonTriggering: [], options: options)
    }

    private let root = URL(fileURLWithPath: "/project")

    // MARK: Every key

    func testEveryKeyIsRead() throws {
        let configuration = try parse("""
        profile: cp
        included: [Sources, App]
        excluded: Pods
        disabled_rules:
          - foreground-color
        opt_in_rules: [prefer-observation]
        only_rules: [fat-view, foreground-color]
        deployment_target: {iOS: "17.0", macOS: 14, visionOS: 1.2}
        default_isolation: MainActor
        reporter: json
        baseline: .mvlint-baseline.json
        layers:
          presentation: [Sources/Views/**]
        fat-view:
          severity: error
          max_score: 7
          max_statements: 0
        foreground-color: advice
        """)
        XCTAssertEqual(configuration.profile, .containerPresentation)
        XCTAssertEqual(configuration.included, ["Sources", "App"])
        XCTAssertEqual(configuration.excluded, ["Pods"])
        XCTAssertEqual(configuration.disabledRules, ["foreground-color"])
        XCTAssertEqual(configuration.optInRules, ["prefer-observation"])
        XCTAssertEqual(configuration.onlyRules, ["fat-view", "foreground-color"])
        XCTAssertEqual(configuration.deploymentTargets, [.iOS: Version(17, 0), .macOS: Version(14, 0), .visionOS: Version(1, 2)])
        XCTAssertEqual(configuration.defaultIsolationIsMainActor, true)
        XCTAssertEqual(configuration.reporter, "json")
        XCTAssertEqual(configuration.baselinePath, ".mvlint-baseline.json")
        XCTAssertEqual(configuration.severities, ["fat-view": .error, "foreground-color": .advice])
        XCTAssertEqual(configuration.ruleOptions, ["fat-view": ["max_score": 7, "max_statements": 0]])
        XCTAssertEqual(configuration.layers, [Layer("presentation", paths: ["Sources/Views/**"])])
        XCTAssertEqual(configuration.rootDirectory, root)
        XCTAssertEqual(configuration.sourcePath, "/project/.mvlint.yml")
    }

    func testAbsentKeysKeepTheirDefaults() throws {
        let configuration = try parse("# nothing configured yet\n")
        XCTAssertNil(configuration.profile)
        XCTAssertNil(configuration.onlyRules)
        XCTAssertNil(configuration.defaultIsolationIsMainActor)
        XCTAssertNil(configuration.reporter)
        XCTAssertNil(configuration.baselinePath)
        XCTAssertTrue(configuration.included.isEmpty && configuration.excluded.isEmpty && configuration.disabledRules.isEmpty)
        XCTAssertTrue(configuration.deploymentTargets.isEmpty && configuration.severities.isEmpty && configuration.ruleOptions.isEmpty)
    }

    func testProfileFullAndShortNames() throws {
        let expected: [String: Profile] = [
            "mv": .mv, "container-presentation": .containerPresentation, "cp": .containerPresentation,
            "mvvm": .mvvm, "mvvm-io": .mvvmIO, "io": .mvvmIO,
        ]
        for (name, profile) in expected {
            XCTAssertEqual(try parse("profile: \(name)").profile, profile, name)
        }
    }

    func testListsAcceptOneStringAndEmptyValues() throws {
        let configuration = try parse("included: Sources\nexcluded:\n  # - Pods\ndisabled_rules:\nopt_in_rules: []\n")
        XCTAssertEqual(configuration.included, ["Sources"])
        XCTAssertEqual(configuration.excluded, [])
        XCTAssertEqual(configuration.disabledRules, [])
        XCTAssertEqual(configuration.optInRules, [])
        XCTAssertEqual(try parse("only_rules: []").onlyRules, [])
    }

    func testDeploymentTargetVersionsQuotedOrNot() throws {
        let configuration = try parse("deployment_target:\n  iOS: 17\n  macos: 14.0\n  tvOS: '17.2'\n  watchOS: \"10.1.1\"\n")
        let watchOS = try XCTUnwrap(Version("10.1.1"))
        XCTAssertEqual(configuration.deploymentTargets, [.iOS: Version(17, 0), .macOS: Version(14, 0), .tvOS: Version(17, 2), .watchOS: watchOS])
        XCTAssertEqual(configuration.deploymentTargets[.watchOS]?.components, [10, 1, 1])
    }

    func testDefaultIsolationNonisolated() throws {
        XCTAssertEqual(try parse("default_isolation: nonisolated").defaultIsolationIsMainActor, false)
    }

    func testRuleBlockWithOnlyAThreshold() throws {
        let configuration = try parse("fat-view: {max_statements: 12}")
        XCTAssertEqual(configuration.ruleOptions, ["fat-view": ["max_statements": 12]])
        XCTAssertTrue(configuration.severities.isEmpty)
    }

    func testEmptyLayersConfigureNone() throws {
        XCTAssertEqual(try parse("layers:\n").layers, [])
    }

    // MARK: Validation

    func testUnknownKeys() {
        XCTAssertEqual(errors("disabled_rule: [fat-view]"), ["1:1: unknown key 'disabled_rule'; did you mean 'disabled_rules'?"])
        XCTAssertEqual(errors("profile: mv\nfat-veiw: error"), ["2:1: unknown key 'fat-veiw'; did you mean 'fat-view'?"])
        XCTAssertEqual(errors("colour_scheme: dark"), [
            "1:1: unknown key 'colour_scheme'; valid keys are profile, included, excluded, disabled_rules, opt_in_rules, "
                + "only_rules, deployment_target, default_isolation, swift_version, reporter, baseline, layers, file_budget and rule ids",
        ])
    }

    func testUnknownRuleIDsInEveryRuleList() {
        XCTAssertEqual(errors("disabled_rules: [foreground-colour]"), ["1:18: unknown rule 'foreground-colour'; did you mean 'foreground-color'?"])
        XCTAssertEqual(errors("opt_in_rules:\n  - prefer-observaton\n"), ["2:5: unknown rule 'prefer-observaton'; did you mean 'prefer-observation'?"])
        XCTAssertEqual(errors("only_rules: [fat-view, no-such-thing-at-all]"),
                       ["1:24: unknown rule 'no-such-thing-at-all'; `mvlint rules` lists the rule ids"])
    }

    func testARuleListRefusesALoneRuleIDAndShowsTheList() {
        XCTAssertEqual(errors("disabled_rules: foo"), ["1:17: 'disabled_rules' expects a list of rule ids, got 'foo'; write disabled_rules: [foo]"])
        XCTAssertEqual(errors("only_rules: fat-view"), ["1:13: 'only_rules' expects a list of rule ids, got 'fat-view'; write only_rules: [fat-view]"])
    }

    func testAHugeUnknownKeyIsRejectedFastWithAShortMessage() {
        let key = String(repeating: "k", count: 400_000)
        let started = Date()
        let found = errors("\(key): 1\nreporter: \(String(repeating: "x", count: 400_000))\n")
        // Linear work takes milliseconds; a quadratic scan of 400,000 characters would take minutes. The bound is
        // loose because the suite shares its cores with builds.
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(found, [
            "1:1: unknown key '\(String(repeating: "k", count: 60))… (400000 characters)'; valid keys are profile, included, excluded, "
                + "disabled_rules, opt_in_rules, only_rules, deployment_target, default_isolation, swift_version, reporter, baseline, "
                + "layers, file_budget and rule ids",
            "2:11: unknown reporter '\(String(repeating: "x", count: 60))… (400000 characters)' (valid: \(ConfigurationLoader.reporters.joined(separator: ", ")))",
        ])
    }

    func testSuggestionsStayWithinAThirdOfTheWord() {
        XCTAssertEqual(Suggestion.nearest(to: "fat-veiw", in: ["foreground-color", "fat-view"]), "fat-view")
        XCTAssertEqual(Suggestion.nearest(to: "Profile", in: ["profile", "profiles"]), "profile")
        XCTAssertNil(Suggestion.nearest(to: "fat", in: ["fat-view"]))
        XCTAssertEqual(Suggestion.distance(Array("kitten"), Array("sitting"), atMost: 3), 3)
        XCTAssertNil(Suggestion.distance(Array("kitten"), Array("sitting"), atMost: 2))
    }

    func testAConfigurationFileOverOneMebibyteIsNotParsed() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(ConfigurationLoader.fileName, "reporter: " + String(repeating: "x", count: ConfigurationLoader.maximumFileBytes))
        assertLoadFails(file, mentioning: "at most 1048576 (1 MiB) are read")
    }

    func testUnknownRuleOptions() {
        XCTAssertEqual(errors("fat-view:\n  max_scor: 3\n"),
                       ["2:3: unknown 'fat-view' option 'max_scor'; did you mean 'max_score'? (valid: severity, max_score, max_statements)"])
        XCTAssertEqual(errors("foreground-color: {limit: 3}"), ["1:20: unknown 'foreground-color' option 'limit' (valid: severity)"])
    }

    func testValuesOfTheWrongShape() {
        XCTAssertEqual(errors("disabled_rules: {fat-view: true}"), ["1:17: 'disabled_rules' expects a list of rule ids, got a mapping"])
        XCTAssertEqual(errors("included:\n  - {path: a}\n  -\n"), [
            "2:5: 'included' expects a path or a list of paths, got a mapping",
            "3:4: 'included' expects a path or a list of paths, got nothing",
        ])
        XCTAssertEqual(errors("profile: [mv]"),
                       ["1:10: 'profile' expects one of mv, container-presentation (cp), mvvm, mvvm-io (io), got a list"])
        XCTAssertEqual(errors("deployment_target: [iOS]"),
                       ["1:20: 'deployment_target' expects a mapping of platform to version, such as {iOS: \"17.0\"}, got a list"])
        XCTAssertEqual(errors("deployment_target: {iOS: [17]}"), ["1:26: 'iOS' expects a version such as 17.0, got a list"])
        XCTAssertEqual(errors("fat-view: [error]"),
                       ["1:11: 'fat-view' expects a severity (error, warning or advice) or a mapping of its options, got a list"])
        XCTAssertEqual(errors("fat-view:\n"),
                       ["1:10: 'fat-view' expects a severity (error, warning or advice) or a mapping of its options, got nothing"])
        XCTAssertEqual(errors("baseline:\nreporter: {a: b}"), [
            "1:10: 'baseline' expects a file path, got nothing",
            "2:11: 'reporter' expects one of xcode, json, sarif, github-actions, checkstyle, junit, markdown, summary, html, got a mapping",
        ])
        XCTAssertEqual(errors("layers: everything"), ["1:9: 'layers' expects a mapping of layer names to {paths, modules, may_depend_on}, got 'everything'"])
        XCTAssertEqual(errors("- profile: mv"), ["1:1: a configuration file must be a mapping of keys to values, got a list"])
    }

    func testBadSeverities() {
        XCTAssertEqual(errors("foreground-color: fatal"), ["1:19: unknown severity 'fatal' (valid: error, warning, advice)"])
        XCTAssertEqual(errors("fat-view:\n  severity: eror\n"),
                       ["2:13: unknown severity 'eror'; did you mean 'error'? (valid: error, warning, advice)"])
    }

    func testBadProfile() {
        XCTAssertEqual(errors("profile: mvc"),
                       ["1:10: unknown profile 'mvc'; did you mean 'mv'? (valid: mv, container-presentation (cp), mvvm, mvvm-io (io))"])
        XCTAssertEqual(errors("profile: redux-like-architecture"),
                       ["1:10: unknown profile 'redux-like-architecture' (valid: mv, container-presentation (cp), mvvm, mvvm-io (io))"])
    }

    func testBadPlatformsAndVersions() {
        XCTAssertEqual(errors("deployment_target:\n  iOSS: 17\n  macOS: seventeen\n  tvOS: 17.x\n  watchOS: -1\n"), [
            "2:3: unknown platform 'iOSS'; did you mean 'iOS'? (valid: iOS, macOS, tvOS, watchOS, visionOS, macCatalyst)",
            "3:10: 'seventeen' is not a version; write it like 17.0",
            "4:9: '17.x' is not a version; write it like 17.0",
            "5:12: '-1' is not a version; write it like 17.0",
        ])
        XCTAssertEqual(errors("deployment_target: {iOS: 17, ios: 16}"), ["1:30: the deployment target for iOS is given twice"])
    }

    func testBadThresholds() {
        XCTAssertEqual(errors("fat-view:\n  max_score: -3\n  max_statements: 2.5\n"), [
            "2:14: 'max_score' cannot be negative, got -3",
            "3:19: 'max_statements' expects a whole number, got '2.5'",
        ])
        XCTAssertEqual(errors("fat-view: {max_score: many, max_statements: 99999999999999999999999}"), [
            "1:23: 'max_score' expects a whole number, got 'many'",
            "1:45: 'max_statements' expects a whole number, got '99999999999999999999999'",
        ])
        XCTAssertEqual(errors("fat-view: {max_score: }"), ["1:22: 'max_score' expects a whole number, got nothing"])
    }

    func testBadReporterAndIsolation() {
        XCTAssertEqual(errors("reporter: jsn"), ["1:11: unknown reporter 'jsn'; did you mean 'json'? (valid: xcode, json, sarif, github-actions, checkstyle, junit, markdown, summary, html)"])
        XCTAssertEqual(errors("default_isolation: mainactor"),
                       ["1:20: unknown isolation 'mainactor'; did you mean 'MainActor'? (valid: MainActor, nonisolated)"])
    }

    func testEveryErrorIsReportedInFileOrder() {
        let text = "profile: mvp\nexclude: [Pods]\nfat-view:\n  severity: loud\n"
        XCTAssertThrowsError(try parse(text)) { error in
            guard let failure = error as? ConfigurationErrors else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(failure.errors.map { "\($0.line):\($0.column)" }, ["1:10", "2:1", "4:13"])
            XCTAssertEqual(failure.description.split(separator: "\n").count, 3)
            XCTAssertTrue(failure.description.hasPrefix("/project/.mvlint.yml:1:10: error: unknown profile 'mvp'"), failure.description)
        }
    }

    func testSyntaxErrorsComeThroughWithTheirPosition() {
        XCTAssertEqual(errors("profile: mv\nexcluded: &paths [Pods]\n"), ["2:11: anchors ('&') are not supported; repeat the value instead"])
    }

    // MARK: Files

    func testLoadReadsAFileAgainstTheRegisteredRules() throws {
        let folder = try temporaryFolder()
        let rule = try XCTUnwrap(RuleRegistry.descriptions.first)
        let file = folder.appendingPathComponent(".mvlint.yml")
        try "profile: mvvm\n\(rule.id): error\n".write(to: file, atomically: true, encoding: .utf8)
        let configuration = try ConfigurationLoader.load(path: file)
        XCTAssertEqual(configuration.profile, .mvvm)
        XCTAssertEqual(configuration.severities, [rule.id: .error])
        XCTAssertEqual(configuration.rootDirectory.standardizedFileURL.path, folder.standardizedFileURL.path)
        XCTAssertEqual(configuration.sourcePath, file.path)
    }

    func testUnreadableAndNonUTF8FilesAreErrorsAtTheFirstLine() throws {
        let folder = try temporaryFolder()
        let missing = folder.appendingPathComponent("missing.yml")
        assertLoadFails(missing, mentioning: "cannot read the configuration file: no such file")
        assertLoadFails(folder, mentioning: "cannot read the configuration file: Is a directory")
        let binary = folder.appendingPathComponent("binary.yml")
        try Data([0x70, 0x3A, 0x20, 0xFF, 0xFE, 0x0A]).write(to: binary)
        assertLoadFails(binary, mentioning: "not UTF-8")
    }

    func testFindWalksUpToTheNearestFile() throws {
        let folder = try temporaryFolder()
        let files = FileManager.default
        let deep = folder.appendingPathComponent("with/a/b/c")
        let elsewhere = folder.appendingPathComponent("without/d")
        try files.createDirectory(at: deep, withIntermediateDirectories: true)
        try files.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // A folder named like the file does not count.
        try files.createDirectory(at: folder.appendingPathComponent("with/a/b/.mvlint.yml"), withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("with/a/.mvlint.yml")
        try "profile: mv\n".write(to: config, atomically: true, encoding: .utf8)

        XCTAssertEqual(ConfigurationLoader.find(from: deep)?.standardizedFileURL.path, config.standardizedFileURL.path)
        XCTAssertEqual(ConfigurationLoader.find(from: config.deletingLastPathComponent())?.standardizedFileURL.path,
                       config.standardizedFileURL.path)
        // Nothing below the temporary folder applies to a sibling tree (a file above it might, on this machine).
        let found = ConfigurationLoader.find(from: elsewhere)?.standardizedFileURL.path ?? ""
        XCTAssertFalse(found.hasPrefix(folder.standardizedFileURL.path), found)
    }

    func testFindStopsAtTheFilesystemRoot() {
        let found = ConfigurationLoader.find(from: URL(fileURLWithPath: "/"))
        XCTAssertTrue(found == nil || found?.path == "/.mvlint.yml")
    }

    // MARK: Helpers

    private func parse(_ text: String) throws(ConfigurationErrors) -> Configuration {
        try ConfigurationLoader.parse(text, path: "/project/.mvlint.yml", rootDirectory: root, rules: Self.rules)
    }

    /// Each error as `line:column: message`; empty when the text is valid.
    private func errors(_ text: String) -> [String] {
        do throws(ConfigurationErrors) {
            _ = try parse(text)
            return []
        } catch {
            return error.errors.map { "\($0.line):\($0.column): \($0.message)" }
        }
    }

    private func assertLoadFails(_ path: URL, mentioning fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        do throws(ConfigurationErrors) {
            _ = try ConfigurationLoader.load(path: path)
            XCTFail("\(path.lastPathComponent) loaded", file: file, line: line)
        } catch {
            XCTAssertEqual(error.errors.count, 1, file: file, line: line)
            XCTAssertEqual(error.errors.first.map { "\($0.line):\($0.column)" }, "1:1", file: file, line: line)
            XCTAssertTrue(error.description.contains(fragment), error.description, file: file, line: line)
            XCTAssertTrue(error.description.hasPrefix(path.path + ":1:1: error: "), error.description, file: file, line: line)
        }
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvlint-config-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
