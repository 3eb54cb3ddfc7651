import Foundation

/// One run of one mvlint binary on one app.
struct LintRun: Sendable {
    enum Outcome: Sendable {
        case findings([Finding], version: String)
        /// Exit 2 or 3, a crash, or output that is not mvlint's JSON: the app has no findings to compare.
        case failed(String)
    }

    var seconds: Double
    var outcome: Outcome

    init(seconds: Double, outcome: Outcome) {
        self.seconds = seconds
        self.outcome = outcome
    }

    var findings: [Finding]? {
        if case .findings(let findings, _) = outcome { return findings }
        return nil
    }

    var version: String? {
        if case .findings(_, let version) = outcome { return version }
        return nil
    }

    var failure: String? {
        if case .failed(let reason) = outcome { return reason }
        return nil
    }
}

/// Runs `BIN lint . --format json --no-cache --advice` from inside the app's folder, so the app's own
/// `.mvlint.yml` applies and the reported paths are relative to the app.
struct LintRunner: Sendable {
    static let lintArguments = ["lint", ".", "--format", "json", "--no-cache", "--advice"]

    /// Monotonic nanoseconds; tests pass a fixed clock so that reports with run times can be compared exactly.
    let clock: @Sendable () -> UInt64

    init(clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.clock = clock
    }

    func run(_ binary: String, app: String, in appFolder: URL, lines: SourceLines) -> LintRun {
        let start = clock()
        let outcome = outcome(of: binary, app: app, in: appFolder, lines: lines)
        return LintRun(seconds: Double(clock() - start) / 1e9, outcome: outcome)
    }

    private func outcome(of binary: String, app: String, in appFolder: URL, lines: SourceLines) -> LintRun.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = Self.lintArguments
        process.currentDirectoryURL = appFolder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        // Files, not pipes: a report of megabytes on one stream must not block the child while we read the other.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("oss-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdoutURL = scratch.appendingPathComponent("stdout"), stderrURL = scratch.appendingPathComponent("stderr")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: stdoutURL.path, contents: nil),
                  FileManager.default.createFile(atPath: stderrURL.path, contents: nil) else {
                return .failed("could not create the output files in \(scratch.path)")
            }
            process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
            process.standardError = try FileHandle(forWritingTo: stderrURL)
            process.standardInput = FileHandle.nullDevice
            try process.run()
        } catch {
            return .failed("could not run \(binary): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        let stdout = (try? Data(contentsOf: stdoutURL)) ?? Data()
        let stderr = String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
        let firstErrorLine = stderr.split(whereSeparator: \.isNewline).first.map { ": " + $0 } ?? ""
        if process.terminationReason == .uncaughtSignal {
            return .failed("killed by signal \(process.terminationStatus)\(firstErrorLine)")
        }
        // Exit 1 only means error-level findings were found.
        guard process.terminationStatus == 0 || process.terminationStatus == 1 else {
            return .failed("exit \(process.terminationStatus)\(firstErrorLine)")
        }
        guard let report = try? JSONDecoder().decode(LintJSON.self, from: stdout) else {
            return .failed("exit \(process.terminationStatus) without a JSON report\(firstErrorLine)")
        }
        let findings = report.findings.map { entry in
            Finding(app: app, rule: entry.rule, severity: entry.severity, file: entry.file, line: entry.line, message: entry.message,
                    lineText: (lines.line(entry.line, of: entry.file) ?? "").trimmingCharacters(in: .whitespaces))
        }
        return .findings(findings, version: report.version)
    }
}
