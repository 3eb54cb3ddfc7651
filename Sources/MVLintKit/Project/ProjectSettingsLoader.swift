public import Foundation

/// The project files around the linted code: where build settings come from.
public struct ProjectFiles: Sendable {
    /// `Package.swift` and its `Package@swift-*.swift` variants, and Tuist's `Project.swift`.
    public var manifests: [URL]
    /// `project.pbxproj` files, or the `.xcodeproj` bundles that hold them.
    public var xcodeProjects: [URL]
    /// XcodeGen's `project.yml`.
    public var xcodeGenSpecs: [URL]

    public init(manifests: [URL] = [], xcodeProjects: [URL] = [], xcodeGenSpecs: [URL] = []) {
        self.manifests = manifests
        self.xcodeProjects = xcodeProjects
        self.xcodeGenSpecs = xcodeGenSpecs
    }

    /// Both lists, each file once.
    func adding(_ other: ProjectFiles) -> ProjectFiles {
        ProjectFiles(manifests: unique(manifests + other.manifests), xcodeProjects: unique(xcodeProjects + other.xcodeProjects),
                     xcodeGenSpecs: unique(xcodeGenSpecs + other.xcodeGenSpecs))
    }
}

/// Reads the package manifests, Xcode projects and project generators' specs around the linted code into one
/// `ProjectSettings`. Nothing is built or run: the files are only read. A file that cannot be read becomes a warning.
public enum ProjectSettingsLoader {
    /// Runs on a worker with a large stack and under the parse time limit, as source files do: manifests are
    /// Swift, parsed and walked the same way, and a pathological one must not crash or stall the run.
    public static func load(_ files: ProjectFiles) -> (settings: ProjectSettings, warnings: [String]) {
        let loaded = load(files) { _ in nil }
        return (loaded.settings, loaded.warnings)
    }

    /// The same, taken from what an earlier run read from these files (`stored`, asked with their key) when its
    /// probes all still hold: nothing changed that reading them again could see. `memo` is what this run read anew,
    /// for the cache; nil when the stored memo stood or reading took too long.
    static func load(_ files: ProjectFiles, stored: (_ key: String) -> ProjectSettingsMemo?)
        -> (settings: ProjectSettings, warnings: [String], memo: ProjectSettingsMemo?) {
        let key = ProjectSettingsMemo.key(of: files)
        if let stored = stored(key), stored.key == key, ProjectFileReads.stillHold(stored.probes) {
            return (ProjectSettings(projects: stored.projects), stored.warnings, nil)
        }
        let limit = FileBudget().maxParseSeconds
        let memo = ParallelMap.run([files], timeLimit: limit, timedOut: { _ in nil }) { loadOnThisThread($0, key: key) }[0]
        guard let memo else {
            return (ProjectSettings(projects: []), ["reading the project files took longer than \(Int(limit)) s; their build settings are ignored"], nil)
        }
        return (ProjectSettings(projects: memo.projects), memo.warnings, memo)
    }

    private static func loadOnThisThread(_ files: ProjectFiles, key: String) -> ProjectSettingsMemo? {
        let reads = ProjectFileReads()
        var projects: [DeclaredProject] = []
        var warnings: [String] = []
        func read(_ reader: () throws(ProjectFileError) -> DeclaredProject) {
            do throws(ProjectFileError) {
                let project = try reader()
                projects.append(project)
                warnings += project.warnings
            } catch {
                warnings.append(error.description)
            }
        }
        for folderManifests in manifestsByFolder(files.manifests.filter { isPackageManifestName($0.lastPathComponent) }) {
            var chosen: (url: URL, manifest: PackageManifestReader.Manifest)?
            for url in folderManifests {
                do throws(ProjectFileError) {
                    let manifest = try PackageManifestReader.read(url, reads: reads)
                    // SwiftPM uses the manifest written for the newest tools; `Package.swift` (read first) wins ties.
                    if let current = chosen, !(toolsVersion(of: manifest) > toolsVersion(of: current.manifest)) { continue }
                    chosen = (url, manifest)
                } catch {
                    warnings.append(error.description)
                }
            }
            if let chosen {
                projects.append(DeclaredProject(file: chosen.url.path, root: chosen.url.deletingLastPathComponent().path,
                                                targets: chosen.manifest.targets))
            }
        }
        for projectFile in unique(files.xcodeProjects.map(projectFile)) {
            read { () throws(ProjectFileError) in try PBXProjReader.read(projectFile, reads: reads) }
        }
        // A generator's spec describes the `.xcodeproj` it makes; when that project is there, it is what builds.
        let xcodeProjectFolders = Set(projects.filter { $0.file.hasSuffix(".pbxproj") }.map(\.root))
        for spec in unique(files.xcodeGenSpecs) where !xcodeProjectFolders.contains(spec.deletingLastPathComponent().path) {
            read { () throws(ProjectFileError) in try XcodeGenReader.read(spec, reads: reads) }
        }
        for manifest in unique(files.manifests) where manifest.lastPathComponent == TuistManifestReader.fileName
            && !xcodeProjectFolders.contains(manifest.deletingLastPathComponent().path) {
            read { () throws(ProjectFileError) in try TuistManifestReader.read(manifest, reads: reads) }
        }
        return ProjectSettingsMemo(key: key, probes: reads.probes, projects: projects, warnings: warnings)
    }

