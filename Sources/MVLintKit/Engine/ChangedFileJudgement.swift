#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// The project phase of a run after one file's facts changed, made without the whole project (docs/INCREMENTAL.md,
/// step 4): when a small project around the file — the file and the files declaring or extending a name its old or
/// new facts hold, and what their types inherit from — has the same answers with the old facts as with the new, the
/// previous run's answers stand with the file's places moved; the file is judged again in a small project with them,
/// and so are the files whose judgements asked about a type whose declaration there changed or whose findings cite
/// one of its lines. Every other file keeps its project findings. Nil whenever that cannot be told: the run builds
/// the whole project instead, as before. `mvlint-bench edits` checks the result against an uncached run's.
struct ChangedFileJudgement: Sendable {
    /// The changed file: its path as findings show it, its facts before and after, and the strings its old and new
    /// records use (`FactReader.strings(in:)`): the names its facts hold.
    struct Change {
        var path: String
        var oldFacts: FileFacts
        var newFacts: FileFacts
        var names: Set<String>
    }

    /// What the judgement made: the project rules' outcome, the answers to keep for the next run, and the files judged.
    struct Result {
        var outcome: ProjectOutcome
        var answers: KeptAnswers
        var judgedPaths: [String]
    }

    let change: Change
    let kept: KeptAnswers
    /// Every file's path in the project's order.
    let paths: [String]
    /// An unchanged file's facts, decoded from its record; nil when it does not decode.
    let factsOfFile: @Sendable (String) -> FileFacts?
    let sharedSettingsByPath: [String: SharedSettings]
    let profile: Profile
    let layers: LayerPlan
    let engine: LintEngine
    let isEnabled: @Sendable (String) -> Bool
    let timings: PhaseTimings?

    /// The most rounds a judged file's small project widens by the files declaring what its judgements asked about.
    static let maxRounds = 8

    func judged(previous outcome: ProjectOutcome) -> Result? {
        // The kept answers tell files by their place in the project's order, which this run's files share.
        guard kept.reads.count == paths.count else { return nil }
        guard Self.declaresTheSameTypes(change.oldFacts, change.newFacts) else { return nil }
        let declared = Self.declaredNames(change.oldFacts)
        let order = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        guard let (members, neighbours) = neighbourhood() else { return nil }
        var decoded = neighbours
        func facts(_ path: String) -> FileFacts? {
            if path == change.path { return change.newFacts }
            if let known = decoded[path] { return known }
            let made = factsOfFile(path)
            decoded[path] = made
            return made
        }
        func files(of members: Set<String>, changedFacts: FileFacts) -> [FileFacts]? {
            var files: [FileFacts] = []
            for path in members.sorted(by: { order[$0, default: .max] < order[$1, default: .max] }) {
                guard let file = path == change.path ? changedFacts : facts(path) else { return nil }
                files.append(file)
            }
            return files
        }

        // The answers with the old facts and with the new, in a project of the file and the files declaring what they
        // name, the two made side by side.
        guard let filesBefore = files(of: members, changedFacts: change.oldFacts),
              let filesAfter = files(of: members, changedFacts: change.newFacts) else { return nil }
        let (after, answersBefore) = ParallelMap.both({ () -> (part: ProjectContext, answers: [Data]?) in
            let part = smallProject(of: filesAfter)
            return (part, answers(of: part))
        }, aside: { [self] in answers(of: smallProject(of: filesBefore)) })
        guard let answersBefore, answersBefore == after.answers else { return nil }
        timings?.end(.smallProject)

        let places = SmallProjectCheck.placeMap(from: change.oldFacts, to: change.newFacts)
        guard let moved = kept.moving(in: change.path, by: { places.positions[$0] }, moveLine: { places.lines[$0] }, engine: engine,
                                      isEnabled: isEnabled) else {
            return nil
        }

        // The file, the files whose judgements asked about a type whose declaration or extension in it says something
        // else now (one that only moved reads the same), and those whose findings cite one of its lines.
        let saying = { (facts: FileFacts) in
            Dictionary(grouping: facts.types, by: { ReadRecorder.simpleName(ofID: $0.qualifiedName) }).mapValues { FactWriter.shape(of: $0).bytes }
        }
        let (said, says) = (saying(change.oldFacts), saying(change.newFacts))
        let changedTypes = declared.filter { said[$0] != says[$0] }
        var judged: Set<String> = [change.path]
        if !changedTypes.isEmpty {
            for (position, types) in kept.reads.enumerated() where types.contains(where: changedTypes.contains) { judged.insert(paths[position]) }
        }
        for (path, candidates) in outcome.candidates where candidates.contains(where: { ProjectFindingRelocation.mentionsLine(of: change.path, $0.message) }) {
            judged.insert(path)
        }

        var result = Result(outcome: outcome, answers: moved.answers, judgedPaths: judged.sorted { order[$0, default: .max] < order[$1, default: .max] })
        let rules = engine.selection.projectRules.map { $0.description.id }.filter(isEnabled)
        for target in result.judgedPaths {
            guard let targetPlace = order[target] else { return nil }
            var members: Set<String> = [target, change.path]
            var rounds = 0
            while true {
                rounds += 1
                guard let files = files(of: members, changedFacts: change.newFacts),
                      let place = files.firstIndex(where: { $0.path == target }) else { return nil }
                let part = ProjectContext.part(of: files, sharedSettingsByPath: sharedSettingsByPath, architecture: moved.answers.architecture,
                                               sceneRootViews: kept.sceneRootViews, profile: profile, layers: layers)
                let judgements = engine.judgeOneFile(part.file(at: place), in: part, gathered: moved.gathered, isEnabled: isEnabled)
                let reads = judgements.values.reduce(into: Set<String>()) { $0.formUnion($1.reads) }
                let wider = members.union(declaringFiles(readIn: reads))
                if wider != members {
                    guard rounds < Self.maxRounds else { return nil }
                    members = wider
                    continue
                }
                let candidates = rules.flatMap { rule in (judgements[rule]?.findings ?? []).map { LintEngine.located($0, by: rule) } }
                result.outcome.candidates[target] = candidates.isEmpty ? nil : candidates
                result.answers.reads[targetPlace] = ReadRecorder.typesRead(in: reads).sorted()
                if target == change.path { result.outcome.viewNamesByFile[target] = LintEngine.viewNamesByFile(in: after.part)[target] }
                break
            }
        }
        return result
    }

