/// The role a type plays in the app's architecture (RULES.md "Roles").
public enum Role: String, Sendable, CaseIterable, Codable {
    /// A view that owns or observes app state, or runs async work on a model.
    case container
    /// A view that only receives values, bindings, closures and content.
    case presentation
    /// A container that also lays out substantial UI itself.
    case mixed
    /// An observable class holding app or domain state and its logic.
    case model
    /// An observable class serving one screen.
    case viewModel = "view-model"
    /// Talks to the outside world (network, disk, database).
    case service
    /// A value type bundling one screen's UI state, held in a container's `@State`.
    case state
    /// Derives display values from data.
    case formatter
    /// Plain data (structs and enums with no other role).
    case value
    case other

    public var isView: Bool { self == .container || self == .presentation || self == .mixed }
}

/// Why mvlint believes something, pointing at the code that says so.
public struct Evidence: Sendable, Codable, CustomStringConvertible {
    public var text: String
    public var path: String
    public var position: SourcePosition

    public var description: String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return "\(text) (\(file):\(position.line))"
    }
}

public struct RoleAssignment: Sendable, Codable {
    /// The type's key in the index (`ProjectIndex.TypeEntry.id`).
    public var id: String
    /// The name to show: simple, qualified where two types share it.
    public var name: String
    public var role: Role
    public var evidence: [Evidence]
    public var path: String
    public var position: SourcePosition
    /// For observable classes whose lifetime the project tells: screen, app or service, and why.
    public var lifetime: LifetimeAssignment?
}

/// An edge of the architecture map.
public struct Relation: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// A view holds the instance in `@State`/`@StateObject`.
        case owns
        /// A view holds it without owning it (`let`, `@ObservedObject`, `@Bindable`, `@Environment`).
        case observes
        /// A view puts it into the environment (`.environment(x)`).
        case injects
        /// A view's code creates another view.
        case shows
        /// A model or view calls or constructs a service.
        case calls
    }

    public var kind: Kind
    /// Type ids (`ProjectIndex.TypeEntry.id`).
    public var from: String
    public var to: String
    /// How: `@State`, `let`, `.environment`, `fetch()`…
    public var via: String
    public var path: String
    public var position: SourcePosition
    /// Every line that writes this relation: the first, the wrapper attribute's own line (`@ObservedObject`
    /// above `var model`), later calls or constructions of the same pair. A finding on any of them is about it.
    public var lines: [Line] = []

    public struct Line: Sendable, Codable {
        public var path: String
        public var line: Int

        public init(path: String, line: Int) {
            self.path = path
            self.line = line
        }
    }

    /// The relation with its place and lines in the file at `path` moved (`Architecture.movingPlaces`); nil when one has
    /// nowhere to go.
    func movingPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> Relation? {
        var moved = self
        if self.path == path {
            guard let position = move(position) else { return nil }
            moved.position = position
        }
        for place in lines.indices where lines[place].path == path {
            guard let line = moveLine(lines[place].line) else { return nil }
            moved.lines[place].line = line
        }
        return moved
    }

    /// Whether one of the views `ids` holds what the relation leads to (`Architecture.heldKinds`).
    func isHeld(byOneOf ids: Set<String>) -> Bool {
        Architecture.heldKinds.contains(kind) && ids.contains(from)
    }

    public static func == (lhs: Relation, rhs: Relation) -> Bool {
        lhs.kind == rhs.kind && lhs.from == rhs.from && lhs.to == rhs.to
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(from)
        hasher.combine(to)
    }
}

/// By hand: the line is a place, which a shape leaves out (`FactWriter.writeLineOnly`).
extension Relation.Line: BinaryCodable {
    init(from reader: inout FactReader) throws {
        path = try reader.read()
        line = try reader.readLineOnly()
    }

    func write(to writer: inout FactWriter) {
        writer.write(path)
        writer.writeLineOnly(line)
    }
}

/// Roles of every type and the relations between them, derived from facts and the index.
/// Structure decides first; names only break ties.
public struct Architecture: Sendable, BinaryCodable {
    public private(set) var roles = RoleTable()
    public private(set) var relations: [Relation] = []
    /// How long each observable class lives, where its creators or its code tell (`Lifetime.swift`).
    public private(set) var lifetimes: [String: LifetimeAssignment] = [:]
    /// Where each relation (by kind and ends) sits in `relations`, so adding one is not a linear search; emptied once
    /// the relations are found.
    private var relationIndex: [Relation: Int] = [:]

