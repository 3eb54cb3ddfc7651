#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Findings a team has accepted for now (`--write-baseline`, `--baseline`). A finding is matched on its file,
/// rule and the trimmed text of its line, not its line number, so a baseline survives code moving around it.
/// Each key carries a count: a line pasted once more adds a finding the baseline does not hide.
struct Baseline: Equatable {
    struct Key: Hashable, Comparable {
        /// Relative to the baseline file's folder, so the file means the same from any working directory.
        var file: String
        var rule: String
        var lineText: String

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.file, lhs.rule, lhs.lineText) < (rhs.file, rhs.rule, rhs.lineText)
        }
    }

    static let formatVersion = 1
    var counts: [Key: Int] = [:]

    /// How findings turn into keys: their paths and the source lines the run analysed.
    struct Keying {
        let baselineFolder: URL
        let workingDirectory: URL
        /// Each linted file's text, by the path findings show.
        let texts: [String: String]
        private var linesByFile: [String: [Substring]] = [:]

        init(baselineFile: URL, workingDirectory: URL, texts: [String: String]) {
            baselineFolder = baselineFile.deletingLastPathComponent()
            self.workingDirectory = workingDirectory
            self.texts = texts
        }

        mutating func key(of finding: Finding) -> Key {
            let file = Self.path(of: Discovery.resolve(finding.file, against: workingDirectory), from: baselineFolder)
            return Key(file: file, rule: finding.rule, lineText: lineText(finding.file, line: finding.line))
        }

        /// `file` relative to `folder`, with `..` where it lies beside it (`config/baseline.json` → `../Sources/A.swift`).
        static func path(of file: URL, from folder: URL) -> String {
            let fileParts = file.standardizedFileURL.pathComponents, folderParts = folder.standardizedFileURL.pathComponents
            var shared = 0
            while shared < min(fileParts.count - 1, folderParts.count), fileParts[shared] == folderParts[shared] { shared += 1 }
            let upward = Array(repeating: "..", count: folderParts.count - shared)
            return (upward + fileParts[shared...]).joined(separator: "/")
        }

        private mutating func lineText(_ path: String, line: Int) -> String {
            if linesByFile[path] == nil {
                linesByFile[path] = (texts[path] ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            }
            guard let lines = linesByFile[path], line >= 1, line <= lines.count else { return "" }
            return lines[line - 1].trimmingSpacesAndNewlines()
        }
    }

    init(counts: [Key: Int] = [:]) {
        self.counts = counts
    }

    init(findings: [Finding], keying: inout Keying) {
        for finding in findings { counts[keying.key(of: finding), default: 0] += 1 }
    }

    /// The findings the baseline does not cover, in their order, and how many it hid. When a key matches more
    /// findings than its count, the first ones are hidden and the rest reported.
    func filter(_ findings: [Finding], keying: inout Keying) -> (reported: [Finding], hidden: Int) {
        var remaining = counts
        var reported: [Finding] = []
        for finding in findings {
            let key = keying.key(of: finding)
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
            } else {
                reported.append(finding)
            }
        }
        return (reported, findings.count - reported.count)
    }

    /// Stable text: keys sorted, fields in a fixed order, so a regenerated baseline diffs cleanly.
    var json: String {
        var output = "{\n  \"format\": \(Self.formatVersion),\n  \"version\": \(JSON.string(MVLintVersion.current)),\n  \"findings\": ["
        for (index, key) in counts.keys.sorted().enumerated() {
            output += index == 0 ? "\n" : ",\n"
            output += "    {\"file\": \(JSON.string(key.file)), \"rule\": \(JSON.string(key.rule)), "
            output += "\"line\": \(JSON.string(key.lineText)), \"count\": \(counts[key] ?? 0)}"
        }
        output += counts.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return output
    }

    struct ReadError: Error {
        var message: String
    }

    private struct Document: Decodable {
        struct Entry: Decodable {
            var file: String
            var rule: String
            var line: String
            var count: Int
        }

        var format: Int
        var findings: [Entry]
    }

    init(json data: Data) throws(ReadError) {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw ReadError(message: "not a baseline written by 'mvlint lint --write-baseline' (\(Self.describe(error)))")
        }
        guard document.format == Self.formatVersion else {
            throw ReadError(message: "baseline format \(document.format) is not supported (this mvlint reads format \(Self.formatVersion)); write it again")
        }
        for entry in document.findings {
            guard entry.count > 0 else { throw ReadError(message: "entry for \(entry.file) (\(entry.rule)) has count \(entry.count)") }
            counts[Key(file: entry.file, rule: entry.rule, lineText: entry.line), default: 0] += entry.count
        }
    }

    /// Decoding errors name the missing key or the bad value, not Foundation's internal description.
    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "invalid JSON" }
        switch decoding {
        case .keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return "unexpected value at \(path.drop { $0 == "." })"
        case .dataCorrupted: return "invalid JSON"
        @unknown default: return "invalid JSON"
        }
    }
}
