import Foundation
import XCTest
@testable import MVLintKit

/// A folder linted with a cache and edited between runs, each run after an edit checked against an uncached one
/// (`ProjectFindingRelocationTests`, `ChangedFileJudgementTests`).
struct CachedRunScratch {
    let folder: TemporaryFolder
    /// The opt-in rules every run turns on.
    var optInRules: Set<String> = []
    /// The profile every run is given; nil: detected.
    var profile: Profile?
    var cacheFile: URL { folder.url.appendingPathComponent(".cache/project.cache") }

    /// A copy of the package's `Examples`.
    static func examples() throws -> CachedRunScratch {
        let folder = try TemporaryFolder()
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: BinaryRunner.packageRoot.appendingPathComponent("Examples"), to: folder.url)
        return CachedRunScratch(folder: folder)
    }

    /// A folder of `files`, by path.
    init(files: [String: String]) throws {
        folder = try TemporaryFolder()
        for (path, text) in files { try folder.write(path, text) }
    }

    private init(folder: TemporaryFolder) { self.folder = folder }

    func run(cached: Bool = true, buffer: Linter.StandardInput? = nil) -> Linter.Outcome {
        run(cacheFile: cached ? cacheFile : nil, buffer: buffer)
    }

    private func run(cacheFile: URL?, buffer: Linter.StandardInput? = nil) -> Linter.Outcome {
        var configuration = Configuration(rootDirectory: folder.url)
        configuration.optInRules = optInRules
        configuration.profile = profile
        return Linter.run(Linter.Request(paths: ["."], workingDirectory: folder.url, configuration: configuration,
                                         cacheFile: cacheFile, standardInput: buffer))
    }

    func edit(_ path: String, _ change: (String) -> String) throws {
        let url = folder.url.appendingPathComponent(path)
        try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
    }

    /// `old` replaced by `new` in the file at `path`, then `runAfterEdit`.
    @discardableResult
    func runAfterReplacing(_ old: String, with new: String, in path: String, _ what: String, phase: Linter.ProjectPhase,
                           file: StaticString = #filePath, line: UInt = #line) throws -> [Finding] {
        try edit(path) { $0.replacingOccurrences(of: old, with: new) }
        return runAfterEdit(what, phase: phase, file: file, line: line)
    }

    /// The run after an edit, checked against an uncached one, and the answers it kept against a build's; `phase` is
    /// how it must have come about.
    func runAfterEdit(_ what: String, phase: Linter.ProjectPhase, file: StaticString = #filePath, line: UInt = #line) -> [Finding] {
        let warm = run()
        XCTAssertEqual(warm.projectPhase, phase, what, file: file, line: line)
        XCTAssertEqual(warm.findings.map(Self.shown), run(cached: false).findings.map(Self.shown), what, file: file, line: line)
        do {
            let answers = try keptAndBuiltAnswers()
            XCTAssertEqual(answers.kept, answers.built, "\(what): the answers kept are a build's", file: file, line: line)
        } catch {
            XCTFail("\(what): \(error)", file: file, line: line)
        }
        return warm.findings
    }

    /// The answers the last cached run kept, and those a run that builds the project from these files keeps: a run that
    /// judged a change must keep what a build would, or the next change is judged against answers no build makes.
    func keptAndBuiltAnswers() throws -> (kept: Data?, built: Data?) {
        let builtFile = folder.url.appendingPathComponent(".cache/built.cache")
        try? FileManager.default.removeItem(at: builtFile)
        _ = run(cacheFile: builtFile)
        let built = AnalysisCache.load(from: builtFile)
        let key = try XCTUnwrap(built.memos.first?.key)
        return (AnalysisCache.load(from: cacheFile).runResult(for: key)?.answers, built.runResult(for: key)?.answers)
    }

    static func shown(_ finding: Finding) -> String {
        "\(finding.file):\(finding.line):\(finding.column): \(finding.severity) \(finding.rule) \(finding.message) \(finding.fix != nil)"
    }
}
