#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Every project file found around the linted code, and which of their targets compiles which file.
public struct ProjectSettings: Sendable {
    private(set) var projects: [DeclaredProject]
    /// `.mvlint.yml` and `--assume-ios17`, which win over what the project files say.
    public var overrides = SettingsOverrides()
    /// Every target, in project order, with its project's root.
    private let targets: [(target: DeclaredTarget, root: String)]
    /// The memberships of every target by path: which targets a path is (or is explicitly not) part of.
    private let membershipsByPath: StringTable<[(target: Int, isMember: Bool)]>
    /// The projects' folders (the value is unused): a table, as the memberships, for one cheap hash of a long path.
    private let roots: StringTable<Bool>

    init(projects: [DeclaredProject]) {
        self.projects = projects
        targets = projects.flatMap { project in project.targets.map { ($0, project.root) } }
        var index = StringTable<[(target: Int, isMember: Bool)]>()
        for (position, entry) in targets.enumerated() {
            // A path a target lists twice keeps its last membership.
            var memberships = StringTable<Bool>(minimumCapacity: entry.target.memberships.count)
            for membership in entry.target.memberships { memberships[membership.path] = membership.isMember }
            for (path, isMember) in memberships { index[path, default: []].append((position, isMember)) }
        }
        membershipsByPath = index
        var roots = StringTable<Bool>()
        for project in projects { roots[project.root] = true }
        self.roots = roots
    }

    public init() { self.init(projects: []) }

    /// The settings of the target that compiles `path` (an absolute, standardised path), with `overrides` applied.
    public func settings(for path: String) -> TargetSettings { settings(forEach: [path])[0] }

    /// `settings(for:)` of each path. A run's files share folders and targets: what a folder's memberships decide is
    /// found once per folder, and the settings of each set of owning targets are made once (for every file, they
    /// were an eighth of a warm run on a large app).
    public func settings(forEach paths: [String]) -> [TargetSettings] { sharedSettings(forEach: paths).map(\.value) }

    /// `settings(forEach:)`, each distinct value made once and shared by the paths that have it.
    func sharedSettings(forEach paths: [String]) -> [SharedSettings] {
        var decisionsByFolder = StringTable<[FolderDecision]>()
        var settingsByOwners: [[Int]: SharedSettings] = [:]
        var unownedByFolder = StringTable<SharedSettings>()
        // Paths come folder by folder: the last folder's decisions are kept, and the table asked only on a new one.
        var lastDecisions = LastAnswer<[FolderDecision]>()
        return paths.map { path in
            // A path without a folder (none here: paths are absolute) has only its own memberships.
            let folder = Self.parentFolder(of: path).map(String.init) ?? ""
            let decisions = lastDecisions.value(for: folder) { folder in
                if let known = decisionsByFolder[folder] { return known }
                let made = folder.isEmpty ? [] : self.decisions(from: folder[...])
                decisionsByFolder[folder] = made
                return made
            }
            let owners = owningTargets(of: path, folderDecisions: decisions)
            if !owners.isEmpty {
                if let known = settingsByOwners[owners] { return known }
                let made = SharedSettings(overrides.applied(to: Self.merged(owners.map { targets[$0].target })))
                settingsByOwners[owners] = made
                return made
            }
            // Which projects enclose the file depends on its folder alone.
            if let known = unownedByFolder[folder] { return known }
            let made = SharedSettings(overrides.applied(to: settingsOfUnownedFile(at: path)))
            unownedByFolder[folder] = made
            return made
        }
    }

    /// For a file no target compiles, the lowest minimum of its project, since it may be meant for any of its targets.
    private func settingsOfUnownedFile(at path: String) -> TargetSettings {
        let project = owningProjects(of: path)
        guard let first = project.first else { return .unknown }
        var lowest = Self.lowest(of: project.flatMap(\.targets))
        lowest.name = ""
        lowest.sources.target = SettingSource("no target compiles this file; lowest minimum of the project", file: first.file)
        return lowest
    }

