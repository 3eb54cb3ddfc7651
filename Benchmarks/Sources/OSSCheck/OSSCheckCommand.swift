import Foundation

/// `mvlint-bench oss-check`: lints real apps with two mvlint binaries and reports what changed, or draws
/// a sample of one binary's findings to judge. It reads local folders only and is never run in CI.
public enum OSSCheckCommand {
    public static let usage = """
      mvlint-bench oss-check --apps DIR --baseline BIN --candidate BIN [--out FILE.md]
                             [--rules a,b] [--severity warning|error|advice|all] [--jobs K]
                             [--sample N [--seed S] --sample-out FILE.tsv [--context K]]
            lints every folder directly under DIR with both binaries (`BIN \(LintRunner.lintArguments.joined(separator: " "))`
            from inside the folder) and reports, per rule, the findings added and removed, matched on
            app, rule, file, line text and message; --out writes the Markdown report, else it goes to stdout.
            --sample draws N candidate findings per rule (seeded, spread over apps) into a TSV to judge;
            --context K also writes FILE.md beside it with K lines of code around each. --baseline is
            optional with --sample. Apps run --jobs at a time (default 2). Exit 1 if a run failed.

    """

    public static func main(_ arguments: [String]) -> Int32 {
        run(arguments, runner: LintRunner()) { print($0, terminator: "") }
    }

    static func run(_ arguments: [String], runner: LintRunner, output: (String) -> Void) -> Int32 {
        if arguments.contains("--help") {
            output("USAGE:\n\(usage)")
            return 0
        }
        do {
            let options = try OSSCheckOptions(arguments)
            let apps = try appFolders(in: options.apps)
            let start = runner.clock()
            let results = lintApps(apps, options, runner)
            let wallSeconds = Double(runner.clock() - start) / 1e9
            if let baseline = options.baseline {
                let report = ComparisonReport(
                    comparison: Comparison(apps: results.compactMap { result in
                        result.baseline.map { Comparison.AppRuns(app: result.app, baseline: $0, candidate: result.candidate) }
                    }),
                    baselineBinary: baseline, candidateBinary: options.candidate, wallSeconds: wallSeconds, jobs: options.jobs)
                if let out = options.out {
                    try report.markdown().write(to: out, atomically: true, encoding: .utf8)
                    output(report.summary() + "report: \(out.path)\n")
                } else {
                    output(report.markdown())
                }
            } else {
                output(candidateSummary(results, wallSeconds: wallSeconds))
            }
            if let request = options.sample {
                output(try writeSample(request, of: results, appsFolder: options.apps))
            }
            let anyFailed = results.contains { $0.candidate.failure != nil || $0.baseline?.failure != nil }
            return anyFailed ? 1 : 0
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("oss-check: \(error.message)\n\nUSAGE:\n\(usage)".utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("oss-check: \(error.localizedDescription)\n".utf8))
            return 2
        }
    }

    typealias AppResult = (app: String, baseline: LintRun?, candidate: LintRun)

    /// Each app's runs, baseline first, in one job: the app's files are read once for both.
    private static func lintApps(_ apps: [URL], _ options: OSSCheckOptions, _ runner: LintRunner) -> [AppResult] {
        let baseline = options.baseline, candidate = options.candidate, filter = options.filter
        return boundedParallelMap(apps, jobs: options.jobs) { folder in
            let app = folder.lastPathComponent, lines = SourceLines(appFolder: folder)
            let lint = { (binary: String) in filter.apply(runner.run(binary, app: app, in: folder, lines: lines)) }
            return (app, baseline.map(lint), lint(candidate))
        }
    }

    /// The folders directly inside `folder`, by name ignoring case; hidden ones are skipped. A symbolic link to a folder
    /// counts, so a folder of links can pick a few apps of a corpus.
    static func appFolders(in folder: URL) throws -> [URL] {
        let entries = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        let apps = entries.filter { (try? $0.resolvingSymlinksInPath().resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { ($0.lastPathComponent.lowercased(), $0.lastPathComponent) < ($1.lastPathComponent.lowercased(), $1.lastPathComponent) }
        guard !apps.isEmpty else { throw UsageError(message: "no app folders in \(folder.path)") }
        return apps
    }

    private static func candidateSummary(_ results: [AppResult], wallSeconds: Double) -> String {
        let findings = results.compactMap(\.candidate.findings).joined()
        var text = "oss-check: \(results.count) apps, \(findings.count) candidate findings, wall time \(ComparisonReport.seconds(wallSeconds)) s\n"
        for result in results {
            if let failure = result.candidate.failure { text += "  failed: \(result.app): \(failure)\n" }
        }
        return text
    }

    private static func writeSample(_ request: OSSCheckOptions.SampleRequest, of results: [AppResult], appsFolder: URL) throws -> String {
        let sample = Sampler.sample(results.flatMap { $0.candidate.findings ?? [] }, perRule: request.perRule, seed: request.seed)
        try SampleFiles.tsv(sample).write(to: request.out, atomically: true, encoding: .utf8)
        var text = "sample: \(sample.count) findings of \(Set(sample.map(\.rule)).count) rules from \(Set(sample.map(\.app)).count) apps "
            + "(seed \(request.seed)): \(request.out.path)\n"
        if let radius = request.context {
            let url = SampleFiles.contextURL(forTSV: request.out)
            try SampleFiles.contextMarkdown(sample, radius: radius, appsFolder: appsFolder).write(to: url, atomically: true, encoding: .utf8)
            text += "context (±\(radius) lines): \(url.path)\n"
        }
        return text
    }
}
