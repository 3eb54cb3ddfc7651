import CorpusGenerator
import Foundation
import XCTest
@testable import MVLintKit

/// The per-file analysis cache: a warm run reports exactly what a cold one does, entries are reused only for
/// the same content in the same context, and a damaged cache file is ignored and rewritten.
final class CacheTests: XCTestCase {
    private static let row = """
        import SwiftUI

        struct Row: View {
            var body: some View {
                Text("one").foregroundColor(.red)
            }
        }

        """

    private struct Scratch {
        let folder: TemporaryFolder
        var cacheFile: URL { folder.url.appendingPathComponent("cache/project.cache") }
        var rowPath: String { folder.url.appendingPathComponent("Row.swift").standardizedFileURL.path }

        init() throws {
            folder = try TemporaryFolder()
            try folder.write("Row.swift", CacheTests.row)
        }

        func lint(_ configure: (inout Configuration) -> Void = { _ in }) -> [Finding] { run(configure).findings }

        func run(_ configure: (inout Configuration) -> Void = { _ in }) -> Linter.Outcome {
            var configuration = Configuration(rootDirectory: folder.url)
            configure(&configuration)
            return Linter.run(Linter.Request(paths: ["."], workingDirectory: folder.url, configuration: configuration,
                                             cacheFile: cacheFile))
        }

        /// Dates the row an hour back, old enough for its stamp to vouch for its content.
        func ageRow() throws {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: rowPath)
        }

        /// Gives the row the modification time of `stamp`, to the nanosecond.
        func setRowModified(as stamp: FileStamp) {
            let time = timespec(tv_sec: Int(stamp.modified / 1_000_000_000), tv_nsec: Int(stamp.modified % 1_000_000_000))
            XCTAssertEqual(utimensat(AT_FDCWD, rowPath, [time, time], 0), 0)
        }

