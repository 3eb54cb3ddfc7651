internal import Foundation

/// Reads the targets of an Xcode project from its `project.pbxproj`: the build settings that change verdicts
/// and the Swift files each target compiles, listed one by one or through Xcode 16 synchronized folders.
enum PBXProjReader {
    /// `url` is the `project.pbxproj` inside a `.xcodeproj` bundle.
    static func read(_ url: URL) throws(ProjectFileError) -> [DeclaredTarget] {
        let text = try readProjectFile(url, describedAs: "the Xcode project")
        // Paths in the project are relative to the folder that holds the `.xcodeproj` bundle.
        let projectFolder = url.deletingLastPathComponent().deletingLastPathComponent()
        return try parse(text, path: url.path, projectFolder: projectFolder)
    }

    static func parse(_ text: String, path: String, projectFolder: URL) throws(ProjectFileError) -> [DeclaredTarget] {
        let root: PropertyListValue
        do throws(PropertyListSyntaxError) {
            root = try OldStylePropertyListParser.parse(text)
        } catch {
            throw ProjectFileError(path: path, line: error.line, message: "the Xcode project does not parse: \(error.message)")
        }
        guard let graph = ProjectGraph(root: root, projectFolder: projectFolder) else {
            throw ProjectFileError(path: path, message: "the Xcode project has no PBXProject root object")
        }
        return graph.targets()
    }

    /// The oldest Swift that ships with the Xcode able to open a project of this format (`objectVersion`).
    static func swiftVersion(forObjectVersion objectVersion: Int) -> Version? {
        // objectVersion → Xcode: 50 → 9.3, 51 → 10, 52 → 11, 53 → 11.4, 54 → 12, 55 → 13, 56 → 14,
        // 60 → 15, 63 → 15.3, 70/77 → 16, 90 → 16.3. A newer format implies at least the newest listed.
        let formats: [(objectVersion: Int, swift: Version)] = [
            (50, Version(4, 1)), (51, Version(4, 2)), (52, Version(5, 1)), (53, Version(5, 2)), (54, Version(5, 3)),
            (55, Version(5, 5)), (56, Version(5, 7)), (60, Version(5, 9)), (63, Version(5, 10)), (70, Version(6, 0)),
            (90, Version(6, 1)),
        ]
        return formats.last { $0.objectVersion <= objectVersion }?.swift
    }
}

/// The object graph of one project: `rootObject` → PBXProject → targets, groups and build configurations.
private struct ProjectGraph {
    typealias Object = [String: PropertyListValue]

    private let objects: [String: Object]
    private let project: Object
    private let swiftVersion: Version?
    /// Absolute locations of the project's file references and groups, by object id.
    private let locations: [String: URL]

