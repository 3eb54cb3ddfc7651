#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import SwiftParser
internal import SwiftParserDiagnostics
internal import SwiftSyntax

/// Reads build settings from a `Package.swift` by looking at its syntax. The manifest is never run, so
/// whatever only running could tell (loops, conditions, helper functions) is skipped and the rest still read.
enum PackageManifestReader {
    struct Manifest: Sendable {
        var toolsVersion: Version?
        var targets: [DeclaredTarget]
    }

    static func read(_ url: URL, reads: ProjectFileReads = ProjectFileReads()) throws(ProjectFileError) -> Manifest {
        let text = try readProjectFile(url, describedAs: "the package manifest", reads: reads)
        return try parse(text, path: url.path, packageFolder: url.deletingLastPathComponent(), reads: reads)
    }

    static func parse(_ text: String, path: String, packageFolder: URL,
                      reads: ProjectFileReads = ProjectFileReads()) throws(ProjectFileError) -> Manifest {
        let tree = try ManifestSyntax.parseWithinBudget(text, path: path, describedAs: "the package manifest")
        if tree.hasError {
            // A manifest that does not parse would not build either; guessing its settings could mislead.
            let diagnostic = ParseDiagnosticsGenerator.diagnostics(for: tree).first
            let location = SourceText(text).location(ofUTF8Offset: diagnostic?.position.utf8Offset ?? 0)
            throw ProjectFileError(path: path, line: location.line, column: location.column,
                                   message: "the package manifest does not parse: \(diagnostic?.message ?? "syntax error")")
        }
        let toolsVersion = toolsVersion(inFirstLineOf: text)
        let syntax = ManifestSyntax(tree)
        let collector = CallCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        let package = collector.packageCall.map(ManifestSyntax.labeledArguments) ?? [:]

        var deploymentTargets: [Platform: Version] = [:]
        for entry in syntax.elements(of: package["platforms"]) {
            guard let call = entry.as(FunctionCallExprSyntax.self), let platformName = call.memberName,
                  let platform = Platform(name: platformName),
                  let version = syntax.version(of: call.arguments.first?.expression) else { continue }
            // A platform named twice keeps its lowest version, the one the code must still run on.
            deploymentTargets[platform] = min(version, deploymentTargets[platform] ?? version)
        }
        let modesLabel = package["swiftLanguageModes"] != nil ? "swiftLanguageModes" : "swiftLanguageVersions"
        let packageModes = (syntax.elements(of: package["swiftLanguageModes"])
            + syntax.elements(of: package["swiftLanguageVersions"])).compactMap { syntax.version(of: $0) }
        // SwiftPM builds with the newest listed mode the compiler supports; without a list, the tools version decides.
        let packageMode = packageModes.max() ?? toolsVersion.map(defaultLanguageMode)
        let packageModeSource = packageModes.isEmpty ? toolsVersion.map { SettingSource("`// swift-tools-version:\($0)`", file: path) }
            : SettingSource("`\(modesLabel):`", file: path)

        var targets: [DeclaredTarget] = []
        var seenNames = Set<String>()
        for call in collector.targetCalls {
            guard let factory = call.memberName, let layout = targetLayouts[factory] else { continue }
            let arguments = ManifestSyntax.labeledArguments(of: call)
            guard let name = syntax.string(of: arguments["name"]), seenNames.insert(name).inserted else { continue }
            var settings = TargetSettings(name: name, deploymentTargets: deploymentTargets, swiftLanguageMode: packageMode)
            settings.sources.target = SettingSource("package target `\(name)`", file: path)
            settings.sources.deploymentTargets = deploymentTargets.mapValues { _ in SettingSource("`platforms:`", file: path) }
            settings.sources.swiftLanguageMode = packageModeSource
            syntax.apply(swiftSettings: syntax.elements(of: arguments["swiftSettings"]), to: &settings,
                         source: { SettingSource("`.\($0)` of target `\(name)`", file: path) })
            let folder = sourceFolder(named: name, customPath: syntax.string(of: arguments["path"]),
                                      roots: layout.roots, packageFolder: packageFolder, reads: reads)
            targets.append(DeclaredTarget(settings: settings, kind: layout.kind,
                                          memberships: [.init(path: folder, isFolder: true, isMember: true)]))
        }
        return Manifest(toolsVersion: toolsVersion, targets: targets)
    }

