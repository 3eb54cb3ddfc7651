public import Foundation

/// Combines the package manifests and Xcode projects around the linted code into one `ProjectSettings`.
/// Nothing is built or run: the files are only read. A file that cannot be read becomes a warning.
public enum ProjectSettingsLoader {
    public static func load(manifests: [URL], xcodeProjects: [URL]) -> (settings: ProjectSettings, warnings: [String]) {
        var targets: [DeclaredTarget] = []
        var warnings: [String] = []
        for folderManifests in manifestsByFolder(manifests) {
            var chosen: PackageManifestReader.Manifest?
            for url in folderManifests {
                do throws(ProjectFileError) {
                    let manifest = try PackageManifestReader.read(url)
                    // SwiftPM uses the manifest written for the newest tools; `Package.swift` (read first) wins ties.
                    if let current = chosen, !(toolsVersion(of: manifest) > toolsVersion(of: current)) { continue }
                    chosen = manifest
                } catch {
                    warnings.append(error.description)
                }
            }
            targets += chosen?.targets ?? []
        }
        for projectFile in unique(xcodeProjects.map(projectFile)) {
            do throws(ProjectFileError) {
                targets += try PBXProjReader.read(projectFile)
            } catch {
                warnings.append(error.description)
            }
        }
        return (combine(targets), warnings)
    }

    /// The nearest `Package.swift` (with its `Package@swift-*.swift` variants) and `*.xcodeproj` at or above
    /// `folder`, so linting `Sources/App` still finds the package's settings. Stops at a repository root.
    public static func discoverUpward(from folder: URL) -> (manifests: [URL], xcodeProjects: [URL]) {
        var manifests: [URL] = []
        var projects: [URL] = []
        var current = folder.standardizedFileURL
        if !current.isExistingFolder { current = current.deletingLastPathComponent() }
        while true {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: current.path)) ?? []).sorted()
            if manifests.isEmpty {
                manifests = names.filter(isManifestName).map { current.appendingPathComponent($0) }
            }
            if projects.isEmpty {
                projects = names.filter { $0.hasSuffix(".xcodeproj") }
                    .map { current.appendingPathComponent($0).appendingPathComponent("project.pbxproj") }
                    .filter { FileManager.default.fileExists(atPath: $0.path) }
            }
            let foundBoth = !manifests.isEmpty && !projects.isEmpty
            if foundBoth || names.contains(".git") || current.path == "/" { break }
            current = current.deletingLastPathComponent()
        }
        return (manifests, projects)
    }

    /// Maps every folder and file the targets claim to the settings of the targets that compile it.
    static func combine(_ targets: [DeclaredTarget]) -> ProjectSettings {
        var settings = ProjectSettings()
        settings.fallback = fallback(for: targets)
        let membershipsByTarget = targets.map { target in
            Dictionary(target.memberships.map { ($0.path, $0.isMember) }, uniquingKeysWith: { _, later in later })
        }
        var seenPaths = Set<String>()
        for membership in targets.flatMap(\.memberships) where seenPaths.insert(membership.path).inserted {
            let owners = targets.indices.filter { compiles(membership.path, memberships: membershipsByTarget[$0]) }
            // A path every target leaves out (an exception inside a synchronized folder) gets what unclaimed files get.
            let resolved = owners.isEmpty ? settings.fallback : merged(owners.map { targets[$0] })
            if membership.isFolder {
                settings.folderTargets.append((membership.path, resolved))
            } else {
                settings.fileTargets[membership.path] = resolved
            }
        }
        return settings
    }

    /// For files no target claims: the settings every app-like target agrees on, else those of the only app.
    static func fallback(for targets: [DeclaredTarget]) -> TargetSettings {
        let candidates = preferringNonTest(targets)
        guard let first = candidates.first else { return .unknown }
        if candidates.allSatisfy({ sameSettings($0.settings, first.settings) }) {
            var agreed = first.settings
            if candidates.count > 1 { agreed.name = "" }
            return agreed
        }
        let applications = candidates.filter { $0.kind == .application }
        return applications.count == 1 ? applications[0].settings : .unknown
    }

    /// Settings for code that several targets compile: the code must suit each of them, so every platform any
    /// of them runs on at its lowest version, the lowest language mode, and main-actor isolation only if all agree.
    static func merged(_ owners: [DeclaredTarget]) -> TargetSettings {
        let relevant = preferringNonTest(owners).map(\.settings)
        guard var result = relevant.first else { return .unknown }
        guard relevant.count > 1 else { return result }
        result.name = relevant.map(\.name).joined(separator: ", ")
        // One target with unknown platforms makes the whole set unknown rather than narrower than it is.
        if relevant.contains(where: { $0.deploymentTargets.isEmpty }) {
            result.deploymentTargets = [:]
        } else {
            for settings in relevant.dropFirst() {
                result.deploymentTargets.merge(settings.deploymentTargets) { min($0, $1) }
            }
        }
        result.swiftLanguageMode = lowestIfAllKnown(relevant.map(\.swiftLanguageMode))
        result.swiftToolsVersion = lowestIfAllKnown(relevant.map(\.swiftToolsVersion))
        result.defaultIsolationIsMainActor = relevant.allSatisfy(\.defaultIsolationIsMainActor)
        return result
    }

    /// Whether a target compiles `path`: the target's membership nearest above the path (or at it) decides.
    private static func compiles(_ path: String, memberships: [String: Bool]) -> Bool {
        var current = Substring(path)
        while true {
            if let isMember = memberships[String(current)] { return isMember }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return false }
            current = slash == current.startIndex ? "/" : current[..<slash]
        }
    }

    /// Test targets compile app code too, but their settings should not decide how that code is judged.
    private static func preferringNonTest(_ targets: [DeclaredTarget]) -> [DeclaredTarget] {
        let nonTest = targets.filter { $0.kind != .test }
        return nonTest.isEmpty ? targets : nonTest
    }

    private static func sameSettings(_ left: TargetSettings, _ right: TargetSettings) -> Bool {
        var unnamedLeft = left, unnamedRight = right
        unnamedLeft.name = ""
        unnamedRight.name = ""
        return unnamedLeft == unnamedRight
    }

    private static func lowestIfAllKnown(_ versions: [Version?]) -> Version? {
        let known = versions.compactMap { $0 }
        return known.count == versions.count ? known.min() : nil
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

    private static func isManifestName(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// Accepts the `.xcodeproj` bundle as well as the `project.pbxproj` inside it.
    private static func projectFile(_ url: URL) -> URL {
        url.pathExtension == "xcodeproj" ? url.appendingPathComponent("project.pbxproj") : url
    }

    private static func unique(_ urls: [URL]) -> [URL] {
        var seen = Set<String>()
        return urls.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
    }
}
