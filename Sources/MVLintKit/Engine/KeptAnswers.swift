#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// What a run keeps of its project phase so that the next run, after one file's facts changed, can judge that file
/// again without building the whole project (`ChangedFileJudgement`; docs/INCREMENTAL.md, step 4): the answers that
/// depend on every file, what each project rule gathered, which files declare each name and what each file's
/// judgements asked about. Stored inside the run's result as its own payload, decoded only by such a run.
struct KeptAnswers: Sendable {
    var architecture: Architecture { didSet { storedApart = nil } }
    var sceneRootViews: Set<String>
    /// What each enabled project rule gathered (`KeptAnswers.keeping`), by rule id.
    var gathered: [String: Data]
    /// The type names whose declaration or role each file's judgements asked about (`ReadRecorder.typesRead`): the
    /// files a change to a type's declaration sends to be judged again. In the project's order of files. Files are
    /// told by their place in that order, which the next run shares (its result is looked up by the same files): the
    /// paths are in the result already, and a second table of them was a tenth of a large app's cache.
    var reads: [[String]]
    /// The files declaring or extending a type of each simple name, by place in the project's order of files (marked
    /// when they declare it only nested: `DeclaringFiles.byName`).
    var declaring: [String: [Int]] { didSet { storedApart = nil } }
    /// The project's paths in its order of files: implied by the architecture's payload rather than written in it (the
    /// run's result holds them, and the next run, linting the same files, knows them), a tenth of a large app's cache.
    let paths: [String]
    /// The architecture and the declaring files as read, apart from the places they cite
    /// (`FactWriter.payloadApart(of:implying:)`), written back as they are while the architecture is unchanged: writing
    /// a large app's looks up tens of thousands of strings, and a run after one change changes at most its places, which
    /// are written again alone (`places` nil). One payload for both, so that the type names they share are written once.
    private var storedApart: (unplaced: Data, places: Data?)?

    init(architecture: Architecture, sceneRootViews: Set<String>, gathered: [String: Data], reads: [[String]],
         declaring: [String: [Int]], paths: [String]) {
        self.architecture = architecture
        self.sceneRootViews = sceneRootViews
        self.gathered = gathered
        self.reads = reads
        self.declaring = declaring
        self.paths = paths
    }

    /// What `payload()` wrote, for a project of files at `paths`; throws when it does not read (or was written for
    /// other paths).
    init(payload: Data, paths: [String]) throws {
        let stored = try FactReader.decode(Stored.self, from: payload)
        let both = try FactReader.decode(ArchitectureAndDeclaring.self, from: stored.unplaced, places: stored.places, implying: paths)
        (architecture, declaring, storedApart) = (both.architecture, both.declaring, (stored.unplaced, stored.places))
        (sceneRootViews, gathered, reads, self.paths) = (stored.sceneRootViews, stored.gathered, stored.reads, paths)
    }

    /// The answers as stored; nil when the architecture cannot be written apart from its places (it holds no offset or
    /// range of its own, so never).
    func payload() -> Data? {
        guard let apart = writtenApart() else { return nil }
        return FactWriter.payload(of: Stored(unplaced: apart.unplaced, places: apart.places, sceneRootViews: sceneRootViews,
                                             gathered: gathered, reads: reads))
    }

    /// The architecture and the declaring files as `payload()` writes them, apart from their places; nil when the
    /// architecture cannot be written so. Most of what writing the answers costs when the architecture changed, so a
    /// run can make it on another core while it judges files (`keepWritten`).
    func writtenApart() -> (unplaced: Data, places: Data)? {
        // The declaring files cite no place: the architecture's places are all the pair's, listed without sorting its names.
        storedApart.map { ($0.unplaced, $0.places ?? FactWriter.placesPayload(of: architecture)) }
            ?? FactWriter.payloadApart(of: ArchitectureAndDeclaring(architecture: architecture, declaring: declaring), implying: paths)
    }

