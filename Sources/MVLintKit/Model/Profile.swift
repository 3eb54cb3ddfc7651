/// An architecture style a project follows; it picks the default rule set.
public enum Profile: String, Sendable, CaseIterable, Codable {
    case mv
    case containerPresentation = "container-presentation"
    case mvvm
    case mvvmIO = "mvvm-io"

    /// The abbreviation RULES.md and `mvlint rules` use in tables.
    public var shortName: String {
        switch self {
        case .mv: return "mv"
        case .containerPresentation: return "cp"
        case .mvvm: return "mvvm"
        case .mvvmIO: return "io"
        }
    }

    /// Accepts the full name or the short one (`cp`, `io`).
    public init?(name: String) {
        if let profile = Profile(rawValue: name) {
            self = profile
        } else if let profile = Profile.allCases.first(where: { $0.shortName == name }) {
            self = profile
        } else {
            return nil
        }
    }
}

/// Which profiles turn a rule on by default.
public enum RuleProfiles: Sendable, Equatable {
    /// On in every profile.
    case all
    /// On in these profiles only.
    case only(Set<Profile>)
    /// Off everywhere until `opt_in_rules` names it.
    case optIn

    public func enables(_ profile: Profile) -> Bool {
        switch self {
        case .all: return true
        case .only(let profiles): return profiles.contains(profile)
        case .optIn: return false
        }
    }

    /// On in some profiles but not all: whether it runs depends on the profile being right.
    public var isProfileSpecific: Bool {
        if case .only = self { return true }
        return false
    }

    public var displayName: String {
        switch self {
        case .all: return "all"
        case .optIn: return "opt-in"
        case .only(let profiles):
            return Profile.allCases.filter(profiles.contains).map(\.shortName).joined(separator: ", ")
        }
    }
}

/// What profile detection settled on, how sure it is, and the measure that decided.
public struct ProfileDetection: Sendable, Equatable, Codable {
    public enum Confidence: String, Sendable, Codable {
        /// A clear share of a sample large enough to mean something: the profile's rules run (errors as warnings).
        case strong
        /// A small sample or a narrow majority: only the rules every profile shares run.
        case weak
    }

    public var profile: Profile
    public var confidence: Confidence
    /// Counts and an example: "34 of 40 screens backed by a view model, e.g. FeedView → FeedViewModel".
    public var evidence: String

    public init(_ profile: Profile, _ confidence: Confidence, _ evidence: String) {
        self.profile = profile
        self.confidence = confidence
        self.evidence = evidence
    }
}

/// The profile a run uses and where it came from: chosen (`--profile`, `profile:`) or guessed from the code.
public struct ProfileChoice: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        case commandLine
        /// `profile:` in the configuration file of this name.
        case configuration(String)
        case detected(ProfileDetection)
    }

    public var profile: Profile
    public var origin: Origin

    public init(profile: Profile, origin: Origin) {
        self.profile = profile
        self.origin = origin
    }

    public static func detected(_ detection: ProfileDetection) -> ProfileChoice {
        ProfileChoice(profile: detection.profile, origin: .detected(detection))
    }

    public var detection: ProfileDetection? {
        if case .detected(let detection) = origin { return detection }
        return nil
    }

    /// For the summary line and `mvlint init`: "from --profile", "from .mvlint.yml", "detected, weak: …".
    public var reason: String {
        switch origin {
        case .commandLine: return "from --profile"
        case .configuration(let file): return "from \(file)"
        case .detected(let detection): return "detected, \(detection.confidence.rawValue): \(detection.evidence)"
        }
    }
}
