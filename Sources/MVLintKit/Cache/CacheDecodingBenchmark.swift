public import Foundation

/// For `mvlint-bench decode`: how fast the cache's records decode, the cost a run pays for every unchanged file
/// when one file changed. Internal types stay internal; this is the one door the benchmark needs.
public enum CacheDecodingBenchmark {
    /// Decodes every record of the cache file `file` (written by any build of this format: its own header line is
    /// taken as the expected one) `repeats` times, serially; nil when the file is not a readable cache.
    /// Returns the records, their payload bytes, and the best time of one pass over all of them.
    public static func decodeEveryRecord(of file: URL, repeats: Int) -> (records: Int, bytes: Int, seconds: Double)? {
        guard let data = FileManager.default.contents(atPath: file.path), let newline = data.firstIndex(of: UInt8(ascii: "\n")),
              let header = String(data: data[..<(newline + 1)], encoding: .utf8) else { return nil }
        let cache = AnalysisCache.load(from: file, header: header)
        let records = Array(cache.records.values)
        guard !records.isEmpty else { return nil }
        var best = Double.infinity
        for _ in 0..<max(repeats, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            guard records.allSatisfy({ cache.entry(of: $0) != nil }) else { return nil }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return (records.count, records.reduce(0) { $0 + $1.payload.count }, best)
    }
}