        /// Replaces the cached candidates' messages, so a run that reuses the entry shows it.
        func markCachedEntries() throws {
            let cache = AnalysisCache.load(from: cacheFile)
            XCTAssertEqual(cache.records.count, 1)
            let records = try cache.records.mapValues { record in
                var entry = try XCTUnwrap(cache.entry(of: record))
                for index in entry.candidates.indices { entry.candidates[index].message = "from the cache" }
                return AnalysisCache.Record(context: record.context, content: record.content, stamp: record.stamp,
                                            payload: FactWriter.payload(of: entry))
            }
            cache.save(fresh: records)
        }
    }

    /// `mvlint-bench decode --fields`: two files with one text have one string table twice over, so one table for the
    /// cache would hold it once. Fails when the tally misses a string a record's table holds.
    func testTheBytesByFieldCountEveryStringOfTheTablesOnceForTheWholeCache() throws {
        let scratch = try Scratch()
        try scratch.folder.write("Copy.swift", CacheTests.row)
        _ = scratch.run()
        let fields = try XCTUnwrap(CacheDecodingBenchmark.bytesByField(of: scratch.cacheFile, depth: 12))
        let bytes = Dictionary(uniqueKeysWithValues: fields.map { ($0.field, $0.bytes) })
        let tables = try XCTUnwrap(bytes["(string table)"]), shared = try XCTUnwrap(bytes["(one string table for the cache)"])
        // Each record's table starts with its count of strings, a byte here; the rest is the strings, the same in both.
        XCTAssertGreaterThan(shared, 20)
        XCTAssertEqual(shared, (tables - 2) / 2, "\(fields)")
    }

    func testEntryIsReusedOnlyForTheSameContentRulesAndSettings() throws {
        let scratch = try Scratch()
        let cold = scratch.lint().map(\.message)
        XCTAssertEqual(cold.count, 1)
        try scratch.markCachedEntries()
        XCTAssertEqual(scratch.lint().map(\.message), ["from the cache"])

        try scratch.markCachedEntries()
        XCTAssertEqual(scratch.lint { $0.severities["foreground-color"] = .error }.map(\.message), cold, "another severity")
        try scratch.markCachedEntries()
        XCTAssertEqual(scratch.lint { $0.disabledRules = ["view-member-order"] }.map(\.message), cold, "another rule set")
        try scratch.markCachedEntries()
        XCTAssertEqual(scratch.lint { $0.deploymentTargets = [.iOS: Version(15)] }.map(\.message), cold, "other target settings")
        try scratch.markCachedEntries()
        try scratch.folder.write("Row.swift", Self.row + "// edited\n")
        XCTAssertEqual(scratch.lint().map(\.message), cold, "other content")
        XCTAssertEqual(AnalysisCache.load(from: scratch.cacheFile).entry(at: scratch.rowPath)?.candidates.map(\.message), cold,
                       "the fresh analysis replaces the stale entry")
    }

    func testAFileWhoseStampMatchesIsNotReadAndAnyOtherIsHashed() throws {
        let scratch = try Scratch()
        try scratch.ageRow()
        let cold = scratch.run()
        XCTAssertNil(cold.analyses.first?.text, "an analysed file's text is not kept")
        let stamp = try XCTUnwrap(AnalysisCache.load(from: scratch.cacheFile).records[scratch.rowPath]?.stamp)
        XCTAssertEqual(stamp, FileStamp(ofFileAt: scratch.rowPath))
        let warm = scratch.run()
        XCTAssertEqual(warm.findings, cold.findings)

        // Not read: content of the same size written under the same stamp goes unnoticed.
        try scratch.markCachedEntries()
        let sameSize = Self.row.replacingOccurrences(of: "\"one\"", with: "\"two\"")
        try scratch.folder.write("Row.swift", sameSize)
        scratch.setRowModified(as: stamp)
        XCTAssertEqual(FileStamp(ofFileAt: scratch.rowPath), stamp)
        XCTAssertEqual(scratch.lint().map(\.message), ["from the cache"], "a matching stamp is trusted without reading")
        try scratch.folder.write("Row.swift", Self.row)
        scratch.setRowModified(as: stamp)

        try scratch.markCachedEntries()
        try scratch.folder.write("Row.swift", sameSize)
        try scratch.ageRow()
        XCTAssertEqual(scratch.lint().map(\.message), cold.findings.map(\.message), "same size, another time: hashed, analysed again")

        try scratch.markCachedEntries()
        let restampedFrom = AnalysisCache.load(from: scratch.cacheFile).records[scratch.rowPath]?.stamp
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: scratch.rowPath)
        XCTAssertEqual(scratch.lint().map(\.message), ["from the cache"], "another time, same content: the digest decides")
        let restamped = AnalysisCache.load(from: scratch.cacheFile).records[scratch.rowPath]?.stamp
        XCTAssertNotEqual(restamped, restampedFrom)
        XCTAssertEqual(restamped, FileStamp(ofFileAt: scratch.rowPath), "restamped, so the next run need not read it")
        try scratch.markCachedEntries()
        try scratch.folder.write("Row.swift", Self.row.replacingOccurrences(of: "\"one\"", with: "\"six\""))
        scratch.setRowModified(as: try XCTUnwrap(restamped))
        XCTAssertEqual(scratch.lint().map(\.message), ["from the cache"], "not read")
    }

    func testAFileModifiedMomentsAgoGetsNoStampSoTheNextRunHashesItAgain() throws {
        let scratch = try Scratch()
        let cold = scratch.lint().map(\.message)
        XCTAssertNil(try XCTUnwrap(AnalysisCache.load(from: scratch.cacheFile).records[scratch.rowPath]).stamp)
        // Same size and modification time, other content: only reading and hashing the file can tell.
        let modified = try XCTUnwrap(FileStamp(ofFileAt: scratch.rowPath))
        try scratch.markCachedEntries()
        try scratch.folder.write("Row.swift", Self.row.replacingOccurrences(of: "\"one\"", with: "\"two\""))
        scratch.setRowModified(as: modified)
        XCTAssertEqual(scratch.lint().map(\.message), cold, "read and hashed")
    }

    func testAWarmRunReadsTheTextsOfFilesWithFindingsForReportsAndBaselines() throws {
        let scratch = try Scratch()
        try scratch.folder.write("Clean.swift", "struct Clean {}\n")
        for name in ["Row.swift", "Clean.swift"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                                  ofItemAtPath: scratch.folder.url.appendingPathComponent(name).path)
        }
        _ = scratch.lint()
        let warm = scratch.run()
        XCTAssertEqual(warm.analyses.compactMap(\.text), [])
        XCTAssertEqual(warm.sources.texts(of: ["Row.swift"], workingDirectory: scratch.folder.url), ["Row.swift": Self.row])
        try scratch.folder.write("Row.swift", Self.row + "// changed since\n")
        XCTAssertEqual(warm.sources.texts(of: ["Row.swift"], workingDirectory: scratch.folder.url), [:],
                       "a file changed since its analysis quotes nothing rather than other lines")
    }

    /// Replaces the stored run result's messages with a marker, under the same key.
    private func markStoredRunResult(in scratch: Scratch) throws {
        let cache = AnalysisCache.load(from: scratch.cacheFile)
        let memo = try XCTUnwrap(cache.memos.first, "the run's result is stored")
        var result = try XCTUnwrap(cache.runResult(for: memo.key))
        for index in result.findings.indices { result.findings[index].message = "from the stored run" }
        AnalysisCache(file: scratch.cacheFile, records: cache.records)
            .save(fresh: cache.records, memo: cache.memo(of: result, key: memo.key))
    }

    func testARunInWhichNothingChangedReportsTheStoredResultWithoutDecodingTheFacts() throws {
        let scratch = try Scratch()
        try scratch.ageRow()
        let cold = scratch.lint()
        try markStoredRunResult(in: scratch)
        let warm = scratch.run()
        XCTAssertEqual(warm.findings.map(\.message), cold.map { _ in "from the stored run" })
        XCTAssertEqual(warm.profileChoice, scratch.run().profileChoice)
        XCTAssertEqual(warm.project.files.map(\.path), ["Row.swift"], "the project is still there for reports that draw it")

        XCTAssertEqual(scratch.lint { $0.disabledRules = ["foreground-color"] }.map(\.message), [],
                       "another configuration is another run: its findings are made, not replayed")
        XCTAssertEqual(scratch.lint().map(\.message), cold.map(\.message),
                       "back to the first configuration: the file's record was remade under the other, so is the result")
        try markStoredRunResult(in: scratch)
        try scratch.folder.write("Row.swift", CacheTests.row + "// edited\n")
        XCTAssertEqual(scratch.lint().map(\.message), cold.map(\.message), "a changed file makes a new result")
    }

    func testAStoredResultIsReplayedWhenTheDetectedProfileTurnsErrorsIntoWarnings() throws {
        // Screens handing values and closures to presentation views: a strongly detected Container/Presentation
        // profile, whose own error rule then reports warnings. The stored result is keyed as the run found the
        // rules, before that, so the next run finds it.
        let scratch = try Scratch()
        for (name, text) in ProfileDetectorTests.handingOffScreens {
            let url = try scratch.folder.write(name, "import SwiftUI\n" + text)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: url.path)
        }
        try scratch.ageRow()
        let cold = scratch.run()
        XCTAssertEqual(cold.profileChoice.profile, .containerPresentation)
        XCTAssertFalse(cold.rules.demoted.isEmpty, "the case this test is about")
        try markStoredRunResult(in: scratch)
        XCTAssertEqual(scratch.lint().map(\.message), cold.findings.map { _ in "from the stored run" })
    }

    /// The stored bytes' checksum tells every one-bit damage, in the eight-byte steps and in the tail after them, apart
    /// from the bytes as written and from each other, and a shorter payload from a longer one.
    func testTheChecksumOfStoredBytesChangesWithEveryFlippedBit() {
        // Twelve eight-byte steps and a tail of seven.
        let payload = Data((0..<103).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        let checksum = SourceDigest(checksumOf: payload)
        XCTAssertEqual(SourceDigest(checksumOf: Data(payload)), checksum)
        var seen: Set<UInt64> = [checksum.hash]
        for index in payload.indices {
            for bit in 0..<8 {
                var damaged = payload
                damaged[index] ^= 1 << bit
                seen.insert(SourceDigest(checksumOf: damaged).hash)
            }
        }
        XCTAssertEqual(seen.count, 1 + payload.count * 8, "each flipped bit gives a checksum of its own")
        XCTAssertNotEqual(SourceDigest(checksumOf: payload.dropLast()), checksum)
        XCTAssertNotEqual(SourceDigest(checksumOf: payload + Data([0])), checksum)
    }

    /// The digest is the one caches already written were keyed on: every length from empty to five steps and a tail,
    /// against the fold written out byte by byte (the tail is read in up to three loads).
    func testTheDigestOfEveryLengthIsTheByteByByteFold() {
        func fold(_ value: UInt64) -> UInt64 {
            let product = value.multipliedFullWidth(by: 0xE703_7ED1_A0B4_28DB)
            return product.high ^ product.low
        }
        func reference(_ bytes: [UInt8]) -> UInt64 {
            var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
                hash = fold(hash ^ word ^ 0xA076_1D64_78BD_642F)
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
            return fold(hash ^ tail ^ 0x8EBC_6AF0_9C88_C6E3)
        }
        for length in 0...47 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ length) }
            XCTAssertEqual(SourceDigest(checksumOf: Data(bytes)).hash, reference(bytes), "\(length) bytes")
        }
    }

    /// A file's digest is the same however its bytes are held: the text the run read, the file's `Data` when a report or
    /// `--fix` reads it again, bytes that are not contiguous.
    func testAContentDigestIsTheSameForTheSameBytesHoweverHeld() {
        let text = "struct Café { var name = \"é\" }\n"
        let digest = SourceDigest(text)
        XCTAssertEqual(SourceDigest(bytes: Data(text.utf8)), digest)
        XCTAssertEqual(SourceDigest(bytes: text.utf8.lazy.map { $0 }), digest, "bytes without contiguous storage")
        XCTAssertEqual(digest.byteCount, text.utf8.count)
        XCTAssertNotEqual(SourceDigest(text + " "), digest)
        XCTAssertNotEqual(SourceDigest(""), SourceDigest("\0"))
    }

    func testADamagedStoredResultIsMadeAgainNotReplayed() throws {
        let scratch = try Scratch()
        try scratch.ageRow()
        let cold = scratch.lint()
        try markStoredRunResult(in: scratch)
        let cache = AnalysisCache.load(from: scratch.cacheFile)
        let memo = try XCTUnwrap(cache.memos.first)
        var flipped = memo.payload
        flipped[flipped.startIndex + flipped.count / 2] ^= 0x10
        AnalysisCache(file: scratch.cacheFile, records: cache.records)
            .save(fresh: cache.records, memo: AnalysisCache.RunMemo(key: memo.key, payload: flipped, checksum: memo.checksum))
        XCTAssertNil(AnalysisCache.load(from: scratch.cacheFile).runResult(for: memo.key), "the checksum catches a damaged byte")
        XCTAssertEqual(scratch.lint(), cold, "the findings are made from the records instead")
    }

    func testAStoredResultIsKeptOnlyForTheLastFewRuns() throws {
        let scratch = try Scratch()
        let configurations: [Set<String>] = [[], ["any-view"], ["foreground-color"], ["task-in-view-init"], ["missing-bindable"]]
        for disabled in configurations { _ = scratch.lint { $0.disabledRules = disabled } }
        XCTAssertEqual(AnalysisCache.load(from: scratch.cacheFile).memos.count, AnalysisCache.memoLimit)
        try scratch.folder.write("Row.swift", CacheTests.row + "// edited\n")
        _ = scratch.lint()
        XCTAssertEqual(AnalysisCache.load(from: scratch.cacheFile).memos.count, AnalysisCache.memoLimit, "the newest replaces the oldest")
    }

    func testDamagedForeignOrOtherVersionFilesAreIgnoredAndRewritten() throws {
        let scratch = try Scratch()
        let cold = scratch.lint()
        let valid = try Data(contentsOf: scratch.cacheFile)
        XCTAssertTrue(valid.starts(with: Data("MVLINT-ANALYSIS-CACHE format 16 mvlint \(MVLintVersion.current) build \(AnalysisCache.buildIdentity)\n".utf8)))
        XCTAssertNotEqual(AnalysisCache.buildIdentity, "unknown")
        let damaged: [String: Data] = [
            "truncated": valid.prefix(valid.count / 2),
            "foreign": Data("{\"some\": \"other tool\"}".utf8),
            "other version": Data("MVLINT-ANALYSIS-CACHE format 16 mvlint 0.0.0-old\n".utf8) + valid.dropFirst(AnalysisCache.header.utf8.count),
            "older format": Data("MVLINT-ANALYSIS-CACHE format 8 mvlint \(MVLintVersion.current) build \(AnalysisCache.buildIdentity)\n".utf8)
                + valid.dropFirst(AnalysisCache.header.utf8.count),
            "other build": Data("MVLINT-ANALYSIS-CACHE format 16 mvlint \(MVLintVersion.current) build 1-1\n".utf8)
                + valid.dropFirst(AnalysisCache.header.utf8.count),
            "empty": Data(),
            "a record count past the end": Data(AnalysisCache.header.utf8) + Data(repeating: 0xff, count: 8),
        ]
        for (name, data) in damaged {
            try data.write(to: scratch.cacheFile)
            XCTAssertTrue(AnalysisCache.load(from: scratch.cacheFile).records.isEmpty, name)
            XCTAssertEqual(scratch.lint(), cold, name)
            let rewritten = AnalysisCache.load(from: scratch.cacheFile)
            XCTAssertEqual(Array(rewritten.records.keys), [scratch.rowPath], name)
            XCTAssertEqual(rewritten.records[scratch.rowPath]?.content, SourceDigest(CacheTests.row), name)
            XCTAssertEqual(rewritten.entry(at: scratch.rowPath)?.candidates.map(\.message), cold.map(\.message), name)
        }
    }

    /// The reader walks the mapped file's bytes itself: a file cut at any byte loads as an empty cache, never reads
    /// past its end, and only the whole file gives back its record.
    func testACacheFileCutAtAnyByteLoadsEmpty() throws {
        let scratch = try Scratch()
        _ = scratch.lint()
        let valid = try Data(contentsOf: scratch.cacheFile)
        let cut = scratch.cacheFile.deletingLastPathComponent().appendingPathComponent("cut.cache")
        for length in AnalysisCache.header.utf8.count..<valid.count {
            try valid.prefix(length).write(to: cut)
            let loaded = AnalysisCache.load(from: cut)
            XCTAssertTrue(loaded.records.isEmpty && loaded.memos.isEmpty, "cut at \(length) of \(valid.count)")
        }
        try valid.write(to: cut)
        XCTAssertEqual(Array(AnalysisCache.load(from: cut).records.keys), [scratch.rowPath])
    }

    func testAnEntryThatDoesNotDecodeIsAnalysedAgainAndReplaced() throws {
        let scratch = try Scratch()
        let cold = scratch.lint()
        let cache = AnalysisCache.load(from: scratch.cacheFile)
        let stored = try XCTUnwrap(cache.records[scratch.rowPath])
        var flipped = stored.payload
        flipped[flipped.startIndex + flipped.count / 2] ^= 0x04
        XCTAssertNil(cache.entry(of: AnalysisCache.Record(context: stored.context, content: stored.content, stamp: nil,
                                                          payload: flipped, checksum: stored.checksum)), "the checksum catches a damaged byte")
        let record = AnalysisCache.Record(context: stored.context, content: stored.content, stamp: stored.stamp,
                                          payload: FactWriter.payload(of: ["facts"]))
        cache.save(fresh: [scratch.rowPath: record])
        XCTAssertNil(AnalysisCache.load(from: scratch.cacheFile).entry(at: scratch.rowPath))
        XCTAssertEqual(scratch.lint(), cold)
        XCTAssertEqual(AnalysisCache.load(from: scratch.cacheFile).entry(at: scratch.rowPath)?.candidates.map(\.message), cold.map(\.message))
    }

    func testAnUnwritableCacheLocationOnlyCostsSpeed() throws {
        let folder = try TemporaryFolder()
        try folder.write("Row.swift", Self.row)
        let blocker = try folder.write("not-a-folder", "a file where the cache folder would go\n")
        let result = try BinaryRunner.run(["lint", "--cache-path", blocker.path], in: folder.url, usesCache: true)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("Row.swift:5:21: warning: "), result.stdout)
        XCTAssertTrue(result.stderr.hasPrefix("mvlint: 1 file linted, 0 errors, 1 warning"), result.stderr)
    }

    func testEntriesOfDeletedFilesAreDroppedAndAnUnchangedRunWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.folder.write("Gone.swift", "struct Gone {}\n")
        _ = scratch.lint()
        XCTAssertEqual(AnalysisCache.load(from: scratch.cacheFile).records.count, 2)
        try FileManager.default.removeItem(at: scratch.folder.url.appendingPathComponent("Gone.swift"))
        _ = scratch.lint()
        XCTAssertEqual(Array(AnalysisCache.load(from: scratch.cacheFile).records.keys), [scratch.rowPath])

        let marker = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: marker], ofItemAtPath: scratch.cacheFile.path)
        _ = scratch.lint()
        let modified = try FileManager.default.attributesOfItem(atPath: scratch.cacheFile.path)[.modificationDate] as? Date
        XCTAssertEqual(modified, marker)
    }

    func testASaveReplacesTheCacheWholeAndLeavesNoTemporaryFileBehind() throws {
        let scratch = try Scratch()
        _ = scratch.lint()
        try scratch.folder.write("Added.swift", "struct Added {}\n")
        _ = scratch.lint()
        let folder = scratch.cacheFile.deletingLastPathComponent()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["project.cache"])
        XCTAssertEqual(AnalysisCache.load(from: scratch.cacheFile).records.count, 2)
    }

    func testPositionsEncodeAsNumberArraysAndKeepTheirOffset() throws {
        let positions = [SourcePosition(line: 3, column: 7, utf8Offset: 42), SourcePosition(line: 1, column: 1)]
        let data = try JSONEncoder().encode(positions)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[[3,7,42],[1,1]]")
        let decoded = try JSONDecoder().decode([SourcePosition].self, from: data)
        XCTAssertEqual(decoded.map(\.utf8Offset), [42, nil])
        XCTAssertEqual(decoded, positions)
    }

    func testDefaultLocationIsTheUserCacheFolderOneFilePerProject() {
        let root = URL(fileURLWithPath: "/work/My App")
        let file = AnalysisCache.file(forProjectAt: root, cacheFolder: nil, environment: ["XDG_CACHE_HOME": "/home/me/.cache"])
        XCTAssertEqual(file.deletingLastPathComponent().path, "/home/me/.cache/mvlint")
        XCTAssertEqual(file.lastPathComponent, "MyApp-\(String(SourceDigest.fnv1a("/work/My App"), radix: 16)).cache")
        let other = AnalysisCache.file(forProjectAt: URL(fileURLWithPath: "/elsewhere/My App"), cacheFolder: nil, environment: [:])
        XCTAssertNotEqual(other.lastPathComponent, file.lastPathComponent)
        XCTAssertEqual(AnalysisCache.file(forProjectAt: root, cacheFolder: URL(fileURLWithPath: "/c"), environment: [:]).deletingLastPathComponent().path, "/c")
    }

    // MARK: through the binary

    func testWarmRunsOfTheExamplesAreByteIdenticalToColdOnes() throws {
        let cache = try TemporaryFolder()
        let examples = BinaryRunner.packageRoot.appendingPathComponent("Examples")
        let cacheFile = AnalysisCache.file(forProjectAt: BinaryRunner.packageRoot, cacheFolder: cache.url, environment: [:])
        for command in [["lint", "Examples", "--advice"], ["lint", "Examples", "--format", "json"], ["roles", "Examples", "--format", "json"],
                        ["map", "Examples"], ["map", "Examples", "--format", "json"]] {
            try? FileManager.default.removeItem(at: cacheFile)
            let uncached = try BinaryRunner.run(command + ["--no-cache"])
            let cold = try BinaryRunner.run(command + ["--cache-path", cache.url.path], usesCache: true)
            XCTAssertTrue(FileManager.default.fileExists(atPath: cacheFile.path), "\(command)")
            let warm = try BinaryRunner.run(command + ["--cache-path", cache.url.path], usesCache: true)
            XCTAssertFalse(uncached.stdout.isEmpty)
            XCTAssertEqual(cold.stdout, uncached.stdout, "\(command)")
            XCTAssertEqual(warm.stdout, cold.stdout, "\(command)")
            XCTAssertEqual(warm.status, cold.status, "\(command)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: examples.path))
    }

    /// Warm runs after each change report what an uncached run reports: on a copy of the examples and on a
    /// generated project whose files are old enough for their stamps to be trusted, so unchanged files are not read.
    func testWarmRunsAfterEditsRenamesDeletionsAndConfigurationChangesMatchUncachedOnes() throws {
        let examples = try TemporaryFolder(), generated = try TemporaryFolder(), cache = try TemporaryFolder()
        try FileManager.default.removeItem(at: examples.url)
        try FileManager.default.copyItem(at: BinaryRunner.packageRoot.appendingPathComponent("Examples"), to: examples.url)
        try CorpusGenerator.write(files: 30, to: generated.url)
        for project in [examples.url, generated.url] {
            let files = try FileManager.default.subpathsOfDirectory(atPath: project.path).filter { $0.hasSuffix(".swift") }.sorted()
            for file in files {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                                      ofItemAtPath: project.appendingPathComponent(file).path)
            }
            let (first, second, third) = (project.appendingPathComponent(files[0]), project.appendingPathComponent(files[1]),
                                          project.appendingPathComponent(files[2]))
            let changes: [(String, () throws -> Void)] = [
                ("cold", {}),
                ("unchanged", {}),
                // Edits that move facts without changing them: the project findings are moved, not made again.
                ("a comment line atop every file", {
                    for file in files {
                        let url = project.appendingPathComponent(file)
                        try ("// moved\n" + String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
                    }
                }),
                ("a line of one file indented", { try String(contentsOf: first, encoding: .utf8).replacingOccurrences(of: "\n    ", with: "\n      ")
                    .write(to: first, atomically: true, encoding: .utf8) }),
                ("an edit", { try (String(contentsOf: first, encoding: .utf8) + "\nstruct Added: View { var body: some View { Text(\"a\").foregroundColor(.red) } }\n")
                    .write(to: first, atomically: true, encoding: .utf8) }),
                ("a rename", { try FileManager.default.moveItem(at: second, to: second.deletingLastPathComponent().appendingPathComponent("Renamed.swift")) }),
                ("a deletion", { try FileManager.default.removeItem(at: third) }),
                ("a package manifest added", { try Self.manifest(iOS: "14").write(to: project.appendingPathComponent("Package.swift"),
                                                                                 atomically: true, encoding: .utf8) }),
                ("the manifest's minimum raised", { try Self.manifest(iOS: "17").write(to: project.appendingPathComponent("Package.swift"),
                                                                                      atomically: true, encoding: .utf8) }),
                ("the manifest removed", { try FileManager.default.removeItem(at: project.appendingPathComponent("Package.swift")) }),
                ("a configuration change", { try "disabled_rules:\n  - foreground-color\n".write(to: project.appendingPathComponent(".mvlint.yml"),
                                                                                                   atomically: true, encoding: .utf8) }),
                ("the configuration removed", { try FileManager.default.removeItem(at: project.appendingPathComponent(".mvlint.yml")) }),
            ]
            for (change, apply) in changes {
                try apply()
                for format in ["json", "sarif"] {
                    let uncached = try BinaryRunner.run(["lint", "--advice", "--format", format, "--no-cache"], in: project)
                    let warm = try BinaryRunner.run(["lint", "--advice", "--format", format, "--cache-path", cache.url.path], in: project, usesCache: true)
                    XCTAssertFalse(uncached.stdout.isEmpty, "\(project.lastPathComponent), \(change)")
                    XCTAssertEqual(warm.stdout, uncached.stdout, "\(project.lastPathComponent) after \(change), \(format)")
                    XCTAssertEqual(warm.status, uncached.status, "\(project.lastPathComponent) after \(change), \(format)")
                }
            }
        }
    }

    /// A package whose one target compiles every file below it, for iOS `iOS` on: below 15, `foregroundStyle` does
    /// not exist, so `foreground-color` has nothing to suggest.
    private static func manifest(iOS: String) -> String {
        """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(name: "Everything", platforms: [.iOS(.v\(iOS))], targets: [.target(name: "Everything", path: ".")])
        """
    }

    func testFixAfterAWarmRunFixesWhatItFixesAfterAColdOne() throws {
        let source = BinaryRunner.packageRoot.appendingPathComponent("Examples/SwiftUIUsage")
        let cold = try TemporaryFolder(), warm = try TemporaryFolder(), cache = try TemporaryFolder()
        for folder in [cold, warm] {
            try FileManager.default.removeItem(at: folder.url)
            try FileManager.default.copyItem(at: source, to: folder.url)
        }
        let warmUp = try BinaryRunner.run(["lint", "--cache-path", cache.url.path], in: warm.url, usesCache: true)
        XCTAssertEqual(warmUp.status, 1)
        let fixedWarm = try BinaryRunner.run(["lint", "--fix", "--cache-path", cache.url.path], in: warm.url, usesCache: true)
        let fixedCold = try BinaryRunner.run(["lint", "--fix", "--no-cache"], in: cold.url)
        XCTAssertEqual(fixedWarm.stdout, fixedCold.stdout)
        XCTAssertEqual(fixedWarm.stderr.split(separator: "\n").filter { $0.contains(": fixed: ") },
                       fixedCold.stderr.split(separator: "\n").filter { $0.contains(": fixed: ") })
        XCTAssertTrue(fixedCold.stderr.contains(": fixed: "), fixedCold.stderr)
        let files = try FileManager.default.subpathsOfDirectory(atPath: cold.url.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            XCTAssertEqual(try String(contentsOf: warm.url.appendingPathComponent(file), encoding: .utf8),
                           try String(contentsOf: cold.url.appendingPathComponent(file), encoding: .utf8), file)
        }
    }

    func testNoCacheWritesNothing() throws {
        let folder = try TemporaryFolder(), cache = try TemporaryFolder()
        try folder.write("Row.swift", Self.row)
        let result = try BinaryRunner.run(["lint", "--no-cache", "--cache-path", cache.url.path], in: folder.url, usesCache: true)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.url.path), [])
        let byEnvironment = try BinaryRunner.run(["lint", "--cache-path", cache.url.path], in: folder.url)  // sets MVLINT_NO_CACHE=1
        XCTAssertEqual(byEnvironment.stdout, result.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.url.path), [])
        let used = try BinaryRunner.run(["lint", "--cache-path", cache.url.path], in: folder.url, usesCache: true)
        XCTAssertEqual(used.stdout, result.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.url.path).count, 1)
    }
}

extension AnalysisCache {
    /// A save in one step, as `Linter` makes it in two (`pendingRecords` on another core, then `save(_:memo:settings:)`).
    func save(fresh: [String: Record], memo: RunMemo? = nil, settings: ProjectSettingsMemo? = nil, now: Date = Date(),
              byteLimit: Int = Self.byteLimit) {
        save(pendingRecords(fresh: fresh, now: now), memo: memo, settings: settings, byteLimit: byteLimit)
    }
}
