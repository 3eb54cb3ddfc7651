#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-file analyses of earlier runs, so an unchanged file skips the parse. An entry is reused only when the
/// file's content and everything else that shapes its analysis (tool version, rules with their options and
/// severities, the file's target settings, its path) hash the same; project rules always run again on the
/// facts, so a warm run reports exactly what a cold one does. A file whose size and modification time are those
/// the record was made with is not even read: the content digest stays the key, the stamp only vouches for it.
///
/// The file is a header line, then one record per file: its path (front-coded), when a run last used it, its digests and stamp, a
/// checksum of the payload in a small binary frame, and the analysis as `FactWriter` writes it; then the results of
/// the last few whole runs (`RunMemo`), each keyed on everything its findings were made from, so a run in which
/// nothing changed decodes none of the records; then the settings read from the last few sets of project files with
/// the probes they were read with (`ProjectSettingsMemo`), so an unchanged `Package.swift` or `project.pbxproj` is not
/// parsed again. The file is mapped, not read: a load walks the frames and keeps only
/// the records of the files being linted; a file's payload is decoded only when that file is linted, on the worker
/// that lints it. Records of other files are carried over on save without being decoded, and the file is kept under
/// `byteLimit` by dropping the records used longest ago.
struct AnalysisCache: Sendable {
    /// What one file's analysis keeps once its syntax tree is gone. Its facts' `path` is stored empty: the record's
    /// context digest covers the path the file is shown as, so `analysis(of:path:)` puts it back.
    struct Entry: Codable, Sendable {
        var facts: FileFacts
        var candidates: [LocatedCandidate]
        var suppressions: SuppressionMap
        var parseError: ParseProblem?
    }

    struct Record: Sendable {
        var context: SourceDigest
        var content: SourceDigest
        /// The file's size and modification time when `content` was read; nil when they cannot vouch for it.
        var stamp: FileStamp?
        /// `Entry` as `FactWriter` writes it.
        let payload: Data
        /// Of `payload`: a damaged record decodes to nothing rather than to wrong facts.
        let checksum: SourceDigest
        /// Seconds since 1970 of the last save by a run that linted the file: what eviction goes by.
        var lastUsed: UInt64 = 0

        init(context: SourceDigest, content: SourceDigest, stamp: FileStamp?, payload: Data,
             checksum: SourceDigest? = nil, lastUsed: UInt64 = 0) {
            self.context = context
            self.content = content
            self.stamp = stamp
            self.payload = payload
            self.checksum = checksum ?? SourceDigest(checksumOf: payload)
            self.lastUsed = lastUsed
        }

        /// At most what the record takes in the file (its frame's eleven numbers at 8 bytes each; the varints of
        /// real sizes, times and lengths take fewer): eviction counts these against `byteLimit`.
        func byteCount(path: String) -> Int { path.utf8.count + payload.count + 8 * 11 }
    }

    /// A whole run's result: its findings and, when the profile was detected, what detection said. Stored under
    /// the digest of all the run's inputs (`Linter.runKey`): every file's record digests in order, the rules and
    /// their configuration, the profile asked for, the layers. A run whose key matches reports these findings
    /// without decoding a record or building the project; any change makes a different key. The project rules'
    /// findings before suppression and the types that are views let the next run, when one file changed but not the
    /// shape of its facts, move that file's findings instead of building the project (`ProjectFindingRelocation`).
    struct RunResult: Codable, Sendable {
        var findings: [Finding]
        var detection: ProfileDetection?
        var project: ProjectOutcome
        /// `KeptAnswers` as `FactWriter` writes it, read only by a run after one file changed; nil when the run could
        /// not keep them.
        var answers: Data?
    }

    struct RunMemo: Sendable {
        var key: SourceDigest
        /// `RunResult` as `FactWriter` writes it.
        let payload: Data
        let checksum: SourceDigest
        var lastUsed: UInt64 = 0

        init(key: SourceDigest, payload: Data, checksum: SourceDigest? = nil, lastUsed: UInt64 = 0) {
            self.key = key
            self.payload = payload
            self.checksum = checksum ?? SourceDigest(checksumOf: payload)
            self.lastUsed = lastUsed
        }
    }

    /// One set of project files' settings, keyed by the files (`ProjectSettingsMemo.key`), as `FactWriter` writes it.
    struct StoredSettings: Sendable {
        var key: String
        let payload: Data
        let checksum: SourceDigest
    }