    /// The projects whose folder is the nearest one around `path`; for a file outside every project's folder,
    /// the outermost projects, those with an app target if any have one (a nested helper package is no app).
    private func owningProjects(of path: String) -> [DeclaredProject] {
        let enclosing = projects.filter { Self.isInside(path, $0.root) }
        if let nearest = enclosing.map(\.root).max(by: { $0.count < $1.count }) {
            return enclosing.filter { $0.root == nearest }
        }
        let outermost = projects.filter { project in !projects.contains { $0.root != project.root && Self.isInside(project.root, $0.root) } }
        let withApps = outermost.filter { $0.targets.contains { $0.kind == .application } }
        return withApps.isEmpty ? outermost : withApps
    }

    /// A target's membership met on the way up from a folder, the first one for that target: whether it makes the
    /// target compile the folder's files.
    private struct FolderDecision {
        var target: Int
        var compiles: Bool
    }

    /// The targets that compile `path`, by index in project order: its own memberships decide first, then, for the
    /// other targets, the memberships nearest above it (`folderDecisions` of its folder).
    private func owningTargets(of path: String, folderDecisions: [FolderDecision]) -> [Int] {
        var decided = Set<Int>()
        var owners: [Int] = []
        for (target, isMember) in membershipsByPath[path] ?? [] where decided.insert(target).inserted {
            if isMember { owners.append(target) }
        }
        for decision in folderDecisions where decision.compiles && !decided.contains(decision.target) { owners.append(decision.target) }
        return owners.sorted()
    }

    /// For each target, its membership nearest above `folder` (or at it), in the order met; a folder membership does not
    /// reach into the folder of a nested project, which governs its own code.
    private func decisions(from folder: Substring) -> [FolderDecision] {
        var decided = Set<Int>()
        var decisions: [FolderDecision] = []
        var crossedRoots: [String] = []
        var current = folder
        while true {
            let folder = String(current)
            for (target, isMember) in membershipsByPath[folder] ?? [] where decided.insert(target).inserted {
                decisions.append(FolderDecision(target: target,
                                                compiles: isMember && !crossedRoots.contains { $0 != targets[target].root }))
            }
            if roots[folder] != nil { crossedRoots.append(folder) }
            guard current != "/", let parent = Self.parentFolder(of: current) else { break }
            current = parent
        }
        return decisions
    }

    /// The folder holding `path` ("/" for a file at the top; nil without a slash), cut by UTF-8 unit: finding a
    /// character walks grapheme boundaries, 8 % of a warm run on a large app.
    private static func parentFolder(of path: some StringProtocol) -> Substring? {
        let text = Substring(path), utf8 = text.utf8, isSlash = { (byte: UInt8) in byte == UInt8(ascii: "/") }
        // In the bytes where they are contiguous (a native string's): the view's generic backward search stepped
        // index by index, a thousand instructions a path.
        let offset = utf8.withContiguousStorageIfAvailable { $0.lastIndex(where: isSlash) }
            ?? utf8.lastIndex(where: isSlash).map { utf8.distance(from: utf8.startIndex, to: $0) }
        guard let offset else { return nil }
        let slash = utf8.index(utf8.startIndex, offsetBy: offset)
        return slash == text.startIndex ? "/" : text[..<slash]
    }

    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    // MARK: Combining targets

    /// Settings for code that several targets compile: the code must suit each of them, so every platform any
    /// of them runs on at its lowest version, the lowest language mode, and main-actor isolation only if all agree.
    static func merged(_ owners: [DeclaredTarget]) -> TargetSettings {
        let relevant = preferringNonTest(owners).map(\.settings)
        guard var result = relevant.first else { return .unknown }
        guard relevant.count > 1 else { return result }
        result.name = relevant.map(\.name).joined(separator: ", ")
        let files = Set(relevant.compactMap(\.sources.target?.file))
        result.sources.target = SettingSource(relevant.compactMap(\.sources.target?.statement).joined(separator: ", "),
                                              file: files.count == 1 ? files.first : nil)
        // One target with unknown platforms makes the whole set unknown rather than narrower than it is.
        if relevant.contains(where: { $0.deploymentTargets.isEmpty }) {
            result.deploymentTargets = [:]
            result.sources.deploymentTargets = [:]
            return lowestLanguageModeAndCommonIsolation(of: relevant, into: result)
        }
        return lowestLanguageModeAndCommonIsolation(of: relevant, into: lowestDeploymentTargets(of: relevant, into: result))
    }

