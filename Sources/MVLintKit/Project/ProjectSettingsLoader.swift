#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

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
        // Each project file is read on a worker of its own, under the time limit: a workspace has dozens of manifests
        // and projects (74 and 15 in the corpus's fifteen apps), and read one after another they took 95 ms of a 2.9 s
        // cold run. Nil: one took too long.
        let read = { (readings: [Reading]) -> [Reading.Result]? in
            let results = ParallelMap.run(readings, timeLimit: limit, timedOut: { _ in nil }) { $0.run() }
            return results.contains { $0 == nil } ? nil : results.compactMap { $0 }
        }
        // A generator's spec describes the `.xcodeproj` it makes; when that project is there, it is what builds: the
        // specs and Tuist manifests are chosen once the Xcode projects are read.
        let tookTooLong = (ProjectSettings(projects: []),
                           ["reading a project file took longer than \(Int(limit)) s; the build settings are ignored"], nil as ProjectSettingsMemo?)
        guard let packagesAndProjects = read(packageReadings(files) + unique(files.xcodeProjects.map(projectFile)).map(Reading.xcodeProject)) else {
            return tookTooLong
        }
        let xcodeProjectFolders = Set(packagesAndProjects.compactMap { $0.project?.file.hasSuffix(".pbxproj") == true ? $0.project?.root : nil })
        let generatorReadings = unique(files.xcodeGenSpecs).filter { !xcodeProjectFolders.contains($0.deletingLastPathComponent().path) }
            .map(Reading.xcodeGenSpec)
            + unique(files.manifests).filter { $0.lastPathComponent == TuistManifestReader.fileName
                && !xcodeProjectFolders.contains($0.deletingLastPathComponent().path) }.map(Reading.tuistManifest)
        guard let generated = read(generatorReadings) else { return tookTooLong }
        let results = packagesAndProjects + generated
        // Each warning once: configurations based on one `.xcconfig` (Debug and Release) each read it and warn of it.
        let memo = ProjectSettingsMemo(key: key, probes: results.flatMap(\.probes), projects: results.compactMap(\.project),
                                       warnings: results.flatMap(\.warnings).eachOnce())
        return (ProjectSettings(projects: memo.projects), memo.warnings, memo)
    }

    /// One package folder's manifests, or one project file, read on a worker of its own with its own probes.
    private enum Reading: Sendable {
        /// `Package.swift` first, then its `Package@swift-*.swift` variants.
        case packageFolder([URL])
        case xcodeProject(URL)
        case xcodeGenSpec(URL)
        case tuistManifest(URL)

        struct Result: Sendable {
            var project: DeclaredProject?
            var warnings: [String]
            var probes: [ProjectFileReads.Probe]
        }

        func run() -> Result {
            let reads = ProjectFileReads()
            var warnings: [String] = []
            var project: DeclaredProject?
            do throws(ProjectFileError) {
                switch self {
                case .packageFolder(let manifests): project = Self.chosenPackage(manifests, reads: reads, warnings: &warnings)
                case .xcodeProject(let file): project = try PBXProjReader.read(file, reads: reads)
                case .xcodeGenSpec(let spec): project = try XcodeGenReader.read(spec, reads: reads)
                case .tuistManifest(let manifest): project = try TuistManifestReader.read(manifest, reads: reads)
                }
            } catch {
                warnings.append(error.description)
            }
            return Result(project: project, warnings: warnings + (project?.warnings ?? []), probes: reads.probes)
        }

        /// SwiftPM uses the manifest written for the newest tools; `Package.swift` (read first) wins ties.
        private static func chosenPackage(_ manifests: [URL], reads: ProjectFileReads, warnings: inout [String]) -> DeclaredProject? {
            var chosen: (url: URL, manifest: PackageManifestReader.Manifest)?
            for url in manifests {
                do throws(ProjectFileError) {
                    let manifest = try PackageManifestReader.read(url, reads: reads)
                    if let current = chosen, !(toolsVersion(of: manifest) > toolsVersion(of: current.manifest)) { continue }
                    chosen = (url, manifest)
                } catch {
                    warnings.append(error.description)
                }
            }
            return chosen.map { DeclaredProject(file: $0.url.path, root: $0.url.deletingLastPathComponent().path, targets: $0.manifest.targets) }
        }
    }

    private static func packageReadings(_ files: ProjectFiles) -> [Reading] {
        manifestsByFolder(files.manifests.filter { isPackageManifestName($0.lastPathComponent) }).map(Reading.packageFolder)
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
