#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import SwiftParser
internal import SwiftSyntax

/// Reads the targets of a Tuist `Project.swift` from its syntax, for projects that generate the `.xcodeproj`.
/// Like `Package.swift`, the manifest is never run: what only running could tell (helpers from
/// `ProjectDescriptionHelpers`, loops) is skipped and the rest still read.
enum TuistManifestReader {
    static let fileName = "Project.swift"

    /// Whether the file is a Tuist manifest rather than app code that happens to be named `Project.swift`.
    static func isManifest(_ url: URL) -> Bool {
        guard url.lastPathComponent == fileName, let bytes = SystemCalls.prefix(ofFileAt: url.path, limit: 4096) else { return false }
        let start = String(decoding: bytes, as: UTF8.self)
        return start.contains("import ProjectDescription")
    }

    static func read(_ url: URL, reads: ProjectFileReads = ProjectFileReads()) throws(ProjectFileError) -> DeclaredProject {
        let text = try readProjectFile(url, describedAs: "the Tuist manifest", reads: reads)
        let tree = try ManifestSyntax.parseWithinBudget(text, path: url.path, describedAs: "the Tuist manifest")
        let syntax = ManifestSyntax(tree)
        let collector = TuistCallCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        let folder = url.deletingLastPathComponent().standardizedFileURL
        let reader = TuistTargetReader(syntax: syntax, path: url.path, folder: folder,
                                       projectSettings: collector.projectCall.flatMap { ManifestSyntax.labeledArguments(of: $0)["settings"] })
        return DeclaredProject(file: url.path, root: folder.path, targets: collector.targetCalls.compactMap(reader.declared))
    }
}

private struct TuistTargetReader {
    let syntax: ManifestSyntax
    let path: String
    let folder: URL
    let projectSettings: ExprSyntax?

    /// `Destinations` sets and members, and `Platform` cases.
    private static let platforms: [String: Platform] = [
        "iOS": .iOS, "iPhone": .iOS, "iPad": .iOS, "macOS": .macOS, "mac": .macOS, "macCatalyst": .macCatalyst,
        "tvOS": .tvOS, "appleTv": .tvOS, "watchOS": .watchOS, "appleWatch": .watchOS, "visionOS": .visionOS, "appleVision": .visionOS,
    ]

    func declared(_ call: FunctionCallExprSyntax) -> DeclaredTarget? {
        let arguments = ManifestSyntax.labeledArguments(of: call)
        guard let name = syntax.string(of: arguments["name"]) else { return nil }
        let owner = "target `\(name)`"
        let platforms = platformNames(arguments["destinations"] ?? arguments["platform"]).compactMap { Self.platforms[$0] }
        let generated = BuildSettings.supportedPlatforms(platforms, source: SettingSource("`destinations` of \(owner)", file: path))
        let label = arguments["deploymentTargets"] != nil ? "deploymentTargets" : "deploymentTarget"
        let own = deploymentTargets(arguments[label], statement: "`\(label):` of \(owner)")
        let layers = [generated, baseSettings(projectSettings, setBy: "the project"), own, baseSettings(arguments["settings"], setBy: owner)]
        var settings = BuildSettings.summarize([BuildSettings.layered(layers)])
        settings.name = name
        settings.sources.target = SettingSource("Tuist target `\(name)`", file: path)
        return DeclaredTarget(settings: settings, kind: kind(arguments["product"]), memberships: sources(arguments["sources"]))
    }

    /// `.iOS`, `[.iPhone, .iPad]`, `.iOS + [.mac]` hold platform names; so does a constant holding them.
    private func platformNames(_ expression: ExprSyntax?) -> [String] {
        guard let expression else { return [] }
        let members = syntax.elements(of: expression)
        return (members.isEmpty ? [expression] : members).compactMap { $0.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
    }

    /// `.iOS("16.0")`, `.multiplatform(iOS: "16.0", macOS: "13.0")`, and the older `.iOS(targetVersion: "15.0", devices: …)`.
    private func deploymentTargets(_ expression: ExprSyntax?, statement: String) -> BuildConfiguration {
        guard let call = expression?.as(FunctionCallExprSyntax.self), let factory = call.memberName else { return [:] }
        let versions: [(platform: String, version: ExprSyntax?)] = factory == "multiplatform"
            ? call.arguments.compactMap { argument in argument.label.map { ($0.text, argument.expression) } }
            : [(factory, call.arguments.first?.expression)]
        var configuration: BuildConfiguration = [:]
        for (platformName, versionExpression) in versions {
            guard let platform = Self.platforms[platformName], let text = syntax.string(of: versionExpression),
                  let key = BuildSettings.deploymentTargetKey(of: platform) else { continue }
            configuration[key] = BuildSetting(value: text, source: SettingSource(statement, file: path))
        }
        return configuration
    }

    /// The string entries of `.settings(base: ["IPHONEOS_DEPLOYMENT_TARGET": "16.0"])`.
    private func baseSettings(_ expression: ExprSyntax?, setBy owner: String) -> BuildConfiguration {
        guard let call = expression?.as(FunctionCallExprSyntax.self),
              let dictionary = ManifestSyntax.labeledArguments(of: call)["base"]?.as(DictionaryExprSyntax.self),
              let elements = dictionary.content.as(DictionaryElementListSyntax.self) else { return [:] }
        var values: [String: String] = [:]
        for element in elements {
            if let key = syntax.string(of: element.key), let value = syntax.string(of: element.value) { values[key] = value }
        }
        return BuildSettings.configuration(values, setBy: owner, in: path)
    }

    /// `sources: ["App/Sources/**"]`, a single glob, or `.glob("…")` entries: the folder before the first wildcard.
    private func sources(_ expression: ExprSyntax?) -> [DeclaredTarget.Membership] {
        guard let expression else { return [] }
        let entries = syntax.elements(of: expression)
        return (entries.isEmpty ? [expression] : entries).compactMap { entry in
            let glob = syntax.string(of: entry) ?? syntax.string(of: entry.as(FunctionCallExprSyntax.self)?.arguments.first?.expression)
            guard let glob else { return nil }
            let fixed = glob.split(separator: "/").prefix { !$0.contains(where: { "*?{[".contains($0) }) }
            let location = folder.appendingPathComponent(fixed.joined(separator: "/")).standardizedFileURL
            return .init(path: location.path, isFolder: location.pathExtension != "swift", isMember: true)
        }
    }

    private func kind(_ product: ExprSyntax?) -> DeclaredTarget.Kind {
        switch product?.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
        case "app": return .application
        case "unitTests", "uiTests": return .test
        default: return .other
        }
    }
}

/// Finds the `Project(…)` call and the target declarations: `.target(name:…, product:…)` and `Target(name:…)`.
/// A `product:` argument tells a target from a dependency on one (`.target(name: "Core")`).
private final class TuistCallCollector: SyntaxVisitor {
    private(set) var projectCall: FunctionCallExprSyntax?
    private(set) var targetCalls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let calledName = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        if projectCall == nil, calledName == "Project" {
            projectCall = node
            return .visitChildren
        }
        let isTargetFactory = calledName == "Target" || node.memberName == "target"
        guard isTargetFactory, node.arguments.contains(where: { $0.label?.text == "product" }) else { return .visitChildren }
        targetCalls.append(node)
        return .skipChildren
    }
}
