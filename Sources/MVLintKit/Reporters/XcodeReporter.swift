/// `path:line:col: warning: message (rule-id)`, the format Xcode and editors turn into inline diagnostics.
/// Advice is printed as `note`, the one lower severity Xcode knows. On a terminal that wants colour the
/// severity is coloured (error red, warning yellow, note cyan) and the rule id bold.
public struct XcodeReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        var output = ""
        for finding in report.shownFindings {
            let label = finding.severity == .advice ? "note" : finding.severity.rawValue
            let severity = report.colored ? ANSI.paint(label + ":", ANSI.color(of: finding.severity)) : label + ":"
            let rule = report.colored ? ANSI.paint(finding.rule, ANSI.bold) : finding.rule
            output += "\(finding.file):\(finding.line):\(finding.column): \(severity) \(finding.message) (\(rule))\n"
        }
        return output
    }
}

/// ANSI terminal escapes, used only when `TerminalStyle` says colour is wanted.
enum ANSI {
    static let red = "31", yellow = "33", cyan = "36", bold = "1"

    static func color(of severity: Severity) -> String {
        switch severity {
        case .error: return red
        case .warning: return yellow
        case .advice: return cyan
        }
    }

    static func paint(_ text: String, _ code: String) -> String {
        "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