    /// The lowest minimum of a project, for a file none of its targets claims: every platform a target states,
    /// at its lowest version. Targets that state none do not make it unknown, as they do in `merged`: the
    /// file must not be judged as unrestricted when its project supports old systems.
    static func lowest(of targets: [DeclaredTarget]) -> TargetSettings {
        let relevant = preferringNonTest(targets).map(\.settings)
        guard !relevant.isEmpty else { return .unknown }
        return lowestLanguageModeAndCommonIsolation(of: relevant, into: lowestDeploymentTargets(of: relevant, into: TargetSettings()))
    }

    /// `result` with every platform of `settings` at its lowest version, also the ones `result` already has.
    private static func lowestDeploymentTargets(of settings: [TargetSettings], into result: TargetSettings) -> TargetSettings {
        var result = result
        for each in settings {
            for (platform, version) in each.deploymentTargets where result.deploymentTargets[platform].map({ version < $0 }) ?? true {
                result.deploymentTargets[platform] = version
                result.sources.deploymentTargets[platform] = each.sources.deploymentTargets[platform]
            }
        }
        return result
    }

    /// Language mode: the lowest, and unknown if any is unknown. Isolation: main actor only if every one says so.
    private static func lowestLanguageModeAndCommonIsolation(of settings: [TargetSettings], into result: TargetSettings) -> TargetSettings {
        var result = result
        let lowestMode = settings.allSatisfy { $0.swiftLanguageMode != nil }
            ? settings.min { ($0.swiftLanguageMode ?? Version(0)) < ($1.swiftLanguageMode ?? Version(0)) } : nil
        result.swiftLanguageMode = lowestMode?.swiftLanguageMode
        result.sources.swiftLanguageMode = lowestMode?.sources.swiftLanguageMode
        let nonisolated = settings.first { !$0.defaultIsolationIsMainActor }
        result.defaultIsolationIsMainActor = nonisolated == nil
        result.sources.defaultIsolation = (nonisolated ?? settings.first)?.sources.defaultIsolation
        return result
    }

    /// Test targets compile app code too, but their settings should not decide how that code is judged.
    private static func preferringNonTest(_ targets: [DeclaredTarget]) -> [DeclaredTarget] {
        let nonTest = targets.filter { $0.kind != .test }
        return nonTest.isEmpty ? targets : nonTest
    }
}

/// What `.mvlint.yml` and `--assume-ios17` say about the settings, over what the project files say.
public struct SettingsOverrides: Sendable {
    /// `deployment_target:`: replaces every target's minimums.
    public var deploymentTargets: [Platform: Version] = [:]
    /// `default_isolation:`.
    public var defaultIsolationIsMainActor: Bool?
    /// `swift_version:`: the compiler the code is built with; without it a current one is assumed.
    public var swiftVersion: Version?
    /// The configuration file that says so.
    public var configurationFile: String?
    /// `--assume-ios17`: where nothing states a minimum, the first systems with Observation (iOS 17, macOS 14…).
    public var assumesModernOS = false

    public init() {}

    public init(_ configuration: Configuration, assumingModernOS: Bool) {
        deploymentTargets = configuration.deploymentTargets
        defaultIsolationIsMainActor = configuration.defaultIsolationIsMainActor
        swiftVersion = configuration.swiftVersion
        configurationFile = configuration.sourcePath
        assumesModernOS = assumingModernOS
    }

    func applied(to settings: TargetSettings) -> TargetSettings {
        var result = settings
        if !deploymentTargets.isEmpty {
            result.deploymentTargets = deploymentTargets
            result.sources.deploymentTargets = deploymentTargets.mapValues { _ in configured(.deploymentTarget) }
        }
        if let defaultIsolationIsMainActor {
            result.defaultIsolationIsMainActor = defaultIsolationIsMainActor
            result.sources.defaultIsolation = configured(.defaultIsolation)
        }
        if let swiftVersion {
            result.swiftToolsVersion = swiftVersion
            result.sources.swiftToolsVersion = configured(.swiftVersion)
        }
        if assumesModernOS, result.deploymentTargets.isEmpty {
            result.deploymentTargets = ObservationMigrationPlan.observationMinimums
            result.sources.deploymentTargets = result.deploymentTargets.mapValues { _ in SettingSource("`--assume-ios17`", file: nil) }
        }
        return result
    }

    private func configured(_ key: ConfigurationKey) -> SettingSource {
        SettingSource("`\(key.rawValue):`", file: configurationFile)
    }
}
