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
/// one of its lines. Every other file keeps its project findings. A type the file declares is accepted when no other
/// file names it and what the answers say of it is its own (its role, lifetime and the relations it starts; the
/// detected profile's counts as they were): that is left out of the answers compared, and put into the kept ones; a
/// type the file takes away, likewise, is taken out of them. Nil whenever that cannot be told: the run builds the whole
/// project instead, as before. `mvlint-bench edits` checks the result against an uncached run's.
struct ChangedFileJudgement: Sendable {
    /// What the judgement is made in: the previous run's kept answers and the settings, profile, layers and rules of
    /// this run's project, whose files are those the previous run linted.
    struct Setting: Sendable {
        let kept: KeptAnswers
        /// Every file's path in the project's order.
        let paths: [String]
        /// An unchanged file's facts, decoded from its record; nil when it does not decode.
        let factsOfFile: @Sendable (String) -> FileFacts?
        /// An unchanged file's record as stored: a table of every string its facts hold, then the rest.
        let recordOfFile: @Sendable (String) -> Data?
        let sharedSettingsByPath: [String: SharedSettings]
        let profile: Profile
        /// Whether the profile was detected, not configured: then what detection counts must stay as it was.
        let isProfileDetected: Bool
        let layers: LayerPlan
        let engine: LintEngine
        let isEnabled: @Sendable (String) -> Bool
        /// `kept.settablePropertyNames()`, read once.
        let settablePropertyNames: Deferred<Set<String>?>

        /// The setting once some files were judged with other facts than the records hold (`facts`, `records`, by path):
        /// what a file changed after them is judged in, with `kept` (their judgement's answers).
        func after(keeping kept: KeptAnswers, facts: [String: FileFacts], records: [String: Data]) -> Setting {
            let (factsOfFile, recordOfFile) = (self.factsOfFile, self.recordOfFile)
            return Setting(kept: kept, paths: paths, factsOfFile: { facts[$0] ?? factsOfFile($0) }, recordOfFile: { records[$0] ?? recordOfFile($0) },
                           sharedSettingsByPath: sharedSettingsByPath, profile: profile, isProfileDetected: isProfileDetected, layers: layers,
                           engine: engine, isEnabled: isEnabled, settablePropertyNames: Deferred { kept.settablePropertyNames() })
        }

        /// The paths of the files declaring or extending a type named `name`; given `reach`, the code of one file, but
        /// those declaring it only nested in a type that code does not name (SwiftGen's `L10n` nests 1,479 enums, named
        /// `App`, `Error`, `View`…): no name it writes can resolve to one of theirs. All of them when one is reached,
        /// another declares it nested too, or the file declares the name itself: a nested type's name as shown depends
        /// on its namesakes.
        func declarers(of name: String, reachableFrom reach: Reach? = nil) -> [String] {
            let entries = kept.declaring[name] ?? []
            var places = DeclaringFiles.places(entries)
            if let reach, !reach.declared.contains(name) {
                let plain = Set(entries.filter { $0 >= 0 }), nested = entries.filter { $0 < 0 }.map { ~$0 }
                if !nested.isEmpty, !nested.contains(where: { plain.contains($0) || reach.places.contains($0) }) {
                    places = places.filter(plain.contains)
                }
            }
            return places.compactMap { paths.indices.contains($0) ? paths[$0] : nil }
        }

        /// What a file's code reaches of the types declared nested (`declarers(of:reachableFrom:)`): the files that
        /// declare or extend plainly one of the names it holds (an enclosing type's among them), and the names it
        /// declares itself.
        struct Reach {
            let places: Set<Int>
            let declared: Set<String>
        }

        /// The files declaring what the types of `facts` inherit from: of the types declared only nested, those the
        /// inheritance clause can reach from where the type is (its enclosing types' names and the names it writes).
        func declarersOfParents(in facts: FileFacts) -> Set<String> {
            var files = Set<String>()
            for type in facts.types where !type.inherited.isEmpty {
                var names = Set(type.qualifiedName.split(separator: ".").map(String.init))
                for parent in type.inherited { ReadRecorder.identifiers(in: parent, into: &names) }
                let reach = reach(ofCodeNaming: names, declaring: [])
                for parent in type.inherited {
                    files.formUnion(declarers(of: ReadRecorder.simpleName(ofID: Architecture.bareTypeName(parent)), reachableFrom: reach))
                }
            }
            return files
        }

