#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Build settings that change verdicts, for the target a file belongs to, and where each value came from.
public struct TargetSettings: Sendable, Equatable, Codable {
    /// The SwiftPM target or Xcode target name; empty when the file belongs to no known target.
    public var name: String
    /// Minimum deployment targets the target declares. Empty means unknown: rules then assume a current OS.
    public var deploymentTargets: [Platform: Version]
    public var swiftLanguageMode: Version?
    /// The Swift compiler the code is built with (`swift_version:` in `.mvlint.yml`); nil means a current one.
    /// Project files do not say which compiler builds them, so they never set it.
    public var swiftToolsVersion: Version?
    /// True when the target isolates declarations to the main actor by default (SE-0466).
    public var defaultIsolationIsMainActor: Bool
    /// Where the values came from, for `mvlint settings`. Not part of equality: rules judge code by the values.
    public var sources = Sources()

    public init(name: String = "", deploymentTargets: [Platform: Version] = [:], swiftLanguageMode: Version? = nil,
                swiftToolsVersion: Version? = nil, defaultIsolationIsMainActor: Bool = false) {
        self.name = name
        self.deploymentTargets = deploymentTargets
        self.swiftLanguageMode = swiftLanguageMode
        self.swiftToolsVersion = swiftToolsVersion
        self.defaultIsolationIsMainActor = defaultIsolationIsMainActor
    }

    public static let unknown = TargetSettings()

    public static func == (left: TargetSettings, right: TargetSettings) -> Bool {
        left.name == right.name && left.deploymentTargets == right.deploymentTargets
            && left.swiftLanguageMode == right.swiftLanguageMode && left.swiftToolsVersion == right.swiftToolsVersion
            && left.defaultIsolationIsMainActor == right.defaultIsolationIsMainActor
    }

    /// The origin of each value; nil where no file stated it (the value is then the default).
    public struct Sources: Sendable, Equatable, Codable {
        /// Why the file belongs to `name`, or why it belongs to no target.
        public var target: SettingSource?
        public var deploymentTargets: [Platform: SettingSource] = [:]
        public var swiftLanguageMode: SettingSource?
        public var swiftToolsVersion: SettingSource?
        public var defaultIsolation: SettingSource?

        public init() {}
    }
}

/// Where a setting's value came from: what stated it, and in which file.
public struct SettingSource: Sendable, Equatable, Codable {
    /// What stated the value, e.g. "`IPHONEOS_DEPLOYMENT_TARGET` of target `App`" or "`platforms:`".
    public var statement: String
    /// The absolute path of the file that holds the statement; nil for the command line.
    public var file: String?

    public init(_ statement: String, file: String?) {
        self.statement = statement
        self.file = file
    }

    /// "statement (file)", with the file shown as `display` turns a path into text.
    public func described(showingFiles display: (String) -> String) -> String {
        file.map { "\(statement) (\(display($0)))" } ?? statement
    }
}

/// One target's settings, held once and shared by every file the target compiles. A run keeps each file's settings
/// to its end (the jobs, the table by path the project rules read); as a value, each file held its own 184-byte copy
/// of the few distinct ones (6 MB at 7,715 files).
final class SharedSettings: Sendable {
    let value: TargetSettings
    /// `value.cacheContext`, which every file's cache record is keyed on: made once per target, not once per file.
    let cacheContext: String

    init(_ value: TargetSettings) {
        self.value = value
        cacheContext = value.cacheContext
    }
}
