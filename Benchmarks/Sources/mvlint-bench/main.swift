import Foundation
import MVLintKit
import CorpusGenerator
import OSSCheck
import SwiftParser
import SwiftSyntax
#if canImport(Glibc)
import Glibc
#endif

/// Benchmarks report ratios against the floor every run pays: parsing the same files.
/// They are measurements to read, never pass/fail tests.
let usage = """
USAGE:
  mvlint-bench generate --files N --out DIR     write a synthetic SwiftUI corpus of N files
  mvlint-bench compare DIR --mvlint PATH [--repeat K]
        (a) bare Parser.parse + one empty walk of every file, on all cores (and serially), each run in a process of
            its own (`mvlint-bench floor`), as mvlint's runs are, and its peak RSS
        (b) the mvlint binary: `mvlint lint DIR --quiet --format json --profile mv --no-cache`, wall time and peak RSS
        prints b/a of the times and of the peak RSS; best of K runs (default 3), with the slowest run's time beside it,
        and the largest peak RSS of the K runs with their median (a run's peak moves by several MiB from run to run)
  mvlint-bench scale --mvlint PATH [--sizes 400,1600,4000,10000] [--apps DIR ...] [--work DIR] [--repeat K]
        the scale series: (a) and (b) as `compare` measures them (best of K, default 3) on generated projects of each
        size (written once to WORK/generated-N and reused; WORK defaults to the temporary folder) and on each DIR's files
        linted together (an app, or a folder of several), and one cached run's cache size; prints a row per folder: files,
        lines, (a) on all cores, (b), b/a, the peak RSS of each and their ratio, mvlint's own work per file ((b) - (a) over
        the files) and the cache's bytes per file
  mvlint-bench floor DIR [--serial]
        (a) alone, once, in this process: prints its seconds (the parse and walk only, not the start or the file search)
  mvlint-bench warm DIR --mvlint PATH [--repeat K] [--steps]
        on a copy of DIR (the original is never written; files dated an hour back, so their stamps count),
        `mvlint lint COPY --quiet --format json --cache-path CACHE`:
        (c) cold, from an empty cache; (w) warm, nothing changed; (1) warm after a comment line put atop one file
        (its facts move, their shape stays: the project's findings are moved); (2) warm after a plain type added to it,
        which no other file names (its facts change: judged in a small project, its role put into the kept answers);
        (p) the edited file's parse and walk alone (`floor` of a folder
        holding only it); (3) warm after a call added to the first function of the first file with one (its facts
        change, no answer of the project does: the file is judged again in a small project), with (p3) that file's
        parse alone; prints each best of K (default 5), w/c, 1/w, 2/w, 3/w, whether (2) <= 2 x (w) + (p) and
        (3) <= 2 x (w) + (p3), the cache's bytes per file, and whether the warm outputs equal the cold one and the
        uncached runs'; with --steps,
        also each step's median time in K more runs of (w) and of (2), from `mvlint lint --timings`
  mvlint-bench edits DIR --mvlint PATH [--files N] [--seed S]
        on a copy of DIR: N files picked at random (default 10, seed S default 1), each edited 23 ways one at a time (a
        comment, blank lines, a re-indent, a string; a local, a call, a member write added to a function; a property
        or method added to a type; a body line or a stored property removed; observability removed, a type renamed,
        a plain type added, alone or used in a function, a view added, a screen and its model added, a view another
        file declares made in a body, a line making a project view taken away, a wrapper swapped, a new file beside it,
        the same shown in its first view body, the file deleted), each edit followed by a warm run, an uncached one and one
        building into an empty cache: prints per kind of edit how many were made, how many warm runs built the whole
        project (the others kept the last run's answers), how many warm outputs differed from the uncached ones, how many
        warm runs kept other answers for the next run than the build did (each such file named), and how many edits
        changed another file's findings (and the most files one changed)
  mvlint-bench edits DIR --answers [--files N] [--seed S]
        the same edits, each followed by an in-process lint of the copy (its .mvlint.yml applies, no cache): prints per
        kind of edit how many changed an answer of the whole project that a small project takes from it (a role, the
        relations of a kind, the scene roots, the profile, a rule's gathered table), how many moved only the places such
        an answer cites, how many a small project of the edited file told as changing (MISSED lines: a change it did not
        tell), how many changed another file's findings, and how many a run keeping the previous result would keep, with
        the files it would judge again (KEPT BUT WRONG lines: a file whose findings it would get wrong)
  mvlint-bench steps DIR --mvlint PATH [--baseline PATH] [--repeat K] [--cold]
        each step's median time (`mvlint lint --timings`) over K runs (default 15), the baseline's beside it, the two
        binaries run alternately so that both meet the same load: (2) and (w) as `warm` makes them, each binary on a
        copy of DIR with a cache of its own; with --cold, `lint DIR --quiet --format json --profile mv --no-cache`
  mvlint-bench decode CACHE-FILE [--repeat K] [--fields DEPTH]
        decodes every record of a cache file (e.g. one `warm` or `mvlint lint --cache-path` wrote), serially, in-process:
        prints the records, their payload bytes per file, and decode throughput, best of K passes (default 5); with
        --fields, also the payload bytes per file by field, DEPTH stored properties deep, the largest first, and
        what the string tables would take as one table for the cache (a DEPTH of 12 reaches every string)
  mvlint-bench reach DIR
        lints DIR in-process (its .mvlint.yml applies, no cache) with every project judgement's reads recorded, and
        prints, over its files, how many other files' judgements asked about a name a file's facts hold (the files a
        change to it would judge again, an upper bound), the same for the types it declares or extends, and how many
        files declare a type those judgements asked about (the project they would be judged in): median, 90th and 99th
        percentile, largest; the names the most files' judgements asked about; and the first count for each rule alone
  mvlint-bench small DIR
        lints DIR in-process (its .mvlint.yml applies, no cache), then judges each file again in a project made of it and
        the files declaring or extending what its judgements asked about, with the roles, lifetimes, relations and scene
        roots of the whole project: prints how many files such a project holds, the time to build it and judge the file,
        and per rule the files whose findings differ from the whole project's (with examples)
\(OSSCheckCommand.usage)
"""

