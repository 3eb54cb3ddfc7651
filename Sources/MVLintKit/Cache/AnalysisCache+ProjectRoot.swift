#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

extension AnalysisCache {
    /// The project a run's cache belongs to, so runs of different projects never share (or load) one file, wherever
    /// they are started from: the folder of `.mvlint.yml`; else the git work tree holding the linted paths; outside
    /// git, the outermost folder above them with `Package.swift`, an `.xcodeproj` or `project.yml` (so an app's local
    /// packages share the app's cache); else the folder of the linted paths.
    static func projectRoot(ofLinted paths: [URL], configuration: Configuration) -> URL {
        if configuration.sourcePath != nil { return configuration.rootDirectory.standardizedFileURL }
        let lintedFolder = commonFolder(of: paths)
        var outermostProject: URL?
        for folder in foldersUpward(from: lintedFolder) {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return folder }
            if isProjectFolder(folder) { outermostProject = folder }
        }
        return outermostProject ?? lintedFolder
    }

    /// The deepest folder holding every path (a file counts as its folder).
    private static func commonFolder(of paths: [URL]) -> URL {
        let folders = paths.map { url -> [String] in
            (SystemCalls.kind(atPath: url.path).isFolder ? url : url.deletingLastPathComponent()).standardizedFileURL.pathComponents
        }
        guard var common = folders.first else { return URL(fileURLWithPath: "/") }
        for components in folders.dropFirst() {
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: path(withComponents: common.isEmpty ? ["/"] : common))
    }

    /// `folder`, its parent, and so on up to `/`.
    private static func foldersUpward(from folder: URL) -> [URL] {
        let components = folder.standardizedFileURL.pathComponents
        return (1...max(components.count, 1)).reversed().map { URL(fileURLWithPath: path(withComponents: Array(components.prefix($0)))) }
    }

    /// The components joined by `/`, a leading `/` standing for the root (`NSString.path(withComponents:)`).
    private static func path(withComponents components: [String]) -> String {
        guard components.first == "/" else { return components.joined(separator: "/") }
        return "/" + components.dropFirst().joined(separator: "/")
    }

    private static func isProjectFolder(_ folder: URL) -> Bool {
        ["Package.swift", "project.yml"].contains { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
            || ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasSuffix(".xcodeproj") }
    }
}