        /// `members` with the files declaring what the types of `reached` (members whose parents are not followed yet)
        /// inherit from, and so on up the chains; nil when a file does not decode. `facts` decodes several files at once.
        func closingOverParents(_ members: Set<String>, from reached: [String], facts: ([String]) -> [FileFacts?]) -> Set<String>? {
            var (members, reached) = (members, reached)
            while !reached.isEmpty {
                var next: [String] = []
                for file in facts(reached) {
                    guard let file else { return nil }
                    next += declarersOfParents(in: file).filter { members.insert($0).inserted }
                }
                reached = next
            }
            return members
        }

        /// What code holding `names` reaches, in a file declaring `declared`.
        func reach(ofCodeNaming names: Set<String>, declaring declared: Set<String>) -> Reach {
            var places = Set<Int>()
            for name in names { places.formUnion((kept.declaring[name] ?? []).lazy.filter { $0 >= 0 }) }
            return Reach(places: places, declared: declared)
        }

        /// A project of `files` alone, its answers made from them.
        func smallProject(of files: [FileFacts]) -> ProjectContext {
            var part = ProjectContext(files: files, sharedSettingsByPath: sharedSettingsByPath)
            part.profile = profile
            part.layers = layers
            part.settablePropertyNames = settablePropertyNames.value ?? []
            return part
        }

        /// A small project's answers without the places they cite, and what the file at `path` feeds the chains that
        /// cross files (the project types it constructs, its injections and cancellation facts); nil when a table
        /// cannot be kept. The types of `leftOut`, which only the file names, are left out, with the relations they
        /// start and their constructions of other types — but of views and observable classes, which the rules' tables,
        /// the profile and the lifetimes follow across the project, beyond the small project (what the types themselves
        /// say to the detected profile is told apart: `profileStands`); nil when another type's relation ends at one of
        /// them.
        ///
        /// Given `shown` (`ShownViews`: views whose constructions by the file's code began or ended), the file's
        /// constructions of them are left out too, and the relations to them in `relationsToShown`: what they feed besides
        /// is compared as made (the rules' tables, the scene roots), or checked apart (the detected profile).
        func answers(of part: ProjectContext, changedFile path: String, leavingOut leftOut: Set<String> = [],
                     shown: ShownViews? = nil, relationsToShown: Set<Relation> = [], holdsOf holders: Set<String> = []) -> [Data]? {
            guard let gathered = engine.gatheredShapes(in: part, leavingOut: leftOut, isEnabled: isEnabled),
                  let position = part.files.firstIndex(where: { $0.path == path }) else { return nil }
            var architecture = holders.isEmpty ? part.architecture : part.architecture.withoutHolds(of: holders, keepingEvidence: { _ in false })
            if !leftOut.isEmpty {
                guard let separable = architecture.separableTypes(named: leftOut, in: path) else { return nil }
                architecture = architecture.removingTypes(separable.ids)
            }
            if !relationsToShown.isEmpty { architecture = architecture.removingRelations(relationsToShown) }
            let file = part.files[position]
            let isLeftOut = { (id: String) in leftOut.contains(ReadRecorder.simpleName(ofID: id)) }
            let links = part.constructionLinks[position].filter { link in
                !isLeftOut(link.created) && shown?.created.contains(link.created) != true
                    && !(link.creator.map(isLeftOut) == true && !part.index.isView(link.created) && !part.index.isObservableClass(link.created))
            }.map { "\($0.creator ?? "-")>\($0.created) \($0.writtenName)" }
            return [FactWriter.shape(of: architecture).bytes, FactWriter.payload(of: part.sceneRootViews),
                    FactWriter.payload(of: gathered), FactWriter.payload(of: links),
                    FactWriter.shape(of: file.injections).bytes, FactWriter.shape(of: file.cancellation).bytes]
        }

        /// Whether what the detected profile counts stays as it was with `types` (what the small project `part` says
        /// of types only the file at `path` declares) added or taken away: always for a configured profile
        /// (`ProfileDetector.stands`).
        func profileStands(with types: Architecture.SeparableTypes, in part: ProjectContext, file path: String) -> Bool {
            !isProfileDetected || ProfileDetector.stands(with: types, in: part, file: path, detected: profile)
        }

