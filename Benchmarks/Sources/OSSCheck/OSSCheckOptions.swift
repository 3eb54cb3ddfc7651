import Foundation

struct UsageError: Error {
    var message: String
}

/// The arguments of `mvlint-bench oss-check`; every option takes a value.
struct OSSCheckOptions {
    var apps: URL
    var baseline: String?
    var candidate: String
    var out: URL?
    var filter = FindingFilter()
    var jobs = 2
    var sample: SampleRequest?

    struct SampleRequest {
        var perRule: Int
        var seed: UInt64
        var out: URL
        /// Lines of code on each side of a finding in the companion Markdown; nil writes no companion.
        var context: Int?
    }

    static let optionNames: Set = ["--apps", "--baseline", "--candidate", "--out", "--rules", "--severity", "--jobs",
                                   "--sample", "--seed", "--sample-out", "--context"]
    static let severities = ["error", "warning", "advice", "all"]

    init(_ arguments: [String]) throws {
        var values: [String: String] = [:]
        var remaining = arguments[...]
        while let name = remaining.popFirst() {
            guard Self.optionNames.contains(name) else { throw UsageError(message: "unknown argument \(name)") }
            guard let value = remaining.popFirst() else { throw UsageError(message: "\(name) needs a value") }
            values[name] = value
        }
        func integer(_ name: String, atLeast minimum: Int) throws -> Int? {
            guard let text = values[name] else { return nil }
            guard let value = Int(text), value >= minimum else { throw UsageError(message: "\(name) needs a whole number ≥ \(minimum), not \(text)") }
            return value
        }
        guard let apps = values["--apps"] else { throw UsageError(message: "--apps DIR is required") }
        guard let candidate = values["--candidate"] else { throw UsageError(message: "--candidate BIN is required") }
        self.apps = URL(fileURLWithPath: apps)
        // Absolute, because each run's working directory is its app's folder.
        self.candidate = URL(fileURLWithPath: candidate).path
        baseline = values["--baseline"].map { URL(fileURLWithPath: $0).path }
        out = values["--out"].map { URL(fileURLWithPath: $0) }
        jobs = try integer("--jobs", atLeast: 1) ?? jobs
        filter.rules = values["--rules"].map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
        if let severity = values["--severity"] {
            guard Self.severities.contains(severity) else { throw UsageError(message: "--severity is one of \(Self.severities.joined(separator: ", "))") }
            filter.severity = severity == "all" ? nil : severity
        }
        if let perRule = try integer("--sample", atLeast: 1) {
            guard let sampleOut = values["--sample-out"] else { throw UsageError(message: "--sample needs --sample-out FILE.tsv") }
            guard let seed = UInt64(values["--seed"] ?? "1") else { throw UsageError(message: "--seed needs a whole number ≥ 0") }
            sample = SampleRequest(perRule: perRule, seed: seed, out: URL(fileURLWithPath: sampleOut),
                                   context: try integer("--context", atLeast: 0))
        } else if let sampleOnly = ["--seed", "--sample-out", "--context"].first(where: { values[$0] != nil }) {
            throw UsageError(message: "\(sampleOnly) needs --sample N")
        }
        if baseline == nil, sample == nil { throw UsageError(message: "--baseline BIN is required unless --sample N is given") }
        if baseline == nil, out != nil { throw UsageError(message: "--out writes the comparison, which needs --baseline BIN") }
        for binary in [baseline, candidate].compactMap({ $0 }) where !FileManager.default.isExecutableFile(atPath: binary) {
            throw UsageError(message: "\(binary) is not an executable file")
        }
    }
}

/// `--rules` and `--severity`: which findings of both runs take part.
struct FindingFilter: Sendable {
    var rules: Set<String>?
    /// One severity, or nil for all.
    var severity: String?

    func keeps(_ finding: Finding) -> Bool {
        (rules?.contains(finding.rule) ?? true) && (severity.map { $0 == finding.severity } ?? true)
    }

    func apply(_ run: LintRun) -> LintRun {
        guard case .findings(let findings, let version) = run.outcome else { return run }
        return LintRun(seconds: run.seconds, outcome: .findings(findings.filter(keeps), version: version))
    }
}