    public func role(of id: String) -> Role? {
        ReadRecorder.noteType(id: id, .role)
        return roles[id]?.role
    }

    /// Relations of one kind that end at a type.
    public func relations(_ kind: Relation.Kind, to name: String) -> [Relation] {
        relations.filter { $0.kind == kind && $0.to == name }
    }

    public func relations(_ kind: Relation.Kind, from name: String) -> [Relation] {
        relations.filter { $0.kind == kind && $0.from == name }
    }

    /// Protocols plain data conforms to; a value type conforming to anything else (`App`, `EnvironmentKey`,
    /// `ButtonStyle`…) is framework glue, not data.
    static let dataProtocols: Set<String> = [
        "Identifiable", "Hashable", "Equatable", "Codable", "Decodable", "Encodable", "Sendable", "CaseIterable",
        "Comparable", "CustomStringConvertible", "Error", "LocalizedError", "String", "Int", "RawRepresentable",
    ]
    static let serviceSuffixes = ["Service", "Client", "Repository", "API", "Api", "Gateway", "DataSource"]
    /// Conformances and attributes of types the system or a test runner drives (an app, a preview, a toolbar,
    /// a test suite): they touch `UserDefaults` or a `ModelContainer` to set things up, which is not being a service.
    static let hostedProtocols: Set<String> = [
        "App", "Scene", "Widget", "WidgetBundle", "PreviewProvider", "ToolbarContent", "Commands", "ViewModifier", "XCTestCase",
    ]
    static let hostedAttributes: Set<String> = ["main", "Suite"]
    static let ownershipWrappers: Set<String> = ["State", "StateObject"]
    static let observingWrappers: Set<String> = ["ObservedObject", "EnvironmentObject", "Bindable", "Environment"]
    static let queryWrappers: Set<String> = ["Query", "FetchRequest", "SectionedFetchRequest"]
    /// Body size above which a container counts as doing layout itself (matches `container-ui-detail`'s default).
    static let mixedViewThreshold = 12

    init(index: ProjectIndex, files: [FileFacts], constructionLinks: [[ConstructionLink]], creations: Deferred<LifetimeClassifier.Creations>) {
        let declared = index.entriesInNameOrder.filter { $0.declaration != nil }
        // Every declared type gets a role: the table is made at its size, not grown (twice the memory while it grows).
        roles.reserveCapacity(declared.count)
        // Each type is classified from the index alone, on all cores, and the answers are put in in the types' order,
        // so roles, relations and evidence come out as one core made them.
        let services = Set(ParallelMap.inSlices(declared) { slice in slice.filter { Architecture.isService($0, index: index) }.map(\.id) }.joined())
        // Views first: their stored properties are where ownership and observation are declared.
        let viewReadings = Array(ParallelMap.inSlices(declared.filter { index.isView($0.id) }) { slice in
            slice.compactMap { Architecture.readView($0, index: index, services: services) }
        }.joined())
        reserveRelations(viewReadings.reduce(0) { $0 + $1.holds.count })
        for reading in viewReadings {
            for hold in reading.holds { add(hold.relation, alsoOn: hold.alsoOn) }
            roles[reading.assignment.id] = reading.assignment
        }
        let heldInState = viewReadings.reduce(into: [String: [Evidence]]()) { table, reading in
            for (id, evidence) in reading.heldInState { table[id, default: []].append(evidence) }
        }
        let sharedData = Architecture.sharedDataTypes(among: Set(heldInState.keys), declared: declared, index: index)
        let ownersByType = relations.reduce(into: [String: Set<String>]()) { owners, relation in
            if relation.kind == .owns { owners[relation.to, default: []].insert(relation.from) }
        }
        let others = declared.filter { roles[$0.id] == nil }
        for assignment in ParallelMap.inSlices(others, { slice in
            slice.compactMap { Architecture.readOther($0, index: index, services: services, heldInState: heldInState,
                                                      sharedData: sharedData, ownersByType: ownersByType) }
        }).joined() {
            roles[assignment.id] = assignment
        }
        // Each file's edges are found on all cores (they read the roles, now final), then added in file order.
        let classified = roles
        // By index: a list of (facts, links) pairs was a copy of every file's facts.
        let found = ParallelMap.run(Array(files.indices)) { file in
            Architecture.codeRelations(ofFile: file, in: files, links: constructionLinks[file], index: index, roles: classified)
        }
        reserveRelations(found.reduce(0) { $0 + $1.count })
        for relation in found.joined() { add(relation) }
        // The relations are all found: the table that merged them, and the room the list grew into, are held through
        // the project rules, where the run's memory peaks.
        relationIndex = [:]
        relations.releaseSpareCapacity()
        lifetimes = LifetimeClassifier(index: index, roles: roles, relations: relations, creations: creations.value).classify()
        for (id, lifetime) in lifetimes { roles.update(id) { $0.lifetime = lifetime } }
    }

