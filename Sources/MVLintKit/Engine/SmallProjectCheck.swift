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

        let declaring = DeclaringFiles(project)
        let rules = whole.keys.sorted()
        var counts = Dictionary(uniqueKeysWithValues: rules.map { ($0, (judged: 0, differing: 0, examples: [String]())) })
        for position in project.files.indices {
            let path = project.files[position].path
            let read = whole.values.reduce(into: Set<String>()) { $0.formUnion($1[path]?.reads ?? []) }
            let (judged, members, rounds, seconds) = judgedInSmallProject(position, of: project, from: declaring.reached(by: read), declaring: declaring,
                                                                          engine: engine, gathered: gathered, isEnabled: isEnabled)
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

    /// The file at `target` judged by every enabled rule in a small project of `project`: the files `start` names and
    /// the file, widened by the files declaring what each round's judgements asked about until they ask about nothing
    /// more (eight rounds at most), with `changed`'s facts in place of one file's and `architecture` in place of the
    /// project's; with the files it held, the rounds and the seconds the last round took.
    static func judgedInSmallProject(_ target: Int, of project: ProjectContext, from start: Set<Int>, declaring: DeclaringFiles,
                                     changed: (position: Int, facts: FileFacts)? = nil, architecture: Architecture? = nil,
                                     engine: LintEngine, gathered: [String: any Sendable], isEnabled: (String) -> Bool)
        -> (judged: [String: (findings: [ProjectFinding], reads: Set<String>)], members: Set<Int>, rounds: Int, seconds: Double) {
        var members = start.union([target]).union(changed.map { [$0.position] } ?? [])
        var rounds = 0
        while true {
            rounds += 1
            let started = Date()
            let positions = members.sorted()
            let part = project.subproject(of: positions, changed: changed, architecture: architecture)
            let judged = engine.judgeOneFile(part.file(at: positions.firstIndex(of: target)!), in: part, gathered: gathered, isEnabled: isEnabled)
            let seconds = Date().timeIntervalSince(started)
            let wider = members.union(declaring.reached(by: judged.values.reduce(into: Set<String>()) { $0.formUnion($1.reads) }))
            if wider == members || rounds == 8 { return (judged, members, rounds, seconds) }
            members = wider
        }
    }

    static func shown(_ finding: ProjectFinding) -> String {
        "\(finding.position.line):\(finding.position.column) \(finding.message)" + (finding.fix.map { " [fix: \($0.description), \($0.edits.count) edits]" } ?? "")
    }

    /// One answer of the whole project, shown without the places it cites and with them: an edit that changes only the
    /// second moved what the answer cites, one that changes the first changed the answer.
    public struct Answer: Sendable, Equatable {
        public var unplaced: String
        public var placed: String
    }

    /// A lint of a folder, in-process, with the answers of its whole project.
    public struct Snapshot: Sendable {
        /// Every answer of the whole project that a file's judgement in a small project would take as it is, by what it
        /// is (`role Feed`, `relations owns`, `scene roots`, `gathered fat-view`, `profile`).
        public var answers: [String: Answer]
        /// Each file's findings, as lines of text.
        public var findingsByFile: [String: [String]]
        let project: ProjectContext
        let engine: LintEngine
        let enabledRules: Set<String>
        /// Each project rule's judgement of each file (its findings and reads), by rule id and path.
        let judgements: [String: [String: (findings: [ProjectFinding], reads: Set<String>)]]
        /// What each enabled rule gathered from the whole project, by rule id.
        let gathered: [String: any Sendable]
        let declaring: DeclaringFiles
    }

    /// `directory` linted (its `.mvlint.yml` applies, no cache) with its answers; nil when nothing was linted. For
    /// `mvlint-bench edits --answers`: which answers real edits change.
    public static func snapshot(of directory: URL) -> Snapshot? {
        guard let (outcome, engine) = Linter.lintedForMeasurement(directory) else { return nil }
        let gathered = engine.gathered(in: outcome.project, isEnabled: outcome.rules.enabled.contains)
        var answers = answers(of: outcome.project, gathered: gathered)
        let profile = "\(outcome.profileChoice)"
        answers["profile"] = Answer(unplaced: profile, placed: profile)
        let findingsByFile = Dictionary(grouping: outcome.findings, by: \.file).mapValues { $0.map { "\($0.line):\($0.column) \($0.rule) \($0.message)" } }
        return Snapshot(answers: answers, findingsByFile: findingsByFile, project: outcome.project, engine: engine,
                        enabledRules: outcome.rules.enabled,
                        judgements: engine.recordedJudgements(in: outcome.project, isEnabled: outcome.rules.enabled.contains),
                        gathered: gathered, declaring: DeclaringFiles(outcome.project))
    }

    fileprivate static func answers(of project: ProjectContext, gathered: [String: any Sendable]) -> [String: Answer] {
        var answers: [String: Answer] = [:]
        func place(_ path: String, _ position: SourcePosition) -> String { "\(path):\(position.line):\(position.column)" }
        func shown(_ evidence: [Evidence]) -> Answer {
            Answer(unplaced: evidence.map(\.text).joined(separator: "; "),
                   placed: evidence.map { $0.text + " @" + place($0.path, $0.position) }.joined(separator: "; "))
        }
        for assignment in project.architecture.roles.values {
            let evidence = shown(assignment.evidence), lifetime = shown(assignment.lifetime?.evidence ?? [])
            let head = "\(assignment.name) \(assignment.role) \(assignment.lifetime.map { "\($0.lifetime)" } ?? "-")"
            answers["role " + assignment.id] = Answer(unplaced: "\(head) [\(evidence.unplaced)] [\(lifetime.unplaced)]",
                                                      placed: "\(head) @\(place(assignment.path, assignment.position)) [\(evidence.placed)] [\(lifetime.placed)]")
        }
        for (kind, relations) in Dictionary(grouping: project.architecture.relations, by: \.kind) {
            let unplaced = relations.map { "\($0.from)>\($0.to) \($0.via)" }
            let placed = relations.map { "\($0.from)>\($0.to) \($0.via) @\(place($0.path, $0.position)) \($0.lines.map { "\($0.path):\($0.line)" })" }
            answers["relations \(kind)"] = Answer(unplaced: unplaced.joined(separator: "\n"), placed: placed.joined(separator: "\n"))
        }
        let roots = project.sceneRootViews.sorted().joined(separator: " ")
        answers["scene roots"] = Answer(unplaced: roots, placed: roots)
        for (rule, gathered) in gathered {
            answers["gathered " + rule] = Answer(unplaced: described(gathered, placed: false), placed: described(gathered, placed: true))
        }
        return answers
    }

    /// Where the places of a file's old facts went in its new facts: each position held by a fact that both have (the
    /// same fact told apart by what it says, `FactWriter.placedUnits`, in the order met), and each line of such a
    /// position; a place two facts disagree about is left out.
    static func placeMap(from old: FileFacts, to new: FileFacts) -> (positions: [SourcePosition: SourcePosition], lines: [Int: Int]) {
        let before = FactWriter.placedUnits(of: old), after = FactWriter.placedUnits(of: new)
        func same(_ i: Int, _ j: Int) -> Bool {
            before.units[i].owner == after.units[j].owner && before.bytes[before.units[i].said] == after.bytes[after.units[j].said]
        }
        var pairs: [(Int, Int)] = []
        // What an edit leaves alone at both ends pairs up as it is; the longest common run is looked for in between only,
        // in a table of both lengths: with more than `placeMapLimit` cells nothing in between moves (the answers citing
        // a place there are made again).
        var (head, tailBefore, tailAfter) = (0, before.units.count, after.units.count)
        while head < tailBefore, head < tailAfter, same(head, head) {
            pairs.append((head, head))
            head += 1
        }
        var tail: [(Int, Int)] = []
        while tailBefore > head, tailAfter > head, same(tailBefore - 1, tailAfter - 1) {
            tailBefore -= 1
            tailAfter -= 1
            tail.append((tailBefore, tailAfter))
        }
        let (rows, columns) = (tailBefore - head, tailAfter - head)
        let width = columns + 1
        if (rows + 1) * width <= placeMapLimit {
            var common = [Int32](repeating: 0, count: (rows + 1) * width)
            for i in stride(from: rows - 1, through: 0, by: -1) {
                for j in stride(from: columns - 1, through: 0, by: -1) {
                    common[i * width + j] = same(head + i, head + j) ? common[(i + 1) * width + j + 1] + 1
                        : max(common[(i + 1) * width + j], common[i * width + j + 1])
                }
            }
            var (i, j) = (0, 0)
            while i < rows, j < columns {
                if same(head + i, head + j) {
                    pairs.append((head + i, head + j))
                    (i, j) = (i + 1, j + 1)
                } else if common[(i + 1) * width + j] >= common[i * width + j + 1] {
                    i += 1
                } else {
                    j += 1
                }
            }
        }
        pairs += tail
        var positions: [SourcePosition: SourcePosition] = [:], lines: [Int: Int] = [:]
        var disputed = Set<SourcePosition>(), disputedLines = Set<Int>()
        func pair(_ from: SourcePosition, _ to: SourcePosition) {
            if positions.updateValue(to, forKey: from).map({ $0 != to }) ?? false { disputed.insert(from) }
            if lines.updateValue(to.line, forKey: from.line).map({ $0 != to.line }) ?? false { disputedLines.insert(from.line) }
        }
        for (i, j) in pairs { pair(before.units[i].position, after.units[j].position) }
        // A type's declaration, by its name where the file declares it once: its unit holds what the type's members and
        // code said before it, which an edit to its body changes (a view made there) without moving the type elsewhere.
        let declarations = { (facts: FileFacts) in
            Dictionary(grouping: facts.types, by: \.qualifiedName).compactMapValues { $0.count == 1 ? $0[0].position : nil }
        }
        let declaredAfter = declarations(new)
        for (name, from) in declarations(old) {
            if let to = declaredAfter[name] { pair(from, to) }
        }
        for position in disputed { positions[position] = nil }
        for line in disputedLines { lines[line] = nil }
        return (positions, lines)
    }

    /// The most cells `placeMap`'s table may have (16 MB).
    static let placeMapLimit = 4_000_000

    /// A gathered value written out in full, its lists, sets and tables each in a fixed order, a table made on first use
    /// made, and the places in it only when `placed`.
    static func described(_ value: Any, placed: Bool) -> String {
        if let position = value as? SourcePosition { return placed ? "\(position.line):\(position.column)" : "@" }
        // The offsets a fix edits at are places too.
        if value is DeclarationLayout || value is OffsetRange || value is StatementInsertionPoint {
            return placed ? "\(value)" : "@"
        }
        if let deferred = value as? any DeferredValue { return described(deferred.anyValue, placed: placed) }
        if value is Lock { return "" }
        if value is String || value is Int || value is Bool { return "\(value)" }
        let mirror = Mirror(reflecting: value)
        // A line or an offset kept on its own is a place as well.
        let children = mirror.children.map { child in
            (child.label.map { $0 + ": " } ?? "")
                + (!placed && ["line", "column", "utf8Offset", "offset"].contains(child.label) ? "@" : described(child.value, placed: placed))
        }
        switch mirror.displayStyle {
        // Lists too: several are concatenated in a hash table's order, which their readers do not depend on.
        case .set?, .dictionary?, .collection?: return "{" + children.sorted().joined(separator: ", ") + "}"
        case .optional?: return children.first ?? "nil"
        case .enum? where children.isEmpty: return "\(value)"
        default: return "\(mirror.subjectType)(" + children.joined(separator: ", ") + ")"
        }
    }
}