    init?(root: PropertyListValue, projectFolder: URL) {
        guard let entries = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string,
              let project = entries[rootID]?.dictionary, project["isa"]?.string == "PBXProject" else { return nil }
        objects = entries.compactMapValues(\.dictionary)
        self.project = project
        swiftVersion = root["objectVersion"]?.string.flatMap { Int($0) }.flatMap(PBXProjReader.swiftVersion(forObjectVersion:))
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
            let location = path.map { base.appendingPathComponent($0) } ?? base
            locations[id] = location
            for child in object["children"]?.array ?? [] {
                if let childID = child.string { pending.append((childID, location)) }
            }
        }
        return locations
    }

    func targets() -> [DeclaredTarget] {
        let projectConfigurations = configurations(of: project["buildConfigurationList"]?.string)
        let nativeTargets = (project["targets"]?.array ?? []).compactMap { value -> (id: String, object: Object)? in
            guard let id = value.string, let object = objects[id], object["isa"]?.string == "PBXNativeTarget" else { return nil }
            return (id, object)
        }
        let synchronizedMemberships = synchronizedFolderMemberships(of: nativeTargets)
        return nativeTargets.map { id, target in
            var settings = summarize(inheritedConfigurations(of: target, projectConfigurations: projectConfigurations))
            settings.name = target["name"]?.string ?? ""
            settings.swiftToolsVersion = swiftVersion
            return DeclaredTarget(settings: settings, kind: kind(of: target),
                                  memberships: listedSwiftFiles(of: target) + synchronizedMemberships[id, default: []])
        }
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
                guard let referenceID = objects[buildFileID]?["fileRef"]?.string, let location = locations[referenceID],
                      location.pathExtension == "swift" else { continue }
                files.append(.init(path: location.standardizedFileURL.path, isFolder: false, isMember: true))
            }
        }
        return files
    }

    /// Synchronized folders by target id. An exception set flips the membership of the paths it lists for its
    /// target: they leave a target that owns the folder, and join a target that does not.
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
        let targetIDs = Set(targets.map(\.id))
        for folderID in folderIDs {
            guard let folder = locations[folderID] else { continue }
            for exceptionID in ids(objects[folderID]?["exceptions"]) {
                guard let exception = objects[exceptionID],
                      exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      let targetID = exception["target"]?.string, targetIDs.contains(targetID) else { continue }
                let ownsFolder = owners[folderID]?.contains(targetID) ?? false
                for relativePath in (exception["membershipExceptions"]?.array ?? []).compactMap(\.string) {
                    let location = folder.appendingPathComponent(relativePath)
                    // Exceptions name files and folders alike; only a Swift file can be a file that matters.
                    memberships[targetID, default: []].append(.init(path: location.standardizedFileURL.path,
                                                                    isFolder: location.pathExtension != "swift",
                                                                    isMember: !ownsFolder))
                }
            }
        }
        return memberships
    }

    // MARK: Build settings

    /// Each of the target's configurations (Debug, Release…) over the project's configuration of the same name,
    /// which supplies every setting the target leaves out.
    private func inheritedConfigurations(of target: Object, projectConfigurations: [(name: String, settings: Object)]) -> [Object] {
        let targetConfigurations = configurations(of: target["buildConfigurationList"]?.string)
        guard !targetConfigurations.isEmpty else { return projectConfigurations.map(\.settings) }
        return targetConfigurations.map { configuration in
            let inherited = projectConfigurations.first { $0.name == configuration.name }?.settings ?? [:]
            return inherited.merging(configuration.settings) { _, own in own }
        }
    }

    private func configurations(of listID: String?) -> [(name: String, settings: Object)] {
        guard let listID, let list = objects[listID] else { return [] }
        return ids(list["buildConfigurations"]).compactMap { id in
            guard let configuration = objects[id] else { return nil }
            return (configuration["name"]?.string ?? "", configuration["buildSettings"]?.dictionary ?? [:])
        }
    }

    private static let deploymentTargetKeys: [(key: String, platform: Platform)] = [
        ("IPHONEOS_DEPLOYMENT_TARGET", .iOS), ("MACOSX_DEPLOYMENT_TARGET", .macOS), ("TVOS_DEPLOYMENT_TARGET", .tvOS),
        ("WATCHOS_DEPLOYMENT_TARGET", .watchOS), ("XROS_DEPLOYMENT_TARGET", .visionOS),
    ]

    /// SDK names as `SDKROOT` and `SUPPORTED_PLATFORMS` spell them.
    private static let sdkPlatforms: [String: Platform] = [
        "iphoneos": .iOS, "iphonesimulator": .iOS, "macosx": .macOS, "appletvos": .tvOS, "appletvsimulator": .tvOS,
        "watchos": .watchOS, "watchsimulator": .watchOS, "xros": .visionOS, "xrsimulator": .visionOS,
    ]

    /// One set of settings for all configurations: the lowest deployment target and language mode any of them
    /// builds with, and main-actor isolation only when every configuration asks for it.
    private func summarize(_ configurations: [Object]) -> TargetSettings {
        var settings = TargetSettings()
        var languageModes: [Version] = []
        var isolatedEverywhere = !configurations.isEmpty
        for configuration in configurations {
            // Templates often set every platform's deployment target; only the platforms built for count.
            let builtPlatforms = Self.builtPlatforms(configuration)
            for (key, platform) in Self.deploymentTargetKeys where builtPlatforms?.contains(platform) ?? true {
                for version in Self.values(of: key, in: configuration).compactMap(Version.init) {
                    settings.deploymentTargets[platform] = min(version, settings.deploymentTargets[platform] ?? version)
                }
            }
            languageModes += Self.values(of: "SWIFT_VERSION", in: configuration).compactMap(Version.init)
            let isolation = Self.values(of: "SWIFT_DEFAULT_ACTOR_ISOLATION", in: configuration)
            isolatedEverywhere = isolatedEverywhere && !isolation.isEmpty && isolation.allSatisfy { $0 == "MainActor" }
        }
        settings.swiftLanguageMode = languageModes.min()
        settings.defaultIsolationIsMainActor = isolatedEverywhere
        return settings
    }

    /// The platforms a configuration builds for, or nil when it does not say.
    private static func builtPlatforms(_ configuration: Object) -> Set<Platform>? {
        var sdkNames = values(of: "SUPPORTED_PLATFORMS", in: configuration).flatMap { $0.split(whereSeparator: \.isWhitespace) }
        if sdkNames.isEmpty { sdkNames = values(of: "SDKROOT", in: configuration).map { Substring($0) } }
        // Old projects name a versioned SDK (`macosx10.15`).
        let platforms = Set(sdkNames.compactMap { sdkPlatforms[String($0.prefix(while: \.isLetter))] })
        return platforms.isEmpty ? nil : platforms
    }

    /// The setting's values, also under conditions such as `IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*]`.
    private static func values(of key: String, in configuration: Object) -> [String] {
        configuration.compactMap { entry -> String? in
            guard entry.key == key || entry.key.hasPrefix(key + "[") else { return nil }
            if let text = entry.value.string { return text }
            return entry.value.array?.compactMap(\.string).joined(separator: " ")
        }
    }

    private func ids(_ value: PropertyListValue?) -> [String] {
        value?.array?.compactMap(\.string) ?? []
    }
}
