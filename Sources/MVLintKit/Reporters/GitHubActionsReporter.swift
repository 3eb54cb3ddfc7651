#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff
/// (`::warning file=…,line=…,col=…,title=rule-id::message`). Errors are `::error`, advice `::notice`.
public struct GitHubActionsReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        report.findings.map { finding in
            let properties = [("file", finding.file), ("line", String(finding.line)), ("col", String(finding.column)),
                              ("title", finding.rule)]
                .map { "\($0)=\(Self.escapeProperty($1))" }.joined(separator: ",")
            return "::\(Self.command(finding.severity)) \(properties)::\(Self.escapeData(finding.message))\n"
        }.joined()
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .advice: return "notice"
        }
    }

    /// The runner's own escaping (actions/toolkit `escapeData`): `%` first, so the others are not encoded twice.
    static func escapeData(_ value: String) -> String {
        value.replacingEvery("%", with: "%25").replacingEvery("\r", with: "%0D").replacingEvery("\n", with: "%0A")
    }

    /// Property values also end at `,` and the command at `::`.
    static func escapeProperty(_ value: String) -> String {
        escapeData(value).replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
    }
}