    /// Takes what `writtenApart()` made of answers with the same architecture and declaring files.
    mutating func keepWritten(_ written: (unplaced: Data, places: Data)) { storedApart = written }

    private struct Stored: BinaryCodable {
        /// The architecture and the declaring files, apart from their places.
        var unplaced: Data
        var places: Data
        var sceneRootViews: Set<String>
        var gathered: [String: Data]
        var reads: [[String]]

        init(unplaced: Data, places: Data, sceneRootViews: Set<String>, gathered: [String: Data], reads: [[String]]) {
            (self.unplaced, self.places, self.sceneRootViews, self.gathered, self.reads) = (unplaced, places, sceneRootViews, gathered, reads)
        }

        init(from reader: inout FactReader) throws {
            (unplaced, places) = (try reader.read(), try reader.read())
            (sceneRootViews, gathered, reads) = (try reader.read(), try reader.read(), try reader.read())
        }

        func write(to writer: inout FactWriter) {
            writer.write(unplaced)
            writer.write(places)
            writer.write(sceneRootViews)
            writer.write(gathered)
            writer.write(reads)
        }
    }

    private struct ArchitectureAndDeclaring: BinaryCodable {
        var architecture: Architecture
        var declaring: [String: [Int]]

        init(architecture: Architecture, declaring: [String: [Int]]) {
            self.architecture = architecture
            self.declaring = declaring
        }

        init(from reader: inout FactReader) throws {
            architecture = try reader.read()
            declaring = try reader.read()
        }

        func write(to writer: inout FactWriter) {
            writer.write(architecture)
            writer.write(declaring)
        }
    }

    /// The answers with every place they cite in the file at `path` moved (the architecture's, and the rules' tables'),
    /// and the tables as values for `LintEngine.judgeOneFile`; nil when a place has nowhere to go or a table does not
    /// read. The architecture is written back as read when none of its places moves, and only its places otherwise.
    func moving(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?, engine: LintEngine,
                isEnabled: (String) -> Bool) -> (answers: KeptAnswers, gathered: [String: any Sendable])? {
        var moved = self
        if architecture.movesPlaces(in: path, by: move, moveLine: moveLine) {
            guard let architecture = architecture.movingPlaces(in: path, by: move, moveLine: moveLine) else { return nil }
            moved.architecture = architecture
            // Only its places moved: what it says is written as it was, its places again.
            moved.storedApart = storedApart.map { ($0.unplaced, nil) }
        }
        guard let stored = engine.gatheredValues(from: gathered, isEnabled: isEnabled),
              let tables = engine.movingGathered(stored, in: path, by: move, moveLine: moveLine, isEnabled: isEnabled) else { return nil }
        moved.gathered = tables.kept
        return (moved, tables.values)
    }

    /// The answers after the file at `path` stopped declaring or extending types of `names`, which nothing else in the
    /// project names: what the answers said of them (`Architecture.separableTypes`) taken out. Nil when another type's
    /// relation ended at one of them.
    func removingTypes(named names: Set<String>, declaredIn path: String) -> KeptAnswers? {
        guard let separable = architecture.separableTypes(named: names, in: path) else { return nil }
        var removed = self
        if !separable.roles.isEmpty { removed.architecture = architecture.removingTypes(separable.ids) }
        return removed
    }

    /// The answers after the file at `path` began declaring types nothing else in the project names, with what a small
    /// project said of them (`added`, its relations `found`) put in.
    func addingTypes(_ added: Architecture.SeparableTypes, foundAs found: [Relation], declaredIn path: String) -> KeptAnswers {
        guard !added.roles.isEmpty else { return self }
        var result = self
        result.architecture.addTypes(added, foundAs: found, codeIn: path, placeOfFile: placeOfFile())
        return result
    }

