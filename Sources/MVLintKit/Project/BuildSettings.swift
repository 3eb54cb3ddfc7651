#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// One Xcode build setting's value and the statement that set it.
struct BuildSetting: Sendable {
    var value: String
    var source: SettingSource
}

/// The build settings of one configuration (Debug, Release…) as the last assignment of each key left them.
/// Xcode projects, `.xcconfig` files and XcodeGen specs all end up here, so one summary reads them alike.
typealias BuildConfiguration = [String: BuildSetting]

enum BuildSettings {
    /// The keys of a configuration, each described as set by `owner` ("target `App`", "the project") in `file`.
    static func configuration(_ values: [String: String], setBy owner: String, in file: String) -> BuildConfiguration {
        values.reduce(into: [:]) { configuration, entry in
            configuration[entry.key] = BuildSetting(value: entry.value, source: source(of: entry.key, setBy: owner, in: file))
        }
    }

    static func source(of key: String, setBy owner: String, in file: String) -> SettingSource {
        SettingSource("`\(key)` of \(owner)", file: file)
    }

    /// `upper` over `lower`: what `upper` sets wins, the rest comes from `lower`.
    static func layered(_ upper: BuildConfiguration, over lower: BuildConfiguration) -> BuildConfiguration {
        lower.merging(upper) { _, own in own }
    }

    /// Layers from the lowest (the project's defaults) to the highest (the target's own settings).
    static func layered(_ layers: [BuildConfiguration]) -> BuildConfiguration {
        layers.reduce([:]) { lower, upper in layered(upper, over: lower) }
    }

    static let deploymentTargetKeys: [(key: String, platform: Platform)] = [
        ("IPHONEOS_DEPLOYMENT_TARGET", .iOS), ("MACOSX_DEPLOYMENT_TARGET", .macOS), ("TVOS_DEPLOYMENT_TARGET", .tvOS),
        ("WATCHOS_DEPLOYMENT_TARGET", .watchOS), ("XROS_DEPLOYMENT_TARGET", .visionOS),
    ]

    /// The deployment target setting of `platform`; Mac Catalyst has none of its own (it follows iOS).
    static func deploymentTargetKey(of platform: Platform) -> String? {
        deploymentTargetKeys.first { $0.platform == platform }?.key
    }

    /// What a project generator's platform list (XcodeGen's `platform`, Tuist's `destinations`) becomes in the
    /// generated project: `SUPPORTED_PLATFORMS`, so only the minimums of those platforms count.
    static func supportedPlatforms(_ platforms: [Platform], source: SettingSource) -> BuildConfiguration {
        let sdks = Set(platforms.compactMap { platform in sdkPlatforms.first { $0.value == platform && !$0.key.hasSuffix("simulator") }?.key })
        return sdks.isEmpty ? [:] : ["SUPPORTED_PLATFORMS": BuildSetting(value: sdks.sorted().joined(separator: " "), source: source)]
    }

    /// SDK names as `SDKROOT` and `SUPPORTED_PLATFORMS` spell them.
    private static let sdkPlatforms: [String: Platform] = [
        "iphoneos": .iOS, "iphonesimulator": .iOS, "macosx": .macOS, "appletvos": .tvOS, "appletvsimulator": .tvOS,
        "watchos": .watchOS, "watchsimulator": .watchOS, "xros": .visionOS, "xrsimulator": .visionOS,
    ]

    /// One set of settings for all configurations: the lowest deployment target and language mode any of them
    /// builds with, and main-actor isolation only when every configuration asks for it.
    static func summarize(_ configurations: [BuildConfiguration]) -> TargetSettings {
        var settings = TargetSettings()
        var lowestMode: (version: Version, source: SettingSource)?
        var isolatedEverywhere = !configurations.isEmpty
        var isolationStatements: [BuildSetting] = []
        for configuration in configurations.map(SettingsByKey.init) {
            // Templates often set every platform's deployment target; only the platforms built for count.
            let builtPlatforms = builtPlatforms(configuration)
            for (key, platform) in deploymentTargetKeys where builtPlatforms?.contains(platform) ?? true {
                for (version, source) in versions(of: key, in: configuration)
                where settings.deploymentTargets[platform].map({ version < $0 }) ?? true {
                    settings.deploymentTargets[platform] = version
                    settings.sources.deploymentTargets[platform] = source
                }
            }
            for (version, source) in versions(of: "SWIFT_VERSION", in: configuration) where lowestMode.map({ version < $0.version }) ?? true {
                lowestMode = (version, source)
            }
            let isolation = configuration.values(of: "SWIFT_DEFAULT_ACTOR_ISOLATION")
            isolationStatements += isolation
            isolatedEverywhere = isolatedEverywhere && !isolation.isEmpty && isolation.allSatisfy { $0.value == "MainActor" }
        }
        settings.swiftLanguageMode = lowestMode?.version
        settings.sources.swiftLanguageMode = lowestMode?.source
        settings.defaultIsolationIsMainActor = isolatedEverywhere
        settings.sources.defaultIsolation = isolatedEverywhere ? isolationStatements.first?.source
            : isolationStatements.first { $0.value != "MainActor" }?.source
        return settings
    }

    /// The settings of a configuration that a summary reads, each key with its conditional variants
    /// (`IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*]`), found in one pass: a summary asks for nine keys, and filtering
    /// every setting of the configuration for each (making `KEY[` for every comparison) was a fifth of the time taken
    /// to read the settings of a project with many targets (home-assistant-iOS).
    private struct SettingsByKey {
        private static let keysRead = deploymentTargetKeys.map(\.key)
            + ["SWIFT_VERSION", "SWIFT_DEFAULT_ACTOR_ISOLATION", "SUPPORTED_PLATFORMS", "SDKROOT"]
        /// The first bytes of `keysRead`: most keys start otherwise and are passed over at their first byte.
        private static let firstBytes = Set(keysRead.compactMap(\.utf8.first))
        private var settings: [String: [(key: String, setting: BuildSetting)]] = [:]

        init(_ configuration: BuildConfiguration) {
            for (key, setting) in configuration {
                guard let first = key.utf8.first, Self.firstBytes.contains(first) else { continue }
                let unconditional = key.utf8.firstIndex(of: UInt8(ascii: "[")).map { key.utf8[..<$0] } ?? key.utf8[...]
                guard let read = Self.keysRead.first(where: { $0.utf8.elementsEqual(unconditional) }) else { continue }
                settings[read, default: []].append((key, setting))
            }
        }

        /// The setting's values, also under conditions, in key order.
        func values(of key: String) -> [BuildSetting] {
            guard let found = settings[key] else { return [] }
            return found.count == 1 ? [found[0].setting] : found.sorted { $0.key < $1.key }.map(\.setting)
        }
    }

    /// The platforms a configuration builds for, or nil when it does not say.
    private static func builtPlatforms(_ configuration: SettingsByKey) -> Set<Platform>? {
        var sdkNames = configuration.values(of: "SUPPORTED_PLATFORMS").flatMap { $0.value.split(whereSeparator: \.isWhitespace) }
        if sdkNames.isEmpty { sdkNames = configuration.values(of: "SDKROOT").map { Substring($0.value) } }
        // Old projects name a versioned SDK (`macosx10.15`).
        let platforms = Set(sdkNames.compactMap { sdkPlatforms[String($0.prefix(while: \.isLetter))] })
        return platforms.isEmpty ? nil : platforms
    }

    private static func versions(of key: String, in configuration: SettingsByKey) -> [(Version, SettingSource)] {
        configuration.values(of: key).compactMap { setting in Version(setting.value).map { ($0, setting.source) } }
    }
}
