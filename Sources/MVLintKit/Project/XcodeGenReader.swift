#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Reads the targets of an XcodeGen spec (`project.yml`), for projects that commit the spec and generate the
/// `.xcodeproj`. Read as XcodeGen merges it: `include:` files first, then the spec over them, and each target
/// over its `templates:` (mappings merge key by key, lists append, anything else is replaced). Paths, also
/// those of included specs, are taken relative to the spec's folder.
enum XcodeGenReader {
    static let fileName = "project.yml"

    /// How deep `include:` may nest; stops specs that include each other.
    private static let maximumIncludeDepth = 8

    static func read(_ url: URL, reads: ProjectFileReads = ProjectFileReads()) throws(ProjectFileError) -> DeclaredProject {
        var warnings: [String] = []
        let spec = try mergedSpec(url, depth: 0, warnings: &warnings, reads: reads)
        let folder = url.deletingLastPathComponent().standardizedFileURL
        let reader = SpecReader(spec: spec, path: url.path, folder: folder)
        return DeclaredProject(file: url.path, root: folder.path, targets: reader.targets(), warnings: warnings)
    }

    /// The spec with its includes merged under it.
    private static func mergedSpec(_ url: URL, depth: Int, warnings: inout [String],
                                   reads: ProjectFileReads) throws(ProjectFileError) -> YAMLNode {
        let text = try readProjectFile(url, describedAs: "the XcodeGen spec", reads: reads)
        let spec: YAMLNode
        do throws(ConfigurationError) {
            spec = try YAML.parse(text, path: url.path)
        } catch {
            throw ProjectFileError(path: url.path, line: error.line, column: error.column,
                                   message: "the XcodeGen spec does not parse: \(error.message)")
        }
        var merged = YAMLNode(value: .mapping([]), line: 1, column: 1)
        for include in includes(of: spec) {
            let includedURL = url.deletingLastPathComponent().appendingPathComponent(include).standardizedFileURL
            guard depth < maximumIncludeDepth else {
                warnings.append("\(url.path): include: nests deeper than \(maximumIncludeDepth) specs; \(include) is ignored")
                continue
            }
            do throws(ProjectFileError) {
                merged = merging(try mergedSpec(includedURL, depth: depth + 1, warnings: &warnings, reads: reads), onto: merged)
            } catch {
                warnings.append(error.description)
            }
        }
        return merging(spec, onto: merged)
    }

    /// `include: base.yml`, `include: [a.yml, b.yml]` or a list of `{path: a.yml}`.
    private static func includes(of spec: YAMLNode) -> [String] {
        guard let include = spec["include"] else { return [] }
        return include.items.compactMap { $0.scalar ?? $0["path"]?.scalar }.filter { !$0.isEmpty }
    }

    /// XcodeGen's merge: `upper` over `lower`.
    static func merging(_ upper: YAMLNode, onto lower: YAMLNode) -> YAMLNode {
        switch (lower.value, upper.value) {
        case (.mapping(let lowerEntries), .mapping(let upperEntries)):
            var entries = lowerEntries
            for (key, value) in upperEntries {
                if let index = entries.firstIndex(where: { $0.key.scalar == key.scalar }) {
                    entries[index].value = merging(value, onto: entries[index].value)
                } else {
                    entries.append((key, value))
                }
            }
            return YAMLNode(value: .mapping(entries), line: upper.line, column: upper.column)
        case (.sequence(let lowerItems), .sequence(let upperItems)):
            return YAMLNode(value: .sequence(lowerItems + upperItems), line: upper.line, column: upper.column)
        default:
            return upper
        }
    }
}

/// The targets of one merged spec.
private struct SpecReader {
    let spec: YAMLNode
    let path: String
    let folder: URL

    /// `supportedDestinations` and `platform` names.
    private static let platforms: [String: Platform] = [
        "iOS": .iOS, "macOS": .macOS, "tvOS": .tvOS, "watchOS": .watchOS, "visionOS": .visionOS, "macCatalyst": .macCatalyst,
    ]
    /// The SDKs of each platform, as `SUPPORTED_PLATFORMS` names them: only the target's platforms' minimums count.

    func targets() -> [DeclaredTarget] {
        let templates = spec["targetTemplates"]
        return (spec["targets"]?.entries ?? []).compactMap { key, body in
            guard let name = key.scalar else { return nil }
            var target = YAMLNode(value: .mapping([]), line: body.line, column: body.column)
            for template in (body["templates"]?.items ?? []).compactMap(\.scalar) {
                if let templateBody = templates?[template] { target = XcodeGenReader.merging(templateBody, onto: target) }
            }
            target = XcodeGenReader.merging(body, onto: target)
            return declared(name, target)
        }
    }

