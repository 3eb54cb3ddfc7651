#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Reads the targets of an Xcode project from its `project.pbxproj`: the build settings that change verdicts
/// and the Swift files each target compiles, listed one by one or through Xcode 16 synchronized folders.
enum PBXProjReader {
    /// `url` is the `project.pbxproj` inside a `.xcodeproj` bundle.
    static func read(_ url: URL, reads: ProjectFileReads = ProjectFileReads()) throws(ProjectFileError) -> DeclaredProject {
        let text = try readProjectFile(url, describedAs: "the Xcode project", reads: reads)
        // Paths in the project are relative to the folder that holds the `.xcodeproj` bundle.
        let projectFolder = url.deletingLastPathComponent().deletingLastPathComponent()
        return try parse(text, path: url.path, projectFolder: projectFolder, reads: reads)
    }

    static func parse(_ text: String, path: String, projectFolder: URL,
                      reads: ProjectFileReads = ProjectFileReads()) throws(ProjectFileError) -> DeclaredProject {
        let root: PropertyListValue
        do throws(PropertyListSyntaxError) {
            root = try OldStylePropertyListParser.parse(text)
        } catch {
            throw ProjectFileError(path: path, line: error.line, message: "the Xcode project does not parse: \(error.message)")
        }
        guard let graph = ProjectGraph(root: root, path: path, projectFolder: projectFolder, reads: reads) else {
            throw ProjectFileError(path: path, message: "the Xcode project has no PBXProject root object")
        }
        let (targets, warnings) = graph.targets()
        return DeclaredProject(file: path, root: projectFolder.standardizedFileURL.path, targets: targets, warnings: warnings)
    }
}

/// The object graph of one project: `rootObject` → PBXProject → targets, groups and build configurations.
private struct ProjectGraph {
    typealias Object = [String: PropertyListValue]

    private let objects: [String: Object]
    private let project: Object
    /// The `project.pbxproj`, named as the source of the settings it holds.
    private let path: String
    /// Absolute locations of the project's file references and groups, by object id.
    private let locations: [String: URL]
    /// Where the `.xcconfig` files the configurations are based on are read.
    private let reads: ProjectFileReads

    init?(root: PropertyListValue, path: String, projectFolder: URL, reads: ProjectFileReads) {
        guard let entries = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string,
              let project = entries[rootID]?.dictionary, project["isa"]?.string == "PBXProject" else { return nil }
        objects = entries.compactMapValues(\.dictionary)
        self.project = project
        self.path = path
        self.reads = reads
        let projectDirectory = project["projectDirPath"]?.string ?? ""
        let sourceRoot = projectDirectory.isEmpty ? projectFolder
            : projectDirectory.hasPrefix("/") ? URL(fileURLWithPath: projectDirectory, isDirectory: true)
            : projectFolder.appendingPathComponent(projectDirectory, isDirectory: true)
        locations = Self.locateReferences(in: objects, mainGroup: project["mainGroup"]?.string, sourceRoot: sourceRoot)
    }

