import Foundation
import XCTest

/// Runs the built `mvlint` executable, which SwiftPM places next to the test bundle.
enum BinaryRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var binary: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        var folder = bundle.deletingLastPathComponent()
        // On macOS the runner is xctest inside Xcode; the bundle is an argument instead.
        if let testBundle = CommandLine.arguments.first(where: { $0.hasSuffix(".xctest") }) {
            folder = URL(fileURLWithPath: testBundle).deletingLastPathComponent()
        }
        return folder.appendingPathComponent("mvlint")
    }

    /// Runs without the analysis cache, so tests never touch the user's cache folder; `usesCache` tests must
    /// name their own folder with `--cache-path`.
    static func run(_ arguments: [String], in directory: URL = packageRoot, stdin: String? = nil, usesCache: Bool = false,
                    file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        if usesCache, !arguments.contains("--cache-path") {
            XCTFail("a test that uses the cache must pass --cache-path", file: file, line: line)
            throw CocoaError(.fileWriteNoPermission)
        }
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            XCTFail("the mvlint binary is missing at \(binary.path); run `swift build` first", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["MVLINT_NO_CACHE"] = usesCache ? nil : "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        if stdin != nil { process.standardInput = input }
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        // Read before waiting so a large output cannot fill the pipe and block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Runs other programs, such as `swift` on a sample package.
enum ToolRunner {
    /// The program's exit status and its standard output and error interleaved, as a terminal shows them.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, log)
    }

    static func executableOnPath(_ name: String) -> URL? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// A scratch folder that disappears with the test.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mvlint-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