    /// How many run results (and sets of project settings) a file keeps (linting the project, a folder of it, with another profile...): the
    /// most recently made or used.
    static let memoLimit = 4

    /// The most a cache file holds (64 MB, a few large apps at 10–30 KB per file); a save over it drops the
    /// records used longest ago, so a file stays small enough to load in a blink whatever was linted before.
    static let byteLimit = 64 << 20

    /// The first line of a cache file: anything else (another tool's file, another format or mvlint version)
    /// makes the file count as absent, as does a damaged or truncated frame.
    static let header = "MVLINT-ANALYSIS-CACHE format 16 mvlint \(MVLintVersion.current) build \(buildIdentity)\n"

    /// The running executable's size and modification time: a rebuilt mvlint may analyse differently under
    /// the same version number (every development build does), so its cache must not be replayed.
    static let buildIdentity: String = {
        guard let executable = SystemCalls.executablePath(), let stamp = FileStamp(ofFileAt: executable) else { return "unknown" }
        return "\(stamp.size)-\(stamp.modified / 1_000_000)"
    }()

    let file: URL
    /// Of the files being linted, by absolute path.
    private(set) var records: [String: Record]
    /// Of files this run does not lint: written back as they were read, never decoded.
    private(set) var otherFilesRecords: [String: Record]
    /// Results of earlier runs, the most recently used first.
    private(set) var memos: [RunMemo]
    /// Settings of earlier runs' project files, the most recently read first.
    private(set) var storedSettings: [StoredSettings] = []

    init(file: URL, records: [String: Record] = [:], otherFilesRecords: [String: Record] = [:], memos: [RunMemo] = []) {
        self.file = file
        self.records = records
        self.otherFilesRecords = otherFilesRecords
        self.memos = memos
    }

    /// The cache at `file`, or an empty one when it is missing, foreign, stale or damaged: never trusted blindly.
    /// `linted` are the absolute paths of the run's files (nil: every record counts as linted). `header` is the
    /// running build's; tests that read what the `mvlint` binary wrote pass that build's.
    static func load(from file: URL, linted: Set<String>? = nil, header: String = Self.header) -> AnalysisCache {
        let headerBytes = Data(header.utf8)
        // Mapped, so the pages of records no one decodes are never read into memory.
        guard let data = try? Data(contentsOf: file, options: .alwaysMapped), data.starts(with: headerBytes) else {
            return AnalysisCache(file: file)
        }
        // Read through the mapped bytes: `Data`'s own subscript, taken for every byte of every record's numbers and
        // digests, was most of this step.
        return data.withUnsafeBytes { raw in
            var reader = FrameReader(data: data, raw: raw, offset: headerBytes.count)
            return read(file: file, from: &reader, linted: linted)
        }
    }

    /// The cache's records, results and settings after the header, or an empty cache when any is cut short or damaged.
    private static func read(file: URL, from reader: inout FrameReader, linted: Set<String>?) -> AnalysisCache {
        var cache = AnalysisCache(file: file)
        guard let recordCount = reader.integer(), recordCount <= UInt64(reader.count) else { return AnalysisCache(file: file) }
        // Most records are of the files being linted: made at its size, the table is not hashed again as it grows.
        cache.records.reserveCapacity(Int(recordCount))
        var previousPath: [UInt8] = []
        for _ in 0..<recordCount {
            guard let path = reader.path(after: &previousPath), let lastUsed = reader.integer(), let context = reader.digest(),
                  let content = reader.digest(), let stamp = reader.stamp(), let checksum = reader.digest(),
                  let payload = reader.bytes() else { return AnalysisCache(file: file) }
            let record = Record(context: context, content: content, stamp: stamp, payload: payload, checksum: checksum, lastUsed: lastUsed)
            if linted?.contains(path) ?? true { cache.records[path] = record } else { cache.otherFilesRecords[path] = record }
        }
        guard let memoCount = reader.integer(), memoCount <= UInt64(Self.memoLimit) else { return AnalysisCache(file: file) }
        for _ in 0..<memoCount {
            guard let key = reader.digest(), let lastUsed = reader.integer(), let checksum = reader.digest(),
                  let payload = reader.bytes() else { return AnalysisCache(file: file) }
            cache.memos.append(RunMemo(key: key, payload: payload, checksum: checksum, lastUsed: lastUsed))
        }
        guard let settingsCount = reader.integer(), settingsCount <= UInt64(Self.memoLimit) else { return AnalysisCache(file: file) }
        for _ in 0..<settingsCount {
            guard let key = reader.string(), let checksum = reader.digest(), let payload = reader.bytes() else { return AnalysisCache(file: file) }
            cache.storedSettings.append(StoredSettings(key: key, payload: payload, checksum: checksum))
        }
        guard reader.isAtEnd else { return AnalysisCache(file: file) }
        return cache
    }