    /// Whether a file's old and new facts declare or extend types of the same simple names: a name added or taken away
    /// can change what other files' names resolve to, which no small project tells.
    static func declaresTheSameTypes(_ old: FileFacts, _ new: FileFacts) -> Bool { declaredNames(old) == declaredNames(new) }

    private static func declaredNames(_ facts: FileFacts) -> Set<String> {
        Set(facts.types.map { ReadRecorder.simpleName(ofID: $0.qualifiedName) })
    }

    /// A project of `files` alone, its answers made from them.
    private func smallProject(of files: [FileFacts]) -> ProjectContext {
        var part = ProjectContext(files: files, sharedSettingsByPath: sharedSettingsByPath)
        part.profile = profile
        part.layers = layers
        return part
    }

    /// The changed file and the files declaring or extending a name its old or new facts hold, with the files declaring
    /// what their types inherit from, as paths, and the facts of those other files (decoded on both cores); nil when a
    /// file does not decode.
    private func neighbourhood() -> (members: Set<String>, facts: [String: FileFacts])? {
        var members: Set<String> = [change.path]
        var decoded: [String: FileFacts] = [:]
        var asked = Set<String>()
        var names = change.names
        while true {
            var reached: [String] = []
            for name in names where asked.insert(name).inserted {
                for path in declarers(of: name) where members.insert(path).inserted { reached.append(path) }
            }
            guard !reached.isEmpty else { return (members, decoded) }
            names = []
            for (path, file) in zip(reached, ParallelMap.run(reached, factsOfFile)) {
                guard let file else { return nil }
                decoded[path] = file
                for type in file.types { names.formUnion(type.inherited.map { ReadRecorder.simpleName(ofID: Architecture.bareTypeName($0)) }) }
            }
        }
    }

    /// The files declaring a type whose declaration or role a judgement asked about (its `t:` and `r:` reads).
    private func declaringFiles(readIn reads: Set<String>) -> Set<String> {
        var files = Set<String>()
        for name in ReadRecorder.typesRead(in: reads) { files.formUnion(declarers(of: name)) }
        return files
    }

    /// The paths of the files declaring or extending a type named `name`.
    private func declarers(of name: String) -> [String] {
        (kept.declaring[name] ?? []).compactMap { paths.indices.contains($0) ? paths[$0] : nil }
    }

    /// A small project's answers without the places they cite, and what the changed file feeds the chains that cross
    /// files (the project types it constructs, its injections and cancellation facts); nil when a table cannot be kept.
    private func answers(of part: ProjectContext) -> [Data]? {
        guard let gathered = engine.gatheredShapes(in: part, isEnabled: isEnabled),
              let position = part.files.firstIndex(where: { $0.path == change.path }) else { return nil }
        let file = part.files[position]
        let links = part.constructionLinks[position].map { "\($0.creator ?? "-")>\($0.created) \($0.writtenName)" }
        return [FactWriter.shape(of: part.architecture).bytes, FactWriter.payload(of: part.sceneRootViews),
                FactWriter.payload(of: gathered), FactWriter.payload(of: links),
                FactWriter.shape(of: file.injections).bytes, FactWriter.shape(of: file.cancellation).bytes]
    }
}