extension SmallProjectCheck.Snapshot {
    /// Whether the file at `path` changing from its facts here to those in `after` can change an answer of the whole
    /// project beyond the places it cites, told without the whole project: the answers of a small project — the file
    /// and the files declaring or extending a name its old or new facts hold, and those their types inherit from — made
    /// with its old facts and with its new ones, and compared. Where an answer merges what each file contributes (the
    /// relations, the holders of a type, a table a rule gathers), the small project's changes exactly when the whole
    /// project's can; what follows chains across files (lifetimes along creators, the call graph of cancellation) is
    /// compared by what the file feeds it: its constructions of project types, injections and cancellation facts.
    public func changesAnswers(ofFileAt path: String, to after: Self) -> Bool {
        smallProjects(ofFileAt: path, to: after)?.changed ?? true
    }

    /// The small projects `changesAnswers` compares: whether their answers differ, the file's place, its old and new
    /// facts, and the files they hold (places in `project.files`); nil when the files are not the same files.
    private func smallProjects(ofFileAt path: String, to after: Self)
        -> (changed: Bool, position: Int, old: FileFacts, new: FileFacts, members: [Int])? {
        guard let position = project.files.firstIndex(where: { $0.path == path }),
              let new = after.project.files.first(where: { $0.path == path }),
              project.files.map(\.path) == after.project.files.map(\.path) else { return nil }
        let old = project.files[position]
        var members: Set<Int> = [position]
        var pending = Array(ReadReachBenchmark.names(in: [old, new] as [Any]))
        var asked = Set<String>()
        while let name = pending.popLast() {
            guard asked.insert(name).inserted else { continue }
            for file in declaring[name] where members.insert(file).inserted {
                for type in project.files[file].types { pending += type.inherited.map { ReadRecorder.simpleName(ofID: Architecture.bareTypeName($0)) } }
            }
        }
        let positions = members.sorted()
        func small(with facts: FileFacts) -> [String: SmallProjectCheck.Answer] {
            var part = ProjectContext(files: positions.map { $0 == position ? facts : project.files[$0] }, sharedSettingsByPath: project.sharedSettingsByPath)
            part.profile = project.profile
            part.layers = project.layers
            var answers = SmallProjectCheck.answers(of: part, gathered: engine.gathered(in: part, isEnabled: enabledRules.contains))
            let links = part.constructionLinks[positions.firstIndex(of: position)!].map { "\($0.creator ?? "-")>\($0.created) \($0.writtenName)" }
            answers["links"] = SmallProjectCheck.Answer(unplaced: links.joined(separator: "\n"), placed: "")
            answers["fed to chains"] = SmallProjectCheck.Answer(unplaced: SmallProjectCheck.described([facts.injections, facts.cancellation] as [Any], placed: false), placed: "")
            return answers
        }
        let before = small(with: old), now = small(with: new)
        let changed = Set(before.keys).union(now.keys).contains { before[$0]?.unplaced != now[$0]?.unplaced }
        return (changed, position, old, new, positions)
    }