    /// The nearest package manifests (`Package.swift` and its variants) and the nearest app project (an
    /// `*.xcodeproj`, XcodeGen's `project.yml` or Tuist's `Project.swift`) at or above `folder`, so linting
    /// `Sources/App` still finds the project's settings. Stops at a repository root.
    public static func discoverUpward(from folder: URL) -> ProjectFiles {
        var found = ProjectFiles()
        var current = folder.standardizedFileURL
        if !current.isExistingFolder { current = current.deletingLastPathComponent() }
        while true {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: current.path)) ?? []
            // Only names a project file can have become URLs: a folder above the project (a home or temporary folder)
            // can hold thousands of entries, and joining each to a URL took a fifth of a warm run.
            let urls = names.filter(mayNameProjectFile).sorted().map { current.appendingPathComponent($0) }
            if found.manifests.filter({ isPackageManifestName($0.lastPathComponent) }).isEmpty {
                found.manifests += urls.filter { isPackageManifestName($0.lastPathComponent) }
            }
            let foundAppProject = !found.xcodeProjects.isEmpty || !found.xcodeGenSpecs.isEmpty
                || found.manifests.contains { $0.lastPathComponent == TuistManifestReader.fileName }
            if !foundAppProject {
                found.xcodeProjects = urls.filter { $0.pathExtension == "xcodeproj" }
                    .map { $0.appendingPathComponent("project.pbxproj") }
                    .filter { FileManager.default.fileExists(atPath: $0.path) }
                found.xcodeGenSpecs = urls.filter { $0.lastPathComponent == XcodeGenReader.fileName }
                found.manifests += urls.filter(TuistManifestReader.isManifest)
            }
            let foundBoth = found.manifests.contains { isPackageManifestName($0.lastPathComponent) } && foundAppProject
            if foundBoth || names.contains(".git") || current.path == "/" { break }
            current = current.deletingLastPathComponent()
        }
        return found
    }

    private static func toolsVersion(of manifest: PackageManifestReader.Manifest) -> Version {
        manifest.toolsVersion ?? Version(0)
    }

    /// Groups manifests by package folder, `Package.swift` first, in a stable order.
    private static func manifestsByFolder(_ manifests: [URL]) -> [[URL]] {
        let grouped = Dictionary(grouping: unique(manifests)) { $0.deletingLastPathComponent().path }
        return grouped.keys.sorted().compactMap { folder in
            grouped[folder]?.sorted { left, right in
                let leftIsPlain = left.lastPathComponent == "Package.swift"
                let rightIsPlain = right.lastPathComponent == "Package.swift"
                return leftIsPlain != rightIsPlain ? leftIsPlain : left.lastPathComponent < right.lastPathComponent
            }
        }
    }

    /// The names the searches in `discoverUpward` accept, told by the same definitions.
    private static func mayNameProjectFile(_ name: String) -> Bool {
        isPackageManifestName(name) || name.hasSuffix(".xcodeproj") || name == XcodeGenReader.fileName
            || name == TuistManifestReader.fileName
    }

    static func isPackageManifestName(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// Accepts the `.xcodeproj` bundle as well as the `project.pbxproj` inside it.
    private static func projectFile(_ url: URL) -> URL {
        url.pathExtension == "xcodeproj" ? url.appendingPathComponent("project.pbxproj") : url
    }
}

/// Each file once, standardised, in the order first met.
private func unique(_ urls: [URL]) -> [URL] {
    var seen = Set<String>()
    return urls.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
}