    /// The analysis stored in `record`, shown as `path`, or nil when its payload is damaged or no longer decodes.
    /// It has no text: `AnalysedSource.text(workingDirectory:)` reads it if a report needs it.
    func analysis(of record: Record, path: String) -> FileAnalysis? {
        guard var entry = entry(of: record) else { return nil }
        entry.facts.path = path
        return FileAnalysis(path: path, facts: entry.facts, candidates: entry.candidates, suppressions: entry.suppressions,
                            parseError: entry.parseError, sourceDigest: record.content, text: nil)
    }

    /// The record of a fresh analysis; nil if the file was over its budget (then the file is simply not cached: a
    /// timeout depends on the machine's load, and the other checks cost little).
    func record(for analysis: FileAnalysis, context: SourceDigest, stamp: FileStamp?) -> Record? {
        guard analysis.budgetProblem == nil else { return nil }
        var entry = Entry(facts: analysis.facts, candidates: analysis.candidates, suppressions: analysis.suppressions,
                          parseError: analysis.parseError)
        entry.facts.path = ""
        return Record(context: context, content: analysis.sourceDigest, stamp: stamp, payload: FactWriter.payload(of: entry))
    }

    /// A record's entry, or nil when the payload is damaged or no longer decodes.
    func entry(of record: Record) -> Entry? {
        guard SourceDigest(checksumOf: record.payload) == record.checksum else { return nil }
        return try? FactReader.decode(Entry.self, from: record.payload)
    }

    /// A record's facts alone, at `path`: what a small project needs of a file (`ChangedFileJudgement`).
    func facts(of record: Record, path: String) -> FileFacts? {
        guard SourceDigest(checksumOf: record.payload) == record.checksum,
              var facts = try? FactReader.decodeFirst(FileFacts.self, from: record.payload) else { return nil }
        facts.path = path
        return facts
    }

    /// The decoded entry stored for a path, whatever its digests.
    func entry(at absolutePath: String) -> Entry? { records[absolutePath].flatMap(entry(of:)) }

    /// Whether a result is stored under `key`, not decoding it (it may still turn out damaged).
    func hasRunResult(for key: SourceDigest) -> Bool { memos.contains { $0.key == key } }

    /// The result of an earlier run with exactly these inputs, or nil (none, or damaged).
    func runResult(for key: SourceDigest) -> RunResult? {
        guard let memo = memos.first(where: { $0.key == key }), SourceDigest(checksumOf: memo.payload) == memo.checksum else { return nil }
        return try? FactReader.decode(RunResult.self, from: memo.payload)
    }

    /// The project settings stored for these files, or nil (none, or damaged). Whether they still hold is the
    /// loader's question (`ProjectFileReads.stillHold`).
    func settingsMemo(for key: String) -> ProjectSettingsMemo? {
        guard let stored = storedSettings.first(where: { $0.key == key }), SourceDigest(checksumOf: stored.payload) == stored.checksum else { return nil }
        return try? FactReader.decode(ProjectSettingsMemo.self, from: stored.payload)
    }

    /// The memo of this run's result, to pass to `save`.
    func memo(of result: RunResult, key: SourceDigest) -> RunMemo { RunMemo(key: key, payload: FactWriter.payload(of: result)) }

    /// The records part of a save, made before the run's result is known (`Linter` makes it on another core while
    /// the project is built, which otherwise leaves that core idle): which records stay, stamped as used now, and,
    /// when they changed, their bytes as written when they all fit.
    struct PendingRecords: Sendable {
        fileprivate var kept: [String: Record]
        /// Fresh records, or some dropped: the file's records are no longer the stored ones.
        fileprivate var changed: Bool
        fileprivate var runTime: UInt64
        fileprivate var byteCount: Int
        fileprivate var section: [UInt8]?
    }