        /// Whether a file other than the one at `path` holds one of `names` in its facts, or cannot be read to tell: a
        /// type of that name declared or taken away there would change what that file's names resolve to.
        func anotherFileNames(_ names: Set<String>, besides path: String) -> Bool {
            ChangedFileJudgement.anotherFileNames(names, besides: path, among: paths, recordOfFile: recordOfFile)
        }

        /// The files other than the one at `path` whose facts hold one of `names`; nil when one cannot be read to tell.
        func filesNaming(_ names: Set<String>, besides path: String) -> [String]? {
            var found: [String] = []
            for other in paths where other != path {
                guard let holds = ChangedFileJudgement.holds(names, inRecord: recordOfFile(other)) else { return nil }
                if holds { found.append(other) }
            }
            return found
        }
    }

    /// `Setting.anotherFileNames` before the setting is made (of the files at `paths`, with their records): a file added
    /// or deleted whose types another file names builds the project, and most do.
    static func anotherFileNames(_ names: Set<String>, besides path: String, among paths: [String], recordOfFile: (String) -> Data?) -> Bool {
        paths.contains { other in other != path && holds(names, inRecord: recordOfFile(other)) != false }
    }

    /// Whether the facts of a file, its record as stored, hold one of `names`; nil when the record cannot be read to tell.
    private static func holds(_ names: Set<String>, inRecord record: Data?) -> Bool? {
        guard let record else { return nil }
        // The bytes first, without reading the record: most hold none of the names.
        let mayName = record.withUnsafeBytes { bytes in names.contains { ByteSearch.contains($0, in: bytes) } }
        guard mayName else { return false }
        guard let strings = try? FactReader.strings(atStartOf: record) else { return nil }
        var held = Set<String>()
        for string in strings { ReadRecorder.identifiers(in: string, into: &held) }
        return !held.isDisjoint(with: names)
    }

    /// The changed file before the change and the small project around it: the file and the files declaring or
    /// extending a name its facts hold (`names`), with the files declaring what their types inherit from, and that
    /// project's answers with the old facts. Everything in it comes from the previous run, so a run can make it while
    /// the file is parsed again (`PreviousRunReading`).
    struct Before: Sendable {
        let path: String
        let oldFacts: FileFacts
        /// The names the small project was made for.
        let names: Set<String>
        /// The views (simple names) whose every maker it holds (`ShownViews`).
        let makersOf: Set<String>
        let members: Set<String>
        /// The facts of the members other than the file.
        let neighbours: [String: FileFacts]
        /// The small project with the old facts.
        let part: Deferred<ProjectContext>
        let answers: Deferred<[Data]?>

        /// The small project around the file at `path` for `names`, and with every file making a view of `makersOf`
        /// (views the file's code began or stopped making, `ShownViews`), with the files declaring or extending what they
        /// declare, so that their constructions' creators are told there as in the whole project; nil when a file in it
        /// does not decode or cannot be read to tell whether it names one of those views.
        init?(path: String, oldFacts: FileFacts, names: Set<String>, makersOf: Set<String> = [], in setting: Setting) {
            guard let making = makersOf.isEmpty ? [] : setting.filesNaming(makersOf, besides: path) else { return nil }
            var start: Set<String> = [path]
            var decoded: [String: FileFacts] = [:]
            func decode(_ batch: [String]) -> [FileFacts?] {
                let files = ParallelMap.run(batch, setting.factsOfFile)
                for (member, file) in zip(batch, files) { decoded[member] = file }
                return files
            }
            // The file's names reach only the nested types its code can, and so do the members' parents.
            let reach = setting.reach(ofCodeNaming: names, declaring: ChangedFileJudgement.declaredNames(oldFacts))
            let reached = (names.flatMap { setting.declarers(of: $0, reachableFrom: reach) } + making).filter { start.insert($0).inserted }
            var closed = setting.closingOverParents(start, from: reached, facts: decode)
            if var members = closed, !making.isEmpty {
                let declared = making.flatMap { decoded[$0].map(ChangedFileJudgement.declaredNames) ?? [] }
                let declarers = Set(declared).flatMap { setting.declarers(of: $0) }.filter { members.insert($0).inserted }
                closed = setting.closingOverParents(members, from: declarers, facts: decode)
            }
            guard let members = closed else { return nil }
            (self.path, self.oldFacts, self.names, self.makersOf, self.members, self.neighbours) = (path, oldFacts, names, makersOf, members, decoded)
            let files = setting.paths.compactMap { member in member == path ? oldFacts : decoded[member] }
            let part = Deferred { setting.smallProject(of: files) }
            (self.part, answers) = (part, Deferred { setting.answers(of: part.value, changedFile: path) })
        }

