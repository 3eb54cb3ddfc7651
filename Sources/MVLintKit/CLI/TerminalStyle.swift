#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Whether a lint run may use terminal features: ANSI colour in the report on standard output, a progress bar
/// on standard error. Decided once from injected facts, so tests need no terminal.
struct TerminalStyle: Equatable {
    /// `--color` forces colour (for `| less -R`), `--no-color` turns colour and the progress bar off.
    enum Choice: Equatable {
        case automatic, always, never
    }

    var colored: Bool
    var showsProgress: Bool

    /// - Parameters:
    ///   - reportIsOnTerminal: standard output is a terminal and the report goes there (not to `--output`).
    ///   - environment: `NO_COLOR` set to anything non-empty (no-color.org) or `TERM=dumb` mean plain text.
    init(choice: Choice, reportIsOnTerminal: Bool, errorsAreOnTerminal: Bool, environment: [String: String], quiet: Bool) {
        let plainWanted = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        switch choice {
        case .always: colored = true
        case .never: colored = false
        case .automatic: colored = reportIsOnTerminal && !plainWanted
        }
        showsProgress = errorsAreOnTerminal && !plainWanted && choice != .never && !quiet
    }
}

/// "files analysed / total", redrawn in place on standard error and wiped at the end. It appears only once
/// a run has lasted a second, so quick runs stay quiet, and redraws at most ten times a second.
final class ProgressBar: LintProgress, @unchecked Sendable {
    static let delay = 1.0
    static let redrawInterval = 0.1
    static let width = 30

    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> Double
    private let started: Double
    private let lock = Lock()
    private var done = 0
    private var lastDrawn: Double?

    init(write: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.write = write
        self.now = now
        started = now()
    }

    func fileFinished(of total: Int) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        let time = now()
        guard time - started >= Self.delay, lastDrawn.map({ time - $0 >= Self.redrawInterval }) ?? true else { return }
        lastDrawn = time
        write("\r" + Self.line(done: done, total: total))
    }

    /// Wipes the bar, if one was drawn, so the summary line starts on a clean line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if lastDrawn != nil { write("\r\u{1B}[K") }
        lastDrawn = nil
    }

    static func line(done: Int, total: Int) -> String {
        let filled = total > 0 ? width * min(done, total) / total : width
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(done)/\(total) files"
    }
}