    /// Walks the group tree from the main group: a `<group>` path is relative to its parent group's folder.
    private static func locateReferences(in objects: [String: Object], mainGroup: String?, sourceRoot: URL) -> [String: URL] {
        var locations: [String: URL] = [:]
        // An explicit stack, not recursion: a malformed project may nest groups arbitrarily deep or in a cycle.
        var pending: [(id: String, parent: URL)] = mainGroup.map { [($0, sourceRoot)] } ?? []
        while let (id, parent) = pending.popLast() {
            guard locations[id] == nil, let object = objects[id] else { continue }
            let path = object["path"]?.string
            let base: URL
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>": base = parent
            case "SOURCE_ROOT": base = sourceRoot
            case "<absolute>": base = URL(fileURLWithPath: "/", isDirectory: true)
            default: continue  // Build products, SDK and developer folders hold no project sources.
            }
            // Told it is no folder: otherwise each append asks the file system, once for each of the project's thousands
            // of references. A URL's path reads the same either way, and appending to it still adds a slash.
            let location = path.map { base.appendingPathComponent($0, isDirectory: false) } ?? base
            locations[id] = location
            for child in object["children"]?.array ?? [] {
                if let childID = child.string { pending.append((childID, location)) }
            }
        }
        return locations
    }

    /// The native targets and what went wrong reading the `.xcconfig` files their configurations are based on.
    func targets() -> (targets: [DeclaredTarget], warnings: [String]) {
        var warnings: [String] = []
        let projectConfigurations = configurations(of: project["buildConfigurationList"]?.string, setBy: "the project", warnings: &warnings)
        let nativeTargets = (project["targets"]?.array ?? []).compactMap { value -> (id: String, object: Object)? in
            guard let id = value.string, let object = objects[id], object["isa"]?.string == "PBXNativeTarget" else { return nil }
            return (id, object)
        }
        let synchronizedMemberships = synchronizedFolderMemberships(of: nativeTargets)
        let targets = nativeTargets.map { id, target in
            let name = target["name"]?.string ?? ""
            let own = configurations(of: target["buildConfigurationList"]?.string, setBy: "target `\(name)`", warnings: &warnings)
            var settings = BuildSettings.summarize(inherited(own, from: projectConfigurations))
            settings.name = name
            settings.sources.target = SettingSource("Xcode target `\(name)`", file: path)
            return DeclaredTarget(settings: settings, kind: kind(of: target),
                                  memberships: listedSwiftFiles(of: target) + synchronizedMemberships[id, default: []])
        }
        return (targets, warnings)
    }

    private func kind(of target: Object) -> DeclaredTarget.Kind {
        switch target["productType"]?.string {
        case "com.apple.product-type.application": return .application
        case "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing": return .test
        default: return .other
        }
    }

    // MARK: Sources

    /// Files of the target's "Compile Sources" phase.
    private func listedSwiftFiles(of target: Object) -> [DeclaredTarget.Membership] {
        var files: [DeclaredTarget.Membership] = []
        for phaseID in ids(target["buildPhases"]) {
            guard let phase = objects[phaseID], phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
            for buildFileID in ids(phase["files"]) {
                guard let referenceID = objects[buildFileID]?["fileRef"]?.string, let location = locations[referenceID] else { continue }
                // Read as text: `URL`'s extension and standardization cost microseconds a file on Linux, and a target
                // can compile thousands.
                let path = location.path
                guard PBXProjReader.isSwiftFile(path) else { continue }
                files.append(.init(path: PBXProjReader.standardizedPath(String(path.dropFirst()), below: "/"), isFolder: false, isMember: true))
            }
        }
        return files
    }

    /// Synchronized folders by target id. An exception set flips the membership of the paths it lists for its
    /// target: they leave a target that owns the folder, and join a target that does not (or a folder no target owns).
    private func synchronizedFolderMemberships(of targets: [(id: String, object: Object)]) -> [String: [DeclaredTarget.Membership]] {
        var memberships: [String: [DeclaredTarget.Membership]] = [:]
        var owners: [String: Set<String>] = [:]
        var folderIDs: [String] = []
        for (id, target) in targets {
            for folderID in ids(target["fileSystemSynchronizedGroups"]) {
                guard let location = locations[folderID] else { continue }
                memberships[id, default: []].append(.init(path: location.standardizedFileURL.path, isFolder: true, isMember: true))
                if owners[folderID] == nil { folderIDs.append(folderID) }
                owners[folderID, default: []].insert(id)
            }
        }
        // A folder no target owns still gives the files its exception sets list to their targets (IceCubesApp keeps its
        // notification extension's files so): read those too, in their ids' order.
        folderIDs += objects.keys.filter { owners[$0] == nil && objects[$0]?["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" }.sorted()
        let targetIDs = Set(targets.map(\.id))
        for folderID in folderIDs {
            guard let folder = locations[folderID] else { continue }
            let folderPath = folder.standardizedFileURL.path
            for exceptionID in ids(objects[folderID]?["exceptions"]) {
                guard let exception = objects[exceptionID],
                      exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      let targetID = exception["target"]?.string, targetIDs.contains(targetID) else { continue }
                let ownsFolder = owners[folderID]?.contains(targetID) ?? false
                for relativePath in (exception["membershipExceptions"]?.array ?? []).compactMap(\.string) {
                    let path = PBXProjReader.standardizedPath(relativePath, below: folderPath)
                    // Exceptions name files and folders alike; only a Swift file can be a file that matters.
                    memberships[targetID, default: []].append(.init(path: path, isFolder: !PBXProjReader.isSwiftFile(path), isMember: !ownsFolder))
                }
            }
        }
        return memberships
    }

    // MARK: Build settings

    /// Each of the target's configurations (Debug, Release…) over the project's configuration of the same name,
    /// which supplies every setting the target leaves out.
    private func inherited(_ targetConfigurations: [(name: String, settings: BuildConfiguration)],
                           from projectConfigurations: [(name: String, settings: BuildConfiguration)]) -> [BuildConfiguration] {
        guard !targetConfigurations.isEmpty else { return projectConfigurations.map(\.settings) }
        return targetConfigurations.map { configuration in
            let inherited = projectConfigurations.first { $0.name == configuration.name }?.settings ?? [:]
            return BuildSettings.layered(configuration.settings, over: inherited)
        }
    }

    /// The configurations of a list, each its own settings over the `.xcconfig` file it is based on.
    private func configurations(of listID: String?, setBy owner: String,
                                warnings: inout [String]) -> [(name: String, settings: BuildConfiguration)] {
        guard let listID, let list = objects[listID] else { return [] }
        return ids(list["buildConfigurations"]).compactMap { id in
            guard let configuration = objects[id] else { return nil }
            var base: BuildConfiguration = [:]
            if let file = baseConfigurationFile(of: configuration) {
                let read = XCConfigReader.read(file, setBy: owner, reads: reads)
                base = read.configuration
                warnings += read.warnings
            }
            let own = BuildSettings.configuration(plainValues(configuration["buildSettings"]?.dictionary ?? [:]), setBy: owner, in: path)
            return (configuration["name"]?.string ?? "", BuildSettings.layered(own, over: base))
        }
    }

    /// The `.xcconfig` a configuration is based on: a file reference in the group tree, or (Xcode 16) a path
    /// inside a synchronized folder.
    private func baseConfigurationFile(of configuration: Object) -> URL? {
        if let referenceID = configuration["baseConfigurationReference"]?.string { return locations[referenceID] }
        guard let anchorID = configuration["baseConfigurationReferenceAnchor"]?.string, let anchor = locations[anchorID],
              let relativePath = configuration["baseConfigurationReferenceRelativePath"]?.string else { return nil }
        return anchor.appendingPathComponent(relativePath)
    }

    /// Settings as text; a list (`OTHER_SWIFT_FLAGS = ( a, b )`) reads as its items joined by spaces.
    private func plainValues(_ settings: Object) -> [String: String] {
        settings.compactMapValues { value in value.string ?? value.array?.compactMap(\.string).joined(separator: " ") }
    }

    private func ids(_ value: PropertyListValue?) -> [String] {
        value?.array?.compactMap(\.string) ?? []
    }
}