    /// The answers with the relations of `found` (a small project's) that `isNew` picks, made by the code of the file at
    /// `path`, put among that file's (`Architecture.addCodeRelations`).
    func addingCodeRelations(_ found: [Relation], where isNew: (Relation) -> Bool, madeIn path: String) -> KeptAnswers {
        var result = self
        result.architecture.addCodeRelations(found, where: isNew, codeIn: path, placeOfFile: placeOfFile())
        return result
    }

    /// The answers without the `shows` relations to views named `names` (simple names) that the code of the file at
    /// `path` alone writes, and those relations; nil when one is written there and elsewhere too.
    func removingShows(toViewsNamed names: Set<String>, writtenIn path: String) -> (answers: KeptAnswers, removed: Set<Relation>)? {
        guard !names.isEmpty else { return (self, []) }
        var removed = Set<Relation>()
        for relation in architecture.relations where relation.kind == .shows && names.contains(ReadRecorder.simpleName(ofID: relation.to)) {
            let places = [relation.path] + relation.lines.map(\.path)
            guard places.contains(path) else { continue }
            guard places.allSatisfy({ $0 == path }) else { return nil }
            removed.insert(relation)
        }
        guard !removed.isEmpty else { return (self, []) }
        var result = self
        result.architecture = architecture.removingRelations(removed)
        return (result, removed)
    }

    /// A path's place in the project's order of files, the table made on first use.
    private func placeOfFile() -> (String) -> Int {
        var order: [String: Int]?
        return { other in
            if order == nil { order = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) }
            return order?[other] ?? .max
        }
    }

    /// The names of the properties `viewmodel-public-setter` found settable in the whole project (what its table is
    /// gathered for, `ProjectContext.settablePropertyNames`); nil when it kept no table.
    func settablePropertyNames() -> Set<String>? {
        gathered[ViewModelPublicSetterRule.description.id].flatMap { KeptAnswers.kept($0, of: ViewModelPublicSetterRule.self) }
            .map { Set($0.settable.values.flatMap(\.properties).map(\.name)) }
    }

    /// The answers with the file at `path` among the declarers of what its facts `new` declare instead of what `old`
    /// did (`DeclaringFiles.entries`); nil when the file is not the project's. As they were when both declare the same.
    func redeclaring(in path: String, from old: FileFacts, to new: FileFacts) -> KeptAnswers? {
        let (before, after) = (DeclaringFiles.entries(of: old), DeclaringFiles.entries(of: new))
        guard before != after else { return self }
        guard let place = paths.firstIndex(of: path) else { return nil }
        var result = self
        for entry in before {
            let declarers = (declaring[entry.name] ?? []).filter { DeclaringFiles.place($0) != place }
            result.declaring[entry.name] = declarers.isEmpty ? nil : declarers
        }
        // As a build lists them: by place, a file's plain entry before its nested one.
        for entry in after {
            var declarers = result.declaring[entry.name] ?? []
            let at = declarers.firstIndex { DeclaringFiles.place($0) > place } ?? declarers.count
            declarers.insert(entry.isNested ? ~place : place, at: at)
            result.declaring[entry.name] = declarers
        }
        return result
    }

    /// The answers for a project of one more file, at `place` in `paths` (its order of files; without it, this one's):
    /// a file the kept answers' run did not lint, whose facts were then none. Nothing cites it yet. Nil when `paths` is
    /// not this project's with one file more.
    func insertingFile(at place: Int, of paths: [String]) -> KeptAnswers? {
        guard paths.count == self.paths.count + 1, paths.indices.contains(place),
              paths[..<place].elementsEqual(self.paths[..<place]), paths[(place + 1)...].elementsEqual(self.paths[place...]) else { return nil }
        var reads = self.reads
        reads.insert([], at: place)
        return withPlaces(movedBy: 1, from: place, reads: reads, paths: paths)
    }

    /// The answers for the project without the file at `path`, whose facts are now none; nil when they still cite a
    /// place in it (a role, a relation, a rule's table) or list it among a name's declarers.
    func removingFile(_ path: String, engine: LintEngine, isEnabled: (String) -> Bool) -> KeptAnswers? {
        guard let place = paths.firstIndex(of: path),
              !declaring.values.contains(where: { $0.contains { DeclaringFiles.place($0) == place } }),
              moving(in: path, by: { _ in nil }, moveLine: { _ in nil }, engine: engine, isEnabled: isEnabled) != nil else { return nil }
        var (reads, paths) = (self.reads, self.paths)
        reads.remove(at: place)
        paths.remove(at: place)
        return withPlaces(movedBy: -1, from: place, reads: reads, paths: paths)
    }

    /// The answers with `reads` and `paths` for a file put in or taken out at `place`: the places from there on in the
    /// declaring files moved by `delta` (a place written marked, `~place`, stays marked).
    private func withPlaces(movedBy delta: Int, from place: Int, reads: [[String]], paths: [String]) -> KeptAnswers {
        let moved = { (entry: Int) in DeclaringFiles.place(entry) < place ? entry : (entry < 0 ? entry - delta : entry + delta) }
        return KeptAnswers(architecture: architecture, sceneRootViews: sceneRootViews, gathered: gathered, reads: reads,
                           declaring: declaring.mapValues { $0.map(moved) }, paths: paths)
    }

    /// The answers of a built project with what its rules gathered (`LintEngine.KeptJudgements`); nil when a rule
    /// gathered something that cannot be kept.
    static func made(from project: ProjectContext, judged: LintEngine.KeptJudgements) -> KeptAnswers? {
        guard let gathered = judged.gathered else { return nil }
        return KeptAnswers(architecture: project.architecture, sceneRootViews: project.sceneRootViews, gathered: gathered,
                           reads: judged.reads, declaring: DeclaringFiles(project).byName, paths: project.files.map(\.path))
    }
}