    func pendingRecords(fresh: [String: Record], now: Date = Date()) -> PendingRecords {
        let runTime = UInt64(max(0, now.timeIntervalSince1970))
        // One pass over each table, each path looked up where it must be: merging, filtering and stamping the tables
        // whole hashed every path six times, and this runs beside the decoding of a one-change run.
        var kept: [String: Record] = [:]
        kept.reserveCapacity(records.count + otherFilesRecords.count + fresh.count)
        var byteCount = 0
        func keep(_ path: String, _ record: Record) {
            kept[path] = record
            byteCount += record.byteCount(path: path)
        }
        // This run's files count as used now.
        for (path, var record) in fresh {
            record.lastUsed = runTime
            keep(path, record)
        }
        for (path, var record) in records where fresh[path] == nil {
            record.lastUsed = runTime
            keep(path, record)
        }
        // The linted files were just found on disk; only the others' records may be of files since deleted.
        var dropped = false
        for (path, record) in otherFilesRecords where records[path] == nil && fresh[path] == nil {
            if FileManager.default.fileExists(atPath: path) { keep(path, record) } else { dropped = true }
        }
        let changed = !fresh.isEmpty || dropped
        // Written ahead only when a save will write them: an unchanged run's records are not.
        return PendingRecords(kept: kept, changed: changed, runTime: runTime, byteCount: byteCount,
                              section: changed ? Self.recordSection(kept, byteCount: byteCount) : nil)
    }

    /// Stores the pending records and this run's memo (first, before the others kept up to `memoLimit`), keeping
    /// within `byteLimit` the records used most recently (this run's files count as used now), then replaces the
    /// file atomically; `pendingRecords` dropped those of files that no longer exist. Writes nothing when nothing
    /// changed. A cache that cannot be written only costs speed, so failures are silent.
    func save(_ pending: PendingRecords, memo: RunMemo?, settings: ProjectSettingsMemo?, byteLimit: Int = Self.byteLimit) {
        let memoIsNew = memo.map { memo in !memos.contains { $0.key == memo.key } } ?? false
        let newSettings = settings.map { settings in
            let payload = FactWriter.payload(of: settings)
            return StoredSettings(key: settings.key, payload: payload, checksum: SourceDigest(checksumOf: payload))
        }
        guard pending.changed || memoIsNew || newSettings != nil else { return }
        var keptMemos = memos.filter { $0.key != memo?.key }
        if var memo {
            memo.lastUsed = pending.runTime
            keptMemos.insert(memo, at: 0)
        }
        keptMemos = Array(keptMemos.prefix(Self.memoLimit))
        let keptSettings = Array(([newSettings].compactMap { $0 } + storedSettings.filter { $0.key != newSettings?.key }).prefix(Self.memoLimit))
        let header = Array(Self.header.utf8)
        // The record, memo and settings counts, each memo's key, time, checksum and length, and the stored settings come
        // off the limit first.
        let memoBytes: Int = keptMemos.reduce(8 * 3) { $0 + $1.payload.count + 8 * 6 }
        let settingsBytes: Int = keptSettings.reduce(0) { $0 + $1.key.utf8.count + $1.payload.count + 8 * 4 }
        let recordLimit = byteLimit - header.count - memoBytes - settingsBytes
        let section = pending.byteCount <= recordLimit
            ? pending.section ?? Self.recordSection(pending.kept, byteCount: pending.byteCount)
            : Self.recordSection(Self.newestFitting(pending.kept, byteLimit: recordLimit), byteCount: recordLimit)
        // The records' section is written as it is, after the header and before the rest: copied into one buffer, a
        // large app's megabytes were a third of a save.
        var writer = FrameWriter(output: [])
        writer.output.reserveCapacity(memoBytes + settingsBytes)
        writer.integer(UInt64(keptMemos.count))
        for memo in keptMemos {
            writer.digest(memo.key)
            writer.integer(memo.lastUsed)
            writer.digest(memo.checksum)
            writer.bytes(memo.payload)
        }
        writer.integer(UInt64(keptSettings.count))
        for settings in keptSettings {
            writer.string(settings.key)
            writer.digest(settings.checksum)
            writer.bytes(settings.payload)
        }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        header.withUnsafeBytes { header in
            section.withUnsafeBytes { section in writer.output.withUnsafeBytes { rest in Self.replace(file, with: [header, section, rest]) } }
        }
    }

