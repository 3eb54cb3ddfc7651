#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// What a run keeps of its project phase so that the next run, after one file's facts changed, can judge that file
/// again without building the whole project (`ChangedFileJudgement`; docs/INCREMENTAL.md, step 4): the answers that
/// depend on every file, what each project rule gathered, which files declare each name and what each file's
/// judgements asked about. Stored inside the run's result as its own payload, decoded only by such a run.
struct KeptAnswers: BinaryCodable, Sendable {
    var architecture: Architecture { didSet { storedArchitecture = nil } }
    var sceneRootViews: Set<String>
    /// What each enabled project rule gathered (`KeptAnswers.keeping`), by rule id.
    var gathered: [String: Data]
    /// The names each file's judgements asked about (`ReadRecorder` keys), by path; a file that asked nothing is absent.
    var reads: [String: [String]]
    /// The files declaring or extending a type of each simple name, by path, in the project's order of files.
    let declaring: [String: [String]]
    /// The architecture and the declaring files as read, written back as they are while unchanged: writing a large
    /// app's takes milliseconds, and a run after one change rarely changes them.
    private var storedArchitecture: Data?
    private var storedDeclaring: Data?

    init(architecture: Architecture, sceneRootViews: Set<String>, gathered: [String: Data], reads: [String: [String]],
         declaring: [String: [String]]) {
        self.architecture = architecture
        self.sceneRootViews = sceneRootViews
        self.gathered = gathered
        self.reads = reads
        self.declaring = declaring
    }

    init(from reader: inout FactReader) throws {
        let architecture: Data = try reader.read()
        self.architecture = try FactReader.decode(Architecture.self, from: architecture)
        storedArchitecture = architecture
        sceneRootViews = try reader.read()
        gathered = try reader.read()
        reads = try reader.read()
        let declaring: Data = try reader.read()
        self.declaring = try FactReader.decode([String: [String]].self, from: declaring)
        storedDeclaring = declaring
    }

    func write(to writer: inout FactWriter) {
        writer.write(storedArchitecture ?? FactWriter.payload(of: architecture))
        writer.write(sceneRootViews)
        writer.write(gathered)
        writer.write(reads)
        writer.write(storedDeclaring ?? FactWriter.payload(of: declaring))
    }

    /// The files of `project` declaring or extending a type of each simple name, by path.
    static func declaringFiles(in project: ProjectContext) -> [String: [String]] {
        var byName: [String: [String]] = [:]
        for file in project.files {
            for type in file.types {
                let name = ReadRecorder.simpleName(ofID: type.qualifiedName)
                if byName[name]?.last != file.path { byName[name, default: []].append(file.path) }
            }
        }
        return byName
    }

    /// The answers of a built project with what its rules gathered (`LintEngine.KeptJudgements`); nil when a rule
    /// gathered something that cannot be kept.
    static func made(from project: ProjectContext, judged: LintEngine.KeptJudgements) -> KeptAnswers? {
        guard let gathered = judged.gathered else { return nil }
        return KeptAnswers(architecture: project.architecture, sceneRootViews: project.sceneRootViews, gathered: gathered,
                           reads: judged.reads, declaring: declaringFiles(in: project))
    }
}

/// A table a rule gathers, kept with a run's result. An edit that changes no answer cannot change what it says, only
/// where the places it cites in the edited file now are: `movingPlaces` moves them (a table citing none is itself).
/// A rule whose table is not `KeptGathered` keeps nothing: the run after a change builds the project again.
protocol KeptGathered: BinaryCodable, Sendable {
    /// The table with every place it cites in the file at `path` moved; nil when one has nowhere to go.
    func movingPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> Self?
}

extension KeptGathered {
    func movingPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> Self? { self }

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
extension Set: KeptGathered where Element == String {}
extension Deferred: BinaryCodable where Value: BinaryCodable {
    convenience init(from reader: inout FactReader) throws { self.init(ready: try reader.read() as Value) }

    func write(to writer: inout FactWriter) { writer.write(value) }
}
extension Deferred: KeptGathered where Value == Set<String> {}

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
