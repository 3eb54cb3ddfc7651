#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// For `mvlint-bench small`: whether each file's project judgements come out the same in a project made of that file
/// and the files declaring or extending what its judgements ask about, with the answers that depend on every file
/// (roles, lifetimes, relations, scene roots, the profile) taken from the whole project (docs/INCREMENTAL.md, step 4).
/// That is how a run after one file changed would judge it; where a rule's judgement differs, what it reads is not yet
/// kept or recorded.
public enum SmallProjectCheck {
    public struct Result: Sendable {
        public var files: Int
        /// Per rule: the files whose judgement had a finding in either project, and of them the ones that differed, with
        /// a few examples (the file, then each project's findings).
        public var byRule: [(rule: String, judged: Int, differing: Int, examples: [String])] = []
        /// For each file checked, how many files its small project held, and how many rounds it took to hold every file
        /// declaring what the judgements asked about.
        public var projectFiles: [Int] = []
        public var rounds: [Int] = []
        /// Seconds to build each small project and judge the file in it (the last round).
        public var seconds: [Double] = []
        /// Seconds the whole project's rules took to judge every file.
        public var wholeProjectSeconds: Double = 0
    }

    /// Lints `directory` (its `.mvlint.yml` applies, no cache) and checks every file; nil when nothing was linted.
    public static func check(_ directory: URL) -> Result? {
        guard let (outcome, engine) = Linter.lintedForMeasurement(directory) else { return nil }
        let project = outcome.project
        let isEnabled = { (rule: String) in outcome.rules.enabled.contains(rule) }
        let start = Date()
        let whole = engine.recordedJudgements(in: project, isEnabled: isEnabled)
        var result = Result(files: project.files.count, wholeProjectSeconds: Date().timeIntervalSince(start))
        let gathered = engine.gathered(in: project, isEnabled: isEnabled)

        var declarers: [String: [Int]] = [:]
        for position in project.files.indices {
            for type in project.files[position].types {
                declarers[ReadRecorder.simpleName(ofID: type.qualifiedName), default: []].append(position)
            }
        }
        func declaring(_ reads: Set<String>) -> Set<Int> {
            var files = Set<Int>()
            for key in reads where key.hasPrefix("t:") || key.hasPrefix("r:") { files.formUnion(declarers[String(key.dropFirst(2))] ?? []) }
            return files
        }

        let rules = whole.keys.sorted()
        var counts = Dictionary(uniqueKeysWithValues: rules.map { ($0, (judged: 0, differing: 0, examples: [String]())) })
        for position in project.files.indices {
            let path = project.files[position].path
            var members = declaring(whole.values.reduce(into: Set<String>()) { $0.formUnion($1[path]?.reads ?? []) }).union([position])
            var rounds = 0
            var judged: [String: (findings: [ProjectFinding], reads: Set<String>)] = [:]
            var seconds = 0.0
            while true {
                rounds += 1
                let started = Date()
                let positions = members.sorted()
                let part = project.subproject(of: positions)
                judged = engine.judgeOneFile(part.file(at: positions.firstIndex(of: position)!), in: part, gathered: gathered, isEnabled: isEnabled)
                seconds = Date().timeIntervalSince(started)
                let wider = members.union(declaring(judged.values.reduce(into: Set<String>()) { $0.formUnion($1.reads) }))
                if wider == members || rounds == 8 { break }
                members = wider
            }
            result.projectFiles.append(members.count)
            result.rounds.append(rounds)
            result.seconds.append(seconds)
            for rule in rules {
                let expected = (whole[rule]?[path]?.findings ?? []).map(shown), found = (judged[rule]?.findings ?? []).map(shown)
                guard !expected.isEmpty || !found.isEmpty else { continue }
                counts[rule]!.judged += 1
                guard expected != found else { continue }
                counts[rule]!.differing += 1
                if counts[rule]!.examples.count < 3 {
                    counts[rule]!.examples.append("\(path) (\(members.count) files)\n      whole: \(expected)\n      small: \(found)")
                }
            }
        }
        result.byRule = rules.map { (rule: $0, judged: counts[$0]!.judged, differing: counts[$0]!.differing, examples: counts[$0]!.examples) }
        return result
    }

    private static func shown(_ finding: ProjectFinding) -> String {
        "\(finding.position.line):\(finding.position.column) \(finding.message)" + (finding.fix.map { " [fix: \($0.description), \($0.edits.count) edits]" } ?? "")
    }
}