    /// Replaces `file` by a temporary file written whole (its `parts` one after the other) in its folder, so a reader finds the old cache, the new
    /// one or none, never part of one. Not synced to the disk, as `Data.write(options: .atomic)` is, and the old file
    /// is removed before the rename rather than renamed over, which ext4 answers by writing the new file out at once:
    /// the two were two thirds of a save's time on a large app. A reader that finds no cache in between, or a
    /// cache a crash cut short (its frames no longer check out), only loses a run's speed.
    private static func replace(_ file: URL, with parts: [UnsafeRawBufferPointer]) {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let complete = parts.allSatisfy { SystemCalls.writeAll($0, to: descriptor) }
        let closed = close(descriptor) == 0
        guard closed, complete else {
            unlink(temporary)
            return
        }
        unlink(file.path)
        if rename(temporary, file.path) != 0 { unlink(temporary) }
    }

    /// The records' part of a cache file: their count, then each in path order.
    private static func recordSection(_ records: [String: Record], byteCount: Int) -> [UInt8] {
        var writer = FrameWriter(output: [])
        writer.output.reserveCapacity(byteCount + 16)
        writer.integer(UInt64(records.count))
        var previousPath: [UInt8] = []
        for (path, record) in records.sorted(by: { $0.key < $1.key }) {
            writer.path(path, after: &previousPath)
            writer.integer(record.lastUsed)
            writer.digest(record.context)
            writer.digest(record.content)
            writer.stamp(record.stamp)
            writer.digest(record.checksum)
            writer.bytes(record.payload)
        }
        return writer.output
    }

    /// The records used most recently that fit in `byteLimit` (ties by path, so the choice is the same every run).
    private static func newestFitting(_ records: [String: Record], byteLimit: Int) -> [String: Record] {
        var remaining = byteLimit
        var fitting: [String: Record] = [:]
        for (path, record) in records.sorted(by: { ($0.value.lastUsed, $1.key) > ($1.value.lastUsed, $0.key) }) {
            let size = record.byteCount(path: path)
            guard size <= remaining else { break }
            remaining -= size
            fitting[path] = record
        }
        return fitting
    }

    /// Where a project's cache lives: `--cache-path DIR`, else the user's cache folder (`$XDG_CACHE_HOME/mvlint`,
    /// `~/.cache/mvlint` on Linux, `~/Library/Caches/mvlint` on macOS). One file per project root, named after it.
    static func file(forProjectAt root: URL, cacheFolder: URL?, environment: [String: String]) -> URL {
        let folder = cacheFolder ?? defaultFolder(environment: environment)
        let rootPath = root.standardizedFileURL.path
        let name = root.standardizedFileURL.lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return folder.appendingPathComponent("\(name.isEmpty ? "root" : name)-\(String(SourceDigest.fnv1a(rootPath), radix: 16)).cache")
    }

    private static func defaultFolder(environment: [String: String]) -> URL {
        if let configured = environment["XDG_CACHE_HOME"], configured.hasPrefix("/") {
            return URL(fileURLWithPath: configured).appendingPathComponent("mvlint")
        }
        let home = FileManager.default.homeDirectoryForCurrentUser
        #if os(macOS)
        return home.appendingPathComponent("Library/Caches/mvlint")
        #else
        return home.appendingPathComponent(".cache/mvlint")
        #endif
    }
}

/// Length-prefixed frames: counts, lengths, sizes and times as LEB128 varints, digests' hashes as their 8
/// little-endian bytes (random bits, which a varint would only lengthen).
/// Bytes, not `Data`: appending a byte at a time to `Data` was most of a save.
private struct FrameWriter {
    var output: [UInt8]

    mutating func integer(_ value: UInt64) { appendVarint(value, to: &output) }

    mutating func bytes(_ slice: some Collection<UInt8>) {
        integer(UInt64(slice.count))
        output.append(contentsOf: slice)
    }

    mutating func string(_ text: String) { bytes(text.utf8) }

    /// A record's path, front-coded: how many leading bytes it shares with the previous record's (records are
    /// written sorted by path, so most of a folder's), then the rest.
    mutating func path(_ path: String, after previous: inout [UInt8]) {
        let pathBytes = Array(path.utf8)
        let shared = zip(pathBytes, previous).prefix { $0 == $1 }.count
        integer(UInt64(shared))
        bytes(pathBytes[shared...])
        previous = pathBytes
    }