        /// The members' facts in the project's order, the file's being `newFacts`; nil when one is missing.
        func files(with newFacts: FileFacts, in setting: Setting) -> [FileFacts]? {
            var files: [FileFacts] = []
            for member in setting.paths where members.contains(member) {
                guard let file = member == path ? newFacts : neighbours[member] else { return nil }
                files.append(file)
            }
            return files
        }

        /// The answers with the old facts, the types of `leftOut` left out (`Setting.answers(of:changedFile:leavingOut:)`).
        func answers(leavingOut leftOut: Set<String>, in setting: Setting) -> [Data]? {
            leftOut.isEmpty ? answers.value : setting.answers(of: part.value, changedFile: path, leavingOut: leftOut)
        }

        /// Whether `names`, a file's, reach no file beyond the members: a small project made for them holds the same
        /// files. `declared`: the names the file declares.
        func covers(_ names: Set<String>, declaring declared: Set<String>, in setting: Setting) -> Bool {
            let reach = setting.reach(ofCodeNaming: names, declaring: declared)
            return names.allSatisfy { setting.declarers(of: $0, reachableFrom: reach).allSatisfy(members.contains) }
        }
    }

    /// The previous run as a judgement needs it: its result (stored under `key`), the profile it was judged with, and
    /// the setting made of its kept answers and this run's project.
    struct PreviousRun: Sendable {
        let key: SourceDigest
        let result: AnalysisCache.RunResult
        let choice: ProfileChoice
        let setting: Setting
    }

    /// The names a file's facts hold: the identifiers in their strings, but for the file's path, which says where it
    /// is and names nothing its code uses (`Sources/App/AppDelegate.swift` would reach every type named `App`).
    static func names(in facts: FileFacts) -> Set<String> {
        var names = Set<String>()
        for string in FactWriter.strings(of: facts) where string != facts.path { ReadRecorder.identifiers(in: string, into: &names) }
        return names
    }

    /// What the judgement made: the project rules' outcome, the answers to keep for the next run, and the files judged.
    struct Result {
        var outcome: ProjectOutcome
        var answers: KeptAnswers
        var judgedPaths: [String]
    }

    let setting: Setting
    let before: Before
    let newFacts: FileFacts
    /// The names the new facts hold.
    let newNames: Set<String>
    let timings: PhaseTimings?

    /// The most rounds a judged file's small project widens by the files declaring what its judgements asked about.
    static let maxRounds = 8

