#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Finds the Swift files to lint under the paths the user gave.
public struct Discovery {
    /// Folders that hold build products or third-party code, never the project's own sources.
    static let skippedFolders: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm", "node_modules"]

    public struct Result {
        /// The Swift files to lint, as absolute paths in order. Paths, not `URL`s: discovery joins them as text from
        /// the standardized folder the user named, and making, standardizing and reading back a `URL` for each was a
        /// tenth of a warm run on a large app (Linux's Foundation).
        public var paths: [String] = []
        /// Package manifests and Xcode projects met on the way: project settings come from them.
        public var manifests: [URL] = []
        public var xcodeProjects: [URL] = []
        /// XcodeGen specs (`project.yml`), for projects that generate their `.xcodeproj`.
        public var xcodeGenSpecs: [URL] = []
        /// Paths that were named but do not exist or cannot be read, as whole `mvlint: error: …` lines.
        public var problems: [String] = []
    }

    let included: [GlobPattern]
    let excluded: [GlobPattern]
    /// Base for relative glob patterns (the folder of the config file).
    let root: URL
    /// `root`'s path with a final `/`, so a relative path is a cut.
    private let rootPrefix: String

    public init(included: [String] = [], excluded: [String] = [], root: URL) {
        self.included = included.map(GlobPattern.init)
        self.excluded = excluded.map(GlobPattern.init)
        self.root = root.standardizedFileURL
        rootPrefix = self.root.path.hasSuffix("/") ? self.root.path : self.root.path + "/"
    }

    public func discover(_ paths: [String], workingDirectory: URL) -> Result {
        var result = Result()
        var visitedFolders = Set<String>()
        var seenFiles = Set<String>()
        for path in paths {
            let url = Discovery.resolve(path, against: workingDirectory)
            let kind = SystemCalls.kind(atPath: url.path)
            guard kind.exists else {
                result.problems.append("mvlint: error: no such file or directory: \(path)")
                continue
            }
            if kind.isFolder {
                walk(url.path, identity: url.resolvingSymlinksInPath().path, into: &result, visited: &visitedFolders, seen: &seenFiles)
            } else if url.pathExtension == "swift" {
                // A file named on the command line is linted even if a glob would skip it, like SwiftLint.
                if isManifest(url) {
                    result.manifests.append(url)
                } else if seenFiles.insert(url.path).inserted {
                    result.paths.append(url.path)
                }
            } else {
                result.problems.append("mvlint: error: not a Swift file: \(path)")
            }
        }
        result.paths.sort()
        return result
    }

    /// `path` is the folder as the user reached it, `identity` its real path (links resolved): each real folder has
    /// one, so a link cycle is entered once. Paths are joined as text, and a `URL` made only for what is found:
    /// `URL`'s path operations were most of the walk's time on Linux.
    private func walk(_ path: String, identity: String, into result: inout Result, visited: inout Set<String>, seen: inout Set<String>) {
        guard visited.insert(identity).inserted else { return }
        // List the real folder by path: Foundation on Linux lists nothing for a URL that is a symlink.
        // Entries keep the path the user reached them by, so reported paths stay as typed.
        guard let entries = FolderListing.entries(of: identity) else {
            result.problems.append("mvlint: error: cannot read folder: \(path)")
            return
        }
        let folder = path.hasSuffix("/") ? path : path + "/"
        for listed in entries {
            let name = listed.name
            let entry = folder + name
            // A folder reached without a link is its parent's real path and its name; resolving each folder's path
            // instead cost a system call for every component of it.
            let realPath = { listed.isLink ? URL(fileURLWithPath: entry).resolvingSymlinksInPath().path : identity + "/" + name }
            switch listed.kind {
            case .folder:
                if name.hasSuffix(".xcodeproj") {
                    let project = entry + "/project.pbxproj"
                    if FileManager.default.fileExists(atPath: project) { result.xcodeProjects.append(URL(fileURLWithPath: project, isDirectory: false)) }
                    continue
                }
                if Discovery.skippedFolders.contains(name) || isExcluded(entry) { continue }
                walk(entry, identity: realPath(), into: &result, visited: &visited, seen: &seen)
            case .file where name == XcodeGenReader.fileName:
                result.xcodeGenSpecs.append(URL(fileURLWithPath: entry, isDirectory: false))
            case .file where name.hasSuffix(".swift"):
                if isManifest(named: name, atPath: entry) {
                    // Told it is no folder, `URL` does not ask the file system.
                    result.manifests.append(URL(fileURLWithPath: entry, isDirectory: false))
                } else if !name.hasSuffix(".generated.swift"), isIncluded(entry), !isExcluded(entry),
                          // A file reached by a link is known by its real path, so a linked copy is linted once.
                          seen.insert(realPath()).inserted {
                    result.paths.append(entry)
                }
            case .file, .other:
                continue
            }
        }
    }

    /// A path the user typed, made absolute. (`URL(fileURLWithPath:relativeTo:)` resolves against the base's
    /// parent when the base lacks a trailing slash, so paths are joined explicitly.)
    public static func resolve(_ path: String, against base: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base.path).appendingPathComponent(path)
        return url.standardizedFileURL
    }

    /// Package and Tuist manifests are read for settings, not linted: they are no app code.
    private func isManifest(_ url: URL) -> Bool { isManifest(named: url.lastPathComponent, atPath: url.path) }

    /// Judged by the name first: `URL.lastPathComponent` for every file found was a tenth of discovery.
    private func isManifest(named name: String, atPath path: String) -> Bool {
        ProjectSettingsLoader.isPackageManifestName(name)
            || (name == TuistManifestReader.fileName && TuistManifestReader.isManifest(URL(fileURLWithPath: path, isDirectory: false)))
    }

    /// `path` relative to the configuration's folder, when inside it.
    private func relative(_ path: String) -> String {
        path.hasPrefix(rootPrefix) ? String(path.dropFirst(rootPrefix.count)) : path
    }

    private func isIncluded(_ path: String) -> Bool {
        guard !included.isEmpty else { return true }
        let relativePath = relative(path)
        return included.contains { $0.matches(relativePath) }
    }

    private func isExcluded(_ path: String) -> Bool {
        guard !excluded.isEmpty else { return false }
        let relativePath = relative(path)
        return excluded.contains { $0.matches(relativePath) }
    }
}

/// A path glob as SwiftLint users write them: `*` within a segment, `**` across segments, and a bare
/// folder name or prefix (`Sources/Generated`) matching everything below it.
public struct GlobPattern: Sendable {
    let pattern: String
    private let segments: [Substring]

    public init(_ pattern: String) {
        var cleaned = pattern
        while cleaned.hasPrefix("./") { cleaned.removeFirst(2) }
        while cleaned.hasSuffix("/") { cleaned.removeLast() }
        self.pattern = cleaned
        segments = cleaned.split(separator: "/")
    }

    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return match(segments[...], parts[...], prefixIsEnough: true)
    }

    private func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>, prefixIsEnough: Bool) -> Bool {
        guard let head = pattern.first else { return prefixIsEnough || path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining, prefixIsEnough: prefixIsEnough) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let part = path.first, GlobPattern.segment(head, matches: part) else { return false }
        return match(pattern.dropFirst(), path.dropFirst(), prefixIsEnough: prefixIsEnough)
    }

    /// `*` matches any run of characters within one path segment, `?` one character.
    static func segment(_ pattern: Substring, matches text: Substring) -> Bool {
        let p = Array(pattern.utf8)
        let t = Array(text.utf8)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == UInt8(ascii: "?") || p[pi] == t[ti] {
                pi += 1; ti += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi; mark = ti; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