/// An empty visitor: the cheapest possible walk, so (a) is the true floor.
final class EmptyWalk: SyntaxVisitor {
    var tokens = 0
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        tokens += 1
        return .visitChildren
    }
}

func swiftFiles(in folder: URL) -> [URL] {
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    var files: [URL] = []
    while let url = enumerator?.nextObject() as? URL {
        if url.pathExtension == "swift" { files.append(url) }
    }
    return files.sorted { $0.path < $1.path }
}

func lineCount(_ files: [URL]) -> Int {
    files.reduce(0) { total, url in
        total + ((try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false).count ?? 0)
    }
}

/// The Swift files below `folder`; with none (a mistyped path), one message and exit 2 instead of a ratio of nothing.
func swiftFilesOrExit(in folder: URL) -> [URL] {
    let files = swiftFiles(in: folder)
    if files.isEmpty {
        FileHandle.standardError.write(Data("mvlint-bench: no Swift files under \(folder.path)\n".utf8))
        exit(2)
    }
    return files
}

/// The folder named after a scenario that lints it in-process (`reach`, `small`), measured by `measure`; the usage and exit
/// 2 without a folder, one message and exit 2 when nothing in it was linted.
func lintedFolderMeasured<Result>(by measure: (URL) -> Result?) -> Result {
    guard arguments.count >= 2 else {
        print(usage)
        exit(2)
    }
    let folder = URL(fileURLWithPath: arguments[1])
    _ = swiftFilesOrExit(in: folder)
    guard let result = measure(folder) else {
        FileHandle.standardError.write(Data("mvlint-bench: \(NothingLinted(folder: folder))\n".utf8))
        exit(2)
    }
    return result
}

/// A folder in which an in-process lint found nothing to lint.
struct NothingLinted: Error, CustomStringConvertible {
    let folder: URL
    var description: String { "nothing linted under \(folder.path) (every file excluded?)" }
}

/// Median, 90th and 99th percentile and largest of some values, each shown by `show`.
func spread<Value: Comparable>(_ values: [Value], _ show: (Value) -> String = { "\($0)" }) -> String {
    let sorted = values.sorted()
    guard let largest = sorted.last else { return "none" }
    func at(_ share: Double) -> Value { sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))] }
    return "median \(show(at(0.5))), p90 \(show(at(0.9))), p99 \(show(at(0.99))), largest \(show(largest))"
}

