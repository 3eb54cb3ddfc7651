import Foundation
import XCTest

/// The short fuzz suite (docs/RELIABILITY.md has the long one): inputs that crashed mvlint with SIGSEGV or
/// stalled it before per-file budgets, at the sizes that did, run through the real binary next to an ordinary
/// file. Whatever the input, the run must end, within its budget, with exit 1 or 2 and a valid report that
/// still holds the ordinary file's findings.
final class PathologicalInputTests: XCTestCase {
    static let ordinary = """
        import SwiftUI

        struct Badge: View {
            var body: some View {
                NavigationView { Text("New").foregroundColor(.red) }
            }
        }

        """

    /// Files that must come back as exactly one `file-too-complex` finding, by name.
    static let overBudget: [String: String] = [
        "ArrayNesting.swift": "let x = " + String(repeating: "[", count: 2000) + "1" + String(repeating: "]", count: 2000) + "\n",
        "ArrayLookahead.swift": "let x = " + String(repeating: "[", count: 22) + "1" + String(repeating: "]", count: 22) + "\n",
        "UnclosedArrays.swift": "let x = " + String(repeating: "[", count: 25) + "\n",
        // Found by the long fuzz run: the bracket run hides in a string interpolation.
        "InterpolatedArrays.swift": "let s = \"\\(t" + String(repeating: "[", count: 33) + "ag)\"\n",
        "UnclosedConditionals.swift": String(repeating: "#if A\n", count: 5000) + "let x = 1\n",
        "ForceUnwraps.swift": "let y = x" + String(repeating: "!", count: 50_000) + "\n",
        "OptionalChain.swift": "let y = x" + String(repeating: "?", count: 50_000) + ".a\n",
        "Subscripts.swift": "let y = x" + String(repeating: "[0]", count: 50_000) + "\n",
        "MemberChain.swift": "final class Screen {\n    var viewModel: FeedViewModel\n    func f() { _ = viewModel"
            + String(repeating: ".b", count: 100_000) + " }\n}\n",
        "MemberChainLines.swift": "final class Screen {\n    var viewModel: FeedViewModel\n    func f() { _ = viewModel"
            + String(repeating: "\n.b", count: 30_000) + " }\n}\n",
        "Modifiers.swift": "struct V: View {\n    var body: some View {\n        Text(\"a\")" + String(repeating: ".padding()", count: 100_000) + "\n    }\n}\n",
    ]

    /// Files that are unusual but within budget: they must be analysed like any other.
    static let withinBudget: [String: String] = [
        "GenericNesting.swift": "let x: " + String(repeating: "A<", count: 500) + "Int" + String(repeating: ">", count: 500) + " = 0\n",
        "ElseIfChain.swift": "func f(x: Int) {\n    if x == 0 {}\n"
            + (1..<5000).map { "    else if x == \($0) {}\n" }.joined() + "}\n",
        "Punctuation.swift": randomPunctuation(bytes: 50_000, seed: 12),
        // Found by the long fuzz run: a broken wrapper call in an initializer trapped the walker.
        "BrokenWrapperCall.swift": "final class Item: ObservableObject {\n    @Published var title: String\n    init() {\n        _title = Published(initialValue:  }\n}\n",
    ]