/// A table a rule gathers, kept with a run's result. An edit that changes no answer cannot change what it says, only
/// where the places it cites in the edited file now are: `movingPlaces` moves them (a table citing none is itself).
/// A rule whose table is not `KeptGathered` keeps nothing: the run after a change builds the project again.
protocol KeptGathered: BinaryCodable, Sendable {
    /// The table with every place it cites in the file at `path` moved; nil when one has nowhere to go.
    func movingPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> Self?

    /// The table without what it says of the types of `names` (simple names), which only the changed file declares or
    /// declared and no other file names; with what `other`, the same rule's table in a small project holding that file,
    /// says of the types of `added`. Nil when the table cannot tell what it says of a type apart: it must then be the
    /// same with the change as without it.
    func replacing(typesNamed names: Set<String>, with added: Set<String>, from other: Self) -> Self?
}

extension KeptGathered {
    func movingPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> Self? { self }

    func replacing(typesNamed names: Set<String>, with added: Set<String>, from other: Self) -> Self? { nil }

    /// `value`, a table of this type, shaped (`payload(of:shaped:)`) without what it says of the types of `names`; nil
    /// when it cannot tell that apart.
    static func shape(of value: Any, leavingOut names: Set<String>) -> Data? {
        guard let table = value as? Self, let left = table.replacing(typesNamed: names, with: [], from: table) else { return nil }
        return FactWriter.shape(of: left).bytes
    }

    /// `value`, a table of this type, with what it says of the types of `removed` replaced by what `other` says of those
    /// of `added` (`replacing(typesNamed:with:from:)`), as kept and as a value; nil when it cannot tell that apart.
    static func replacing(_ value: Any, typesNamed removed: Set<String>, with added: Set<String>, from other: Any) -> (kept: Data, value: any Sendable)? {
        guard let table = value as? Self, let other = other as? Self, let replaced = table.replacing(typesNamed: removed, with: added, from: other) else {
            return nil
        }
        return (FactWriter.payload(of: replaced), replaced)
    }