/// Runs `body`; what it throws (a folder that cannot be copied, created or written) is one message and exit 2, not a
/// crash at the top level.
func exitingOnError(_ body: () throws -> Void) {
    do {
        try body()
    } catch {
        FileHandle.standardError.write(Data("mvlint-bench: \(error)\n".utf8))
        exit(2)
    }
}

/// The uncached run the cold measurements time: the whole project, JSON out, the profile fixed so none is detected.
func coldLint(_ binary: String, _ folder: URL) -> [String] {
    [binary, "lint", folder.path, "--quiet", "--format", "json", "--profile", "mv", "--no-cache"]
}

func parseAndWalk(_ url: URL) -> Int {
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    let walker = EmptyWalk(viewMode: .sourceAccurate)
    walker.walk(Parser.parse(source: text))
    return walker.tokens
}

func seconds(_ work: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Runs a command, returning wall seconds and the child's peak resident set in MiB. Standard output goes to `output`.
///
/// Through a process of its own (`measure`): a child's peak as `wait4` reports it is never below its parent's, since
/// Linux carries the parent's high-water mark into the child at `execve` (a `posix_spawn` child runs in the parent's
/// memory until then). Writing ten thousand generated files had raised this process's to 36 MiB, and every peak below
/// that read as 36 MiB, the floor's 22 among them. `measure` starts small (about 15 MiB), so only peaks below that
/// cannot be told, and it says so.
func spawn(_ arguments: [String], output: String = "/dev/null", errors: String = "/dev/null")
    -> (seconds: Double, peakMiB: Double, status: Int32) {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("mvlint-bench-measure-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let measurer = spawnMeasuringHere([Bundle.main.executablePath ?? CommandLine.arguments[0], "measure", report, output, errors, "--"]
                                      + arguments, errors: nil)
    guard measurer.status == 0, let text = try? String(contentsOfFile: report, encoding: .utf8),
          case let fields = text.split(separator: " ").map(String.init), fields.count == 3,
          let seconds = Double(fields[0]), let peakMiB = Double(fields[1]), let status = Int32(fields[2]) else {
        FileHandle.standardError.write(Data("cannot run \(arguments[0])\n".utf8))
        exit(2)
    }
    return (seconds, peakMiB, status)
}

/// `spawn` without the process between: the child's peak is floored at this process's own (see `spawn`). With `errors`
/// nil the child writes to this process's standard error.
func spawnMeasuringHere(_ arguments: [String], output: String = "/dev/null", errors: String? = "/dev/null")
    -> (seconds: Double, peakMiB: Double, status: Int32) {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if let errors { posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
        FileHandle.standardError.write(Data("cannot run \(arguments[0])\n".utf8))
        exit(2)
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (elapsed, Double(usage.ru_maxrss) / 1024, status)
}

/// (a) in a child process (`floor`): its parse and walk time as it measured them, and its peak resident set. Each run
/// starts from a fresh heap, as a run of mvlint does; in this process, each pass found the memory the earlier ones had
/// mapped and touched (home-assistant-iOS read 0.41–0.42 s so, 0.53–0.55 s in a process of its own).
func floorRun(_ folder: URL, serially: Bool) -> (seconds: Double, peakMiB: Double) {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("mvlint-bench-floor-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let run = spawn([Bundle.main.executablePath ?? CommandLine.arguments[0], "floor", folder.path] + (serially ? ["--serial"] : []),
                    output: output)
    guard run.status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8),
          let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        FileHandle.standardError.write(Data("the floor's run failed\n".utf8))
        exit(2)
    }
    return (seconds, run.peakMiB)
}

func option(_ name: String, in arguments: [String]) -> String? { options(name, in: arguments).first }

/// Every value given for an option that may be repeated (`--apps A --apps B`).
func options(_ name: String, in arguments: [String]) -> [String] {
    arguments.indices.dropLast().filter { arguments[$0] == name }.map { arguments[$0 + 1] }
}

