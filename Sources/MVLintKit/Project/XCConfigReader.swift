internal import Foundation

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

    private static func read(_ url: URL, setBy owner: String, depth: Int, into configuration: inout BuildConfiguration,
                             warnings: inout [String], reads: ProjectFileReads) {
        guard let text = reads.text(of: url) else {
            warnings.append("\(url.path): cannot read the .xcconfig file; its build settings are ignored")
            return
        }
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.range(of: "//").map { rawLine[..<$0.lowerBound] } ?? rawLine[...]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                let isOptional = trimmed.hasPrefix("#include?")
                guard let included = quotedPath(in: trimmed) else { continue }
                let includedURL = (included.hasPrefix("/") ? URL(fileURLWithPath: included)
                    : url.deletingLastPathComponent().appendingPathComponent(included)).standardizedFileURL
                if !reads.fileExists(includedURL) {
                    // `#include?` is how teams name an optional local override; a missing one is expected.
                    if !isOptional { warnings.append("\(url.path): #include \"\(included)\" does not exist; its build settings are ignored") }
                    continue
                }
                guard depth < maximumIncludeDepth else {
                    warnings.append("\(url.path): #include nests deeper than \(maximumIncludeDepth) files; the rest is ignored")
                    continue
                }
                read(includedURL, setBy: owner, depth: depth + 1, into: &configuration, warnings: &warnings, reads: reads)
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].filter { !$0.isWhitespace }
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            guard !key.isEmpty else { continue }
            configuration[key] = BuildSetting(value: value.trimmingCharacters(in: .whitespaces),
                                              source: BuildSettings.source(of: key, setBy: owner, in: url.path))
        }
    }

    /// `"Shared.xcconfig"` in `#include "Shared.xcconfig"`.
    private static func quotedPath(in line: String) -> String? {
        guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return nil }
        return String(line[line.index(after: open)..<close])
    }
}