    /// What a run after the file at `path` changed (to its facts in `after`) would conclude if it kept this lint as its
    /// stored result and judged again only what the change can reach (docs/INCREMENTAL.md, step 4), checked against
    /// `after`'s whole project: nil when it would build the project again (an answer changed, the file declares other
    /// names, a table a rule gathered cites places, a place has nowhere to go); otherwise how many files it judged and
    /// the files whose project findings differ from `after`'s.
    public func keptAndJudgedAgain(ofFileAt path: String, to after: Self) -> (judged: Int, differing: [String])? {
        guard let compared = smallProjects(ofFileAt: path, to: after), !compared.changed else { return nil }
        // A name added or taken away can change what other files' names resolve to, which no small project tells (the
        // run accepts one no other file names, `ChangedFileJudgement`; this check, the first version's, does not).
        guard ChangedFileJudgement.declaredNames(compared.old) == ChangedFileJudgement.declaredNames(compared.new) else { return nil }
        // A gathered table that cites places would need the file's moved: not yet.
        guard gathered.values.allSatisfy({ SmallProjectCheck.described($0, placed: true) == SmallProjectCheck.described($0, placed: false) }) else { return nil }
        let places = SmallProjectCheck.placeMap(from: compared.old, to: compared.new)
        guard let architecture = project.architecture.movingPlaces(in: path, by: { places.positions[$0] }, moveLine: { places.lines[$0] }) else {
            return nil
        }
        // The file itself, the files whose judgements asked about a type whose declaration or extension here says
        // something else now (a type that only moved reads the same), and those whose findings cite one of its lines.
        let changedTypes = ChangedFileJudgement.typesSayingOtherwise(compared.old, compared.new)
        var judged: Set<Int> = [compared.position]
        for (otherPosition, file) in project.files.enumerated() {
            let reads = judgements.values.reduce(into: Set<String>()) { $0.formUnion($1[file.path]?.reads ?? []) }
            let findings = judgements.values.flatMap { $0[file.path]?.findings ?? [] }
            if changedTypes.contains(where: { reads.contains(ReadRecorder.key(.type, $0)) || reads.contains(ReadRecorder.key(.role, $0)) })
                || findings.contains(where: { ProjectFindingRelocation.mentionsLine(of: path, $0.message) }) {
                judged.insert(otherPosition)
            }
        }
        var differing: [String] = []
        for target in judged.sorted() {
            let targetPath = project.files[target].path
            let found = SmallProjectCheck.judgedInSmallProject(target, of: project, from: [], declaring: declaring, changed: (compared.position, compared.new),
                                                               architecture: architecture, engine: engine, gathered: gathered,
                                                               isEnabled: enabledRules.contains).judged
            for (rule, judgement) in found {
                let expected = (after.judgements[rule]?[targetPath]?.findings ?? []).map(SmallProjectCheck.shown)
                if judgement.findings.map(SmallProjectCheck.shown) != expected { differing.append("\(targetPath) \(rule)") }
            }
        }
        // Every file not judged again keeps its findings: they must be the new project's.
        for file in project.files.indices where !judged.contains(file) {
            let filePath = project.files[file].path
            for rule in enabledRules where judgements[rule] != nil {
                let kept = (judgements[rule]?[filePath]?.findings ?? []).map(SmallProjectCheck.shown)
                if kept != (after.judgements[rule]?[filePath]?.findings ?? []).map(SmallProjectCheck.shown) { differing.append("\(filePath) \(rule) (kept)") }
            }
        }
        return (judged.count, differing)
    }
}