    /// Manifests are Swift too, read for settings: a pathological one is a settings warning, and the run goes on.
    func testPathologicalManifestsAreAWarningNotACrash() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet x = "
            + String(repeating: "[", count: 3000) + "1" + String(repeating: "]", count: 3000)
            + "\nlet package = Package(name: \"A\", platforms: [.iOS(.v15)], targets: [.target(name: \"A\")])\n")
        try folder.write("Project.swift", "import ProjectDescription\nlet p = " + String(repeating: ".b", count: 100_000) + "\n")
        try folder.write("Sources/A/A.swift", "import SwiftUI\nstruct A: View {\n    var body: some View { Text(\"a\").foregroundColor(.red) }\n}\n")
        let result = try BinaryRunner.run(["lint"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Package.swift:1:1: the package manifest is not read: 3000 `[` opened directly inside one another, more than 12; its build settings are ignored"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Project.swift:1:1: the Tuist manifest is not read: a line is"), result.stderr)
        XCTAssertTrue(result.stdout.contains("Sources/A/A.swift:3:37: warning: `.foregroundColor(_:)` is deprecated"), result.stdout)
    }

    func testPathologicalFilesAreReportedOnceAndTheRestIsLinted() throws {
        let folder = try TemporaryFolder()
        // Rules these checks rely on that are opt-in.
        try folder.write(".mvlint.yml", "opt_in_rules: [navigation-view, observed-object-creation, state-not-private, icon-button-label]\n")
        try folder.write("Badge.swift", Self.ordinary)
        for (name, text) in Self.overBudget.merging(Self.withinBudget, uniquingKeysWith: { first, _ in first }) {
            try folder.write(name, text)
        }
        let (result, seconds) = try timedLint(folder.url)
        XCTAssertEqual(result.status, 2, "over-budget files mean not everything was checked: \(result.stderr)")
        XCTAssertLessThan(seconds, 60)
        let findings = try Self.findings(result.stdout)
        for name in Self.overBudget.keys.sorted() {
            let forFile = findings.filter { $0.file == name }
            XCTAssertEqual(forFile.map(\.rule), ["file-too-complex"], name)
        }
        XCTAssertEqual(Set(findings.filter { $0.file == "Badge.swift" }.map(\.rule)), ["navigation-view", "foreground-color"])
        for name in Self.withinBudget.keys {
            XCTAssertFalse(findings.contains { $0.file == name && $0.rule == "file-too-complex" }, name)
        }
    }

    /// `map`, `migrate` and `lint --fix` walk and rewrite the same trees: they must skip the same files.
    func testEveryCommandSkipsOverBudgetFiles() throws {
        let folder = try TemporaryFolder()
        // Rules these checks rely on that are opt-in.
        try folder.write(".mvlint.yml", "opt_in_rules: [navigation-view, observed-object-creation, state-not-private, icon-button-label]\n")
        try folder.write("Badge.swift", Self.ordinary)
        for name in ["ArrayNesting.swift", "ForceUnwraps.swift", "UnclosedConditionals.swift"] {
            try folder.write(name, Self.overBudget[name] ?? "")
        }
        let map = try BinaryRunner.run(["map", "."], in: folder.url)
        XCTAssertEqual(map.status, 2)
        XCTAssertTrue(map.stdout.contains("Badge"), map.stdout)
        XCTAssertEqual(map.stderr.components(separatedBy: "error: file-too-complex:").count - 1, 3, map.stderr)
        let migrate = try BinaryRunner.run(["migrate", "observation", "--dry-run", "."], in: folder.url)
        XCTAssertEqual(migrate.status, 2, migrate.stderr)
        let fix = try BinaryRunner.run(["lint", "--fix", "--format", "json", "."], in: folder.url)
        XCTAssertEqual(fix.status, 2, fix.stderr)
        XCTAssertTrue(try String(contentsOf: folder.url.appendingPathComponent("Badge.swift"), encoding: .utf8).contains("NavigationStack {"))
        for name in ["ArrayNesting.swift", "ForceUnwraps.swift"] {
            XCTAssertEqual(try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8), Self.overBudget[name], name)
        }
        XCTAssertEqual(try Self.findings(fix.stdout).filter { $0.rule == "file-too-complex" }.count, 3)
    }

    /// A file that slips past every cheap check (comments break up the bracket run) is abandoned at
    /// `max_parse_seconds`, and the process still exits at once although its parse never ends.
    func testWatchdogAbandonsAStalledParse() throws {
        let folder = try TemporaryFolder()
        try folder.write(".mvlint.yml", "file_budget:\n  max_parse_seconds: 1\n")
        try folder.write("Badge.swift", Self.ordinary)
        try folder.write("Stall.swift", "let x = " + String(repeating: "[/**/", count: 30) + "1" + String(repeating: "]", count: 30) + "\n")
        let (result, seconds) = try timedLint(folder.url)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertLessThan(seconds, 15)
        let stalled = try Self.findings(result.stdout).filter { $0.file == "Stall.swift" }
        XCTAssertEqual(stalled.map(\.message), ["parsing and checking took longer than 1 s (limit `file_budget.max_parse_seconds`); the file was not checked"])
        XCTAssertTrue(try Self.findings(result.stdout).contains { $0.file == "Badge.swift" })
    }

    /// Byte-level mutants of the fixture apps (fixed seed): truncated, duplicated and spliced code must
    /// never crash the run, and a broken file gets one finding, not a cascade. `MVLINT_FUZZ_MUTANTS` and
    /// `MVLINT_FUZZ_SEED` make the long run of docs/RELIABILITY.md.
    func testMutantsOfFixtureFilesNeverCrash() throws {
        let environment = ProcessInfo.processInfo.environment
        let mutants = environment["MVLINT_FUZZ_MUTANTS"].flatMap { Int($0) } ?? 40
        let seed = environment["MVLINT_FUZZ_SEED"].flatMap { UInt64($0) } ?? 2026
        let fixtures = BinaryRunner.packageRoot.appendingPathComponent("Tests/TypeCheckFixtures/Apps")
        let sources = (FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        XCTAssertFalse(sources.isEmpty)
        var random = SplitMix64(seed: seed)
        let folder = try TemporaryFolder()
        try folder.write("Badge.swift", Self.ordinary)
        for number in 0..<mutants {
            let original = try Data(contentsOf: sources[Int(random.next() % UInt64(sources.count))])
            try folder.write("Mutant\(number).swift", Self.mutate(Array(original), with: &random))
        }
        let (result, seconds) = try timedLint(folder.url)
        XCTAssertTrue([1, 2].contains(result.status), "exit \(result.status): \(result.stderr)")
        XCTAssertLessThan(seconds, 60 + Double(mutants) / 10)
        let findings = try Self.findings(result.stdout)
        for (file, fileFindings) in Dictionary(grouping: findings, by: \.file)
        where fileFindings.contains(where: { $0.rule == "parse-error" || $0.rule == "file-too-complex" }) {
            XCTAssertEqual(fileFindings.count, 1, "\(file): \(fileFindings.map(\.rule))")
        }
        XCTAssertTrue(findings.contains { $0.file == "Badge.swift" })
        let tooComplex = findings.filter { $0.rule == "file-too-complex" }
        let limits = Dictionary(grouping: tooComplex) { $0.message.components(separatedBy: "`file_budget.").dropFirst().first?.prefix { $0 != "`" } ?? "tree depth" }
        print("fuzz: \(mutants) mutants (seed \(seed)): exit \(result.status) in \(String(format: "%.1f", seconds)) s, "
              + "\(findings.filter { $0.rule == "parse-error" }.count) parse-error, \(tooComplex.count) file-too-complex "
              + "(\(limits.map { "\($0.key): \($0.value.count)" }.sorted().joined(separator: ", ")))")
        for finding in tooComplex where finding.message.contains("max_parse_seconds") { print("fuzz: stalled: \(finding.file)") }
    }

    // MARK: Helpers

    private func timedLint(_ folder: URL) throws -> (BinaryRunner.Result, TimeInterval) {
        let start = Date()
        let result = try BinaryRunner.run(["lint", "--format", "json", "."], in: folder)
        return (result, Date().timeIntervalSince(start))
    }

    struct ReportedFinding: Decodable {
        var file: String
        var rule: String
        var message: String
    }

    private static func findings(_ json: String) throws -> [ReportedFinding] {
        struct Report: Decodable { var findings: [ReportedFinding] }
        return try JSONDecoder().decode(Report.self, from: Data(json.utf8)).findings
    }

    /// One to four edits: delete, duplicate or move a slice, or insert a run of one punctuation byte. Only
    /// whole ASCII bytes are cut, so the mutant stays UTF-8 and reaches the parser.
    static func mutate(_ bytes: [UInt8], with random: inout SplitMix64) -> String {
        var bytes = bytes
        for _ in 0..<(1 + random.next() % 4) where bytes.count > 2 {
            let start = Int(random.next() % UInt64(bytes.count))
            let end = min(bytes.count, start + 1 + Int(random.next() % 64))
            let slice = Array(bytes[start..<end])
            switch random.next() % 4 {
            case 0: bytes.removeSubrange(start..<end)
            case 1: bytes.insert(contentsOf: slice, at: end)
            case 2: bytes.insert(contentsOf: slice, at: Int(random.next() % UInt64(bytes.count)))
            default:
                let punctuation = Array("{}()[]<>\"'`#@!?.:,;\\/*".utf8)
                let byte = punctuation[Int(random.next() % UInt64(punctuation.count))]
                bytes.insert(contentsOf: repeatElement(byte, count: 1 + Int(random.next() % 40)), at: start)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes.filter { $0 < 0x80 }, as: UTF8.self)
    }

    static func randomPunctuation(bytes count: Int, seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        let alphabet = Array("{}()[]<>\"'#@!?.:,;\\/*=+-&|^~%$ \n".utf8)
        return String(decoding: (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self)
    }
}
