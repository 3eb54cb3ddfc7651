/// An architecture style a project follows; it picks the default rule set.
public enum Profile: String, Sendable, CaseIterable {
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

    public var displayName: String {
        switch self {
        case .all: return "all"
        case .optIn: return "opt-in"
        case .only(let profiles):
            return Profile.allCases.filter(profiles.contains).map(\.shortName).joined(separator: ", ")
        }
    }
}
