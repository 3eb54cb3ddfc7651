/// Both binaries' runs on every app, and what changed between them.
struct Comparison {
    struct AppRuns {
        var app: String
        var baseline: LintRun
        var candidate: LintRun
    }

    /// One cell of the rule × app table.
    struct Count: Equatable {
        var baseline = 0, candidate = 0, added = 0, removed = 0

        var changed: Bool { added > 0 || removed > 0 }

        static func + (left: Count, right: Count) -> Count {
            Count(baseline: left.baseline + right.baseline, candidate: left.candidate + right.candidate,
                  added: left.added + right.added, removed: left.removed + right.removed)
        }

        static func += (left: inout Count, right: Count) {
            left = left + right
        }
    }

    var apps: [AppRuns]
    /// Over the apps where both runs produced findings: a failed run has nothing to compare.
    let diff: FindingDiff
    /// By rule, then by app, over the compared apps.
    let counts: [String: [String: Count]]

    init(apps: [AppRuns]) {
        self.apps = apps
        let compared = apps.filter(\.comparable)
        diff = FindingDiff(baseline: compared.flatMap { $0.baseline.findings ?? [] },
                           candidate: compared.flatMap { $0.candidate.findings ?? [] })
        counts = Self.count(compared, diff)
    }

    var comparedApps: [String] { apps.filter(\.comparable).map(\.app) }

    private static func count(_ compared: [AppRuns], _ diff: FindingDiff) -> [String: [String: Count]] {
        var counts: [String: [String: Count]] = [:]
        func add(_ findings: [Finding], _ increment: Count) {
            for finding in findings { counts[finding.rule, default: [:]][finding.app, default: Count()] += increment }
        }
        for runs in compared {
            add(runs.baseline.findings ?? [], Count(baseline: 1))
            add(runs.candidate.findings ?? [], Count(candidate: 1))
        }
        add(diff.added, Count(added: 1))
        add(diff.removed, Count(removed: 1))
        return counts
    }
}

extension Comparison.AppRuns {
    var comparable: Bool { baseline.findings != nil && candidate.findings != nil }
}