    /// `// swift-tools-version:5.9`, also with spaces or a `;(xcode)`-style suffix, as SwiftPM accepts it.
    static func toolsVersion(inFirstLineOf text: String) -> Version? {
        let firstLine = text.drop { $0 == "\u{FEFF}" }.prefix { !$0.isNewline }
        guard firstLine.hasPrefix("//") else { return nil }
        let comment = firstLine.dropFirst(2).drop(while: \.isWhitespace)
        let marker = "swift-tools-version:"
        guard comment.lowercased().hasPrefix(marker) else { return nil }
        let number = comment.dropFirst(marker.count).drop(while: \.isWhitespace).prefix { $0.isNumber || $0 == "." }
        return Version(String(number))
    }

    /// SwiftPM's default language mode is the tools version's major version, up to the newest mode there is.
    static func defaultLanguageMode(forToolsVersion tools: Version) -> Version {
        Version(min(tools.components.first ?? 6, 6))
    }

    /// Where each kind of target keeps its sources by default: SwiftPM takes the first of these
    /// folders that holds `<root>/<target name>`.
    fileprivate static let targetLayouts: [String: (roots: [String], kind: DeclaredTarget.Kind)] = {
        let sourceRoots = ["Sources", "Source", "src", "srcs"]
        return [
            "target": (sourceRoots, .other),
            "executableTarget": (sourceRoots, .application),
            "macro": (sourceRoots, .other),
            "testTarget": (["Tests"] + sourceRoots, .test),
            "plugin": (["Plugins"], .other),
        ]
    }()

    private static func sourceFolder(named name: String, customPath: String?, roots: [String], packageFolder: URL,
                                     reads: ProjectFileReads) -> String {
        if let customPath {
            let url = customPath.hasPrefix("/") ? URL(fileURLWithPath: customPath)
                : packageFolder.appendingPathComponent(customPath)
            return url.standardizedFileURL.path
        }
        let candidates = roots.map { packageFolder.appendingPathComponent($0).appendingPathComponent(name) }
        return (candidates.first(where: reads.isFolder) ?? candidates[0]).standardizedFileURL.path
    }
}

fileprivate extension ManifestSyntax {
    /// Reads the `swiftSettings:` entries that change verdicts; the rest (flags, defines, features) do not.
    /// `source` describes the setting of the given name.
    func apply(swiftSettings: [ExprSyntax], to settings: inout TargetSettings, source: (String) -> SettingSource) {
        for entry in swiftSettings {
            guard let call = entry.as(FunctionCallExprSyntax.self), let setting = call.memberName,
                  let value = call.arguments.first?.expression else { continue }
            switch setting {
            case "swiftLanguageMode", "swiftLanguageVersion":
                if let mode = version(of: value) {
                    settings.swiftLanguageMode = mode
                    settings.sources.swiftLanguageMode = source(setting)
                }
            case "defaultIsolation":
                settings.defaultIsolationIsMainActor = Self.isMainActorType(value)
                settings.sources.defaultIsolation = source(setting)
            default:
                continue
            }
        }
    }

    /// `MainActor.self`, also spelt `_Concurrency.MainActor.self`; `nil` and anything else mean nonisolated.
    private static func isMainActorType(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
              let base = member.base else { return false }
        if let reference = base.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "MainActor" }
        return base.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "MainActor"
    }
}

/// Finds the `Package(…)` call and every target declaration, wherever the manifest builds them
/// (inline, in constants, in `package.targets.append(…)`).
private final class CallCollector: SyntaxVisitor {
    private(set) var packageCall: FunctionCallExprSyntax?
    private(set) var targetCalls: [FunctionCallExprSyntax] = []

    /// Arguments whose `.target(name:)` / `.plugin(name:)` calls name a dependency or a product, not a target.
    private static let nonTargetArguments: Set<String> = ["dependencies", "products", "plugins"]
    /// Constants typed like this hold dependencies or products.
    private static let nonTargetTypes = ["Dependency", "Product", "PluginUsage"]

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        Self.nonTargetArguments.contains(node.label?.text ?? "") ? .skipChildren : .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        let type = node.typeAnnotation?.type.trimmedText ?? ""
        return Self.nonTargetTypes.contains { type.contains($0) } ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if packageCall == nil, node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package" {
            packageCall = node
            return .visitChildren
        }
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let factory = node.memberName,
              PackageManifestReader.targetLayouts[factory] != nil else { return .visitChildren }
        let isTargetFactory = member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Target"
        // `.target(name:condition:)` is a dependency even when it sits in an untyped array.
        let isDependency = node.arguments.contains { $0.label?.text == "condition" }
        guard isTargetFactory, !isDependency, node.arguments.first?.label?.text == "name" else { return .visitChildren }
        targetCalls.append(node)
        return .skipChildren
    }
}