/// `folder` without its `.git`, into `destination`, every file dated an hour back. An empty `.git` stands in for
/// the original's, so the search for project files above the linted folder stops there as it does in the original.
func copyForWarmRuns(_ folder: URL, to destination: URL) throws {
    try? FileManager.default.removeItem(at: destination)
    try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
    if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) {
        try FileManager.default.createDirectory(at: destination.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }
    let past = Date(timeIntervalSinceNow: -3600)
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != ".git" {
        let copy = destination.appendingPathComponent(name)
        try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: copy)
        let enumerator = FileManager.default.enumerator(atPath: copy.path)
        // `try?`: a link to a sibling not copied yet has nothing to date.
        try? FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: copy.path)
        while let path = enumerator?.nextObject() as? String {
            try? FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: copy.appendingPathComponent(path).path)
        }
    }
}

/// The file the warm scenarios edit: a source file, not a manifest (editing one of those changes the project's
/// settings, not one file's analysis).
func editedSource(among files: [URL]) throws -> URL {
    guard let edited = files.first(where: { !$0.lastPathComponent.hasPrefix("Package") && $0.lastPathComponent != "Project.swift" }) else {
        throw CocoaError(.fileNoSuchFile)
    }
    return edited
}

/// The edit of a one-change run that `--timings` is read from: a plain type added, a new name each run (judged in a
/// small project since nothing else names it; a build's steps are timed by `steps --cold`).
func addingStepType(_ text: String, run: Int) -> String { text + "\nstruct MVLintBenchStep\(run) {}\n" }