    private func declared(_ name: String, _ target: YAMLNode) -> DeclaredTarget {
        let owner = "target `\(name)`"
        let platforms = ((target["supportedDestinations"]?.items ?? []) + (target["platform"]?.items ?? []))
            .compactMap { $0.scalar.flatMap { Self.platforms[$0] } }
        let generated = BuildSettings.supportedPlatforms(platforms, source: SettingSource("`platform` of \(owner)", file: path))
        // `options: deploymentTarget:` is the project's default, a target's own `deploymentTarget` wins over it.
        let projectDefaults = deploymentTargetSettings(spec["options"]?["deploymentTarget"], platforms: platforms,
                                                      statement: "`options: deploymentTarget:`")
        let own = deploymentTargetSettings(target["deploymentTarget"], platforms: platforms, statement: "`deploymentTarget` of \(owner)")
        let projectConfigurations = configurations(spec["settings"], setBy: "the project")
        let targetConfigurations = configurations(target["settings"], setBy: owner)
        // `base:` alone is no configuration when `configs:` name the real ones (Debug, Release).
        let named = Set(projectConfigurations.keys).union(targetConfigurations.keys).filter { !$0.isEmpty }.sorted()
        let layered = (named.isEmpty ? [""] : named).map { name in
            BuildSettings.layered([generated, projectDefaults, projectConfigurations[name] ?? projectConfigurations[""] ?? [:], own,
                                   targetConfigurations[name] ?? targetConfigurations[""] ?? [:]])
        }
        var settings = BuildSettings.summarize(layered)
        settings.name = name
        settings.sources.target = SettingSource("XcodeGen target `\(name)`", file: path)
        return DeclaredTarget(settings: settings, kind: kind(target["type"]?.scalar), memberships: sources(target["sources"]))
    }

    /// `deploymentTarget: "16.0"` (for each of the target's platforms) or `{iOS: "16.0", macOS: "13.0"}`.
    private func deploymentTargetSettings(_ node: YAMLNode?, platforms: [Platform], statement: String) -> BuildConfiguration {
        guard let node else { return [:] }
        var versions: [(Platform, String)] = []
        if let text = node.scalar {
            versions = platforms.map { ($0, text) }
        } else {
            versions = node.entries.compactMap { key, value in
                guard let platform = key.scalar.flatMap({ Self.platforms[$0] }), let text = value.scalar else { return nil }
                return (platform, text)
            }
        }
        var configuration: BuildConfiguration = [:]
        for (platform, text) in versions {
            guard let key = BuildSettings.deploymentTargetKey(of: platform) else { continue }
            configuration[key] = BuildSetting(value: text, source: SettingSource(statement, file: path))
        }
        return configuration
    }

    /// `settings:` by configuration name ("" for `base:`, each of `configs:` over it), or a plain mapping of settings.
    private func configurations(_ node: YAMLNode?, setBy owner: String) -> [String: BuildConfiguration] {
        guard let node else { return [:] }
        let isStructured = node.entries.contains { ["base", "configs", "groups"].contains($0.key.scalar ?? "") }
        let base = BuildSettings.configuration(scalars(isStructured ? node["base"] : node), setBy: owner, in: path)
        var result = ["": base]
        for (key, values) in node["configs"]?.entries ?? [] {
            // XcodeGen matches configuration names without regard to case (`debug` is `Debug`).
            guard let name = key.scalar?.lowercased() else { continue }
            result[name] = BuildSettings.layered(BuildSettings.configuration(scalars(values), setBy: owner, in: path), over: base)
        }
        return result
    }

    private func scalars(_ node: YAMLNode?) -> [String: String] {
        var values: [String: String] = [:]
        for (key, value) in node?.entries ?? [] {
            if let name = key.scalar, let text = value.scalar { values[name] = text }
        }
        return values
    }

    /// `sources: App`, `sources: [App, Shared/Util.swift]` or a list of `{path: App}`.
    private func sources(_ node: YAMLNode?) -> [DeclaredTarget.Membership] {
        (node?.items ?? []).compactMap { item in
            guard let relative = item.scalar ?? item["path"]?.scalar, !relative.isEmpty else { return nil }
            let location = folder.appendingPathComponent(relative).standardizedFileURL
            return .init(path: location.path, isFolder: location.pathExtension != "swift", isMember: true)
        }
    }

    private func kind(_ type: String?) -> DeclaredTarget.Kind {
        switch type {
        case "application": return .application
        case "bundle.unit-test", "bundle.ui-testing": return .test
        default: return .other
        }
    }
}

extension YAMLNode {
    /// The value of a mapping's key; nil for other nodes.
    subscript(key: String) -> YAMLNode? {
        entries.first { $0.key.scalar == key }?.value
    }

    /// A mapping's entries; empty for other nodes.
    var entries: [(key: YAMLNode, value: YAMLNode)] {
        if case .mapping(let entries) = value { return entries }
        return []
    }

    /// A list's items, a scalar as a one-item list, nothing for an empty value or a mapping.
    var items: [YAMLNode] {
        switch value {
        case .sequence(let items): return items
        case .scalar: return isEmpty ? [] : [self]
        case .mapping: return []
        }
    }
}