    /// Kept with a run's result (`KeptAnswers`): the roles in the order made, the relations, the lifetimes. The table
    /// that merged relations is empty once they are found, so it is not kept.
    init(from reader: inout FactReader) throws {
        roles = RoleTable(try reader.read() as [RoleAssignment])
        relations = try reader.read()
        lifetimes = try reader.read()
    }

    func write(to writer: inout FactWriter) {
        writer.write(roles.values)
        writer.write(relations)
        writer.write(lifetimes)
    }

    /// Whether moving the places in the file at `path` (`movingPlaces`) moves any: an edit below everything the answers
    /// cite there moves none, and the answers kept as written stand.
    func movesPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> Bool {
        // Its offset too, which equality leaves out: an edit above it that adds no line moves that alone.
        func moves(_ position: SourcePosition) -> Bool {
            guard let moved = move(position) else { return true }
            return moved != position || moved.utf8Offset != position.utf8Offset
        }
        func moves(_ evidence: [Evidence]) -> Bool { evidence.contains { $0.path == path && moves($0.position) } }
        for assignment in roles.values {
            if (assignment.path == path && moves(assignment.position)) || moves(assignment.evidence) || moves(assignment.lifetime?.evidence ?? []) {
                return true
            }
        }
        if lifetimes.values.contains(where: { moves($0.evidence) }) { return true }
        return relations.contains { relation in
            (relation.path == path && moves(relation.position)) || relation.lines.contains { $0.path == path && moveLine($0.line) != $0.line }
        }
    }

    /// The same answers with every place they cite in the file at `path` moved by `move` (a position) and `moveLine` (a
    /// line of a relation's list), for a file whose edit changed no answer but where its facts sit; nil when a place has
    /// nowhere to go. What they say is unchanged: only their places are written again (`KeptAnswers.moving`).
    func movingPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> Architecture? {
        var moved = self
        var lost = false
        func moving(_ evidence: [Evidence]) -> [Evidence] {
            evidence.map { item in
                guard item.path == path else { return item }
                var item = item
                if let position = move(item.position) { item.position = position } else { lost = true }
                return item
            }
        }
        for assignment in roles.values
        where assignment.path == path || assignment.evidence.contains(where: { $0.path == path })
            || (assignment.lifetime?.evidence.contains { $0.path == path } ?? false) {
            moved.roles.update(assignment.id) { assignment in
                if assignment.path == path {
                    if let position = move(assignment.position) { assignment.position = position } else { lost = true }
                }
                assignment.evidence = moving(assignment.evidence)
                let lifetimeEvidence = moving(assignment.lifetime?.evidence ?? [])
                assignment.lifetime?.evidence = lifetimeEvidence
            }
        }
        for (id, lifetime) in lifetimes where lifetime.evidence.contains(where: { $0.path == path }) {
            moved.lifetimes[id]?.evidence = moving(lifetime.evidence)
        }
        for place in relations.indices where relations[place].path == path || relations[place].lines.contains(where: { $0.path == path }) {
            guard let relation = relations[place].movingPlaces(in: path, by: move, moveLine: moveLine) else { return nil }
            moved.relations[place] = relation
        }
        return lost ? nil : moved
    }

    /// What the answers say of types only one file names (`separableTypes`): their roles, the relations starting at
    /// them, their lifetimes.
    struct SeparableTypes {
        var roles: [RoleAssignment]
        var relations: [Relation]
        var lifetimes: [String: LifetimeAssignment]

        var ids: Set<String> { Set(roles.map(\.id)) }
    }