    func judged(previous outcome: ProjectOutcome) -> Result? {
        let (paths, path, engine, isEnabled) = (setting.paths, before.path, setting.engine, setting.isEnabled)
        // The kept answers tell files by their place in the project's order, which this run's files share.
        guard setting.kept.reads.count == paths.count else { return nil }
        // Types declared or taken away: only when no other file names them, so that nothing else resolves differently;
        // their roles are then left out of the answers compared, and put in or taken out of the kept ones.
        let (declaredBefore, declaredAfter) = (Self.declaredNames(before.oldFacts), Self.declaredNames(newFacts))
        let (added, removed) = (declaredAfter.subtracting(declaredBefore), declaredBefore.subtracting(declaredAfter))
        if !added.isEmpty || !removed.isEmpty {
            guard !setting.anotherFileNames(added.union(removed), besides: path) else { return nil }
        }
        guard let keptAsWas = removed.isEmpty ? setting.kept : setting.kept.removingTypes(named: removed, declaredIn: path) else { return nil }
        // Views of the project the old facts made and the new do not: the `shows` relations the file's code alone wrote
        // to them go before the places are moved (theirs have nowhere to go); one another file writes too builds.
        let views = Self.viewsMade(from: before.oldFacts, to: newFacts, among: setting.kept.architecture)
        guard let (kept, unshown) = keptAsWas.removingShows(toViewsNamed: views.unmade, writtenIn: path) else { return nil }
        let order = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // The small project made for the old facts' names serves unless the new facts name a type declared beyond it,
        // or make (or no longer make) a view of the project: then it holds every file naming that view (`ShownViews`).
        let viewsMadeOrNot = views.made.union(views.unmade)
        guard let small = viewsMadeOrNot.isEmpty && before.covers(newNames, declaring: declaredAfter, in: setting) ? before
                : Before(path: path, oldFacts: before.oldFacts, names: before.names.union(newNames), makersOf: viewsMadeOrNot, in: setting) else {
            return nil
        }
        var decoded = small.neighbours
        // A member's facts: the new ones for the file, the others decoded once.
        func facts(of member: String) -> FileFacts? {
            if member == path { return newFacts }
            guard let file = decoded[member] ?? setting.factsOfFile(member) else { return nil }
            decoded[member] = file
            return file
        }
        func files(of members: Set<String>) -> [FileFacts]? {
            var files: [FileFacts] = []
            for member in members.sorted(by: { order[$0, default: .max] < order[$1, default: .max] }) {
                guard let file = facts(of: member) else { return nil }
                files.append(file)
            }
            return files
        }

        func inheritanceClosure(of start: Set<String>) -> Set<String>? {
            setting.closingOverParents(start, from: Array(start)) { $0.map(facts(of:)) }
        }

        // The answers with the new facts, made beside those with the old (ready when they were made while the file was
        // parsed) and the kept answers with the file's places moved, which serve if the two agree.
        guard let filesAfter = small.files(with: newFacts, in: setting) else { return nil }
        let places = SmallProjectCheck.placeMap(from: before.oldFacts, to: newFacts)
        let (after, (answersBefore, keptMoved)) = ParallelMap.both({ () -> (part: ProjectContext, answers: [Data]?) in
            let part = setting.smallProject(of: filesAfter)
            return (part, setting.answers(of: part, changedFile: path, leavingOut: added))
        }, aside: {
            (small.answers(leavingOut: removed, in: setting),
             kept.moving(in: path, by: { places.positions[$0] }, moveLine: { places.lines[$0] }, engine: engine, isEnabled: isEnabled))
        })
        guard let answersBefore else { return nil }
        var moved: (answers: KeptAnswers, gathered: [String: any Sendable])
        if let keptMoved, answersBefore == after.answers {
            guard unshown.isEmpty else { return nil }
            moved = keptMoved
        } else if let keptMoved, added.isEmpty, removed.isEmpty,
                  // Views of the project the file's code began or stopped making: told in a small project holding every
                  // file naming them.
                  let shown = ShownViews(in: path, before: small.part.value, after: after.part, kept: setting.kept.architecture),
                  let kept = keptShowing(shown, moved: keptMoved.answers, madeIn: (small, after.part), unshown: unshown) {
            moved = (kept, keptMoved.gathered)
        } else if added.isEmpty, removed.isEmpty, viewsMadeOrNot.isEmpty,
                  let held = keptHolding(kept, places: places, madeIn: (small.part.value, after.part)) {
            moved = held
        } else {
            return nil
        }
        if !removed.isEmpty {
            let part = small.part.value
            guard let separable = part.architecture.separableTypes(named: removed, in: path),
                  setting.profileStands(with: separable, in: part, file: path) else { return nil }
        }
        if !added.isEmpty {
            guard let separable = after.part.architecture.separableTypes(named: added, in: path),
                  setting.profileStands(with: separable, in: after.part, file: path) else { return nil }
            moved.answers = moved.answers.addingTypes(separable, foundAs: after.part.architecture.relations, declaredIn: path)
        }
        if !added.isEmpty || !removed.isEmpty {
            // What the rules' tables say of those types, left out of the answers compared, is put in or taken out.
            let tables = engine.replacingGathered((moved.answers.gathered, moved.gathered), typesNamed: removed, with: added,
                                                  from: engine.gathered(in: after.part, isEnabled: isEnabled), isEnabled: isEnabled)
            (moved.answers.gathered, moved.gathered) = tables
        }
        guard let redeclared = moved.answers.redeclaring(in: path, from: before.oldFacts, to: newFacts) else { return nil }
        moved.answers = redeclared
        timings?.end(.smallProject)

        // The file, the files whose judgements asked about a type whose declaration or extension in it says something
        // else now (or that it declares or no longer declares: a type taken away says something else already), and those
        // whose findings cite one of its lines.
        let changedTypes = Self.typesSayingOtherwise(before.oldFacts, newFacts).union(added)
        var judged: Set<String> = [path]
        if !changedTypes.isEmpty {
            for (position, types) in kept.reads.enumerated() where types.contains(where: changedTypes.contains) { judged.insert(paths[position]) }
        }
        for (candidatePath, candidates) in outcome.candidates
        where candidates.contains(where: { ProjectFindingRelocation.mentionsLine(of: path, $0.message) }) {
            judged.insert(candidatePath)
        }

        var result = Result(outcome: outcome, answers: moved.answers, judgedPaths: judged.sorted { order[$0, default: .max] < order[$1, default: .max] })
        let rules = engine.selection.projectRules.map { $0.description.id }.filter(isEnabled)
        // The answers are final: written for storing on the other core while the files are judged.
        let (judgedAll, written) = ParallelMap.both({ () -> Bool in
            for target in result.judgedPaths {
                guard let targetPlace = order[target] else { return false }
                // With the files declaring what its judgements asked about last time (a look-up that finds no project
                // type of a name stops before the scopes it would have walked, and records none of them), and those
                // declaring what their types inherit from, up the chains: which of its classes are observable and which
                // of its types are views, what its subjects are, is told there before any judgement asks.
                // The changed file's code reaches only the nested types it names an enclosing type of; another's is
                // not read here, and reaches all.
                let reach = target == path ? setting.reach(ofCodeNaming: newNames, declaring: declaredAfter) : nil
                let declarers = { (name: String) in setting.declarers(of: name, reachableFrom: reach) }
                guard var members = inheritanceClosure(of: Set([target, path] + kept.reads[targetPlace].flatMap(declarers))) else {
                    return false
                }
                var rounds = 0
                while true {
                    rounds += 1
                    guard let files = files(of: members), let place = files.firstIndex(where: { $0.path == target }) else { return false }
                    let part = ProjectContext.part(of: files, sharedSettingsByPath: setting.sharedSettingsByPath, architecture: moved.answers.architecture,
                                                   sceneRootViews: kept.sceneRootViews, profile: setting.profile, layers: setting.layers)
                    let judgements = engine.judgeOneFile(part.file(at: place), in: part, gathered: moved.gathered, isEnabled: isEnabled)
                    let reads = judgements.values.reduce(into: Set<String>()) { $0.formUnion($1.reads) }
                    let wider = members.union(ReadRecorder.typesRead(in: reads).flatMap(declarers))
                    if wider != members {
                        guard rounds < Self.maxRounds else { return false }
                        members = wider
                        continue
                    }
                    let candidates = rules.flatMap { rule in (judgements[rule]?.findings ?? []).map { LintEngine.located($0, by: rule) } }
                    result.outcome.candidates[target] = candidates.isEmpty ? nil : candidates
                    result.answers.reads[targetPlace] = ReadRecorder.typesRead(in: reads).sorted()
                    if target == path { result.outcome.viewNamesByFile[target] = LintEngine.viewNamesByFile(in: after.part)[target] }
                    break
                }
            }
            return true
        }, aside: { [answers = moved.answers] in answers.writtenApart() })
        guard judgedAll else { return nil }
        if let written { result.answers.keepWritten(written) }
        return result
    }