    /// `value`, a table of this type, as kept, or `shaped` without the places it cites (`FactWriter.shape(of:)`). Asked
    /// of the type, not of the value: a nil table (`layer-dependency`'s without layers) does not cast to an existential.
    static func payload(of value: Any, shaped: Bool) -> Data? {
        (value as? Self).map { shaped ? FactWriter.shape(of: $0).bytes : FactWriter.payload(of: $0) }
    }

    /// `value`, a table of this type, with its places in the file at `path` moved: as kept, and as a value.
    static func moving(_ value: Any, in path: String, by move: (SourcePosition) -> SourcePosition?,
                       moveLine: (Int) -> Int?) -> (kept: Data, value: any Sendable)? {
        guard let table = value as? Self, let moved = table.movingPlaces(in: path, by: move, moveLine: moveLine) else { return nil }
        return (FactWriter.payload(of: moved), moved)
    }
}

extension Bool: KeptGathered {}
/// A key that cites no place (a type's name, a property's owner and name): a set of them is kept as it is.
protocol PlaceFreeKey: BinaryCodable, Comparable, Hashable {
    /// The type the key is of (its id or name as written); nil for none.
    var typeName: String? { get }
}
extension String: PlaceFreeKey {
    var typeName: String? { self }
}
extension ViewModelPublicSetterRule.PropertyKey: PlaceFreeKey {
    var typeName: String? { type }
}
extension Set: KeptGathered where Element: PlaceFreeKey {
    /// Keys are of one type each: those of a type no other file names say nothing of any other.
    func replacing(typesNamed names: Set<String>, with added: Set<String>, from other: Set<Element>) -> Set<Element>? {
        let isOf = { (names: Set<String>, key: Element) in key.typeName.map { names.contains(ReadRecorder.simpleName(ofID: $0)) } ?? false }
        return filter { !isOf(names, $0) }.union(other.lazy.filter { isOf(added, $0) })
    }
}
extension Deferred: BinaryCodable where Value: BinaryCodable {
    convenience init(from reader: inout FactReader) throws { self.init(ready: try reader.read() as Value) }

    func write(to writer: inout FactWriter) { writer.write(value) }
}
extension Deferred: KeptGathered where Value == Set<String> {
    func replacing(typesNamed names: Set<String>, with added: Set<String>, from other: Deferred<Set<String>>) -> Deferred<Set<String>>? {
        value.replacing(typesNamed: names, with: added, from: other.value).map { Deferred(ready: $0) }
    }
}

extension Optional: KeptGathered where Wrapped: KeptGathered {
    func movingPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> Self? {
        guard let wrapped = self else { return .some(.none) }
        guard let moved = wrapped.movingPlaces(in: path, by: move, moveLine: moveLine) else { return nil }
        return .some(.some(moved))
    }
}

extension KeptAnswers {
    /// What `rule` gathered, as kept with a run's result: empty for a rule that gathers nothing, the table's payload
    /// for a `KeptGathered` one; nil when it cannot be kept.
    static func keeping<Rule: ProjectRule>(_ gathered: Rule.Gathered, of rule: Rule.Type, shaped: Bool = false) -> Data? {
        if Rule.Gathered.self == Void.self { return Data() }
        return keptType(of: rule)?.payload(of: gathered, shaped: shaped)
    }

    /// What `keeping` made, read back; nil when it does not read.
    static func kept<Rule: ProjectRule>(_ data: Data, of rule: Rule.Type) -> Rule.Gathered? {
        if Rule.Gathered.self == Void.self { return () as? Rule.Gathered }
        guard let type = keptType(of: rule) else { return nil }
        return (try? FactReader.decode(type, from: data)) as? Rule.Gathered
    }

    /// The type of what `rule` gathers, when it is kept.
    static func keptType<Rule: ProjectRule>(of rule: Rule.Type) -> (any KeptGathered.Type)? { Rule.Gathered.self as? any KeptGathered.Type }
}