    mutating func digest(_ digest: SourceDigest) {
        integer(UInt64(digest.byteCount))
        withUnsafeBytes(of: digest.hash.littleEndian) { output.append(contentsOf: $0) }
    }

    /// A missing stamp is written as size `UInt64.max`, which no file has.
    mutating func stamp(_ stamp: FileStamp?) {
        integer(stamp.map { UInt64($0.size) } ?? .max)
        integer(UInt64(bitPattern: stamp?.modified ?? 0))
    }
}

/// Reads what `FrameWriter` wrote, from the file's bytes (`raw`, valid while `Data.withUnsafeBytes` runs), handing
/// out payloads as slices of `data`; nil for anything cut short or out of bounds.
private struct FrameReader {
    let data: Data
    let raw: UnsafeRawBufferPointer
    /// From the start of `raw`.
    var offset: Int

    init(data: Data, raw: UnsafeRawBufferPointer, offset: Int) {
        self.data = data
        self.raw = raw
        self.offset = offset
    }

    var count: Int { raw.count }
    var isAtEnd: Bool { offset >= raw.count }

    mutating func integer() -> UInt64? { varint(in: raw, at: &offset) }

    /// The range of the next length-prefixed run of bytes, which the reader steps over.
    private mutating func span() -> Range<Int>? {
        guard let count = integer(), count <= UInt64(raw.count - offset) else { return nil }
        defer { offset += Int(count) }
        return offset..<offset + Int(count)
    }

    mutating func bytes() -> Data? {
        // A slice shares the mapped file's pages instead of copying them.
        span().map { data[data.startIndex + $0.lowerBound..<data.startIndex + $0.upperBound] }
    }

    mutating func string() -> String? { bytes().flatMap { String(data: $0, encoding: .utf8) } }

    /// What `FrameWriter.path(_:after:)` wrote.
    mutating func path(after previous: inout [UInt8]) -> String? {
        guard let shared = integer(), shared <= UInt64(previous.count), let rest = span() else { return nil }
        previous.removeSubrange(Int(shared)...)
        previous.append(contentsOf: raw[rest])
        // The standard library's check, not Foundation's `String(bytes:encoding:)`, which cost four times as much.
        return String(validating: previous, as: UTF8.self)
    }

    mutating func digest() -> SourceDigest? {
        guard let count = integer(), count <= UInt64(Int.max), raw.count - offset >= 8 else { return nil }
        // Written least significant byte first.
        let hash = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
        return SourceDigest(byteCount: Int(count), hash: hash)
    }

    /// `.some(nil)` for a record written without a stamp, nil when cut short.
    mutating func stamp() -> FileStamp?? {
        guard let size = integer(), let modified = integer() else { return nil }
        guard size <= UInt64(Int64.max) else { return .some(nil) }
        return FileStamp(size: Int64(size), modified: Int64(bitPattern: modified))
    }
}

extension FileBudget {
    /// The limits that decide whether a file is analysed at all (a timed-out file is never cached).
    var cacheContext: String {
        "budget:\(maxBytes),\(maxLineLength),\(maxNesting),\(maxBracketRun),\(maxTokens)"
    }
}

extension RuleSelection {
    /// Everything about the rules that can change one file's analysis, in a fixed order.
    var cacheContext: String {
        let options = self.options.keys.sorted().map { id in
            id + ":" + (self.options[id]?.values ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        }
        let severities = self.severities.keys.sorted().map { "\($0)=\(self.severities[$0]?.rawValue ?? "")" }
        return ([MVLintVersion.current] + options + severities).joined(separator: ";")
    }
}

extension TargetSettings {
    /// The settings as text in a fixed order (dictionaries print in a random one).
    var cacheContext: String {
        let targets = deploymentTargets.keys.map(\.rawValue).sorted().map { name in
            "\(name)=\(Platform(rawValue: name).flatMap { deploymentTargets[$0] }?.description ?? "")"
        }
        return [name, targets.joined(separator: ","), swiftLanguageMode?.description ?? "-", swiftToolsVersion?.description ?? "-",
                "\(defaultIsolationIsMainActor)"].joined(separator: ";")
    }
}