    /// The kept answers with the file's places moved after its views began or stopped holding something they make
    /// nowhere (`let model: FeedModel`, `@Environment(Theme.self) var theme` added or taken away): their held relations
    /// and their roles' evidence, which cite the properties, are what a build changes. Lifetimes follow who creates a
    /// class and what the app puts into the environment, not who holds it, so with the file's constructions as they
    /// were, the small project's answers without those views' holds must agree; each view keeps its role; what they hold
    /// or held is no view model (the mvvm profiles count screens backed by one); every item of their evidence the kept
    /// answers move is still said, and a new one only that they own or observe something (whether a class is a service
    /// is the whole project's answer). Then their roles and held relations are the small project's. Nil otherwise.
    func keptHolding(_ kept: KeptAnswers, places: (positions: [SourcePosition: SourcePosition], lines: [Int: Int]),
                     madeIn parts: (before: ProjectContext, after: ProjectContext)) -> (answers: KeptAnswers, gathered: [String: any Sendable])? {
        let (path, engine, isEnabled) = (before.path, setting.engine, setting.isEnabled)
        let constructed = { (facts: FileFacts) in facts.constructions.map(\.typeName).sorted() }
        guard constructed(before.oldFacts) == constructed(newFacts) else { return nil }
        let changed = Self.typesSayingOtherwise(before.oldFacts, newFacts)
        let architecture = kept.architecture
        let holders = Set(architecture.roles.values.lazy.filter { $0.path == path && $0.role.isView && changed.contains(ReadRecorder.simpleName(ofID: $0.id)) }
            .map(\.id))
        // Names as the whole project shows them: a namesake the small project lacks would show one unqualified.
        let namedAlike = { (id: String) in parts.after.architecture.roles[id].map(\.name) == architecture.roles[id].map(\.name) }
        guard !holders.isEmpty, holders.allSatisfy({ parts.after.architecture.roles[$0]?.role == architecture.roles[$0]?.role && namedAlike($0) }) else {
            return nil
        }
        let isViewModel = { (id: String) in architecture.roles[id]?.role == .viewModel || ReadRecorder.simpleName(ofID: id).hasSuffix("ViewModel") }
        let holds = { (architecture: Architecture) in
            architecture.relations.filter { $0.isHeld(byOneOf: holders) }
        }
        // Each held class is one of the whole project's (a namesake the small project lacks would give it another id).
        guard !holds(architecture).contains(where: { isViewModel($0.to) }),
              holds(parts.after.architecture).allSatisfy({ architecture.roles[$0.to] != nil && !isViewModel($0.to) && namedAlike($0.to) }) else { return nil }
        var without = kept
        without.architecture = architecture.withoutHolds(of: holders) { $0.path != path || places.positions[$0.position] != nil }
        // The two sides' answers without the holds are made on both cores, the kept answers moved beside the first.
        let setting = self.setting
        let ((movedWithout, answersBefore), answersAfter) = ParallelMap.both({
            (without.moving(in: path, by: { places.positions[$0] }, moveLine: { places.lines[$0] }, engine: engine, isEnabled: isEnabled),
             setting.answers(of: parts.before, changedFile: path, holdsOf: holders))
        }, aside: { setting.answers(of: parts.after, changedFile: path, holdsOf: holders) })
        guard var moved = movedWithout, let answersBefore, answersBefore == answersAfter else { return nil }
        let same = { (one: Evidence, other: Evidence) in
            one.text == other.text && one.path == other.path && one.position == other.position && one.position.utf8Offset == other.position.utf8Offset
        }
        for holder in holders {
            guard let said = moved.answers.architecture.roles[holder]?.evidence, let says = parts.after.architecture.roles[holder]?.evidence,
                  said.allSatisfy({ item in says.contains { same(item, $0) } }),
                  says.allSatisfy({ item in said.contains { same(item, $0) } || item.text.hasPrefix("owns ") || item.text.hasPrefix("observes ") }) else {
                return nil
            }
        }
        moved.answers.architecture.puttingHolds(of: holders, from: parts.after.architecture)
        return moved
    }

