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
    /// Whether human-facing reporters list advice; machine-readable reports always include it.
    public var showAdvice: Bool
    /// The project as linted (facts, index, roles): for reporters that draw the architecture or quote code.
    public var project: ProjectContext

    public init(findings: [Finding], summary: LintSummary, showAdvice: Bool, project: ProjectContext) {
        self.findings = findings
        self.summary = summary
        self.showAdvice = showAdvice
        self.project = project
    }
}

/// Turns one run's findings into text for one audience.
public protocol Reporter {
    func render(_ report: LintReport) -> String
}

public enum ReporterKind: String, CaseIterable, Sendable {
    case xcode, json, html

    public var reporter: any Reporter {
        switch self {
        case .xcode: return XcodeReporter()
        case .json: return JSONReporter()
        case .html: return HTMLReporter()
        }
    }
}

/// `path:line:col: warning: message (rule-id)`, the format Xcode and editors turn into inline diagnostics.
/// Advice is printed as `note`, the one lower severity Xcode knows.
public struct XcodeReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        var output = ""
        for finding in report.findings where report.showAdvice || finding.severity != .advice {
            let label = finding.severity == .advice ? "note" : finding.severity.rawValue
            output += "\(finding.file):\(finding.line):\(finding.column): \(label): \(finding.message) (\(finding.rule))\n"
        }
        return output
    }
}

/// A stable JSON document for other tools. Field order and names are part of mvlint's interface.
/// It is a report, so advice is always included.
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        let findings = report.findings, summary = report.summary
        var output = "{\n  \"version\": \(JSON.string(MVLintVersion.current)),\n  \"findings\": ["
        for (index, finding) in findings.enumerated() {
            output += index == 0 ? "\n" : ",\n"
            output += "    {\"rule\": \(JSON.string(finding.rule)), \"severity\": \(JSON.string(finding.severity.rawValue)), "
            output += "\"file\": \(JSON.string(finding.file)), \"line\": \(finding.line), \"column\": \(finding.column), "
            output += "\"message\": \(JSON.string(finding.message)), \"fixable\": \(finding.fixable)}"
        }
        output += findings.isEmpty ? "],\n" : "\n  ],\n"
        output += "  \"summary\": {\"files\": \(summary.files), \"errors\": \(summary.errors), \"warnings\": \(summary.warnings), "
        output += "\"advice\": \(summary.advice), \"parse_errors\": \(summary.parseErrors)}\n}\n"
        return output
    }
}

/// Minimal JSON writing helpers; we write JSON by hand to keep key order stable.
public enum JSON {
    public static func string(_ value: String) -> String {
        // Most strings (paths, rule ids, messages) need no escaping: a byte check skips the per-scalar rebuild.
        let needsEscaping = value.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard needsEscaping else { return "\"" + value + "\"" }
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 0x20 {
                    escaped += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }
}

public enum MVLintVersion {
    public static let current = "0.1.0"
}
