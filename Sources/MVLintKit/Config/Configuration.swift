public import Foundation

/// The settings of `.mvlint.yml`, after validation. Keys mirror SwiftLint's where they mean the same.
public struct Configuration: Sendable {
    public var profile: Profile?
    public var included: [String] = []
    public var excluded: [String] = []
    public var disabledRules: Set<String> = []
    public var optInRules: Set<String> = []
    /// When set, exactly these rules run (SwiftLint's `only_rules`).
    public var onlyRules: Set<String>?
    /// Minimum deployment targets that override what Package.swift / the Xcode project say.
    public var deploymentTargets: [Platform: Version] = [:]
    /// `default_isolation: MainActor` or `nonisolated`; nil leaves it to the project files.
    public var defaultIsolationIsMainActor: Bool?
    /// `swift_version:`, the Swift compiler the code is built with; nil assumes a current one.
    public var swiftVersion: Version?
    /// Per-rule `severity`.
    public var severities: [String: Severity] = [:]
    /// Per-rule numeric thresholds, by rule id then option key.
    public var ruleOptions: [String: [String: Int]] = [:]
    /// `reporter:`, the output format (a `ReporterKind`) used when the command line names none.
    public var reporter: String?
    /// `baseline:`, the file of accepted findings, relative to `rootDirectory`.
    public var baselinePath: String?
    /// `layers:`, in file order; empty when the file configures none (then `layer-dependency` uses its default).
    public var layers: [Layer] = []
    /// `file_budget:`, what one file may cost before it is skipped as `file-too-complex`.
    public var fileBudget = FileBudget()
    /// The folder relative paths in the file are resolved against (the config file's folder).
    public var rootDirectory: URL
    /// The config file this came from, if any.
    public var sourcePath: String?

    /// The config file's name (`.mvlint.yml`), for messages.
    public var sourceFileName: String? { sourcePath.map { URL(fileURLWithPath: $0).lastPathComponent } }

    public init(rootDirectory: URL) {
        self.rootDirectory = rootDirectory
    }

    /// Whether a rule runs under `profile`.
    public func isEnabled(_ description: RuleDescription, profile: Profile) -> Bool {
        if let onlyRules { return onlyRules.contains(description.id) }
        if disabledRules.contains(description.id) { return false }
        return description.profiles.enables(profile) || optInRules.contains(description.id)
    }

    /// Whether a rule could run under some profile (the walk runs these; the profile may be detected later).
    public func mayRun(_ description: RuleDescription) -> Bool {
        Profile.allCases.contains { isEnabled(description, profile: $0) }
    }

    /// Whether the file asks for the rule itself (`only_rules`, `opt_in_rules`, or a block of its own), so it
    /// runs as configured whatever the profile.
    public func configures(_ id: String) -> Bool {
        onlyRules?.contains(id) == true || optInRules.contains(id) || severities[id] != nil || ruleOptions[id] != nil
    }

    /// The rules a run executes under `choice`. A chosen profile runs its whole rule set. A detected one is a
    /// guess, and a guess must not fail a run: with strong evidence its own rules run but report warnings at most,
    /// with weak evidence only the rules every profile shares run.
    public func rulePlan(for choice: ProfileChoice) -> RulePlan {
        let enabled = RuleRegistry.descriptions.filter { isEnabled($0, profile: choice.profile) }
        guard let detection = choice.detection else { return RulePlan(enabled: Set(enabled.map(\.id))) }
        let guessed = enabled.filter { $0.profiles.isProfileSpecific && !configures($0.id) }
        switch detection.confidence {
        case .strong:
            return RulePlan(enabled: Set(enabled.map(\.id)), demoted: guessed.filter { $0.severity == .error }.map(\.id).sorted())
        case .weak:
            let skipped = Set(guessed.map(\.id))
            return RulePlan(enabled: Set(enabled.map(\.id)).subtracting(skipped), skipped: skipped.sorted())
        }
    }
}

/// Which rules a run executes, and what a detected profile held back.
public struct RulePlan: Sendable, Equatable {
    public var enabled: Set<String>
    /// Rules specific to a weakly detected profile, not run.
    public var skipped: [String] = []
    /// Error rules specific to a strongly detected profile: they run, at warning severity.
    public var demoted: [String] = []
}

/// A problem with the configuration, located in the file so editors can jump to it.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): error: \(message)" }
}

/// Suggests the closest known word for a misspelt one ("did you mean …?").
public enum Suggestion {
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
