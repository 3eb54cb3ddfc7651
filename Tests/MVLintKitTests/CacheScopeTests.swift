import Foundation
import XCTest
@testable import MVLintKit

/// The cache is scoped to one project and bounded: which root a run's cache belongs to, that a run loads only
/// the records of the files it lints, and that a save keeps the file under its byte limit.
final class CacheScopeTests: XCTestCase {
    private static let row = "import SwiftUI\n\nstruct Row: View {\n    var body: some View { Text(\"a\").foregroundColor(.red) }\n}\n"

    private func root(of paths: [String], in folder: TemporaryFolder, configuration: Configuration? = nil) -> String {
        let urls = paths.map { folder.url.appendingPathComponent($0) }
        return AnalysisCache.projectRoot(ofLinted: urls, configuration: configuration ?? Configuration(rootDirectory: URL(fileURLWithPath: "/")))
            .path.replacingOccurrences(of: folder.url.standardizedFileURL.path, with: "~")
    }

    func testProjectRootIsTheConfigFolderElseTheGitTreeElseTheOutermostProjectElseTheLintedFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("Repo/.git/HEAD", "ref: refs/heads/main\n")
        try folder.write("Repo/Packages/Kit/Package.swift", "// swift-tools-version:5.9\n")
        try folder.write("Repo/Packages/Kit/Sources/Kit/A.swift", "struct A {}\n")
        try folder.write("App/App.xcodeproj/project.pbxproj", "{}\n")
        try folder.write("App/Packages/Kit/Package.swift", "// swift-tools-version:5.9\n")
        try folder.write("App/Packages/Kit/Sources/B.swift", "struct B {}\n")
        try folder.write("Loose/Sub/C.swift", "struct C {}\n")
        try folder.write("Loose/Other/D.swift", "struct D {}\n")

        XCTAssertEqual(root(of: ["Repo/Packages/Kit/Sources/Kit"], in: folder), "~/Repo", "the git work tree beats a nested package")
        XCTAssertEqual(root(of: ["App/Packages/Kit/Sources/B.swift"], in: folder), "~/App", "the app holding its local package")
        XCTAssertEqual(root(of: ["Loose/Sub/C.swift"], in: folder), "~/Loose/Sub", "no project: the file's folder")
        XCTAssertEqual(root(of: ["Loose/Sub", "Loose/Other/D.swift"], in: folder), "~/Loose", "the folder holding all linted paths")
        var configured = Configuration(rootDirectory: folder.url.appendingPathComponent("Loose"))
        configured.sourcePath = folder.url.appendingPathComponent("Loose/.mvlint.yml").path
        XCTAssertEqual(root(of: ["Repo/Packages/Kit"], in: folder, configuration: configured), "~/Loose", "the config file's folder wins")
    }

    func testTwoProjectsLintedFromOneFolderGetOneCacheFileEach() throws {
        let folder = try TemporaryFolder(), cache = try TemporaryFolder()
        try folder.write("One/Package.swift", "// swift-tools-version:5.9\n")
        try folder.write("One/Sources/Row.swift", Self.row)
        try folder.write("Two/.git/HEAD", "ref: refs/heads/main\n")
        try folder.write("Two/Row.swift", Self.row)
        try folder.write("Elsewhere/README", "the working directory, in no project\n")
        let workingDirectory = folder.url.appendingPathComponent("Elsewhere")
        for project in ["One", "Two"] {
            let result = try BinaryRunner.run(["lint", "../\(project)", "--cache-path", cache.url.path], in: workingDirectory, usesCache: true)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let roles = try BinaryRunner.run(["roles", "../Two", "--cache-path", cache.url.path], in: workingDirectory, usesCache: true)
        XCTAssertEqual(roles.status, 0, roles.stderr)

        for (project, linted) in [("One", "One/Sources/Row.swift"), ("Two", "Two/Row.swift")] {
            let root = folder.url.appendingPathComponent(project)
            let file = AnalysisCache.file(forProjectAt: root, cacheFolder: cache.url, environment: [:])
            let cached = AnalysisCache.load(from: file, header: try writtenHeader(of: file))
            XCTAssertEqual(Array(cached.records.keys), [folder.url.appendingPathComponent(linted).standardizedFileURL.path], project)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.url.path).count, 2)
    }

    func testARunLoadsOnlyTheRecordsOfItsFilesAndKeepsTheOthers() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("Feature/Row.swift", Self.row).standardizedFileURL.path
        let second = try folder.write("Other/Row.swift", Self.row).standardizedFileURL.path
        let cacheFile = folder.url.appendingPathComponent("cache/project.cache")
        func lint(_ path: String) {
            _ = Linter.run(Linter.Request(paths: [path], workingDirectory: folder.url, configuration: Configuration(rootDirectory: folder.url),
                                          cacheFile: cacheFile))
        }
        lint(".")
        let scoped = AnalysisCache.load(from: cacheFile, linted: [first])
        XCTAssertEqual(Array(scoped.records.keys), [first])
        XCTAssertEqual(Array(scoped.otherFilesRecords.keys), [second])

        try folder.write("Feature/Row.swift", Self.row + "// edited\n")
        lint("Feature")
        XCTAssertEqual(Set(AnalysisCache.load(from: cacheFile).records.keys), [first, second], "a subfolder's run keeps the other records")
    }

    func testASaveOverTheByteLimitDropsTheRecordsUsedLongestAgo() throws {
        let folder = try TemporaryFolder()
        let paths = try ["Linted", "Recent", "Old", "Fresh"].map { try folder.write("\($0).swift", "struct \($0) {}\n").standardizedFileURL.path }
        let (linted, recent, old, fresh) = (paths[0], paths[1], paths[2], paths[3])
        let record = AnalysisCache.Record(context: SourceDigest("context"), content: SourceDigest("content"), stamp: nil,
                                          payload: Data(repeating: 32, count: 1000))
        let file = folder.url.appendingPathComponent("project.cache")
        // Three runs, each linting one file, under the default limit.
        for (path, runTime) in [(linted, 1.0), (old, 100), (recent, 200)] {
            AnalysisCache.load(from: file, linted: []).save(fresh: [path: record], now: Date(timeIntervalSince1970: runTime))
        }
        XCTAssertEqual(AnalysisCache.load(from: file).records.mapValues(\.lastUsed), [linted: 1, old: 100, recent: 200])

        // The file is over this limit already, as one written under a larger limit would be.
        let emptyFrameCounts = 8 * 3 // records, run results, project settings
        let limit = AnalysisCache.header.utf8.count + emptyFrameCounts + [linted, recent, fresh].map(record.byteCount(path:)).reduce(0, +)
        AnalysisCache.load(from: file, linted: [linted, fresh]).save(fresh: [fresh: record], now: Date(timeIntervalSince1970: 500), byteLimit: limit)
        let trimmed = AnalysisCache.load(from: file)
        XCTAssertEqual(Set(trimmed.records.keys), [linted, recent, fresh], "this run's files count as used now; the oldest other goes")
        XCTAssertEqual(trimmed.records[linted]?.lastUsed, 500)
        XCTAssertEqual(trimmed.records[recent]?.lastUsed, 200)
        XCTAssertLessThanOrEqual(try Data(contentsOf: file).count, limit)
    }

    /// The header line of a file the `mvlint` binary wrote (its build identity is not the test runner's).
    private func writtenHeader(of file: URL) throws -> String {
        let data = try Data(contentsOf: file)
        let end = try XCTUnwrap(data.firstIndex(of: UInt8(ascii: "\n")))
        return String(decoding: data[...end], as: UTF8.self)
    }
}
