import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MVLintKit
import XCTest

/// What mvlint may write: `--fix`, `--output` and `--write-baseline` leave read-only files and other people's
/// ownership alone and create no folders, and `--fix --diff` is refused. Tests may run as root, who can write a
/// mode-444 file, so the refusals must come from mvlint's own checks.
final class FileWritingTests: XCTestCase {
    /// One `foregroundColor` → `foregroundStyle` fix, which this file gets only with `--unsafe-fixes`.
    private static let fixable = "import SwiftUI\nstruct A: View {\n    var body: some View { Text(\"a\").foregroundColor(.red) }\n}\n"

    func testFixLeavesAReadOnlyFileUntouchedAndExitsTwo() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("A.swift", Self.fixable)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        let result = try BinaryRunner.run(["lint", "--fix", "--unsafe-fixes"], in: folder.url)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("A.swift: error: the file is read-only; not written"), result.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), Self.fixable)
        XCTAssertEqual(try permissions(of: file), 0o444)
    }

    func testOutputRefusesAReadOnlyReport() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift", Self.fixable)
        let report = try folder.write("report.txt", "old report\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o440], ofItemAtPath: report.path)
        let result = try BinaryRunner.run(["lint", "--output", "report.txt"], in: folder.url)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("mvlint: error: cannot write the report to report.txt: the file is read-only; not written"),
                      result.stderr)
        XCTAssertEqual(try String(contentsOf: report, encoding: .utf8), "old report\n")
    }

    /// Only root can hand a file to someone else, so only root can check that a rewrite keeps it theirs.
    func testARewrittenFileKeepsItsOwnerGroupAndMode() throws {
        try XCTSkipUnless(getuid() == 0, "needs root to give the file another owner")
        let folder = try TemporaryFolder()
        let file = try folder.write("A.swift", Self.fixable)
        XCTAssertEqual(chown(file.path, 4321, 8765), 0)
        XCTAssertEqual(chmod(file.path, 0o640), 0)
        let result = try BinaryRunner.run(["lint", "--fix", "--unsafe-fixes", "--quiet"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("foregroundStyle(.red)"))
        var written = stat()
        XCTAssertEqual(stat(file.path, &written), 0)
        XCTAssertEqual([written.st_uid, written.st_gid], [4321, 8765])
        XCTAssertEqual(written.st_mode & 0o7777, 0o640)
    }

    func testWriteBaselineCreatesNoFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift", Self.fixable)
        let missing = "/nonexistent-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: missing) }
        for target in ["\(missing)/x.json", "missing/deeper/x.json"] {
            let result = try BinaryRunner.run(["lint", "--write-baseline", target], in: folder.url)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("mvlint: error: cannot write the baseline \(target): the folder "), result.stderr)
            XCTAssertTrue(result.stderr.contains(" does not exist; not written"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path), ["A.swift"])
    }

    func testFixWithDiffIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("A.swift", Self.fixable)
        let result = try BinaryRunner.run(["lint", "--fix", "--diff"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("mvlint: error: --fix and --diff exclude each other: --fix writes the changes, --diff only shows them"),
                      result.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), Self.fixable)
    }

    func testMissingPathsCarryTheErrorPrefix() throws {
        let folder = try TemporaryFolder()
        try folder.write("notes.txt", "hello\n")
        for (path, message) in [("Nowhere", "no such file or directory: Nowhere"), ("notes.txt", "not a Swift file: notes.txt")] {
            let result = try BinaryRunner.run(["lint", path], in: folder.url)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.stderr.hasPrefix("mvlint: error: \(message)\n"), result.stderr)
        }
    }

    private func permissions(of file: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue
    }
}