func warmScenario(_ folder: URL, mvlint: String, repeats: Int, steps: Bool) throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mvlint-bench-warm-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let project = scratch.appendingPathComponent(folder.lastPathComponent), cache = scratch.appendingPathComponent("cache")
    try copyForWarmRuns(folder, to: project)
    let files = swiftFiles(in: project)
    let edited = try editedSource(among: files)
    let lint = [mvlint, "lint", project.path, "--quiet", "--format", "json"]
    func output(_ name: String) -> String { scratch.appendingPathComponent(name + ".json").path }
    func read(_ name: String) -> Data? { FileManager.default.contents(atPath: output(name)) }

    var cold = Double.infinity, warm = Double.infinity
    for _ in 0..<repeats {
        try? FileManager.default.removeItem(at: cache)
        cold = min(cold, spawn(lint + ["--cache-path", cache.path], output: output("cold")).seconds)
    }
    for _ in 0..<repeats { warm = min(warm, spawn(lint + ["--cache-path", cache.path], output: output("warm")).seconds) }
    let cacheBytes = ((try? FileManager.default.contentsOfDirectory(at: cache, includingPropertiesForKeys: [.fileSizeKey])) ?? [])
        .reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    // Two edits of one file: a comment line on top, which moves every fact of the file but changes none (the project
    // rules' findings are moved, `ProjectFindingRelocation`), and a plain type added, which changes its facts (judged
    // in a small project, `ChangedFileJudgement`, unless another file names it). Each is checked against an uncached run.
    func timeEdits(_ name: String, _ edit: (String, Int) -> String) throws -> (seconds: Double, matches: Bool) {
        var best = Double.infinity
        for run in 0..<repeats {
            try edit(try String(contentsOf: edited, encoding: .utf8), run).write(to: edited, atomically: false, encoding: .utf8)
            best = min(best, spawn(lint + ["--cache-path", cache.path], output: output(name)).seconds)
        }
        _ = spawn(lint + ["--no-cache"], output: output(name + "-uncached"))
        return (best, read(name) == read(name + "-uncached"))
    }
    let moved = try timeEdits("moved") { text, run in "// mvlint-bench edit \(run)\n" + text }
    let changed = try timeEdits("changed") { text, run in text + "\nstruct MVLintBenchEdit\(run) {}\n" }
    // (p), the edited file's parse and walk alone in a process of its own (`floor`): what the one-change target allows
    // beyond twice the unchanged run.
    func parseAlone(_ file: URL, _ name: String) throws -> Double {
        let alone = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: file, to: alone.appendingPathComponent(file.lastPathComponent))
        return (0..<repeats).map { _ in floorRun(alone, serially: true).seconds }.min() ?? 0
    }
    let parse = try parseAlone(edited, "edited-alone")
    // (3) a call added to the first function of the first file that has one: its facts change, the project's answers
    // do not (the file is judged again in a small project, `ChangedFileJudgement`).
    let called = try files.first { (try? EditSweep.inFirstFunction(of: String(contentsOf: $0, encoding: .utf8), add: "")) != nil }.map { file in
        var best = Double.infinity
        for run in 0..<repeats {
            let text = try String(contentsOf: file, encoding: .utf8)
            try EditSweep.inFirstFunction(of: text, add: "mvlintBenchHelper.step\(run)()")!.write(to: file, atomically: false, encoding: .utf8)
            best = min(best, spawn(lint + ["--cache-path", cache.path], output: output("called")).seconds)
        }
        _ = spawn(lint + ["--no-cache"], output: output("called-uncached"))
        return (file: file, seconds: best, parse: try parseAlone(file, "called-alone"), matches: read("called") == read("called-uncached"))
    }

    print("files: \(files.count), best of \(repeats); edited: \(edited.lastPathComponent)")
    print(String(format: "(c) cold, writes the cache:      %.3f s", cold))
    print(String(format: "(w) warm, nothing changed:       %.3f s   w/c %.2f", warm, warm / cold))
    print(String(format: "(1) warm, one file's facts moved:   %.3f s   1/w %.2f", moved.seconds, moved.seconds / warm))
    print(String(format: "(2) warm, one file's facts changed: %.3f s   2/w %.2f", changed.seconds, changed.seconds / warm))
    print(String(format: "(p) the edited file's parse alone: %.3f s   target (2) <= 2 x (w) + (p) = %.3f s: ", parse, 2 * warm + parse)
          + (changed.seconds <= 2 * warm + parse ? "met" : "not met"))
    if let called {
        print(String(format: "(3) warm, a call added to a function: %.3f s   3/w %.2f   (p3) its file's parse alone %.3f s   target (3) <= 2 x (w) + (p3) = %.3f s: ",
                     called.seconds, called.seconds / warm, called.parse, 2 * warm + called.parse)
              + (called.seconds <= 2 * warm + called.parse ? "met" : "not met") + " (\(called.file.lastPathComponent))")
    }
    print("cache: \(cacheBytes) bytes, \(cacheBytes / max(files.count, 1)) per file")
    print("warm output == cold output: \(read("warm") == read("cold") ? "yes" : "NO")")
    print("outputs after (1), (2) and (3) == uncached outputs: \(moved.matches ? "yes" : "NO"), \(changed.matches ? "yes" : "NO"), "
          + (called.map { $0.matches ? "yes" : "NO" } ?? "-"))
    guard steps else { return }

    // Each step's median over K more runs of (w) and of (2), from the table `--timings` prints on standard error.
    func stepMedians(_ edit: ((String, Int) -> String)?) throws -> [String: Double]? {
        var samples = StepSamples()
        for run in 0..<repeats {
            if let edit { try edit(try String(contentsOf: edited, encoding: .utf8), run).write(to: edited, atomically: false, encoding: .utf8) }
            guard samples.add(timedRun(lint + ["--cache-path", cache.path], scratch: scratch)) else { return nil }
        }
        return samples.medians
    }
    guard let unchanged = try stepMedians(nil),
          let rebuilt = try stepMedians(addingStepType) else {
        print("steps: this mvlint prints no --timings")
        return
    }
    print("steps, median of \(repeats) more runs of each, ms:")
    printSteps(["(w)": unchanged, "(2)": rebuilt], columns: ["(w)", "(2)"])
}

/// One run's steps from the table `mvlint lint --timings` prints on standard error, in ms by step; nil when the
/// binary prints none (a build from before the flag).
func timedRun(_ command: [String], scratch: URL) -> [String: Double]? {
    let errors = scratch.appendingPathComponent("timings-\(getpid()).txt").path
    _ = spawn(command + ["--timings"], errors: errors)
    let table = ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").split(separator: "\n")
        .drop { $0 != "mvlint: timings, wall clock (ms)" }.dropFirst()
    guard !table.isEmpty else { return nil }
    var steps: [String: Double] = [:]
    for row in table {
        let parts = row.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let milliseconds = Double(parts[0]) else { continue }
        steps[parts[1].trimmingCharacters(in: .whitespaces)] = milliseconds
    }
    return steps
}

/// Each step's times over several runs.
struct StepSamples {
    private var samples: [String: [Double]] = [:]

    /// False when the run printed no steps.
    mutating func add(_ run: [String: Double]?) -> Bool {
        guard let run else { return false }
        for (step, milliseconds) in run { samples[step, default: []].append(milliseconds) }
        return true
    }

