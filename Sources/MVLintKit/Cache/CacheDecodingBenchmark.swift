#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// For `mvlint-bench decode`: how fast the cache's records decode, the cost a run pays for every unchanged file
/// when one file changed, and where their bytes go. Internal types stay internal; this is the one door the
/// benchmark needs.
public enum CacheDecodingBenchmark {
    /// Decodes every record of the cache file `file` (written by any build of this format: its own header line is
    /// taken as the expected one) `repeats` times, serially; nil when the file is not a readable cache.
    /// Returns the records, their payload bytes, and the best time of one pass over all of them.
    public static func decodeEveryRecord(of file: URL, repeats: Int) -> (records: Int, bytes: Int, seconds: Double)? {
        guard let cache = load(file) else { return nil }
        let records = Array(cache.records.values)
        var best = Double.infinity
        for _ in 0..<max(repeats, 1) {
            let start = SystemCalls.monotonicNanoseconds()
            guard records.allSatisfy({ cache.entry(of: $0) != nil }) else { return nil }
            best = min(best, Double(SystemCalls.monotonicNanoseconds() - start) / 1e9)
        }
        return (records.count, records.reduce(0) { $0 + $1.payload.count }, best)
    }

    /// The records' payload bytes by field, summed over every record, `depth` stored properties deep (array
    /// elements count as their array's level): a field's bytes include its children's. Strings count their index
    /// where they are used; the string tables, which hold each distinct string of a record once, are the row
    /// `(string table)`, and each string's bytes there count again, in a row `(strings) FIELD`, under the field that
    /// used it first. The row `(one string table for the cache)` is what the tables' strings would take held once for
    /// all records; it counts the strings the tally reaches, so it needs a `depth` that reaches them all (12 does).
    /// Nil when the file is not a readable cache.
    public static func bytesByField(of file: URL, depth: Int) -> [(field: String, bytes: Int)]? {
        guard let cache = load(file) else { return nil }
        var bytes: [String: Int] = [:]
        var distinct: Set<String> = []
        for record in cache.records.values {
            guard let entry = cache.entry(of: record) else { return nil }
            var tabled: Set<String> = []
            let valueBytes = tally(entry, field: "entry", depth: depth, tabled: &tabled, into: &bytes)
            bytes["(string table)", default: 0] += record.payload.count - valueBytes
            distinct.formUnion(tabled)
        }
        bytes["(one string table for the cache)"] = distinct.reduce(0) { $0 + tabledByteCount($1) }
        return bytes.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { (field: $0.key, bytes: $0.value) }
    }

    /// A string's bytes in a string table: its length, then its UTF-8.
    private static func tabledByteCount(_ string: String) -> Int {
        var length: [UInt8] = []
        appendVarint(UInt64(string.utf8.count), to: &length)
        return length.count + string.utf8.count
    }

    /// For `mvlint-bench edits`: how the answers the last run kept in the cache file `kept` (after an edit, moved or
    /// judged again) differ from those a run that built the project kept in `built`, a cache of one run of the same
    /// files; nil when they are the same.
    public static func keptAnswersDiffer(kept: URL, built: URL) -> String? {
        guard let built = load(built), let key = built.memos.first?.key, let buildsAnswers = built.runResult(for: key)?.answers else {
            return "the build kept no answers"
        }
        guard let keptResult = load(kept)?.runResult(for: key) else { return "no result stored under the build's key" }
        guard let keptAnswers = keptResult.answers else { return "no answers kept" }
        guard keptAnswers != buildsAnswers else { return nil }
        return "the answers differ (\(keptAnswers.count) bytes against \(buildsAnswers.count))"
    }

    private static func load(_ file: URL) -> AnalysisCache? {
        guard let data = FileManager.default.contents(atPath: file.path), let newline = data.firstIndex(of: UInt8(ascii: "\n")),
              let header = String(data: data[..<(newline + 1)], encoding: .utf8) else { return nil }
        let cache = AnalysisCache.load(from: file, header: header)
        return cache.records.isEmpty ? nil : cache
    }

    /// Adds `value`'s bytes (without a string table) under `field` and its stored properties' under theirs; returns
    /// `value`'s.
    @discardableResult
    private static func tally(_ value: Any, field: String, depth: Int, tabled: inout Set<String>, into bytes: inout [String: Int]) -> Int {
        guard let codable = value as? any BinaryCodable else { return 0 }
        if let string = value as? String, tabled.insert(string).inserted {
            bytes["(strings) " + field, default: 0] += tabledByteCount(string)
        }
        var writer = FactWriter()
        writer.write(codable)
        let own = writer.valueByteCount
        bytes[field, default: 0] += own
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?, .set?:
            for element in mirror.children { tally(element.value, field: field + "[]", depth: depth, tabled: &tabled, into: &bytes) }
        case .optional?:
            for wrapped in mirror.children { tally(wrapped.value, field: field + "?", depth: depth, tabled: &tabled, into: &bytes) }
        case .struct? where depth > 0:
            for property in mirror.children {
                tally(property.value, field: field + "." + (property.label ?? "?"), depth: depth - 1, tabled: &tabled, into: &bytes)
            }
        default: break
        }
        return own
    }
}