/// The files declaring or extending a type of each simple name, as places in a project's files, each file once: what a
/// small project must hold for the names a judgement asked about.
struct DeclaringFiles: Sendable {
    /// By simple name, the places of the files declaring or extending a type of that name, in the project's order; a
    /// file declaring one nested in another type (SwiftGen's `L10n.Settings.Title`) is written `~place` as well, or
    /// only, when it declares or extends none plainly: only code naming an enclosing type can reach that one
    /// (`ChangedFileJudgement.Setting.declarers(of:reachableFrom:)`).
    let byName: [String: [Int]]

    init(_ project: ProjectContext) {
        var byName: [String: [Int]] = [:]
        for position in project.files.indices {
            for entry in Self.entries(of: project.files[position]) {
                byName[entry.name, default: []].append(entry.isNested ? ~position : position)
            }
        }
        self.byName = byName
    }

    /// A name a file declares plainly (at the top level, or extended), or nested in another type.
    struct Entry: Equatable {
        var name: String
        var isNested: Bool
    }

    /// What a file declares, by simple name: each name declared plainly once, and each name declared nested once; an
    /// enclosing type's name counts as declared plainly, since code must write it to reach what it nests — the
    /// outermost one's, or every one's when an extension encloses it (its first component may be a module's, which the
    /// index strips).
    static func entries(of facts: FileFacts) -> [Entry] {
        var plain = Set<String>(), nested = Set<String>()
        var declared = Set<String>()
        for type in facts.types where type.kind != .extension { declared.insert(type.qualifiedName) }
        for type in facts.types {
            let qualifiedName = type.qualifiedName
            let components = qualifiedName.split(separator: ".")
            guard type.kind != .extension, components.count > 1 else {
                plain.insert(ReadRecorder.simpleName(ofID: qualifiedName))
                continue
            }
            nested.insert(ReadRecorder.simpleName(ofID: qualifiedName))
            let enclosing = (1..<components.count).map { components[..<$0].joined(separator: ".") }
            if enclosing.allSatisfy(declared.contains) {
                plain.insert(String(components[0]))
            } else {
                plain.formUnion(components.dropLast().map(String.init))
            }
        }
        return plain.sorted().map { Entry(name: $0, isNested: false) } + nested.sorted().map { Entry(name: $0, isNested: true) }
    }

    /// A place as written in `byName`, without its mark.
    static func place(_ entry: Int) -> Int { entry < 0 ? ~entry : entry }

    /// Every file declaring or extending a type of the name, once.
    subscript(name: String) -> [Int] { Self.places(byName[name] ?? []) }

    /// The places of `entries` (of `byName`), each once, in their order.
    static func places(_ entries: [Int]) -> [Int] {
        var seen = Set<Int>()
        return entries.map(place).filter { seen.insert($0).inserted }
    }

    /// The files declaring a type whose declaration or role a judgement asked about (its `t:` and `r:` reads).
    func reached(by reads: Set<String>) -> Set<Int> {
        var files = Set<Int>()
        for name in ReadRecorder.typesRead(in: reads) { files.formUnion(self[name]) }
        return files
    }
}

/// A `Deferred`'s value, made if it was not, whatever its type: for `SmallProjectCheck.described`.
protocol DeferredValue {
    var anyValue: Any { get }
}

extension Deferred: DeferredValue {
    var anyValue: Any { value }
}
