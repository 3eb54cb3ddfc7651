import Foundation
@testable import OSSCheck

func finding(_ rule: String = "state-not-private", app: String = "Alpha", file: String = "View.swift", line: Int,
             text: String = "@State var count = 0", message: String = "make it private", severity: String = "warning") -> Finding {
    Finding(app: app, rule: rule, severity: severity, file: file, line: line, message: message, lineText: text)
}

func completedRun(_ findings: [Finding], seconds: Double = 1) -> LintRun {
    LintRun(seconds: seconds, outcome: .findings(findings, version: "1.0"))
}

/// A fresh folder under the temporary directory, removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("oss-check-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    @discardableResult
    func write(_ path: String, _ text: String, executable: Bool = false) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path) }
        return file
    }
}
