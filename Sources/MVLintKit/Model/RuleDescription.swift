/// The group a rule belongs to; `mvlint rules` and the docs are organised by it.
public enum RuleFamily: String, Sendable, CaseIterable {
    case architecture = "architecture"
    case observation = "observation"
    case swiftUI = "swiftui"
    case platform = "platform"
    case meta = "meta"

    public var title: String {
        switch self {
        case .architecture: return "Architecture (Container/Presentation)"
        case .observation: return "Models, view models and Observation"
        case .swiftUI: return "SwiftUI usage"
        case .platform: return "Platform guidelines (HIG)"
        case .meta: return "mvlint itself"
        }
    }
}

/// Whether a rewrite exists for a rule's findings.
public enum FixKind: String, Sendable {
    /// No rewrite: the message says what to do instead.
    case none = "-"
    /// `mvlint lint --fix` can rewrite it.
    case auto = "auto"
    /// `mvlint migrate` rewrites it.
    case migrate = "migrate"
}

/// A numeric threshold a rule reads from its config block (`complex-body-closure: {max_statements: 7}`).
public struct RuleOption: Sendable {
    public var key: String
    public var defaultValue: Int
    public var meaning: String

    public init(_ key: String, default defaultValue: Int, _ meaning: String) {
        self.key = key
        self.defaultValue = defaultValue
        self.meaning = meaning
    }
}

/// Everything a rule says about itself: identity, defaults, documentation and its examples.
/// Docs (`mvlint explain`, the README table) and the generic example test are built from it.
public struct RuleDescription: Sendable {
    public var id: String
    public var family: RuleFamily
    public var severity: Severity
    public var profiles: RuleProfiles
    public var fix: FixKind
    /// One line: what the rule checks.
    public var summary: String
    /// Why the construct hurts.
    public var rationale: String
    /// What to write instead.
    public var instead: String
    /// Code that must trigger, with `↓` before each expected finding.
    public var triggering: [Example]
    /// Code that must not trigger (the traps live here).
    public var nonTriggering: [Example]
    public var options: [RuleOption]
    /// A finding inside a type counts only when the index knows that type is a View
    /// (the conformance may be declared in another file).
    public var onlyInViews: Bool

    public init(
        id: String, family: RuleFamily, severity: Severity, profiles: RuleProfiles, fix: FixKind = .none,
        summary: String, rationale: String, instead: String,
        triggering: [Example], nonTriggering: [Example], options: [RuleOption] = [], onlyInViews: Bool = false
    ) {
        self.id = id
        self.family = family
        self.severity = severity
        self.profiles = profiles
        self.fix = fix
        self.summary = summary
        self.rationale = rationale
        self.instead = instead
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.options = options
        self.onlyInViews = onlyInViews
    }

    public func option(_ key: String) -> RuleOption? { options.first { $0.key == key } }
}

/// A code snippet in a rule's documentation and tests. `↓` marks where a finding must be reported.
public struct Example: Sendable {
    public var code: String
    /// Settings the snippet is checked under (deployment targets, thresholds).
    public var settings: ExampleSettings
    /// For a triggering example of a rule with a fix: the code after `--fix --unsafe-fixes` (nil: no fix applies).
    public var fixed: String?
    /// Where the example is written, so a failing example test points at it. (A `String`, not a
    /// `StaticString`: the latter crashes when read across the resilient module boundary.)
    public var file: String
    public var line: Int

    public var location: String { "\(file):\(line)" }

    public init(_ code: String, _ settings: ExampleSettings = ExampleSettings(), fixed: String? = nil,
                file: String = #filePath, line: Int = #line) {
        self.code = code
        self.settings = settings
        self.fixed = fixed
        self.file = file
        self.line = line
    }
}

/// The project context an example runs in.
public struct ExampleSettings: Sendable {
    public var deploymentTargets: [Platform: Version]
    public var options: [String: Int]
    public var swiftToolsVersion: Version?
    /// The profile the example's project runs under (only rules that read the profile care).
    public var profile: Profile
    /// `layers:` of the example's configuration; the example file belongs to the target `Example`.
    public var layers: [Layer]
    /// Where the example file lies, relative to the configuration's folder (for `paths:` globs).
    public var path: String

    public init(deploymentTargets: [Platform: Version] = [:], options: [String: Int] = [:], swiftToolsVersion: Version? = nil,
                profile: Profile = .mv, layers: [Layer] = [], path: String = "Example.swift") {
        self.deploymentTargets = deploymentTargets
        self.options = options
        self.swiftToolsVersion = swiftToolsVersion
        self.profile = profile
        self.layers = layers
        self.path = path
    }

    public static func layers(_ layers: [Layer], path: String) -> ExampleSettings {
        ExampleSettings(layers: layers, path: path)
    }

    public static func profile(_ profile: Profile) -> ExampleSettings {
        ExampleSettings(profile: profile)
    }

    public static func iOS(_ version: String) -> ExampleSettings {
        ExampleSettings(deploymentTargets: [.iOS: Version(version)!])
    }

    public static func options(_ options: [String: Int]) -> ExampleSettings {
        ExampleSettings(options: options)
    }
}
