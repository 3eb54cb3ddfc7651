#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Every problem found in a configuration file. They are reported together so one run shows them all.
public struct ConfigurationErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ConfigurationError]

    public init(_ errors: [ConfigurationError]) {
        self.errors = errors
    }

    /// One `path:line:col: error: message` line per problem.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Finds `.mvlint.yml` and turns it into a validated `Configuration`.
public enum ConfigurationLoader {
    public static let fileName = ".mvlint.yml"
    /// The output formats `reporter:` accepts.
    public static let reporters = ReporterKind.allCases.map(\.rawValue)
    /// Real configuration files are a few kilobytes; a bigger one is a mistake or an attack, refused before parsing.
    public static let maximumFileBytes = 1 << 20

    /// The nearest `.mvlint.yml` in `directory` or one of its ancestors, up to the filesystem root.
    public static func find(from directory: URL) -> URL? {
        // Walk path components rather than `deletingLastPathComponent()`, which yields "/.." at the root.
        let components = directory.absoluteURL.standardizedFileURL.pathComponents
        for length in stride(from: components.count, through: 1, by: -1) {
            let folder = "/" + components[1..<length].joined(separator: "/")
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(fileName)
            if case (true, false) = SystemCalls.kind(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// Reads and validates the file at `path`; relative paths in it resolve against its folder.
    public static func load(path: URL) throws(ConfigurationErrors) -> Configuration {
        let location = path.path
        func failure(_ message: String) -> ConfigurationErrors {
            ConfigurationErrors([ConfigurationError(path: location, line: 1, column: 1, message: message)])
        }
        let data: Data
        do {
            data = try Data(contentsOf: path)
        } catch {
            throw failure("cannot read the configuration file: \(SystemCalls.reason(error))")
        }
        guard data.count <= maximumFileBytes else {
            throw failure("the configuration file has \(data.count) bytes; at most \(maximumFileBytes) (1 MiB) are read")
        }
        // Decoding repairs invalid bytes, so a round trip that changes them means the file is not UTF-8.
        let text = String(decoding: data, as: UTF8.self)
        guard text.utf8.elementsEqual(data) else { throw failure("the configuration file is not UTF-8 text") }
        return try parse(text, path: location, rootDirectory: path.deletingLastPathComponent())
    }

    /// Validates configuration text; `rules` are the rules whose ids and options it may name.
    public static func parse(_ text: String, path: String, rootDirectory: URL,
                             rules: [RuleDescription] = RuleRegistry.descriptions) throws(ConfigurationErrors) -> Configuration {
        let root: YAMLNode
        do throws(ConfigurationError) {
            root = try YAML.parse(text, path: path)
        } catch {
            throw ConfigurationErrors([error])
        }
        var configuration = Configuration(rootDirectory: rootDirectory)
        configuration.sourcePath = path
        var reader = ConfigurationReader(path: path, rules: rules, configuration: configuration)
        reader.read(root)
        guard reader.errors.isEmpty else { throw ConfigurationErrors(reader.errors) }
        return reader.configuration
    }
}

/// The top-level keys besides rule ids.
enum ConfigurationKey: String, CaseIterable {
    case profile
    case included
    case excluded
    case disabledRules = "disabled_rules"
    case optInRules = "opt_in_rules"
    case onlyRules = "only_rules"
    case deploymentTarget = "deployment_target"
    case defaultIsolation = "default_isolation"
    /// The compiler version, for suggestions that need a newer one (`@Entry` needs Swift 6).
    case swiftVersion = "swift_version"
    case reporter
    case baseline
    /// Named layers and their allowed dependencies, checked by `layer-dependency`.
    case layers
    /// Per-file limits on size and parsing cost (`FileBudget`).
    case fileBudget = "file_budget"
}

/// Reads a parsed file key by key, collecting every problem instead of stopping at the first.
private struct ConfigurationReader {
    let path: String
    let rules: [RuleDescription]
    var configuration: Configuration
    var errors: [ConfigurationError] = []

    mutating func read(_ root: YAMLNode) {
        guard case .mapping(let entries) = root.value else {
            report("a configuration file must be a mapping of keys to values, got \(root.shapeDescription)", at: root)
            return
        }
        for (key, value) in entries {
            let name = key.scalar ?? ""
            if let known = ConfigurationKey(rawValue: name) {
                read(value, for: known)
            } else if let rule = rules.first(where: { $0.id == name }) {
                readRuleBlock(value, for: rule)
            } else {
                let keys = ConfigurationKey.allCases.map(\.rawValue)
                let hint = Suggestion.nearest(to: name, in: keys + rules.map(\.id)).map { "; did you mean '\($0)'?" }
                    ?? "; valid keys are \(keys.joined(separator: ", ")) and rule ids"
                report("unknown key '\(excerpt(name))'\(hint)", at: key)
            }
        }
    }

    mutating func read(_ value: YAMLNode, for key: ConfigurationKey) {
        let name = key.rawValue
        switch key {
        case .profile:
            let names = Profile.allCases.flatMap { [$0.rawValue, $0.shortName] }
            let valid = Profile.allCases.map { $0.shortName == $0.rawValue ? $0.rawValue : "\($0.rawValue) (\($0.shortName))" }
            configuration.profile = choice(value, of: name, kind: "profile", candidates: names,
                                           valid: valid.joined(separator: ", "), parse: Profile.init(name:))
        case .included:
            configuration.included = strings(value, of: name, expecting: "a path or a list of paths").map(\.text)
        case .excluded:
            configuration.excluded = strings(value, of: name, expecting: "a path or a list of paths").map(\.text)
        case .disabledRules:
            configuration.disabledRules = ruleIDs(value, of: name)
        case .optInRules:
            configuration.optInRules = ruleIDs(value, of: name)
        case .onlyRules:
            configuration.onlyRules = ruleIDs(value, of: name)
        case .deploymentTarget:
            readDeploymentTargets(value)
        case .defaultIsolation:
            let isMainActor = ["MainActor": true, "nonisolated": false]
            configuration.defaultIsolationIsMainActor = choice(value, of: name, kind: "isolation",
                                                               candidates: ["MainActor", "nonisolated"]) { isMainActor[$0] }
        case .swiftVersion:
            guard let text = text(value, of: name, expecting: "a Swift version such as 6.0") else { return }
            guard let version = Version(text) else {
                report("'\(excerpt(text))' is not a Swift version; write it like 6.0", at: value)
                return
            }
            configuration.swiftVersion = version
        case .reporter:
            let reporters = ConfigurationLoader.reporters
            configuration.reporter = choice(value, of: name, kind: "reporter", candidates: reporters) {
                reporters.contains($0) ? $0 : nil
            }
        case .baseline:
            configuration.baselinePath = text(value, of: name, expecting: "a file path")
        case .layers:
            readLayers(value)
        case .fileBudget:
            readFileBudget(value)
        }
    }

    /// `file_budget: {max_bytes: 8388608, max_parse_seconds: 20, …}`: every limit a positive number.
    mutating func readFileBudget(_ node: YAMLNode) {
        guard case .mapping(let entries) = node.value else {
            if !node.isEmpty { report("'file_budget' expects a mapping of limits, such as {max_bytes: 8388608}, got \(node.shapeDescription)", at: node) }
            return
        }
        let limits = FileBudget.Limit.allCases.map(\.rawValue)
        for (key, value) in entries {
            let name = key.scalar ?? ""
            guard let limit = FileBudget.Limit(rawValue: name) else {
                report(unknown("'file_budget' limit", name, candidates: limits), at: key)
                continue
            }
            let expected = limit == .maxParseSeconds ? "a number of seconds" : "a whole number"
            guard let text = text(value, of: name, expecting: expected) else { continue }
            let number = limit == .maxParseSeconds ? Double(text) : Int(text).map(Double.init)
            guard let number, number > 0, number.isFinite else {
                report("'\(name)' expects \(expected) above 0, got '\(excerpt(text))'", at: value)
                continue
            }
            var budget = configuration.fileBudget
            switch limit {
            case .maxBytes: budget.maxBytes = Int(number)
            case .maxLineLength: budget.maxLineLength = Int(number)
            case .maxNesting: budget.maxNesting = Int(number)
            case .maxBracketRun: budget.maxBracketRun = Int(number)
            case .maxTokens: budget.maxTokens = Int(number)
            case .maxParseSeconds: budget.maxParseSeconds = number
            }
            configuration.fileBudget = budget
        }
    }

    mutating func readDeploymentTargets(_ node: YAMLNode) {
        guard case .mapping(let entries) = node.value else {
            if !node.isEmpty {
                report("'deployment_target' expects a mapping of platform to version, such as {iOS: \"17.0\"}, got \(node.shapeDescription)", at: node)
            }
            return
        }
        let platforms = Platform.allCases.map(\.rawValue)
        for (key, value) in entries {
            let name = key.scalar ?? ""
            guard let platform = Platform(name: name) else {
                report(unknown("platform", name, candidates: platforms), at: key)
                continue
            }
            guard let text = text(value, of: name, expecting: "a version such as 17.0") else { continue }
            guard let version = Version(text) else {
                report("'\(excerpt(text))' is not a version; write it like 17.0", at: value)
                continue
            }
            if configuration.deploymentTargets[platform] != nil {
                report("the deployment target for \(platform.rawValue) is given twice", at: key)
            }
            configuration.deploymentTargets[platform] = version
        }
    }

    /// A rule's block: a severity alone (`foreground-color: error`) or a mapping of severity and thresholds.
    mutating func readRuleBlock(_ node: YAMLNode, for rule: RuleDescription) {
        switch node.value {
        case .scalar where !node.isEmpty:
            readSeverity(node, for: rule, key: rule.id)
        case .mapping(let entries):
            for (key, value) in entries {
                let name = key.scalar ?? ""
                if name == "severity" {
                    readSeverity(value, for: rule, key: name)
                } else if rule.option(name) != nil {
                    readThreshold(value, key: name, for: rule)
                } else {
                    let options = ["severity"] + rule.options.map(\.key)
                    report(unknown("'\(rule.id)' option", name, candidates: options), at: key)
                }
            }
        default:
            report("'\(rule.id)' expects a severity (error, warning or advice) or a mapping of its options, got \(node.shapeDescription)", at: node)
        }
    }

    mutating func readSeverity(_ node: YAMLNode, for rule: RuleDescription, key: String) {
        let names = Severity.allCases.reversed().map(\.rawValue)
        if let severity = choice(node, of: key, kind: "severity", candidates: names, parse: Severity.init(rawValue:)) {
            configuration.severities[rule.id] = severity
        }
    }

    mutating func readThreshold(_ node: YAMLNode, key: String, for rule: RuleDescription) {
        guard let text = text(node, of: key, expecting: "a whole number") else { return }
        guard let number = Int(text) else {
            report("'\(key)' expects a whole number, got '\(excerpt(text))'", at: node)
            return
        }
        guard number >= 0 else {
            report("'\(key)' cannot be negative, got \(number)", at: node)
            return
        }
        configuration.ruleOptions[rule.id, default: [:]][key] = number
    }

    // MARK: Layers

    /// `layers:` maps layer names to `{paths, modules, may_depend_on}`; a glob or a list of globs alone is short
    /// for `{paths: …}`. Names in `may_depend_on` are checked once every layer is known, so order does not matter.
    mutating func readLayers(_ node: YAMLNode) {
        guard case .mapping(let entries) = node.value else {
            if !node.isEmpty {
                report("'layers' expects a mapping of layer names to {paths, modules, may_depend_on}, got \(node.shapeDescription)", at: node)
            }
            return
        }
        var layers: [Layer] = []
        var dependencies: [(layer: String, name: String, node: YAMLNode)] = []
        for (key, value) in entries {
            guard let name = key.scalar, !name.isEmpty else {
                report("a layer needs a name, got \(key.shapeDescription)", at: key)
                continue
            }
            var layer = Layer(name)
            if case .mapping(let fields) = value.value {
                for (fieldKey, fieldValue) in fields {
                    let field = fieldKey.scalar ?? ""
                    switch field {
                    case "paths":
                        layer.paths = strings(fieldValue, of: field, expecting: "a path glob or a list of them").map(\.text)
                    case "modules":
                        layer.modules = strings(fieldValue, of: field, expecting: "a target name or a list of them").map(\.text)
                    case "may_depend_on":
                        let named = strings(fieldValue, of: field, expecting: "a list of layer names")
                        layer.mayDependOn = named.map(\.text)
                        dependencies += named.map { (name, $0.text, $0.node) }
                    default:
                        report(unknown("key of layer '\(name)'", field, candidates: Layer.keys), at: fieldKey)
                    }
                }
            } else {
                layer.paths = strings(value, of: name, expecting: "a path glob, a list of them, or a mapping of paths, modules and may_depend_on").map(\.text)
            }
            if layer.paths.isEmpty, layer.modules.isEmpty {
                report("layer '\(name)' needs 'paths' or 'modules' to say which code belongs to it", at: key)
            }
            layers.append(layer)
        }
        let names = layers.map(\.name)
        for dependency in dependencies where !names.contains(dependency.name) {
            report(unknown("layer", dependency.name, candidates: names), at: dependency.node)
        }
        for cycle in Layer.cycles(in: layers) {
            // Reported where the last layer of the chain names the first, the dependency that closes it.
            guard let last = cycle.last, let closing = dependencies.first(where: { $0.layer == last && $0.name == cycle[0] }) else { continue }
            let chain = (cycle + [cycle[0]]).joined(separator: " → ")
            configuration.warnings.append(ConfigurationError(
                path: path, line: closing.node.line, column: closing.node.column,
                message: "layers depend on each other in a cycle (\(chain)); together they act as one layer, so "
                    + "layer-dependency cannot keep them apart. Remove one of these may_depend_on entries", severity: .warning))
        }
        configuration.layers = layers
    }

    // MARK: Value shapes

    /// A list of rule ids, each checked against the known rules. Unlike a lone path, a lone rule id is refused with
    /// the list to write instead: SwiftLint's rule lists are always lists, so a scalar there is a slip, not a shorthand.
    mutating func ruleIDs(_ node: YAMLNode, of key: String) -> Set<String> {
        if let text = node.scalar, !node.isEmpty {
            report("'\(key)' expects a list of rule ids, got \(node.shapeDescription); write \(key): [\(excerpt(text))]", at: node)
            return []
        }
        let known = rules.map(\.id)
        var ids: Set<String> = []
        for (id, item) in strings(node, of: key, expecting: "a list of rule ids") {
            if known.contains(id) {
                ids.insert(id)
            } else {
                let hint = Suggestion.nearest(to: id, in: known).map { "; did you mean '\($0)'?" } ?? "; `mvlint rules` lists the rule ids"
                report("unknown rule '\(excerpt(id))'\(hint)", at: item)
            }
        }
        return ids
    }

    /// A list of strings. A single string is a one-item list, and nothing at all an empty one, so that
    /// `excluded: Pods` and a key whose items are all commented out both read naturally.
    mutating func strings(_ node: YAMLNode, of key: String, expecting: String) -> [(text: String, node: YAMLNode)] {
        switch node.value {
        case .scalar(let text, _):
            return node.isEmpty ? [] : [(text, node)]
        case .sequence(let items):
            var result: [(text: String, node: YAMLNode)] = []
            for item in items {
                if let text = text(item, of: key, expecting: expecting) { result.append((text, item)) }
            }
            return result
        case .mapping:
            report("'\(key)' expects \(expecting), got \(node.shapeDescription)", at: node)
            return []
        }
    }

    /// The text of a scalar that must be present.
    mutating func text(_ node: YAMLNode, of key: String, expecting: String) -> String? {
        if let text = node.scalar, !node.isEmpty { return text }
        report("'\(key)' expects \(expecting), got \(node.shapeDescription)", at: node)
        return nil
    }

    /// A word from a fixed set, turned into a value by `parse`; a misspelling gets a suggestion.
    /// `valid` is how the set is listed in messages, when not simply `candidates`.
    mutating func choice<Value>(_ node: YAMLNode, of key: String, kind: String, candidates: [String], valid: String? = nil,
                                parse: (String) -> Value?) -> Value? {
        let list = valid ?? candidates.joined(separator: ", ")
        guard let text = text(node, of: key, expecting: "one of \(list)") else { return nil }
        if let value = parse(text) { return value }
        report(unknown(kind, text, candidates: candidates, valid: list), at: node)
        return nil
    }

    func unknown(_ kind: String, _ word: String, candidates: [String], valid: String? = nil) -> String {
        let list = valid ?? candidates.joined(separator: ", ")
        if let nearest = Suggestion.nearest(to: word, in: candidates) {
            return "unknown \(kind) '\(excerpt(word))'; did you mean '\(nearest)'? (valid: \(list))"
        }
        return "unknown \(kind) '\(excerpt(word))' (valid: \(list))"
    }

    mutating func report(_ message: String, at node: YAMLNode) {
        errors.append(ConfigurationError(path: path, line: node.line, column: node.column, message: message))
    }
}
