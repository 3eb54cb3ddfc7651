/// The previous run's side of a one-change run, read on the core the changed file's parse leaves idle: the previous
/// run's result and kept answers (`ChangedFileJudgement.PreviousRun`), then the file's old facts and the small project
/// around them with its answers (`ChangedFileJudgement.Before`). Nothing in it depends on the file's new text. The
/// analysis pass starts it when the first changed file it meets is large enough (`Slot`, `Linter.parseWorthReadingBeside`);
/// the run takes what it made only when that file is the one change and the result read is the one its own key names,
/// and waits for a step still being made.
final class PreviousRunReading: @unchecked Sendable {
    /// The changed file, as findings show it.
    let path: String
    let previousRun: Deferred<ChangedFileJudgement.PreviousRun?>
    let before: Deferred<ChangedFileJudgement.Before?>
    private let lock = Lock()
    private var stopped = false

    init(path: String, previousRun: @escaping @Sendable () -> ChangedFileJudgement.PreviousRun?,
         oldFacts: @escaping @Sendable () -> FileFacts?) {
        self.path = path
        let previous = Deferred(previousRun)
        self.previousRun = previous
        before = Deferred {
            guard let run = previous.value, let facts = oldFacts() else { return nil }
            return ChangedFileJudgement.Before(path: path, oldFacts: facts, names: ChangedFileJudgement.names(in: facts), in: run.setting)
        }
    }

    /// Makes each step on a thread of its own until one is missing or the reading is stopped.
    func start() {
        startThread(stackSize: ParallelMap.workerStackSize) { [self] in
            guard !isStopped, previousRun.value != nil, !isStopped, let before = before.value, !isStopped else { return }
            _ = before.answers.value
        }
    }

    /// No further step is begun (one being made is finished).
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// The reading a pass starts for the first changed file it meets: stopped when it meets a second, which no reading
    /// serves (more than one file changed builds the project).
    final class Slot: @unchecked Sendable {
        private let lock = Lock()
        private var changedFiles = 0
        private var started: PreviousRunReading?

        /// A file changed: the first starts the reading `make` gives (nil when it is not worth one), a second stops it.
        func fileChanged(_ make: () -> PreviousRunReading?) {
            lock.lock()
            defer { lock.unlock() }
            changedFiles += 1
            if changedFiles == 1 {
                started = make()
                started?.start()
            } else {
                started?.stop()
            }
        }

        /// The reading, when exactly one file changed.
        var reading: PreviousRunReading? {
            lock.lock()
            defer { lock.unlock() }
            return changedFiles == 1 ? started : nil
        }

        func stop() {
            lock.lock()
            defer { lock.unlock() }
            started?.stop()
        }

        /// Stops the reading and lets go of what it read on another thread: freeing a large app's previous result and
        /// small project takes milliseconds the run need not wait for.
        func finish() {
            lock.lock()
            let reading = started
            started = nil
            lock.unlock()
            guard let reading else { return }
            reading.stop()
            startThread(stackSize: ParallelMap.workerStackSize) { withExtendedLifetime(reading) {} }
        }
    }
}