extension PBXProjReader {
    /// `relativePath` below the folder at the standardized path `folder`, as `URL`'s `appendingPathComponent` and
    /// `standardizedFileURL` make it. Joined as text when no component needs resolving: on Linux the two `URL`
    /// operations cost about 10 µs a path, and a project can list a thousand exceptions (home-assistant-iOS lists
    /// 1,040: 10 ms before any file is linted).
    static func standardizedPath(_ relativePath: String, below folder: String) -> String {
        // A trailing slash is dropped, as `URL.path` drops it; an empty, `.` or `..` component is left to `URL`.
        let inner = relativePath.hasSuffix("/") ? relativePath.dropLast() : relativePath[...]
        guard !folder.isEmpty, !inner.isEmpty, !hasComponentToResolve(inner) else {
            return URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(relativePath).standardizedFileURL.path
        }
        return (folder.hasSuffix("/") ? folder : folder + "/") + inner
    }

    /// Whether `path` has an empty component (a leading or doubled slash) or one of dots only (`.`, `..`; `...` too,
    /// which `URL` keeps: it is only left to `URL`); read as bytes.
    private static func hasComponentToResolve(_ path: Substring) -> Bool {
        var componentLength = 0, dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || componentLength == dots { return true }
                componentLength = 0
                dots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return componentLength == dots
    }

    /// Whether the last component of `path` has the extension `swift` (`URL.pathExtension`: a name that only
    /// starts with a dot has none).
    static func isSwiftFile(_ path: String) -> Bool {
        guard path.hasSuffix(".swift") else { return false }
        let beforeExtension = path.utf8.dropLast(".swift".utf8.count).last
        return beforeExtension != nil && beforeExtension != UInt8(ascii: "/")
    }
}