    /// What the answers say of the types of `names` declared in the file at `path`, when it is all they say of them:
    /// no relation of another type ends at one of them. Nil otherwise.
    func separableTypes(named names: Set<String>, in path: String) -> SeparableTypes? {
        let assignments = roles.values.filter { $0.path == path && names.contains(ReadRecorder.simpleName(ofID: $0.id)) }
        let ids = Set(assignments.map { $0.id })
        guard !relations.contains(where: { ids.contains($0.to) && !ids.contains($0.from) }) else { return nil }
        return SeparableTypes(roles: assignments, relations: relations.filter { ids.contains($0.from) },
                              lifetimes: lifetimes.filter { ids.contains($0.key) })
    }

    /// The same answers without the types `ids`: their roles, lifetimes and the relations starting or ending at them.
    func removingTypes(_ ids: Set<String>) -> Architecture {
        var removed = self
        removed.roles = RoleTable(roles.values.filter { !ids.contains($0.id) })
        removed.relations.removeAll { ids.contains($0.from) || ids.contains($0.to) }
        removed.lifetimes = lifetimes.filter { !ids.contains($0.key) }
        return removed
    }

    /// Puts what a small project made of types only the file at `path` declares where a build of the whole project
    /// puts it: views after the views before them in id order, other types after the views in id order (the order
    /// they are classified in); a view's relations to what it holds among those of the views, in the same order; the
    /// relations its code makes among those of its file's code, in the order `found` (that small project's relations)
    /// has them. `placeOfFile` is a path's place in the project's order of files.
    mutating func addTypes(_ added: SeparableTypes, foundAs found: [Relation], codeIn path: String, placeOfFile: (String) -> Int) {
        for assignment in added.roles.sorted(by: { $0.id < $1.id }) {
            let isView = assignment.role.isView
            let place = roles.values.firstIndex { ($0.role.isView == isView && $0.id > assignment.id) || (isView && !$0.role.isView) } ?? roles.count
            roles.insert(assignment, at: place)
        }
        for (id, lifetime) in added.lifetimes { lifetimes[id] = lifetime }
        let ids = added.ids
        // Views' relations to what they hold come first, view by view in id order, each view's in its properties' order.
        insertHolds(of: ids, from: found)
        // Then each file's code's, file by file.
        addCodeRelations(found, where: { ids.contains($0.from) }, codeIn: path, placeOfFile: placeOfFile)
    }

    /// Puts the relations of `found` (a small project's relations) that `isNew` picks, made by the code of the file at
    /// `path`, among that file's run of code relations, in the order the small project has them, which is the build's
    /// (a relation another file's code made first is not in the run: skipped).
    mutating func addCodeRelations(_ found: [Relation], where isNew: (Relation) -> Bool, codeIn path: String, placeOfFile: (String) -> Int) {
        let isCode = { (relation: Relation) in !Self.heldKinds.contains(relation.kind) }
        let code = found.filter { isCode($0) && $0.path == path }
        guard code.contains(where: isNew) else { return }
        let start = relations.firstIndex { isCode($0) && $0.path == path }
            ?? relations.firstIndex { isCode($0) && placeOfFile($0.path) > placeOfFile(path) } ?? relations.count
        let end = relations[start...].firstIndex { $0.path != path } ?? relations.count
        var kept = relations[start..<end][...]
        var run: [Relation] = []
        for relation in code {
            if isNew(relation) {
                run.append(relation)
            } else if let match = kept.firstIndex(of: relation) {
                run += kept[...match]
                kept = kept[(match + 1)...]
            }
        }
        relations.replaceSubrange(start..<end, with: run + kept)
    }

    /// The answers without the relations the views `ids` hold (`heldKinds`), and with only the evidence of their roles
    /// that `keeps` keeps: what a change to what those views hold leaves to compare and to move.
    func withoutHolds(of ids: Set<String>, keepingEvidence keeps: (Evidence) -> Bool) -> Architecture {
        var result = self
        result.relations.removeAll { $0.isHeld(byOneOf: ids) }
        for id in ids { result.roles.update(id) { $0.evidence.removeAll { !keeps($0) } } }
        return result
    }

    /// The answers with the roles of the views `ids` as `found` (a small project's answers) has them, and the relations
    /// they hold as `found` has them, in their blocks (`addTypes`): after `withoutHolds(of:keepingEvidence:)`.
    mutating func puttingHolds(of ids: Set<String>, from found: Architecture) {
        for id in ids {
            guard let assignment = found.roles[id] else { continue }
            roles.update(id) { $0 = assignment }
        }
        insertHolds(of: ids, from: found.relations)
    }

