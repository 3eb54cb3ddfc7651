/// How loudly a finding speaks. `advice` findings are hidden unless asked for (`--advice`).
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case advice
    case warning
    case error

    private var rank: Int {
        switch self {
        case .advice: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
