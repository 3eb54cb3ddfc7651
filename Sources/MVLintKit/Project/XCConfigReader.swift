#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Reads `.xcconfig` files, where many teams keep their deployment targets rather than in the project.
/// `KEY = value` and `KEY[sdk=…] = value` lines, `//` comments, `#include "file"` and `#include? "file"`
/// (relative to the including file); a later assignment wins. `$(inherited)` is left unresolved: a value
/// that is not a plain version is skipped where a version is read.
enum XCConfigReader {
    /// How deep includes may nest; stops a file that includes itself, directly or not.
    private static let maximumIncludeDepth = 16

    /// The settings of the file at `url`, each described as set by `owner` ("target `App`"). A configuration
    /// file that is not there is no warning: CocoaPods' and local secrets' files are generated, not committed.
    static func read(_ url: URL, setBy owner: String, reads: ProjectFileReads) -> (configuration: BuildConfiguration, warnings: [String]) {
        var configuration: BuildConfiguration = [:]
        var warnings: [String] = []
        if reads.fileExists(url) {
            read(url.standardizedFileURL, setBy: owner, depth: 0, into: &configuration, warnings: &warnings, reads: reads)
        }
        return (configuration, warnings)
    }

    /// What a line of an `.xcconfig` file says, in the order written.
    enum Statement: Sendable {
        case include(path: String, isOptional: Bool)
        case assignment(key: String, value: String)
    }

    private static func read(_ url: URL, setBy owner: String, depth: Int, into configuration: inout BuildConfiguration,
                             warnings: inout [String], reads: ProjectFileReads) {
        // Asked once: `URL.path` is slow on Linux, and a file sets dozens of keys.
        let path = url.path
        guard let statements = statements(of: url, path: path, reads: reads) else {
            warnings.append("\(path): cannot read the .xcconfig file; its build settings are ignored")
            return
        }
        for statement in statements {
            switch statement {
            case .include(let included, let isOptional):
                let includedURL = (included.hasPrefix("/") ? URL(fileURLWithPath: included)
                    : url.deletingLastPathComponent().appendingPathComponent(included)).standardizedFileURL
                if !reads.fileExists(includedURL) {
                    // `#include?` is how teams name an optional local override; a missing one is expected.
                    if !isOptional { warnings.append("\(path): #include \"\(included)\" does not exist; its build settings are ignored") }
                    continue
                }
                guard depth < maximumIncludeDepth else {
                    warnings.append("\(path): #include nests deeper than \(maximumIncludeDepth) files; the rest is ignored")
                    continue
                }
                read(includedURL, setBy: owner, depth: depth + 1, into: &configuration, warnings: &warnings, reads: reads)
            case .assignment(let key, let value):
                configuration[key] = BuildSetting(value: value, source: BuildSettings.source(of: key, setBy: owner, in: path))
            }
        }
    }

    /// The statements of the file at `url`, parsed the first time a reading asks; nil when it cannot be read. A project
    /// bases the configurations of many targets on the same few files: parsing each file again for every one of them
    /// was a fifth of the time taken to read such a project's settings (home-assistant-iOS: 4 files, 40 configurations).
    private static func statements(of url: URL, path: String, reads: ProjectFileReads) -> [Statement]? {
        if let parsed = reads.configurationFileStatements[path] { return parsed }
        let parsed = reads.text(of: url).map(statements(in:))
        reads.configurationFileStatements[path] = .some(parsed)
        return parsed
    }

    private static func statements(in text: String) -> [Statement] {
        var statements: [Statement] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.firstRange(of: "//").map { rawLine[..<$0.lowerBound] } ?? rawLine[...]
            let trimmed = line.trimmingSpaces()
            if trimmed.hasPrefix("#include") {
                if let included = quotedPath(in: trimmed) { statements.append(.include(path: included, isOptional: trimmed.hasPrefix("#include?"))) }
                continue
            }
            guard let equals = assignmentSign(in: trimmed) else { continue }
            let key = trimmed[..<equals].filter { !$0.isWhitespace }
            var value = trimmed[trimmed.index(after: equals)...].trimmingSpaces()
            if value.hasSuffix(";") { value.removeLast() }
            guard !key.isEmpty else { continue }
            statements.append(.assignment(key: key, value: value.trimmingSpaces()))
        }
        return statements
    }

    /// The `=` that assigns: the first outside a condition's brackets (`KEY[sdk=iphoneos*] = 16.0`).
    private static func assignmentSign(in line: String) -> String.Index? {
        var depth = 0
        for index in line.indices {
            switch line[index] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case "=" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// `"Shared.xcconfig"` in `#include "Shared.xcconfig"`.
    private static func quotedPath(in line: String) -> String? {
        guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return nil }
        return String(line[line.index(after: open)..<close])
    }
}
