#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

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
    /// Settings that load but probably do not do what was meant (layers in a cycle), for every command to print.
    public var warnings: [ConfigurationError] = []

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
    /// `.warning` for a setting that loads but is suspect; the file is used anyway.
    public var severity: Severity

    public init(path: String, line: Int, column: Int, message: String, severity: Severity = .error) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    public var description: String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// Suggests the closest known word for a misspelt one ("did you mean …?").
public enum Suggestion {
    /// The nearest candidate within `maximumDistance(for:)` edits, if any. A candidate whose length differs by more
    /// than that cannot be near, so it is skipped before any comparison: a hostile 400,000-character key costs a
    /// length check per candidate, not a 400,000-row table each.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let word = Array(word.lowercased())
        let limit = maximumDistance(for: word.count)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let letters = Array(candidate.lowercased())
            guard abs(letters.count - word.count) <= limit,
                  let distance = distance(word, letters, atMost: min(limit, (best?.distance ?? limit + 1) - 1)) else { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// How many edits still read as a misspelling: two for short words, a third of a longer one.
    static func maximumDistance(for length: Int) -> Int { max(2, length / 3) }

    /// Levenshtein distance, or nil when it exceeds `limit`. Only the diagonal band of width `limit` can hold a
    /// distance within it, so the cost is length × limit, and a row whose every cell is past the limit ends the search.
    static func distance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let beyond = limit + 1
        var previous = (0...b.count).map { min($0, beyond) }
        var current = [Int](repeating: beyond, count: b.count + 1)
        for i in 1...a.count {
            let first = max(1, i - limit), last = min(b.count, i + limit)
            current[0] = min(i, beyond)
            if first > 1 { current[first - 1] = beyond }
            var rowMinimum = current[0]
            for j in first...last {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution, beyond)
                rowMinimum = min(rowMinimum, current[j])
            }
            if last < b.count { current[last + 1] = beyond }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