    /// The simple names of the views of the project (`kept`'s roles) that a file's `new` facts construct and its `old`
    /// do not (`made`), and the other way round (`unmade`).
    static func viewsMade(from old: FileFacts, to new: FileFacts, among kept: Architecture) -> (made: Set<String>, unmade: Set<String>) {
        let constructed = { (facts: FileFacts) in Set(facts.constructions.map { ReadRecorder.simpleName(ofID: Architecture.bareTypeName($0.typeName)) }) }
        let (before, after) = (constructed(old), constructed(new))
        let changed = before.symmetricDifference(after)
        guard !changed.isEmpty else { return ([], []) }
        let views = Set(kept.roles.values.lazy.filter(\.role.isView).map { ReadRecorder.simpleName(ofID: $0.id) }.filter(changed.contains))
        return (views.intersection(after), views.intersection(before))
    }

    /// The simple names of the types a file's facts declare or extend.
    static func declaredNames(_ facts: FileFacts) -> Set<String> {
        Set(facts.types.map { ReadRecorder.simpleName(ofID: $0.qualifiedName) })
    }

    /// The simple names of the types whose declarations or extensions in a file say something else in its new facts
    /// than in its old (a type that only moved says the same): what the files that asked about them must be judged
    /// again for.
    static func typesSayingOtherwise(_ old: FileFacts, _ new: FileFacts) -> Set<String> {
        let saying = { (facts: FileFacts) in
            Dictionary(grouping: facts.types, by: { ReadRecorder.simpleName(ofID: $0.qualifiedName) }).mapValues { FactWriter.shape(of: $0).bytes }
        }
        let (said, says) = (saying(old), saying(new))
        return declaredNames(old).filter { said[$0] != says[$0] }
    }
}
