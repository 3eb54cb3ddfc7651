internal import Foundation

/// Per-file analyses of earlier runs, so an unchanged file skips the parse. An entry is reused only when the
/// file's content and everything else that shapes its analysis (tool version, rules with their options and
/// severities, the file's target settings, its path) hash the same; project rules always run again on the
/// facts, so a warm run reports exactly what a cold one does.
struct AnalysisCache: Sendable {
    struct Entry: Codable, Sendable {
        var context: SourceDigest
        var content: SourceDigest
        var facts: FileFacts
        var candidates: [LocatedCandidate]
        var suppressions: SuppressionMap
        var parseError: ParseProblem?
    }

    /// The first line of a cache file: anything else (another tool's file, another format or mvlint version,
    /// a truncated write) makes the file count as absent.
    static let header = "MVLINT-ANALYSIS-CACHE format 1 mvlint \(MVLintVersion.current)\n"

    let file: URL
    /// By absolute path.
    private(set) var entries: [String: Entry]

    init(file: URL, entries: [String: Entry] = [:]) {
        self.file = file
        self.entries = entries
    }

    /// The cache at `file`, or an empty one when it is missing, foreign, stale or damaged: never trusted blindly.
    static func load(from file: URL) -> AnalysisCache {
        let headerBytes = Data(header.utf8)
        guard let data = FileManager.default.contents(atPath: file.path), data.starts(with: headerBytes),
              let entries = try? JSONDecoder().decode([String: Entry].self, from: data.dropFirst(headerBytes.count)) else {
            return AnalysisCache(file: file)
        }
        return AnalysisCache(file: file, entries: entries)
    }

    /// The stored analysis of this text, if it was made in the same context.
    func analysis(at absolutePath: String, text: String, content: SourceDigest, context: SourceDigest) -> FileAnalysis? {
        guard let entry = entries[absolutePath], entry.content == content, entry.context == context else { return nil }
        return FileAnalysis(path: entry.facts.path, facts: entry.facts, candidates: entry.candidates, suppressions: entry.suppressions,
                            parseError: entry.parseError, sourceDigest: content, text: text)
    }

    static func entry(for analysis: FileAnalysis, context: SourceDigest) -> Entry {
        Entry(context: context, content: analysis.sourceDigest, facts: analysis.facts, candidates: analysis.candidates,
              suppressions: analysis.suppressions, parseError: analysis.parseError)
    }

    /// Stores the fresh entries and drops those of files that no longer exist, then replaces the file atomically.
    /// Writes nothing when nothing changed. A cache that cannot be written only costs speed, so failures are silent.
    func save(fresh: [String: Entry]) {
        var kept = entries.filter { fresh[$0.key] == nil && FileManager.default.fileExists(atPath: $0.key) }
        guard !fresh.isEmpty || kept.count != entries.count else { return }
        kept.merge(fresh) { _, new in new }
        guard let encoded = try? JSONEncoder().encode(kept) else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? (Data(Self.header.utf8) + encoded).write(to: file, options: .atomic)
    }

    /// Where a project's cache lives: `--cache-path DIR`, else the user's cache folder (`$XDG_CACHE_HOME/mvlint`,
    /// `~/.cache/mvlint` on Linux, `~/Library/Caches/mvlint` on macOS). One file per project root, named after it.
    static func file(forProjectAt root: URL, cacheFolder: URL?, environment: [String: String]) -> URL {
        let folder = cacheFolder ?? defaultFolder(environment: environment)
        let rootPath = root.standardizedFileURL.path
        let name = root.standardizedFileURL.lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return folder.appendingPathComponent("\(name.isEmpty ? "root" : name)-\(String(SourceDigest(rootPath).hash, radix: 16)).cache")
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
