#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// The commented `.mvlint.yml` that `mvlint init` writes: each choice it makes from the code, with the reason
/// next to it, and the choices it leaves to the user commented out. The text always loads without errors.
enum InitialConfiguration {
    /// `folder` is where the file goes; paths in it are shown relative to it.
    static func text(for outcome: Linter.Outcome, folder: URL) -> String {
        var lines = [
            "# mvlint configuration, written by `mvlint init` from what it found in \(counted(outcome.filesLinted, "Swift file")).",
            "# Every key is optional; the README's \"Configuration\" section explains them all.",
            "",
        ]
        lines += profileSection(outcome)
        lines += [""] + deploymentSection(outcome.projectSettings, folder: folder)
        lines += [""] + layersSection(outcome.project)
        let otherKeys = ConfigurationKey.allCases.filter { ![.profile, .deploymentTarget, .layers].contains($0) }.map(\.rawValue)
        lines += [
            "",
            "# Also available: \(otherKeys.joined(separator: ", ")),",
            "# and a block per rule id for its severity and thresholds (`mvlint rules` lists the ids).",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A weak guess is written commented out: once active it would run the profile's rules at full severity.
    static func writesProfile(_ choice: ProfileChoice) -> Bool {
        choice.detection?.confidence != .weak
    }

    private static func profileSection(_ outcome: Linter.Outcome) -> [String] {
        let choice = outcome.profileChoice
        let others = Profile.allCases.filter { $0 != choice.profile }.map(\.rawValue).joined(separator: ", ")
        let reason = "# The architecture the rule set follows, \(choice.reason)."
        guard writesProfile(choice) else {
            return [
                reason,
                "# That is too little to go on, so the line stays commented out and mvlint runs only the rules every",
                "# profile shares. Uncomment it, or name another (\(others)), once you know:",
                "# profile: \(choice.profile.rawValue)",
            ]
        }
        return [
            reason,
            "# Change it if the guess is wrong; the others are \(others).",
            "profile: \(choice.profile.rawValue)",
        ]
    }

    /// Each target's minimum OS, as comments: the project files stay the one place it is kept. Test targets are
    /// left out, and targets of one project file with the same minimums share a line.
    private static func deploymentSection(_ settings: ProjectSettings, folder: URL) -> [String] {
        var lines: [String] = []
        var appMinimums: [Platform: Version] = [:]
        var otherMinimums: [Platform: Version] = [:]
        for project in settings.projects {
            let targets = project.targets.filter { $0.kind != .test && !$0.settings.deploymentTargets.isEmpty }
            let shown = Linter.displayPath(URL(fileURLWithPath: project.file), workingDirectory: folder)
            var namesByMinimums: [(minimums: String, names: [String])] = []
            for target in targets {
                let minimums = described(target.settings.deploymentTargets, as: { "\($0.rawValue) \($1)" }).joined(separator: ", ")
                if let index = namesByMinimums.firstIndex(where: { $0.minimums == minimums }) {
                    namesByMinimums[index].names.append(target.settings.name)
                } else {
                    namesByMinimums.append((minimums, [target.settings.name]))
                }
                if target.kind == .application {
                    appMinimums.merge(target.settings.deploymentTargets) { min($0, $1) }
                } else {
                    otherMinimums.merge(target.settings.deploymentTargets) { min($0, $1) }
                }
            }
            lines += namesByMinimums.map { "#   \($0.names.joined(separator: ", ")) (\(shown)): \($0.minimums)" }
        }
        guard !lines.isEmpty else {
            return [
                "# No Package.swift or Xcode project around the code names a minimum OS, so rules assume a current one.",
                "# If the app supports older systems, say which, e.g.:",
                "# deployment_target: {iOS: \"16.0\"}",
            ]
        }
        // The override suggested is the apps' own minimum, not a helper package's.
        let suggested = appMinimums.isEmpty ? otherMinimums : appMinimums
        return ["# Minimum OS per target, read from the project files on every run (`mvlint settings` shows it per file):"]
            + lines + [
                "# A file no target compiles is judged by the lowest minimum of its project.",
                "# It is not repeated here so it cannot go stale; set it only to override every target:",
                "# deployment_target: {\(described(suggested, as: { "\($0.rawValue): \"\($1)\"" }).joined(separator: ", "))}",
            ]
    }

    /// The minimums in platform order.
    private static func described(_ minimums: [Platform: Version], as text: (Platform, Version) -> String) -> [String] {
        Platform.allCases.compactMap { platform in minimums[platform].map { text(platform, $0) } }
    }

    private static func layersSection(_ project: ProjectContext) -> [String] {
        let units = project.layers.presentationUnits
        guard !units.isEmpty else {
            return [
                "# Layers: no target or folder is named like presentation code (*Presentation*, *UI*Kit*), so",
                "# `layer-dependency` has nothing to check. Describe your layers to have their direction checked:",
                "# layers:",
                "#   presentation: {paths: [\"Sources/Presentation/**\"], may_depend_on: []}",
                "#   app: {paths: [\"Sources/App/**\"], may_depend_on: [presentation]}",
            ]
        }
        let modules = units.filter { $0.kind == .module }.map(\.name)
        let folders = units.filter { $0.kind == .folder }.map { $0.name + "/**" }
        let shared = sharedModules(project)
        let named = units.map { "`\($0.name)` (\($0.kind == .module ? "target" : "folder"))" }.joined(separator: ", ")
        var lines = [
            "# Layers: \(named) \(units.count == 1 ? "is" : "are") named as presentation code, so `layer-dependency`",
            "# already keeps \(units.count == 1 ? "it" : "them") from using the app's models, view models and container views.",
            "# To state the layers explicitly, uncomment this block. It is stricter: any use of another layer's",
            "# code that `may_depend_on` does not allow becomes an error, plain value types included.",
            "# layers:",
            "#   presentation:",
        ]
        if !modules.isEmpty { lines.append("#     modules: [\(modules.map(quoted).joined(separator: ", "))]") }
        if !folders.isEmpty { lines.append("#     paths: [\(folders.map(quoted).joined(separator: ", "))]") }
        lines.append("#     may_depend_on: [\(shared.isEmpty ? "" : "shared")]")
        if !shared.isEmpty {
            lines += ["#   shared:   # imported by presentation code, and holding no models or views", "#     modules: [\(shared.map(quoted).joined(separator: ", "))]"]
        }
        lines += [
            "#   app:      # everything else; listed last, it takes only files the layers above leave",
            "#     paths: [\"**\"]",
            "#     may_depend_on: [presentation\(shared.isEmpty ? "" : ", shared")]",
        ]
        return lines
    }

    /// Project targets that presentation code imports today without reaching app code (typically a module of
    /// plain data types): an explicit layering has to allow them, or it would flag every use.
    private static func sharedModules(_ project: ProjectContext) -> [String] {
        let plan = project.layers
        let appCode = LayerDependencyRule.modulesHoldingAppCode(project)
        var shared = Set<String>()
        for file in project.files where plan.layerOfFile[file.path] == LayerPlan.defaultPresentationLayer {
            for fact in file.dependencies.imports
            where plan.layerOfModule[fact.module] == LayerPlan.defaultAppLayer && !appCode.contains(fact.module) {
                shared.insert(fact.module)
            }
        }
        return shared.sorted()
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"") + "\""
    }
}
