import Foundation
import CorpusGenerator

/// (a), the bare parse and walk, against (b), an uncached mvlint run, each in a process of its own, K times in turn:
/// what `compare` prints and each row of `scale`.
struct Comparison {
    var files: Int
    var serial: [Double] = [], parallel: [Double] = [], lint: [Double] = []
    var peaks: [Double] = [], parsePeaks: [Double] = []

    static func measure(_ folder: URL, files: Int, mvlint: String, repeats: Int) -> Comparison {
        var comparison = Comparison(files: files)
        for _ in 0..<repeats {
            comparison.serial.append(floorRun(folder, serially: true).seconds)
            let floor = floorRun(folder, serially: false)
            comparison.parallel.append(floor.seconds)
            // One tree per core at a time, as mvlint holds them.
            comparison.parsePeaks.append(floor.peakMiB)
            // Without the cache: every run must parse, or runs after the first would measure cache hits.
            let run = spawn(coldLint(mvlint, folder))
            comparison.lint.append(run.seconds)
            comparison.peaks.append(run.peakMiB)
        }
        return comparison
    }

    /// Best against best: a machine shared with others slows runs, never speeds them.
    var timeRatio: Double { (lint.min() ?? 0) / (parallel.min() ?? 1) }
    /// The largest peaks. A run's peak moves by several MiB with where the threads' allocations fall, so a change of
    /// memory is judged by the medians of enough runs (`medianPeakRatio`).
    var peakRatio: Double { (peaks.max() ?? 0) / (parsePeaks.max() ?? 1) }
    var medianPeakRatio: Double { Self.median(peaks) / max(Self.median(parsePeaks), 1) }
    /// mvlint's time beyond the parse, per file: flat from size to size when nothing grows faster than the project.
    var ownWorkPerFile: Double { ((lint.min() ?? 0) - (parallel.min() ?? 0)) / Double(max(files, 1)) }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// The cold targets at every size in one table: generated projects of the sizes asked for, and real apps linted
/// together, each measured as `compare` does, with the size of the cache a run writes.
enum ScaleSeries {
    static func run(sizes: [Int], apps: [URL], work: URL, mvlint: String, repeats: Int) throws {
        var folders: [(name: String, folder: URL)] = []
        for size in sizes {
            folders.append(("generated", try generated(size, in: work)))
        }
        folders += apps.map { ($0.lastPathComponent, $0) }
        // Every folder's files found before the table starts: a mistyped folder is one message, not half a table.
        let filesOfFolders = folders.map { swiftFilesOrExit(in: $0.folder) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("best of \(repeats), \(cores) cores; (a) the bare parse and walk, (b) `mvlint lint --no-cache`, peak RSS the largest of the runs")
        print("| project | files | lines | (a) | (b) | b/a | peak (a) | peak (b) | b/a | own work a file | cache a file |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for ((name, folder), files) in zip(folders, filesOfFolders) {
            let comparison = Comparison.measure(folder, files: files.count, mvlint: mvlint, repeats: repeats)
            let cacheBytes = cacheSize(of: folder, mvlint: mvlint, scratch: work)
            print(String(format: "| %@ | %d | %d | %.3f s | %.3f s | %.2f | %.0f MiB | %.0f MiB | %.2f | %.2f ms | %d B |",
                         name, files.count, lineCount(files), comparison.parallel.min() ?? 0, comparison.lint.min() ?? 0,
                         comparison.timeRatio, comparison.parsePeaks.max() ?? 0, comparison.peaks.max() ?? 0,
                         comparison.peakRatio, comparison.ownWorkPerFile * 1000, cacheBytes / max(files.count, 1)))
        }
    }

    /// WORK/generated-N, written when it does not hold N Swift files yet: the generator is deterministic, so a folder
    /// written once serves every later series.
    private static func generated(_ size: Int, in work: URL) throws -> URL {
        let folder = work.appendingPathComponent("generated-\(size)")
        if swiftFiles(in: folder).count != size {
            try? FileManager.default.removeItem(at: folder)
            try CorpusGenerator.write(files: size, to: folder)
        }
        return folder
    }

    /// The bytes of the cache one run writes from nothing (what a warm run reads back).
    private static func cacheSize(of folder: URL, mvlint: String, scratch: URL) -> Int {
        let cache = scratch.appendingPathComponent("mvlint-bench-scale-cache-\(getpid())")
        try? FileManager.default.removeItem(at: cache)
        defer { try? FileManager.default.removeItem(at: cache) }
        _ = spawn([mvlint, "lint", folder.path, "--quiet", "--format", "json", "--profile", "mv", "--cache-path", cache.path])
        let written = (try? FileManager.default.contentsOfDirectory(at: cache, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return written.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }
}