    /// Puts the relations of `found` that the views `ids` hold among the held relations, which come first, view by view
    /// in id order, each view's in its properties' order (as a build makes them).
    private mutating func insertHolds(of ids: Set<String>, from found: [Relation]) {
        for relation in found where relation.isHeld(byOneOf: ids) {
            let place = relations.firstIndex { !Self.heldKinds.contains($0.kind) || $0.from > relation.from } ?? relations.count
            relations.insert(relation, at: place)
        }
    }

    /// The same answers without `removed` (relations, told by kind and ends).
    func removingRelations(_ removed: Set<Relation>) -> Architecture {
        var result = self
        result.relations.removeAll { removed.contains($0) }
        return result
    }

    /// The relations a view's stored properties make (`readView`), found before any its code makes.
    static let heldKinds: Set<Relation.Kind> = [.owns, .observes]

    // The classification steps are separate functions: besides reading better, one large initializer
    // crashed the Swift 6.3 optimizer (CopyPropagation) when swift-syntax is built as a package.

    /// A view is a container when it owns, observes or queries app state; otherwise it presents values.
    private static func readView(_ entry: ProjectIndex.TypeEntry, index: ProjectIndex, services: Set<String>) -> ViewReading? {
        guard let declaration = entry.declaration, let path = entry.declarationPath else { return nil }
        var holds: [ViewReading.Hold] = []
        var heldInState: [(id: String, evidence: Evidence)] = []
        var evidence: [Evidence] = []
        var isContainer = false
        for property in entry.properties where !property.isStatic && !property.isComputed {
            guard let written = property.heldTypeName.map(Architecture.bareTypeName) ?? property.initializerInstance?.typeName else { continue }
            let heldID = index.heldType(of: property, in: entry.id, path: path)
            let held = heldID.map(index.displayName) ?? written
            let wrapper = property.wrapper
            let via = wrapper.map { "@" + $0 } ?? (property.isLet ? "let" : "var")
            let isObservableClass = heldID.map(index.isObservableClass) ?? false
            let note = { (text: String) in Evidence(text: text, path: path, position: property.position) }
            let relate = { (kind: Relation.Kind) in
                guard let heldID else { return }
                holds.append(ViewReading.Hold(relation: Relation(kind: kind, from: entry.id, to: heldID, via: via, path: path,
                                                                 position: property.position),
                                              alsoOn: property.wrapperPosition))
            }
            if let wrapper, Architecture.queryWrappers.contains(wrapper) {
                isContainer = true
                evidence.append(note("queries data via \(via)"))
            } else if let wrapper, Architecture.ownershipWrappers.contains(wrapper), isObservableClass {
                isContainer = true
                evidence.append(note("owns \(held) via \(via)"))
                relate(.owns)
            } else if wrapper == "State", let heldID, let kind = index.kind(of: heldID), kind == .struct || kind == .enum {
                heldInState.append((heldID, note("held in \(index.displayName(entry.id))'s @State")))
            } else if let wrapper, Architecture.observingWrappers.contains(wrapper),
                      wrapper != "Environment" || property.wrapperArgument?.hasSuffix(".self") == true {
                isContainer = true
                evidence.append(note("observes \(held) via \(via)"))
                relate(.observes)
            } else if wrapper == nil, isObservableClass || (heldID.map { Architecture.isSwiftDataModel($0, index: index) } ?? false) {
                isContainer = true
                evidence.append(note("observes \(held) via \(via)"))
                relate(.observes)
            } else if wrapper == nil || wrapper == "Environment", let heldID, services.contains(heldID) {
                evidence.append(note("uses service \(held) via \(via)"))
            }
        }
        var role: Role = isContainer ? .container : .presentation
        if isContainer, declaration.bodyViewCount > Architecture.mixedViewThreshold {
            role = .mixed
            evidence.append(Evidence(text: "lays out \(declaration.bodyViewCount) views in body", path: path, position: declaration.position))
        }
        if !isContainer {
            evidence.insert(Evidence(text: "stores only values, bindings and closures", path: path, position: declaration.position), at: 0)
        }
        return ViewReading(assignment: RoleAssignment(id: entry.id, name: index.displayName(entry.id), role: role, evidence: evidence,
                                                      path: path, position: declaration.position),
                           holds: holds, heldInState: heldInState)
    }

