#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The counts every reporter and the summary line share.
public struct LintSummary: Sendable, Equatable {
    public var files: Int
    public var errors: Int
    public var warnings: Int
    public var advice: Int
    public var parseErrors: Int

    public init(files: Int, findings: [Finding]) {
        self.files = files
        errors = findings.filter { $0.severity == .error }.count
        warnings = findings.filter { $0.severity == .warning }.count
        advice = findings.filter { $0.severity == .advice }.count
        parseErrors = findings.filter { $0.rule == ParseErrorRule.id }.count
    }
}

/// Everything a reporter may show about one run.
public struct LintReport: Sendable {
    /// Already sorted in `Finding.reportOrder`.
    public var findings: [Finding]
    public var summary: LintSummary
    /// Whether advice is listed by the reporters that follow `--advice` (xcode, junit, markdown, summary); the
    /// others carry a severity per finding and always include it.
    public var showAdvice: Bool
    /// The project as linted (facts, index, roles): for reporters that draw the architecture or quote code. Made
    /// when a reporter first asks: a warm run's stored result has findings without a project built.
    public var project: ProjectContext { deferredProject.value }
    private let deferredProject: Deferred<ProjectContext>
    /// The folder finding paths are relative to.
    public var workingDirectory: URL
    /// The linted files' text by finding path: for reporters that quote lines or place fixes by line and column.
    public var sources: SourceTexts
    /// Whether reporters for people may colour their text with ANSI escapes (decided by `TerminalStyle`).
    public var colored: Bool
    /// Where the profile came from and, when detected, how sure detection was: for reports that state it.
    public var profileChoice: ProfileChoice?

    public init(findings: [Finding], summary: LintSummary, showAdvice: Bool, project: @autoclosure @escaping @Sendable () -> ProjectContext,
                workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
                sources: SourceTexts? = nil, colored: Bool = false, profileChoice: ProfileChoice? = nil) {
        self.findings = findings
        self.summary = summary
        self.showAdvice = showAdvice
        deferredProject = Deferred(project)
        self.workingDirectory = workingDirectory
        self.sources = sources ?? .files(relativeTo: workingDirectory)
        self.colored = colored
        self.profileChoice = profileChoice
    }

    /// The findings a reporter for people lists: advice only when asked for.
    var shownFindings: [Finding] {
        showAdvice ? findings : findings.filter { $0.severity != .advice }
    }
}

/// Turns one run's findings into text for one audience.
public protocol Reporter {
    func render(_ report: LintReport) -> String
}

public enum ReporterKind: String, CaseIterable, Sendable {
    case xcode, json, sarif
    case githubActions = "github-actions"
    case checkstyle, junit, markdown, summary, html

    public var reporter: any Reporter {
        switch self {
        case .xcode: return XcodeReporter()
        case .json: return JSONReporter()
        case .sarif: return SARIFReporter()
        case .githubActions: return GitHubActionsReporter()
        case .checkstyle: return CheckstyleReporter()
        case .junit: return JUnitReporter()
        case .markdown: return MarkdownReporter()
        case .summary: return SummaryReporter()
        case .html: return HTMLReporter()
        }
    }
}

/// Reads the text of the files findings name, once per file. Findings carry display paths (relative to the
/// working directory when inside it), so reading needs that folder; tests hand texts in directly.
public final class SourceTexts: @unchecked Sendable {
    private let read: @Sendable (String) -> String?
    private let lock = Lock()
    private var cache: [String: SourceLines?] = [:]

    init(read: @escaping @Sendable (String) -> String?) { self.read = read }

    public static func files(relativeTo workingDirectory: URL) -> SourceTexts {
        SourceTexts { path in
            FileManager.default.contents(atPath: Discovery.resolve(path, against: workingDirectory).path)
                .flatMap { String(validating: $0, as: UTF8.self) }
        }
    }

    public static func texts(_ texts: [String: String]) -> SourceTexts {
        SourceTexts { texts[$0] }
    }

    /// The file's lines, or nil when it cannot be read (deleted since, or not UTF-8).
    func lines(of path: String) -> SourceLines? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[path] { return cached }
        let lines = read(path).map(SourceLines.init)
        cache[path] = lines
        return lines
    }
}

public enum MVLintVersion {
    public static let current = "0.1.0"
    /// Where people learn about mvlint; SARIF viewers link to it.
    public static let homepage = "https://github.com/mvlint/mvlint"
}
