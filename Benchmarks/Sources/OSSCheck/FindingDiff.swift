/// The findings one run has and the other lacks, matched on `Finding.MatchKey` as multisets: three equal
/// findings against two is one added, and a finding whose code moved to another line is not a change.
struct FindingDiff {
    var added: [Finding] = []
    var removed: [Finding] = []

    init(baseline: [Finding], candidate: [Finding]) {
        let baselineByKey = Dictionary(grouping: baseline, by: \.matchKey)
        let candidateByKey = Dictionary(grouping: candidate, by: \.matchKey)
        for key in Set(baselineByKey.keys).union(candidateByKey.keys) {
            var unmatchedBaseline = (baselineByKey[key] ?? []).sorted { $0.line < $1.line }
            var unmatchedCandidate: [Finding] = []
            for finding in (candidateByKey[key] ?? []).sorted(by: { $0.line < $1.line }) {
                if let same = unmatchedBaseline.firstIndex(where: { $0.line == finding.line }) {
                    unmatchedBaseline.remove(at: same)
                } else {
                    unmatchedCandidate.append(finding)
                }
            }
            // The rest pair up in line order as moved code; only the surplus of one side is a change, and
            // pairing exact lines first makes that surplus the findings on lines the other run never reported.
            let moved = min(unmatchedBaseline.count, unmatchedCandidate.count)
            added += unmatchedCandidate.dropFirst(moved)
            removed += unmatchedBaseline.dropFirst(moved)
        }
        added.sort(by: Finding.reportOrder)
        removed.sort(by: Finding.reportOrder)
    }
}