    /// What classifying one view finds, put into the architecture in the views' order: its role, the relations its
    /// stored properties make, and the value types it holds in `@State`, each in its properties' order.
    private struct ViewReading: Sendable {
        struct Hold: Sendable {
            let relation: Relation
            /// The wrapper's line, when it is not the property's.
            let alsoOn: SourcePosition?
        }
        let assignment: RoleAssignment
        let holds: [Hold]
        let heldInState: [(id: String, evidence: Evidence)]
    }

    /// Which of `candidates` (the value types views hold in `@State`) models, services or other values also hold:
    /// app data, not one screen's UI state. Only a word ending like a candidate's name can resolve to one (a
    /// resolution ends in a qualified name with the reference's last component), so only those words are resolved:
    /// resolving every word of every property was a twentieth of a run that builds the project.
    private static func sharedDataTypes(among candidates: Set<String>, declared: [ProjectIndex.TypeEntry], index: ProjectIndex) -> Set<String> {
        let endings = Set(candidates.compactMap { index.entry($0).map { ProjectIndex.lastComponent($0.qualifiedName) } })
        guard !endings.isEmpty else { return [] }
        let found = ParallelMap.inSlices(declared) { slice in
            var shared = Set<String>()
            // A property's type is resolved from the file that declares the property: an extension's may be another.
            func scan(_ properties: [PropertyFact], of entry: ProjectIndex.TypeEntry, in path: String) {
                for property in properties where !property.isStatic {
                    // A word holds no character `bareTypeName` strips, so its own last component is the one to compare.
                    for word in SyntaxText.typeNameWords(in: property.typeName ?? "") where endings.contains(ProjectIndex.lastComponent(word)) {
                        if let id = index.resolve(String(word), from: entry.id, in: path), candidates.contains(id) {
                            shared.insert(id)
                        }
                    }
                }
            }
            for entry in slice where !index.isView(entry.id) {
                for part in entry.parts { scan(part.fact.properties, of: entry, in: part.path) }
            }
            return shared
        }
        return found.reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    /// Models, view models, services, screen state, formatters and plain values.
    private static func readOther(_ entry: ProjectIndex.TypeEntry, index: ProjectIndex, services: Set<String>,
                                  heldInState: [String: [Evidence]], sharedData: Set<String>,
                                  ownersByType: [String: Set<String>]) -> RoleAssignment? {
        guard let declaration = entry.declaration, let path = entry.declarationPath else { return nil }
        let here = { (text: String) in Evidence(text: text, path: path, position: declaration.position) }
        let role: Role
        var evidence: [Evidence] = []
        if let observation = index.observation(of: entry.id) {
            let how = observation == .observationMacro ? "@Observable class" : "ObservableObject class"
            let owners = ownersByType[entry.id, default: []]
            let screenState = entry.properties.contains { ["isLoading", "error", "errorMessage", "loadingState"].contains($0.name) }
            if let api = declaration.externalAPIs.first, let suffix = Architecture.serviceSuffixes.first(where: entry.name.hasSuffix) {
                // Observable, but it reaches the outside world and is named like a service: a client views
                // call (seed 003's `@Environment(FeedClient.self)`), not a model of app state.
                role = .service
                evidence = [here("\(how) that uses \(api), named *\(suffix)")]
            } else if entry.name.hasSuffix("ViewModel") {
                role = .viewModel
                evidence = [here("\(how) named *ViewModel")]
            } else if owners.count == 1, screenState, let owner = owners.first {
                role = .viewModel
                evidence = [here("\(how) owned only by \(index.displayName(owner)) and holding its loading/error state")]
            } else {
                role = .model
                evidence = [here(how)]
            }
        } else if services.contains(entry.id) {
            role = .service
            evidence = [here(serviceReason(entry, index: index))]
        } else if entry.kind == .struct || entry.kind == .enum, let held = heldInState[entry.id],
                  !sharedData.contains(entry.id) {
            role = .state
            evidence = held
        } else if entry.name.hasSuffix("Formatter") || entry.name.hasSuffix("Formattable") || entry.inherited.contains("FormatStyle") {
            role = .formatter
            evidence = [here("formats values for display")]
        } else if entry.kind == .struct || entry.kind == .enum,
                  entry.inherited.allSatisfy({ Architecture.dataProtocols.contains($0) }) {
            role = entry.name.hasSuffix("State") ? .state : .value
            evidence = [here(role == .state ? "value type named *State" : "plain value type")]
        } else {
            role = .other
        }
        return RoleAssignment(id: entry.id, name: index.displayName(entry.id), role: role, evidence: evidence,
                              path: path, position: declaration.position)
    }

    /// Edges found in code rather than declarations: views shown, injections, service calls.
    /// Read in place from `files`: binding the file's facts copied every list of them.
    private static func codeRelations(ofFile fileIndex: Int, in files: [FileFacts], links: [ConstructionLink], index: ProjectIndex,
                                      roles: RoleTable) -> [Relation] {
        let path = files[fileIndex].path
        var found: [Relation] = []
        func add(_ kind: Relation.Kind, from: String, to: String, via: String, path: String, position: SourcePosition) {
            found.append(Relation(kind: kind, from: from, to: to, via: via, path: path, position: position))
        }
        // Links and calls come in source order, runs of them from one type: its role is looked up once per run.
        var creatorRoles = LastAnswer<Role?>(), callerRoles = LastAnswer<Role?>()
        for link in links {
            guard let from = link.creator, let fromRole = creatorRoles.value(for: from, { roles[$0]?.role }), case let to = link.created, to != from, let toRole = roles[to]?.role else { continue }
            if fromRole.isView, toRole.isView {
                add(.shows, from: from, to: to, via: "body", path: path, position: link.position)
            } else if toRole == .service, fromRole.isView || fromRole == .model || fromRole == .viewModel {
                add(.calls, from: from, to: to, via: "\(link.writtenName)()", path: path, position: link.position)
            }
        }
        var scope = index.scope(of: path)
        for injection in files[fileIndex].injections {
            guard let from = scope.id(ofEnclosing: injection.enclosingType),
                  let target = injection.constructedType.flatMap({ index.resolve($0, from: from, in: path) })
                    ?? Architecture.heldType(of: injection.value, in: from, index: index),
                  roles[target] != nil else { continue }
            add(.injects, from: from, to: target, via: ".\(injection.modifier)", path: path, position: injection.position)
        }
        for call in files[fileIndex].memberCalls {
            guard let from = scope.id(ofEnclosing: call.enclosingType), let fromRole = callerRoles.value(for: from, { roles[$0]?.role }),
                  fromRole.isView || fromRole == .model || fromRole == .viewModel || fromRole == .service else { continue }
            // By UTF-8 unit: `String.contains` with a string goes through Foundation's search, slow on Linux.
            let target = call.receiver.utf8.contains(UInt8(ascii: "."))
                ? index.resolve(Architecture.firstComponent(of: call.receiver), from: from, in: path)
                : Architecture.heldType(of: call.receiver, in: from, index: index)
            guard let target, target != from, roles[target]?.role == .service else { continue }
            add(.calls, from: from, to: target, via: call.method + "()", path: path, position: call.position)
        }
        return found
    }

    /// A SwiftData `@Model` class: observable like an `@Observable` one, so a view holding it observes app data.
    /// (Kept out of `ProjectIndex.observation(of:)`: rules about Observation classes do not apply to persisted models.)
    static func isSwiftDataModel(_ id: String, index: ProjectIndex) -> Bool {
        guard let declaration = index.entry(id)?.declaration else { return false }
        return declaration.kind == .class && declaration.attributes.contains("Model")
    }

    /// The type of the instance property `propertyName` of type `owner` (an id), resolved in the owner's scope.
    static func heldType(of propertyName: String, in owner: String, index: ProjectIndex) -> String? {
        guard let entry = index.entry(owner), let property = entry.properties.first(where: { $0.name == propertyName && !$0.isStatic }) else {
            return nil
        }
        return index.heldType(of: property, in: owner, path: entry.declarationPath ?? "")
    }

    /// Records `relation`, or adds its lines to the same relation found before.
    private mutating func add(_ relation: Relation, alsoOn other: SourcePosition? = nil) {
        var relation = relation
        var lines = [Relation.Line(path: relation.path, line: relation.position.line)]
        if let other, other.line != relation.position.line { lines.append(Relation.Line(path: relation.path, line: other.line)) }
        // One look-up: the next place is claimed for a new relation in the same access that finds a known one's.
        let next = relations.count
        let place = Self.claim(&relationIndex[relation, default: next])
        if place == next {
            relation.lines = lines
            relations.append(relation)
        } else {
            relations[place].lines += lines
        }
    }

    private static func claim(_ place: inout Int) -> Int { place }

    /// Room for `count` more relations, so that adding them does not grow the table that merges them step by step.
    private mutating func reserveRelations(_ count: Int) {
        relationIndex.reserveCapacity(relationIndex.count + count)
        relations.reserveCapacity(relations.count + count)
    }

    private static func isService(_ entry: ProjectIndex.TypeEntry, index: ProjectIndex) -> Bool {
        guard !index.isView(entry.id), index.observation(of: entry.id) == nil else { return false }
        if Architecture.serviceSuffixes.contains(where: entry.name.hasSuffix) { return true }
        if entry.kind != .protocol, !(entry.declaration?.externalAPIs.isEmpty ?? true), !isHosted(entry) { return true }
        // A type conforming to a service protocol (`LiveFeedClient: FeedClient`) is one of its implementations.
        return entry.inheritedIDs.contains { parent in
            index.kind(of: parent) == .protocol && Architecture.serviceSuffixes.contains(where: (index.entry(parent)?.name ?? parent).hasSuffix)
        }
    }

    private static func isHosted(_ entry: ProjectIndex.TypeEntry) -> Bool {
        entry.inherited.contains(where: Architecture.hostedProtocols.contains)
            || entry.declaration?.attributes.contains(where: Architecture.hostedAttributes.contains) == true
    }

    private static func serviceReason(_ entry: ProjectIndex.TypeEntry, index: ProjectIndex) -> String {
        if let api = entry.declaration?.externalAPIs.first { return "uses \(api)" }
        if let suffix = Architecture.serviceSuffixes.first(where: entry.name.hasSuffix) { return "named *\(suffix)" }
        // In the order written (`inherited` is a set, whose order changes from run to run).
        let written = (entry.declaration?.inherited ?? []) + entry.extensions.flatMap(\.fact.inherited)
        let parent = written.first { Architecture.serviceSuffixes.contains(where: $0.hasSuffix) } ?? "a service protocol"
        return "implements \(parent)"
    }

    /// The type a property refers to: optionals, `any` and generic arguments stripped (`UserModel?` → `UserModel`).
    /// Collections stay as written (`[User]`): holding many values is not a reference to one instance.
    static func bareTypeName(_ name: String) -> String {
        // Most names are bare already. Told from the bytes (where contiguous, a native string's: the view's generic
        // `starts(with:)` and `contains` cost several times the checks), they are returned as they are; the
        // Character reads below were a third of every resolution.
        if name.utf8.withContiguousStorageIfAvailable(isBare) ?? isBare(name.utf8) { return name }
        // Foundation's trimming is slow on Linux and names rarely carry spaces; `isWhitespace` covers every
        // character `.whitespaces` holds, so a name without any at either end trims to itself.
        let hasOuterSpace = (name.first?.isWhitespace ?? false) || (name.last?.isWhitespace ?? false)
        var result = hasOuterSpace ? name.trimmingSpaces() : name
        while result.hasSuffix("?") || result.hasSuffix("!") { result.removeLast() }
        if result.hasPrefix("any ") { result.removeFirst(4) }
        if let generic = result.firstIndex(of: "<") { result = String(result[..<generic]) }
        return result
    }

    /// The first non-empty dot-separated part of a dotted name (`Store` of `Store.shared`), by UTF-8 unit: splitting by
    /// `Character` segments graphemes.
    static func firstComponent(of dottedName: String) -> String {
        let utf8 = dottedName.utf8, dot = UInt8(ascii: ".")
        guard let start = utf8.firstIndex(where: { $0 != dot }) else { return "" }
        let end = utf8[start...].firstIndex(of: dot) ?? utf8.endIndex
        return String(dottedName[start..<end])
    }

    /// An ASCII space, tab or line break: what `Character.isWhitespace` says of an ASCII character.
    private static func isSpaceByte(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// `bareTypeName`'s quick answer from a name's UTF-8: ASCII at both ends, neither space nor `?`/`!` last, no
    /// `any `, no `<`.
    private static func isBare(_ utf8: some BidirectionalCollection<UInt8>) -> Bool {
        guard let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80, !isSpaceByte(first), !isSpaceByte(last),
              last != UInt8(ascii: "?"), last != UInt8(ascii: "!"), !utf8.starts(with: "any ".utf8) else { return false }
        return !utf8.contains(UInt8(ascii: "<"))
    }

}

#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
