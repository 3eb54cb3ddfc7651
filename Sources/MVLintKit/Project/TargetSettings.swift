internal import Foundation

/// Build settings that change verdicts, for the target a file belongs to.
public struct TargetSettings: Sendable, Equatable {
    /// The SwiftPM target or Xcode target name; empty when the file belongs to no known target.
    public var name: String
    /// Minimum deployment targets the target declares. Empty means unknown: rules then assume a current OS.
    public var deploymentTargets: [Platform: Version]
    public var swiftLanguageMode: Version?
    /// The `// swift-tools-version` of the package, or the Swift version implied by the Xcode project.
    public var swiftToolsVersion: Version?
    /// True when the target isolates declarations to the main actor by default (SE-0466).
    public var defaultIsolationIsMainActor: Bool

    public init(name: String = "", deploymentTargets: [Platform: Version] = [:], swiftLanguageMode: Version? = nil,
                swiftToolsVersion: Version? = nil, defaultIsolationIsMainActor: Bool = false) {
        self.name = name
        self.deploymentTargets = deploymentTargets
        self.swiftLanguageMode = swiftLanguageMode
        self.swiftToolsVersion = swiftToolsVersion
        self.defaultIsolationIsMainActor = defaultIsolationIsMainActor
    }

    public static let unknown = TargetSettings()
}

/// Settings for every target found in the project, and which source folder or file belongs to which.
public struct ProjectSettings: Sendable {
    /// Targets whose sources are every Swift file below a folder (SwiftPM targets, Xcode synchronized folders).
    public var folderTargets: [(folder: String, settings: TargetSettings)] = []
    /// Targets that list their files one by one (classic Xcode projects).
    public var fileTargets: [String: TargetSettings] = [:]
    /// Used for files no target claims, e.g. when a project has a single target.
    public var fallback: TargetSettings = .unknown

    public init() {}

    /// The settings of the target that compiles `path` (an absolute, standardised path).
    public func settings(for path: String) -> TargetSettings {
        if let listed = fileTargets[path] { return listed }
        var best: (length: Int, settings: TargetSettings)?
        for (folder, settings) in folderTargets {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if path.hasPrefix(prefix), prefix.count > (best?.length ?? -1) {
                best = (prefix.count, settings)
            }
        }
        return best?.settings ?? fallback
    }

    /// Applies `.mvlint.yml` overrides, which win over what the project files say.
    public func overridden(deploymentTargets: [Platform: Version], defaultIsolationIsMainActor: Bool?) -> ProjectSettings {
        func apply(_ settings: TargetSettings) -> TargetSettings {
            var copy = settings
            if !deploymentTargets.isEmpty { copy.deploymentTargets = deploymentTargets }
            if let isolation = defaultIsolationIsMainActor { copy.defaultIsolationIsMainActor = isolation }
            return copy
        }
        var copy = self
        copy.folderTargets = folderTargets.map { ($0.folder, apply($0.settings)) }
        copy.fileTargets = fileTargets.mapValues(apply)
        copy.fallback = apply(fallback)
        return copy
    }
}