    var medians: [String: Double] { samples.mapValues { $0.sorted()[$0.count / 2] } }
}

/// A table of step medians, a column for each name in `columns`, steps in the order a run takes them.
func printSteps(_ medians: [String: [String: Double]], columns: [String]) {
    let width = columns.map(\.count).max().map { max($0 + 2, 9) } ?? 9
    print("  " + "".padding(toLength: 42, withPad: " ", startingAt: 0) + columns.map { $0.leftPadded(to: width) }.joined())
    for step in PhaseTimings.Step.allCases.map(\.rawValue) + ["total"] where columns.contains(where: { medians[$0]?[step] != nil }) {
        let cells = columns.map { column in (medians[column]?[step]).map { String(format: "%.1f", $0) } ?? "" }
        print("  " + step.padding(toLength: 42, withPad: " ", startingAt: 0) + cells.map { $0.leftPadded(to: width) }.joined())
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

/// `mvlint-bench steps`: the binaries alternate run by run, each on its own copy and cache when warm.
func stepsScenario(_ folder: URL, mvlint: String, baseline: String?, repeats: Int, cold: Bool) throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mvlint-bench-steps-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let binaries = (baseline.map { [("baseline", $0)] } ?? []) + [("mvlint", mvlint)]
    var columns: [String: StepSamples] = [:]
    func add(_ column: String, _ run: [String: Double]?) {
        guard columns[column, default: StepSamples()].add(run) else {
            FileHandle.standardError.write(Data("mvlint-bench: the \(column) binary prints no --timings (a build from before the flag)\n".utf8))
            try? FileManager.default.removeItem(at: scratch)
            exit(2)
        }
    }
    if cold {
        for _ in 0..<repeats {
            for (name, binary) in binaries {
                add(name, timedRun(coldLint(binary, folder), scratch: scratch))
            }
        }
        print("cold runs, median of \(repeats) each, ms:")
        printSteps(columns.mapValues(\.medians), columns: binaries.map(\.0))
        return
    }
    // Each binary's own copy and cache: a cache is its build's alone (`AnalysisCache.buildIdentity`).
    var lints: [(name: String, command: [String], edited: URL)] = []
    for (name, binary) in binaries {
        let project = scratch.appendingPathComponent(name).appendingPathComponent(folder.lastPathComponent)
        try copyForWarmRuns(folder, to: project)
        let edited = try editedSource(among: swiftFiles(in: project))
        let command = [binary, "lint", project.path, "--quiet", "--format", "json", "--cache-path",
                       scratch.appendingPathComponent(name + "-cache").path]
        _ = spawn(command)
        lints.append((name, command, edited))
    }
    for run in 0..<repeats {
        for lint in lints {
            try addingStepType(try String(contentsOf: lint.edited, encoding: .utf8), run: run).write(to: lint.edited, atomically: false, encoding: .utf8)
            add("(2) " + lint.name, timedRun(lint.command, scratch: scratch))
        }
    }
    for _ in 0..<repeats {
        for lint in lints { add("(w) " + lint.name, timedRun(lint.command, scratch: scratch)) }
    }
    print("warm runs, median of \(repeats) each, ms: (2) one file's facts changed, (w) nothing changed")
    printSteps(columns.mapValues(\.medians), columns: lints.map { "(2) " + $0.name } + lints.map { "(w) " + $0.name })
}

let arguments = Array(CommandLine.arguments.dropFirst())

/// `warm` and `steps`: the folder (which must hold Swift files) and the `--mvlint` binary, or the usage and exit 2.
func scenarioArgumentsOrExit() -> (folder: URL, mvlint: String) {
    guard arguments.count >= 2, let mvlint = option("--mvlint", in: arguments) else {
        print(usage)
        exit(2)
    }
    _ = swiftFilesOrExit(in: URL(fileURLWithPath: arguments[1]))
    return (URL(fileURLWithPath: arguments[1]).standardizedFileURL, mvlint)
}
switch arguments.first {
case "generate":
    guard let count = option("--files", in: arguments).flatMap(Int.init), let out = option("--out", in: arguments) else {
        print(usage)
        exit(2)
    }
    exitingOnError { try CorpusGenerator.write(files: count, to: URL(fileURLWithPath: out)) }
    print("wrote \(count) files, \(lineCount(swiftFiles(in: URL(fileURLWithPath: out)))) lines to \(out)")
case "compare":
    guard arguments.count >= 2, let mvlint = option("--mvlint", in: arguments) else {
        print(usage)
        exit(2)
    }
    let folder = URL(fileURLWithPath: arguments[1])
    let repeats = option("--repeat", in: arguments).flatMap(Int.init) ?? 3
    let comparison = Comparison.measure(folder, files: swiftFilesOrExit(in: folder).count, mvlint: mvlint, repeats: repeats)
    // The best run and, as a machine shared with others moves by a tenth from minute to minute, the slowest.
    func bestAndSlowest(_ times: [Double]) -> String {
        String(format: "%.3f s", times.min() ?? 0) + (times.count > 1 ? String(format: " (slowest %.3f s)", times.max() ?? 0) : "")
    }
    func peakAndMedian(_ peaks: [Double]) -> String {
        String(format: "peak RSS %.0f MiB", peaks.max() ?? 0) + (peaks.count > 1 ? String(format: " (median %.0f MiB)", Comparison.median(peaks)) : "")
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print("files: \(comparison.files), cores: \(cores), best of \(repeats)")
    print("(a) bare parse + empty walk, serial:      \(bestAndSlowest(comparison.serial))")
    print("(a) bare parse + empty walk, \(cores) cores:     \(bestAndSlowest(comparison.parallel))   \(peakAndMedian(comparison.parsePeaks))")
    print("(b) mvlint lint (binary, \(cores) cores):        \(bestAndSlowest(comparison.lint))   \(peakAndMedian(comparison.peaks))")
    print(String(format: "ratio b/a: %.2f   peak RSS b/a: %.2f", comparison.timeRatio, comparison.peakRatio)
          + (repeats > 1 ? String(format: " (medians: %.2f)", comparison.medianPeakRatio) : ""))
case "scale":
    guard let mvlint = option("--mvlint", in: arguments) else {
        print(usage)
        exit(2)
    }
    let sizes = (option("--sizes", in: arguments) ?? "400,1600,4000,10000").split(separator: ",").compactMap { Int($0) }
    let work = URL(fileURLWithPath: option("--work", in: arguments) ?? FileManager.default.temporaryDirectory.path)
    exitingOnError {
        try ScaleSeries.run(sizes: sizes, apps: options("--apps", in: arguments).map { URL(fileURLWithPath: $0) }, work: work,
                            mvlint: mvlint, repeats: option("--repeat", in: arguments).flatMap(Int.init) ?? 3)
    }
case "measure":
    // Internal to `spawn`: measure REPORT OUTPUT ERRORS -- COMMAND…, writing "seconds peak-MiB status" to REPORT.
    guard arguments.count >= 6, arguments[4] == "--" else {
        print(usage)
        exit(2)
    }
    // This process's own high-water mark (`VmHWM`), not its `getrusage`'s: that one holds what it was started from.
    let ownMiB = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?
        .split(separator: " ").dropFirst().first.flatMap { Double($0) }.map { $0 / 1024 }
    let run = spawnMeasuringHere(Array(arguments.dropFirst(5)), output: arguments[2], errors: arguments[3])
    if let ownMiB, run.peakMiB <= ownMiB + 1 {
        FileHandle.standardError.write(Data(String(format: "note: %@'s peak RSS (%.0f MiB) is no more than the measuring process's own\n",
                                                   arguments[5], run.peakMiB).utf8))
    }
    exitingOnError { try "\(run.seconds) \(run.peakMiB) \(run.status)".write(toFile: arguments[1], atomically: false, encoding: .utf8) }
case "floor":
    guard arguments.count >= 2 else {
        print(usage)
        exit(2)
    }
    let files = swiftFilesOrExit(in: URL(fileURLWithPath: arguments[1]))
    let serially = arguments.contains("--serial")
    print(seconds { _ = serially ? files.map(parseAndWalk) : ParallelMap.run(files, parseAndWalk) })
case "warm":
    let (folder, mvlint) = scenarioArgumentsOrExit()
    exitingOnError {
        try warmScenario(folder, mvlint: mvlint, repeats: option("--repeat", in: arguments).flatMap(Int.init) ?? 5,
                         steps: arguments.contains("--steps"))
    }
case "edits" where arguments.contains("--answers"):
    guard arguments.count >= 2 else {
        print(usage)
        exit(2)
    }
    let folder = URL(fileURLWithPath: arguments[1]).standardizedFileURL
    _ = swiftFilesOrExit(in: folder)
    exitingOnError {
        try EditSweep.answers(folder, files: option("--files", in: arguments).flatMap(Int.init) ?? 10,
                              seed: option("--seed", in: arguments).flatMap(UInt64.init) ?? 1)
    }
case "edits":
    let (folder, mvlint) = scenarioArgumentsOrExit()
    exitingOnError {
        try EditSweep.run(folder, mvlint: mvlint, files: option("--files", in: arguments).flatMap(Int.init) ?? 10,
                          seed: option("--seed", in: arguments).flatMap(UInt64.init) ?? 1)
    }
case "steps":
    let (folder, mvlint) = scenarioArgumentsOrExit()
    exitingOnError {
        try stepsScenario(folder, mvlint: mvlint, baseline: option("--baseline", in: arguments),
                          repeats: option("--repeat", in: arguments).flatMap(Int.init) ?? 15, cold: arguments.contains("--cold"))
    }
case "decode":
    guard arguments.count >= 2,
          let result = CacheDecodingBenchmark.decodeEveryRecord(of: URL(fileURLWithPath: arguments[1]),
                                                               repeats: option("--repeat", in: arguments).flatMap(Int.init) ?? 5) else {
        print(usage)
        exit(2)
    }
    print("records: \(result.records), payload \(result.bytes / result.records) bytes per file")
    print(String(format: "decode all: %.3f s, %.1f MB/s, %.1f µs per record", result.seconds,
                 Double(result.bytes) / result.seconds / 1e6, result.seconds / Double(result.records) * 1e6))
    if let depth = option("--fields", in: arguments).flatMap(Int.init),
       let fields = CacheDecodingBenchmark.bytesByField(of: URL(fileURLWithPath: arguments[1]), depth: depth) {
        for (field, bytes) in fields where bytes >= result.records {
            print(String(format: "%8.0f  %@", Double(bytes) / Double(result.records), field))
        }
    }
case "reach":
    let reach = lintedFolderMeasured(by: ReadReachBenchmark.measure)
    print("files: \(reach.files) (\(reach.readingNothing) whose judgements read no name); reading a project-wide value: "
          + reach.readingProjectWide.map { "\($0.name.dropFirst(2)) \($0.files)" }.joined(separator: ", "))
    print("other files judged again, any edit: \(spread(reach.judgedAgain))")
    print("other files judged again, an edit of its declarations: \(spread(reach.judgedAgainForDeclarations))")
    print("files declaring what they read: \(spread(reach.projectFiles))")
    print("read most: " + reach.mostRead.map { "\($0.name) \($0.files)" }.joined(separator: ", "))
    print("declared most, of those read: " + reach.mostDeclared.map { "\($0.name) \($0.files)" }.joined(separator: ", "))
    print("reading the most names: " + reach.widestReaders.map { "\($0.path) \($0.names)" }.joined(separator: ", "))
    print("other files judged again, any edit, by rule:")
    for (rule, counts) in reach.judgedAgainByRule.sorted(by: { ($0.judgedAgain.max() ?? 0) > ($1.judgedAgain.max() ?? 0) }) {
        print("  \(rule): \(spread(counts))")
    }
case "small":
    let check = lintedFolderMeasured(by: SmallProjectCheck.check)
    print("files: \(check.files); the whole project's rules: \(String(format: "%.1f", check.wholeProjectSeconds * 1000)) ms")
    print("files in each small project: \(spread(check.projectFiles)); rounds: \(spread(check.rounds))")
    print("building one and judging the file: \(spread(check.seconds) { String(format: "%.2f ms", $0 * 1000) })")
    print("files whose judgement differed, by rule (of the files with a finding in either):")
    for rule in check.byRule {
        print("  \(rule.rule): \(rule.differing) of \(rule.judged)")
        for example in rule.examples { print("    " + example) }
    }
case "oss-check":
    exit(OSSCheckCommand.main(Array(arguments.dropFirst())))
default:
    print(usage)
    exit(arguments.isEmpty ? 0 : 2)
}
