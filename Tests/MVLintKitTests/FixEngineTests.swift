import Foundation
import XCTest
@testable import MVLintKit

/// `mvlint lint --fix`, `--unsafe-fixes` and `--diff`: rounds, file encodings and modes kept, refusals, exit codes.
/// The command line is driven through the built binary; races and broken fixes, which a real run cannot be made
/// to produce on demand, are driven in process.
final class FixEngineTests: XCTestCase {
    // MARK: Fixing files end to end

    func testFixRewritesFilesAndASecondRunChangesNothing() throws {
        let folder = try TemporaryFolder()
        // Rules these checks rely on that are opt-in.
        try folder.write(".mvlint.yml", "opt_in_rules: [navigation-view, observed-object-creation, state-not-private, icon-button-label]\n")
        let file = try folder.write("Inbox.swift", """
            import SwiftUI

            struct InboxView: View {
                @ObservedObject var store = InboxStore()
                var body: some View {
                    List(store.messages) { Label($0.subject, systemImage: "envelope").foregroundColor(.gray) }
                }
            }

            """)
        XCTAssertEqual(try lint([], in: folder).status, 0, "`@ObservedObject` creating its object is advice: it fails no run")

        let fixed = try lint(["--fix"], in: folder)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(fixed.stdout, "")
        // `state-not-private` makes the new `@StateObject` private in the next round.
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), """
            import SwiftUI

            struct InboxView: View {
                @StateObject private var store = InboxStore()
                var body: some View {
                    List(store.messages) { Label($0.subject, systemImage: "envelope").foregroundStyle(.gray) }
                }
            }

            """)
        XCTAssertTrue(fixed.stderr.contains("Inbox.swift:4:5: fixed: replace `@ObservedObject` with `@StateObject` (observed-object-creation)"), fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("Inbox.swift:6:75: fixed: replace `foregroundColor` with `foregroundStyle` (foreground-color)"), fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("fixed: declare `store` `private` (state-not-private)"), fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("mvlint: 3 fixes applied in 1 file\n"), fixed.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted(), [".mvlint.yml", "Inbox.swift"],
                       "no temporary file is left")

        let again = try lint(["--fix"], in: folder)
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stderr.contains("mvlint: 0 fixes applied in 0 files\n"), again.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8).contains("@StateObject private var store"), true)
    }

    func testFixesWhoseEditsCollideAreAppliedInLaterRounds() throws {
        let folder = try TemporaryFolder()
        // Both fixes insert a line at the top of `body`: the second waits for a round on the edited text.
        let file = try folder.write("Account.swift", """
            @Observable final class Settings { var sounds = true }
            @Observable final class Profile { var name = "" }
            struct AccountForm: View {
                @Environment(Settings.self) private var settings
                @Environment(Profile.self) private var profile
                var body: some View {
                    Toggle("Sounds", isOn: $settings.sounds)
                    TextField("Name", text: $profile.name)
                }
            }

            """)
        let result = try lint(["--fix", "--quiet"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), """
            @Observable final class Settings { var sounds = true }
            @Observable final class Profile { var name = "" }
            struct AccountForm: View {
                @Environment(Settings.self) private var settings
                @Environment(Profile.self) private var profile
                var body: some View {
                    @Bindable var profile = profile
                    @Bindable var settings = settings
                    Toggle("Sounds", isOn: $settings.sounds)
                    TextField("Name", text: $profile.name)
                }
            }

            """)
    }

    func testLineEndingsByteOrderMarkFinalNewlineAndPermissionsAreKept() throws {
        let folder = try TemporaryFolder()
        let crlf = folder.url.appendingPathComponent("Sound.swift")
        try Data("""
            @Observable final class Player { var volume = 0.5 }
            struct VolumeView: View {
                @Environment(Player.self) private var player
                var body: some View {
                    Slider(value: $player.volume)
                }
            }

            """.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: crlf)
        // A byte-order mark, no newline at the end, and a fix at the very end of the file.
        let bom = folder.url.appendingPathComponent("Badge.swift")
        try Data(("\u{FEFF}struct Badge: View {\n    var body: some View { Image(\"1\").foregroundColor(.red) }\n}\n"
            + "struct Badge_Previews: PreviewProvider {\n    static var previews: some View { Badge() }\n}").utf8).write(to: bom)
        try FileManager.default.setAttributes([.posixPermissions: 0o751], ofItemAtPath: bom.path)
        try folder.write(".mvlint.yml", "opt_in_rules: [preview-provider]\n")

        let result = try lint(["--fix", "--quiet"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)

        let fixedCRLF = try XCTUnwrap(String(data: Data(contentsOf: crlf), encoding: .utf8))
        XCTAssertEqual(fixedCRLF, """
            @Observable final class Player { var volume = 0.5 }
            struct VolumeView: View {
                @Environment(Player.self) private var player
                var body: some View {
                    @Bindable var player = player
                    Slider(value: $player.volume)
                }
            }

            """.replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertFalse(fixedCRLF.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a bare LF in a CRLF file")

        let fixedBOM = try Data(contentsOf: bom)
        XCTAssertEqual(Array(fixedBOM.prefix(3)), [0xEF, 0xBB, 0xBF], "the byte-order mark is kept")
        XCTAssertEqual(String(decoding: fixedBOM.dropFirst(3), as: UTF8.self),
                       "struct Badge: View {\n    var body: some View { Image(\"1\").foregroundStyle(.red) }\n}\n#Preview { Badge() }")
        let permissions = try FileManager.default.attributesOfItem(atPath: bom.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(permissions?.intValue, 0o751)
    }

    func testDiffPrintsTheChangesAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        // Rules these checks rely on that are opt-in.
        try folder.write(".mvlint.yml", "opt_in_rules: [navigation-view, observed-object-creation, state-not-private, icon-button-label]\n")
        let source = """
            import SwiftUI

            struct PriceTag: View {
                var body: some View {
                    Image("tag").foregroundColor(.green)
                }
            }

            struct Catalog: View {
                let items: [Item]
                var body: some View {
                    NavigationView {
                        List(items) { Text($0.name) }
                    }
                }
            }

            """
        let file = try folder.write("Shop.swift", source)
        let diff = try lint(["--diff"], in: folder)
        XCTAssertEqual(diff.status, 1, "changes still to make fail the run")
        XCTAssertEqual(diff.stdout, """
            --- a/Shop.swift
            +++ b/Shop.swift
            @@ -2,7 +2,7 @@
             
             struct PriceTag: View {
                 var body: some View {
            -        Image("tag").foregroundColor(.green)
            +        Image("tag").foregroundStyle(.green)
                 }
             }
             
            @@ -9,7 +9,7 @@
             struct Catalog: View {
                 let items: [Item]
                 var body: some View {
            -        NavigationView {
            +        NavigationStack {
                         List(items) { Text($0.name) }
                     }
                 }

            """)
        XCTAssertTrue(diff.stderr.contains("mvlint: 2 fixes would change 1 file\n"), diff.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), source, "--diff writes nothing")

        XCTAssertEqual(try lint(["--fix", "--quiet"], in: folder).status, 0)
        let clean = try lint(["--diff", "--quiet"], in: folder)
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "")
    }

    func testUnsafeFixesNeedTheirFlag() throws {
        let folder = try TemporaryFolder()
        // `tint` may be a `Color?`, which `foregroundStyle` rejects: the fix is unsafe.
        let source = """
            struct Badge: View {
                let tint: Color
                var body: some View {
                    Text("New").foregroundColor(tint)
                }
            }

            """
        let file = try folder.write("Badge.swift", source)
        let safeOnly = try lint(["--fix"], in: folder)
        XCTAssertEqual(safeOnly.status, 0)
        XCTAssertTrue(safeOnly.stderr.contains("mvlint: 0 fixes applied in 0 files; 1 more with --unsafe-fixes\n"), safeOnly.stderr)
        XCTAssertTrue(safeOnly.stdout.contains("Badge.swift:4:21: warning:"), "the finding remains: \(safeOnly.stdout)")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), source)

        let unsafe = try lint(["--fix", "--unsafe-fixes", "--quiet"], in: folder)
        XCTAssertEqual(unsafe.status, 0)
        XCTAssertEqual(unsafe.stdout, "")
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("Text(\"New\").foregroundStyle(tint)"))

        let alone = try lint(["--unsafe-fixes"], in: folder)
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.stderr.contains("--unsafe-fixes works with --fix or --diff"), alone.stderr)
    }

    func testFindingsLeftAfterFixingDecideTheExitCode() throws {
        let folder = try TemporaryFolder()
        // `missing-bindable` (an error) has no fix for a property declared with a value: it remains.
        try folder.write("Editor.swift", """
            @Observable final class Draft { var text = "" }
            struct EditorView: View {
                let draft = Draft()
                var body: some View {
                    TextEditor(text: $draft.text).foregroundColor(.red)
                }
            }

            """)
        let result = try lint(["--fix"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("(missing-bindable)"), result.stdout)
        XCTAssertFalse(result.stdout.contains("(foreground-color)"), "fixed findings are not printed again: \(result.stdout)")
    }

    // MARK: Refusals (in process)

    func testAFixThatBreaksParsingIsRefused() {
        let code = "struct Tally {\n    var count = 1\n}\n"
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let analysis = engine.analyze(path: "Tally.swift", text: code, settings: .unknown)
        let dropsBrace = Finding(rule: "example", severity: .warning, file: "Tally.swift", line: 1, column: 14, message: "…",
                                 fix: Fix("drop the brace", edits: [TextEdit(range: 13..<14, replacement: "")]))
        let outcome = FixRounds(engine: engine, isEnabled: { _ in true }, includesUnsafe: false)
            .run(analyses: [analysis], project: ProjectContext(files: [analysis.facts], settingsByPath: [:]), findings: [dropsBrace]) { _ in
                .success(code)
            }
        XCTAssertTrue(outcome.fixedTexts.isEmpty, "nothing to write")
        XCTAssertTrue(outcome.applied.isEmpty)
        XCTAssertEqual(outcome.skipped.first?.path, "Tally.swift")
        XCTAssertEqual(outcome.skipped.first?.problem.kind, .breaksSyntax)
        XCTAssertTrue(outcome.skipped.first?.problem.message.contains("syntax error") ?? false)
    }

    func testAFileChangedDuringTheRunIsNotWritten() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Tag.swift", "struct Tag: View {\n    var body: some View { Image(\"a\").foregroundColor(.red) }\n}\n")
        let configuration = Configuration(rootDirectory: folder.url)
        let outcome = Linter.run(Linter.Request(paths: [], workingDirectory: folder.url, configuration: configuration))
        XCTAssertEqual(outcome.findings.filter(\.fixable).count, 1)

        let edited = "// edited by hand meanwhile\nstruct Tag: View {\n    var body: some View { Image(\"a\").foregroundColor(.red) }\n}\n"
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let options = try XCTUnwrap(try SourceFixer.Options(ParsedArguments(["--fix"], spec: CommandLineTool.lintSpec)))
        let report = SourceFixer(options: options, workingDirectory: folder.url).run(outcome)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), edited)
        XCTAssertEqual(report.fixCount, 0)
        XCTAssertEqual(report.problems, ["Tag.swift: warning: the file changed on disk while mvlint ran; not fixed, run mvlint again"])
        XCTAssertFalse(report.hasFileError, "a concurrent edit is not an input error")

        // Changed between reading and writing: the writer checks again just before replacing the file.
        let written = AtomicFileWriter.replace(file, with: "struct Other {}\n", expecting: Data("what mvlint read\n".utf8))
        guard case .failure(let problem) = written else { return XCTFail("a changed file was overwritten") }
        XCTAssertEqual(problem.kind, .changedOnDisk)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), edited)
    }

    // MARK: Building blocks

    func testConflictingEditsWaitAndIdenticalFixesApplyOnce() {
        let rename = Fix("rename", edits: [TextEdit(range: 4..<7, replacement: "baz")])
        let overlapping = Fix("overlap", edits: [TextEdit(range: 6..<9, replacement: "")])
        let touching = Fix("insert", edits: [.insert("!", at: 7)])
        let elsewhere = Fix("tail", edits: [TextEdit(range: 10..<11, replacement: "X")])
        let outcome = FixApplier.apply([rename, overlapping, rename, touching, elsewhere], to: "let foo = 1\n")
        XCTAssertEqual(outcome.text, "let baz = X\n")
        XCTAssertEqual(outcome.applied.sorted(), [0, 2, 4])
    }

    func testUnifiedDiffFollowsDiffConventions() {
        XCTAssertEqual(UnifiedDiff.render(path: "f.swift", original: "a\nb", fixed: "a\nc"), """
            --- a/f.swift
            +++ b/f.swift
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +c
            \\ No newline at end of file

            """)
        XCTAssertEqual(UnifiedDiff.render(path: "/abs/e.swift", original: "", fixed: "x\n"),
                       "--- a/abs/e.swift\n+++ b/abs/e.swift\n@@ -0,0 +1 @@\n+x\n")
        let numbers = (1...16).map { "\($0)\n" }
        var edited = numbers
        edited[1] = "X\n"
        edited.remove(at: 14)
        XCTAssertEqual(UnifiedDiff.render(path: "n", original: numbers.joined(), fixed: edited.joined()), """
            --- a/n
            +++ b/n
            @@ -1,5 +1,5 @@
             1
            -2
            +X
             3
             4
             5
            @@ -12,5 +12,4 @@
             12
             13
             14
            -15
             16

            """)
        XCTAssertEqual(UnifiedDiff.render(path: "same", original: "a\n", fixed: "a\n"), "")

        // Past the search limit the changed middle is shown as removed, then added: still a valid diff.
        let count = UnifiedDiff.maximumDifferences
        let wholesale = UnifiedDiff.render(path: "big", original: (0..<count).map { "old \($0)\n" }.joined(),
                                           fixed: (0..<count).map { "new \($0)\n" }.joined())
        XCTAssertTrue(wholesale.hasPrefix("--- a/big\n+++ b/big\n@@ -1,\(count) +1,\(count) @@\n-old 0\n-old 1\n"))
        XCTAssertTrue(wholesale.hasSuffix("-old \(count - 1)\n+new 0\n" + (1..<count).map { "+new \($0)\n" }.joined()))
    }

    private func lint(_ arguments: [String], in folder: TemporaryFolder) throws -> BinaryRunner.Result {
        try BinaryRunner.run(["lint"] + arguments, in: folder.url)
    }
}
