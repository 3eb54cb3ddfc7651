/// What `mvlint migrate observation` would do: every `ObservableObject` type, every use of it, and for each
/// the rule of `MIGRATION.md` (R0–R4) that keeps it from moving to `@Observable`, with the blocking construct's place.
///
/// Built only from the facts and index of a lint run: no second parse. Where the facts cannot tell which
/// class an expression means, the plan blocks every class it could mean: a partial migration that compiles
/// beats a complete one that does not.
public struct ObservationMigrationPlan: Sendable {
    public enum Reason: String, Sendable, CaseIterable, Comparable {
        case platform = "R0"
        case notAClass = "R1.a"
        case objectWillChange = "R1.b"
        case publisher = "R1.c"
        case lazyProperty = "R1.d"
        case wrappedPublished = "R1.e"
        case underscoreMember = "R1.f"
        case reflection = "R1.g"
        case hierarchy = "R1.h"
        case usedAsObservableObject = "R1.i"
        case parameterPack = "R1.j"
        /// Found by type-checking migrations: declarations the `@Observable` macro cannot expand.
        case macroLimit = "R1.l"
        /// An attribute or macro on the class whose effect mvlint cannot see (`@Stateful`): it may generate
        /// members or conformances that `@Observable` would clash with.
        case unknownAttribute = "R1.m"
        /// Another project type has the same simple name: uses are matched by name, so they cannot be told apart.
        case ambiguousName = "R1.n"
        case stateObjectKept = "R2"
        case observedObjectKept = "R3"
        case environmentObjectKept = "R4"

        public var title: String {
            switch self {
            case .platform: "Observation unavailable or ambiguous"
            case .notAClass: "not a class"
            case .objectWillChange: "objectWillChange used"
            case .publisher: "$property publisher used"
            case .lazyProperty: "lazy var"
            case .wrappedPublished: "@Published with another wrapper"
            case .underscoreMember: "_name member or Published(initialValue:)"
            case .reflection: "Codable or Mirror"
            case .hierarchy: "class hierarchy"
            case .usedAsObservableObject: "used as ObservableObject"
            case .parameterPack: "parameter pack"
            case .macroLimit: "@Observable cannot expand it"
            case .unknownAttribute: "unknown attribute or macro"
            case .ambiguousName: "name shared with another type"
            case .stateObjectKept: "@StateObject that @State cannot replace"
            case .observedObjectKept: "@ObservedObject not rewritable"
            case .environmentObjectKept: "environment object not rewritable"
            }
        }

        public static func < (lhs: Reason, rhs: Reason) -> Bool {
            (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
        }
    }

    public struct Blocker: Sendable, Equatable {
        public var reason: Reason
        public var message: String
        public var path: String
        public var line: Int

        public var location: String { "\(path):\(line)" }
    }

    public struct Use: Sendable {
        public enum Kind: String, Sendable {
            case stateObject = "@StateObject", observedObject = "@ObservedObject", environmentObject = "@EnvironmentObject"
            case injection = ".environmentObject"

            /// The rule that keeps a use of this kind as it is.
            var reason: Reason {
                switch self {
                case .stateObject: .stateObjectKept
                case .observedObject: .observedObjectKept
                case .environmentObject, .injection: .environmentObjectKept
                }
            }
        }

        public var kind: Kind
        /// The type whose code holds the use.
        public var holder: String
        public var path: String
        public var line: Int
        /// `$model.name` is read from it: the rewrite needs `@Bindable` (R3, R4).
        public var needsBindable = false
        /// What deleting the wrapper removes, or the `environmentObject` name: what the rewrite edits.
        var editRange: Range<Int>?
        /// Where the wrapper attribute's `@` is: renames start after it.
        var attributeStart: Int?
        /// The held type as written, generic arguments and all: what `@Environment(….self)` names.
        var heldType: String?
        /// Edits beyond the wrapper: `@Bindable var model = model` atop each member binding `$model.x` (R4),
        /// `_model = State(initialValue: …)` in inits (R2).
        var furtherEdits: [FileEdit] = []
    }

    /// One edit of the rewrite, in the file it applies to.
    public struct FileEdit: Sendable {
        public var path: String
        public var edit: TextEdit
    }

    public struct Candidate: Sendable {
        public var name: String
        public var path: String
        public var line: Int
        public var blockers: [Blocker] = []
        public var uses: [Use] = []
        /// Behaviour changes a migration would bring that no diff shows (R1 report, R1.e, R1.k).
        public var notes: [String] = []
        /// The rewrite of the class and every use, when it migrates (R1–R4 mechanics).
        public var edits: [FileEdit] = []

        public var wouldMigrate: Bool { blockers.isEmpty }
    }

    /// Every `ObservableObject` type found (only `--only`'s when given), in name order.
    public var candidates: [Candidate]
}

extension ObservationMigrationPlan {
    /// Deployment targets from which Observation exists (R0).
    static let observationMinimums: [Platform: Version] = [
        .iOS: Version(17), .macOS: Version(14), .tvOS: Version(17), .watchOS: Version(10), .visionOS: Version(1),
        .macCatalyst: Version(17),
    ]

    /// Plans the migration of the project's `ObservableObject` types; `only` restricts the plan to one of them.
    /// `assumeModernOS` confirms Observation is available when no project file states a deployment target.
    public init(project: ProjectContext, only: String? = nil, assumeModernOS: Bool = false) {
        let analysis = MigrationAnalysis(project: project, assumeModernOS: assumeModernOS)
        // A hierarchy is one unit (R1.h): every class is judged first, then each takes on its relatives' blockers.
        let judged = analysis.blockingHierarchies(analysis.candidateNames.compactMap { analysis.candidate(named: $0) })
        let wanted = only.map(analysis.hierarchy)
        candidates = judged.filter { wanted?.contains($0.name) ?? true }.map(analysis.completed)
    }

    /// Names of every `ObservableObject` type, for `--only` suggestions.
    public static func candidateNames(in project: ProjectContext) -> [String] {
        MigrationAnalysis(project: project, assumeModernOS: true).candidateNames
    }
}

/// The checks behind `ObservationMigrationPlan`, with the project-wide lookups they share built once.
private struct MigrationAnalysis {
    let project: ProjectContext
    let assumeModernOS: Bool
    /// Protocols refining `ObservableObject`, directly or through each other.
    let observableProtocols: Set<String>
    let candidateNames: [String]
    let filesByPath: [String: FileFacts]
    /// The project class each class inherits from, by name.
    let superclasses: [String: String]
    /// Global actors the project declares (`@globalActor actor DatabaseActor`): isolation like `@MainActor`.
    let globalActors: Set<String>

    init(project: ProjectContext, assumeModernOS: Bool) {
        self.project = project
        self.assumeModernOS = assumeModernOS
        filesByPath = Dictionary(project.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let index = project.index
        var protocols: Set<String> = []
        var names: Set<String> = []
        var grew = true
        // Conformance spreads through refining protocols and superclasses: repeat until nothing new joins.
        while grew {
            grew = false
            for entry in index.entriesInNameOrder where entry.declaration != nil {
                let inherited = entry.inherited
                guard inherited.contains("ObservableObject") || inherited.contains(where: protocols.contains)
                    || inherited.contains(where: names.contains) else { continue }
                if entry.kind == .protocol {
                    grew = protocols.insert(entry.name).inserted || grew
                } else {
                    grew = names.insert(entry.name).inserted || grew
                }
            }
        }
        observableProtocols = protocols
        candidateNames = names.sorted()
        var superclasses: [String: String] = [:]
        for entry in index.entriesInNameOrder where entry.declaration?.kind == .class {
            superclasses[entry.name] = entry.inheritedIDs.compactMap { index.entry($0) }.filter { $0.kind == .class }.map(\.name).sorted().first
        }
        self.superclasses = superclasses
        globalActors = Set(index.entriesInNameOrder.filter { $0.declaration?.attributes.contains("globalActor") == true }.map(\.name))
    }

    /// The project classes `name` inherits from or is inherited by, transitively, itself included.
    func hierarchy(of name: String) -> Set<String> {
        var members: Set<String> = [name]
        var grew = true
        while grew {
            grew = false
            for (subclass, superclass) in superclasses where members.contains(subclass) != members.contains(superclass) {
                members.formUnion([subclass, superclass])
                grew = true
            }
        }
        return members
    }

    /// Blocks every class of a hierarchy in which another class is blocked, naming that class and where it is blocked.
    func blockingHierarchies(_ candidates: [ObservationMigrationPlan.Candidate]) -> [ObservationMigrationPlan.Candidate] {
        let blocked = candidates.filter { !$0.wouldMigrate }
        return candidates.map { candidate in
            guard candidate.wouldMigrate else { return candidate }
            var candidate = candidate
            let relatives = hierarchy(of: candidate.name)
            for other in blocked where other.name != candidate.name && relatives.contains(other.name) {
                guard let first = other.blockers.first else { continue }
                candidate.blockers.append(.init(reason: .hierarchy,
                                                message: "\(other.name) in its hierarchy is blocked (\(first.reason.rawValue)); hierarchies migrate whole",
                                                path: first.path, line: first.line))
            }
            return candidate
        }
    }

    /// Migration finds uses by a class's simple name (`heldClassName`); a name two types share blocks (R1.n).
    private func declaredEntry(named name: String) -> ProjectIndex.TypeEntry? {
        project.index.entries(named: name).first
    }

    static func simpleName(_ qualifiedName: String) -> String {
        String(qualifiedName.split(separator: ".").last ?? Substring(qualifiedName))
    }

    func candidate(named name: String) -> ObservationMigrationPlan.Candidate? {
        guard let entry = declaredEntry(named: name), let declaration = entry.declaration, let path = entry.declarationPath else {
            return nil
        }
        var candidate = ObservationMigrationPlan.Candidate(name: name, path: path, line: declaration.position.line)
        var blockers: [ObservationMigrationPlan.Blocker] = []
        func block(_ reason: ObservationMigrationPlan.Reason, _ message: String, _ path: String, _ position: SourcePosition) {
            blockers.append(.init(reason: reason, message: message, path: path, line: position.line))
        }
        for other in project.index.entries(named: name) where other.id != entry.id {
            guard let otherPath = other.declarationPath, let otherDeclaration = other.declaration else { continue }
            block(.ambiguousName, "\(other.qualifiedName) has the same name; uses are found by name and would be mixed up",
                  otherPath, otherDeclaration.position)
        }

        platformBlockers(declarationPath: path, position: declaration.position, block: block)
        if declaration.kind != .class {
            block(.notAClass, "\(declaration.kind.rawValue) \(name) cannot become @Observable; only classes can", path, declaration.position)
        }
        if declaration.hasParameterPack {
            block(.parameterPack, "generic over a parameter pack; @Observable crashes the compiler there (swiftlang/swift#73690)",
                  path, declaration.position)
        }
        classBlockers(entry, path: path, block: block)
        publisherBlockers(name, entry: entry, block: block)
        candidate.uses = uses(of: name, block: block)
        candidate.blockers = blockers.sorted { ($0.reason, $0.path, $0.line) < ($1.reason, $1.path, $1.line) }
        return candidate
    }

    /// The candidate with its behaviour notes and rewrite, when it migrates.
    func completed(_ candidate: ObservationMigrationPlan.Candidate) -> ObservationMigrationPlan.Candidate {
        guard candidate.wouldMigrate, let entry = declaredEntry(named: candidate.name) else { return candidate }
        var candidate = candidate
        candidate.notes = behaviourNotes(entry, uses: candidate.uses)
        candidate.edits = rewrite(entry, path: candidate.path, uses: candidate.uses)
        return candidate
    }

    // MARK: R0

    private func platformBlockers(declarationPath: String, position: SourcePosition,
                                  block: (ObservationMigrationPlan.Reason, String, String, SourcePosition) -> Void) {
        let targets = project.settings(for: declarationPath).deploymentTargets
        for (platform, version) in targets.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let minimum = observationMinimums[platform], version < minimum else { continue }
            block(.platform, "deployment target \(platform.rawValue) \(version) is below \(minimum), where Observation starts",
                  declarationPath, position)
        }
        if targets.isEmpty, !assumeModernOS {
            block(.platform, "no deployment target found; check it is iOS 17 / macOS 14 or later and pass --assume-ios17",
                  declarationPath, position)
        }
        if let own = ["Observable", "Observation"].first(where: { declaredEntry(named: $0)?.declaration != nil }),
           let ownPath = declaredEntry(named: own)?.declarationPath, let ownType = declaredEntry(named: own)?.declaration {
            block(.platform, "the project declares its own '\(own)', which @Observable would clash with", ownPath, ownType.position)
        }
        if let rx = filesByPath[declarationPath]?.dependencies.imports.first(where: { $0.module.hasPrefix("Rx") }) {
            block(.platform, "the file imports \(rx.module), whose 'Observable' makes @Observable ambiguous (ReactiveX/RxSwift#2532)",
                  declarationPath, rx.position)
        }
    }

    private var observationMinimums: [Platform: Version] { ObservationMigrationPlan.observationMinimums }

    // MARK: R1 from the declaration and the index

    private func classBlockers(_ entry: ProjectIndex.TypeEntry, path: String,
                               block: (ObservationMigrationPlan.Reason, String, String, SourcePosition) -> Void) {
        let name = entry.name
        let declarationPosition = entry.declaration?.position ?? SourcePosition(line: 0, column: 0)
        let members = memberFacts(of: entry)
        let storedNames = Set(members.filter { !$0.fact.isStatic && !$0.fact.isComputed }.map(\.fact.name))
        for (memberPath, property) in members where !property.isStatic {
            if property.name == "objectWillChange" {
                block(.objectWillChange, "declares its own objectWillChange", memberPath, property.position)
            }
            if property.isLazy {
                block(.lazyProperty, "lazy var \(property.name) would become tracked, which does not compile (swiftlang/swift#71160)",
                      memberPath, property.position)
            }
            if property.isPublished, let other = property.otherWrapperNames.first {
                block(.wrappedPublished, "@Published \(property.name) also has @\(other); @ObservationIgnored would silence a property views observe",
                      memberPath, property.position)
            }
            if !property.isComputed {
                macroLimits(of: property, at: memberPath, among: members, in: entry, block: block)
            }
            if property.name.hasPrefix("_"), storedNames.contains(String(property.name.dropFirst())) {
                block(.underscoreMember, "member \(property.name) clashes with the storage @Observable generates for \(property.name.dropFirst())",
                      memberPath, property.position)
            }
        }
        for conformance in entry.inherited.sorted() {
            if ["Codable", "Decodable", "Encodable"].contains(conformance) {
                block(.reflection, "conforms to \(conformance): synthesized coding keys would become _name (swiftlang/swift#73280)",
                      path, declarationPosition)
            }
            if observableProtocols.contains(conformance) {
                let protocolEntry = declaredEntry(named: conformance)
                block(.usedAsObservableObject, "conforms to \(conformance), a protocol refining ObservableObject",
                      protocolEntry?.declarationPath ?? path, protocolEntry?.declaration?.position ?? declarationPosition)
            }
        }
        attributeBlockers(entry, block: block)
        if entry.declaration?.isOpen == true {
            block(.hierarchy, "open: subclasses in other modules could not migrate with it", path, declarationPosition)
        }
        // A superclass that stays a plain class keeps its properties untracked under an @Observable subclass (SE-0395).
        if let superclass = superclasses[name], !candidateNames.contains(superclass) {
            block(.hierarchy, "subclass of \(superclass), which is no ObservableObject: @Observable would not track its properties",
                  path, declarationPosition)
        }
        let rewritable = Set(publishedAssignments(of: entry).map(\.assignment.position))
        let published = publishedNames(of: entry)
        for file in project.files {
            for assignment in file.wrapperAssignments where assignment.wrapper == nil && published.contains(assignment.property)
                && assignment.enclosingType.map(Self.simpleName) == name {
                block(.underscoreMember, "sets _\(assignment.property) to a value other than Published(initialValue:); "
                          + "@Observable's _\(assignment.property) is the plain value", file.path, assignment.position)
            }
            for reference in storageUses(in: file, inside: { $0.map(Self.simpleName) == name })
                where published.contains(reference.property) {
                block(.underscoreMember, "\(reference.written) uses the @Published wrapper itself; under @Observable "
                          + "_\(reference.property) is the plain value", file.path, reference.position)
            }
            for construction in file.constructions where construction.enclosingType.map(Self.simpleName) == name {
                if construction.typeName == "Published", !rewritable.contains(construction.position) {
                    block(.underscoreMember, "builds a Published wrapper other than by _name = Published(initialValue:) in an init",
                          file.path, construction.position)
                }
                if construction.typeName == "Mirror" {
                    block(.reflection, "reflects itself with Mirror; stored names would change to _name", file.path, construction.position)
                }
            }
            if let use = file.observableObjectTypeUses.first {
                block(.usedAsObservableObject, "ObservableObject is used as a type here (a constraint or existential) and any class may be passed",
                      file.path, use)
            }
        }
    }

    /// Attributes on the class and its extensions whose effect is known to sit well with `@Observable`: isolation,
    /// availability, Objective-C naming, visibility, the entry point. Any other may be a macro generating what mvlint
    /// cannot see.
    private static let knownClassAttributes: Set<String> = [
        "MainActor", "preconcurrency", "available", "objc", "usableFromInline", "_spi", "dynamicMemberLookup", "main",
    ]

    private func attributeBlockers(_ entry: ProjectIndex.TypeEntry,
                                   block: (ObservationMigrationPlan.Reason, String, String, SourcePosition) -> Void) {
        let declarations = [(entry.declarationPath, entry.declaration)] + entry.extensions.map { ($0.path, Optional($0.fact)) }
        for case let (path?, fact?) in declarations {
            for attribute in fact.attributes {
                // `@_Concurrency.MainActor` is `@MainActor`.
                let name = attribute.split(separator: ".").last.map(String.init) ?? attribute
                guard !Self.knownClassAttributes.contains(name), !globalActors.contains(name) else { continue }
                let why = name == "objcMembers"
                    ? "exposes every member to Objective-C, the accessors @Observable generates included, which mvlint cannot prove compiles"
                    : "is an attribute or macro whose effect mvlint cannot see; it may generate members or conformances @Observable would clash with"
                block(.unknownAttribute, "@\(attribute) on \(entry.name) \(why)", path, fact.position)
            }
        }
    }

    /// Stored properties the `@Observable` macro cannot expand, each seen failing to compile.
    private func macroLimits(of property: PropertyFact, at path: String, among members: [(path: String, fact: PropertyFact)],
                             in entry: ProjectIndex.TypeEntry,
                             block: (ObservationMigrationPlan.Reason, String, String, SourcePosition) -> Void) {
        if property.isOverride {
            block(.macroLimit, "override var \(property.name) observes an inherited property, which @Observable cannot track", path, property.position)
        }
        let sharing = members.filter { $0.path == path && $0.fact.layout != nil && $0.fact.layout?.specifier == property.layout?.specifier }
            .map(\.fact)
        if sharing.count > 1, sharing.first?.name == property.name {
            block(.macroLimit, "\(sharing.map(\.name).joined(separator: ", ")) share one declaration, which @Observable cannot expand; "
                      + "declare each on its own", path, property.position)
        }
        let classIsolated = entry.declaration?.attributes.contains("MainActor") ?? false
        let hasInit = entry.declaration?.methods.contains(where: \.isInitializer) ?? false
        if property.attributes.contains("MainActor"), !classIsolated, !hasInit {
            block(.macroLimit, "@MainActor var \(property.name) in a class that is not @MainActor needs an explicit init under @Observable",
                  path, property.position)
        }
        let tracked = !property.isLet && (property.wrapper == nil || property.isPublished) && !property.attributes.contains("ObservationIgnored")
        if tracked, let copied = property.attributes.first(where: Self.attributesPrivateStorageRejects.contains) {
            block(.macroLimit, "@\(copied) var \(property.name): @Observable copies it onto the private storage _\(property.name), "
                      + "which does not compile", path, property.position)
        }
    }

    /// Attributes of a tracked var that `@Observable` repeats on the private `_name` it generates, where each is an error.
    private static let attributesPrivateStorageRejects: Set<String> = ["usableFromInline", "_spi", "_alwaysEmitIntoClient", "exclusivity"]

    /// `_name = Published(initialValue: v)` in the class's inits for its `@Published var name`: `self.name = v` does the
    /// same once `@Observable` has made `name` tracked (R1.f).
    private func publishedAssignments(of entry: ProjectIndex.TypeEntry) -> [(path: String, assignment: WrapperAssignmentFact)] {
        let published = publishedNames(of: entry)
        return project.files.flatMap { file in
            file.wrapperAssignments.filter { assignment in
                assignment.wrapper == "Published" && published.contains(assignment.property)
                    && ["initialValue", "wrappedValue"].contains(assignment.label)
                    && assignment.enclosingType.map(Self.simpleName) == entry.name
            }.map { (file.path, $0) }
        }
    }

    private func publishedNames(of entry: ProjectIndex.TypeEntry) -> Set<String> {
        Set(memberFacts(of: entry).filter { $0.fact.isPublished && !$0.fact.isStatic }.map(\.fact.name))
    }

    /// The type's properties with the file each is declared in (extensions can live elsewhere).
    private func memberFacts(of entry: ProjectIndex.TypeEntry) -> [(path: String, fact: PropertyFact)] {
        var members = (entry.declaration?.properties ?? []).map { (entry.declarationPath ?? "", $0) }
        for (path, fact) in entry.extensions { members += fact.properties.map { (path, $0) } }
        return members
    }

    // MARK: R1.b, R1.c, R3: publishers

    private func publisherBlockers(_ name: String, entry: ProjectIndex.TypeEntry,
                                   block: (ObservationMigrationPlan.Reason, String, String, SourcePosition) -> Void) {
        // A subclass reads its superclass's publishers as its own, and a hierarchy migrates whole: judge it as one.
        let family = hierarchy(of: name)
        // Which class of the hierarchy declares each @Published name (the class itself when it does).
        var declaringClass: [String: String] = [:]
        for member in family.sorted() {
            guard let entry = declaredEntry(named: member) else { continue }
            for property in publishedNames(of: entry) where declaringClass[property] == nil || member == name {
                declaringClass[property] = member
            }
        }
        for file in project.files {
            for reference in file.publisherReferences {
                let owner = ownerOfReference(reference)
                switch reference.kind {
                case .objectWillChange:
                    guard owner.map({ $0 == name }) ?? true else { continue }
                    let whose = owner == nil ? " (cannot tell of which class)" : ""
                    block(.objectWillChange, "objectWillChange is used\(whose); Observation has no such publisher", file.path, reference.position)
                case .projection(let property, let member):
                    if reference.receiver == nil, !reference.hasUnnamedReceiver,
                       heldType(of: property, in: reference.enclosingType) == name {
                        // `$model.name` in a view binds into the model; `$model` alone hands the wrapper on.
                        if member == nil {
                            block(.observedObjectKept, "$\(property) is passed on as a wrapper; a plain property has no projection",
                                  file.path, reference.position)
                        }
                        continue
                    }
                    guard let declarer = declaringClass[property], owner.map(family.contains) ?? true else { continue }
                    let written = (reference.receiver.map { $0 + "." } ?? "") + "$\(property)" + (member.map { ".\($0)" } ?? "")
                    let relative = declarer == name ? "" : " of \(declarer), in its hierarchy"
                    block(.publisher, "\(written) uses the publisher of @Published \(property)\(relative); Observation generates none",
                          file.path, reference.position)
                }
            }
        }
    }

    /// The type a publisher reference is read from: the enclosing type when bare or after `self.`, the held
    /// type of a named receiver; nil when unknown (then every candidate is assumed).
    private func ownerOfReference(_ reference: PublisherReferenceFact) -> String? {
        if reference.hasUnnamedReceiver { return nil }
        guard let receiver = reference.receiver else { return reference.enclosingType.map(Self.simpleName) }
        return heldType(of: receiver, in: reference.enclosingType)
    }

    /// The class an `.environmentObject(a.b.c)` injects: `a` is a parameter or a property of the enclosing type,
    /// each further name a property of the type before it; `self` is the enclosing type. Nil when any step is unknown.
    private func injectedType(_ injection: InjectionFact) -> String? {
        guard injection.isNamePath else { return nil }
        if injection.value == "self" { return injection.enclosingType.map(Self.simpleName) }
        let names = injection.value.split(separator: ".").map(String.init)
        guard let root = names.first else { return nil }
        var type = injection.rootParameterType ?? heldType(of: root, in: injection.enclosingType)
        for name in names.dropFirst() {
            type = type.flatMap { heldType(of: name, in: $0) }
        }
        return type
    }

    /// The type held by property `name` of `enclosingType`, when the index knows it.
    private func heldType(of name: String, in enclosingType: String?) -> String? {
        guard let enclosingType, let entry = declaredEntry(named: Self.simpleName(enclosingType)) else { return nil }
        return entry.properties.first(where: { $0.name == name })?.heldClassName
    }

    // MARK: R2–R4: uses

    private func uses(of name: String, block: (ObservationMigrationPlan.Reason, String, String, SourcePosition) -> Void)
        -> [ObservationMigrationPlan.Use] {
        var uses: [ObservationMigrationPlan.Use] = []
        let extraInstanceEffect = extraInstanceEffect(of: name)
        var readFromEnvironment = false
        for file in project.files {
            for type in file.types {
                for property in type.properties where property.heldClassName == nil {
                    guard let wrapper = property.wrapper, let kind = ObservationMigrationPlan.Use.Kind(rawValue: "@" + wrapper) else { continue }
                    block(kind.reason, "\(kind.rawValue) \(property.name) in \(type.name) holds a type mvlint cannot tell; it may be \(name)",
                          file.path, property.position)
                }
                for property in type.properties where property.heldClassName == name {
                    guard let wrapper = property.wrapper,
                          let kind = ObservationMigrationPlan.Use.Kind(rawValue: "@" + wrapper) else { continue }
                    // Extensions in other files can make bindings too.
                    let projections = project.files.flatMap { projectionFile in
                        projectionFile.bindingProjections.filter { $0.base == property.name && $0.enclosingType == type.qualifiedName }
                            .map { (file: projectionFile, projection: $0) }
                    }
                    let bound = !projections.isEmpty
                    var use = ObservationMigrationPlan.Use(kind: kind, holder: type.qualifiedName, path: file.path,
                                                           line: property.position.line, needsBindable: bound && kind != .stateObject,
                                                           editRange: property.wrapperDeletion,
                                                           attributeStart: property.wrapperPosition?.utf8Offset,
                                                           heldType: property.heldTypeName ?? name)
                    readFromEnvironment = readFromEnvironment || kind == .environmentObject
                    let assignments = wrapperAssignments(to: property, in: type)
                    // The rewrite replaces the wrapper, so its storage must not be reached any other way (`_model.update()`).
                    for storageFile in project.files {
                        for reference in storageUses(in: storageFile, inside: { $0 == type.qualifiedName }) where reference.property == property.name {
                            block(kind.reason, "\(reference.written) uses the \(kind.rawValue) wrapper itself, which the rewrite replaces",
                                  storageFile.path, reference.position)
                        }
                    }
                    switch kind {
                    case .stateObject:
                        use.furtherEdits = stateInitializerEdits(property, assignments, in: type, at: file.path, holding: name, block: block)
                    case .observedObject:
                        // `_model = ObservedObject(wrappedValue: m)` sets a plain or `@Bindable` var as `self.model = m` does.
                        if let other = assignments.first(where: {
                            $0.assignment.wrapper != "ObservedObject" || !["wrappedValue", "initialValue"].contains($0.assignment.label)
                        }) {
                            block(.observedObjectKept, "_\(property.name) is set in an init of \(type.name) other than by ObservedObject(wrappedValue:)",
                                  other.path, other.assignment.position)
                        }
                        use.furtherEdits = assignments.flatMap { plainAssignment($0.assignment, in: $0.path) }
                    case .environmentObject, .injection:
                        if let assigned = assignments.first {
                            block(.environmentObjectKept, "_\(property.name) is set in an init of \(type.name); @Environment cannot be",
                                  assigned.path, assigned.assignment.position)
                        }
                    }
                    if kind == .environmentObject, bound {
                        // A local `@Bindable var model = model` atop each member making bindings; a member that is neither
                        // `body` nor `@ViewBuilder` would need an explicit `return` after it.
                        let unbound = projections.filter { !$0.projection.hasLocalBindable }
                        if let outside = unbound.first(where: { $0.projection.viewMemberStart == nil }) {
                            block(.environmentObjectKept, "$\(property.name) is bound in \(type.name) outside body and @ViewBuilder members, "
                                      + "where @Bindable var \(property.name) = \(property.name) cannot go", outside.file.path, outside.projection.position)
                        }
                        var seen = Set<String>()
                        use.furtherEdits = unbound.compactMap { site in
                            guard let start = site.projection.viewMemberStart, seen.insert("\(site.file.path):\(start.utf8Offset)").inserted else {
                                return nil
                            }
                            return .init(path: site.file.path, edit: start.inserting("@Bindable var \(property.name) = \(property.name)"))
                        }
                    }
                    uses.append(use)
                    if kind == .stateObject, let effect = extraInstanceEffect {
                        block(.stateObjectKept,
                              "@StateObject \(property.name) in \(type.name) would be rebuilt with every view value by @State, and "
                                  + "\(effect.what) (\(effect.location)); \(effect.remedy)",
                              file.path, property.position)
                    }
                }
            }
        }
        var unresolved: [(path: String, injection: InjectionFact)] = []
        for file in project.files {
            for injection in file.injections where injection.modifier == "environmentObject" {
                let injected: String?
                if let constructed = injection.constructedType {
                    // A lowercase callee is a function (`makeSession()`): what it returns is unknown.
                    injected = SyntaxText.isCapitalized(constructed) ? constructed : nil
                } else {
                    injected = injectedType(injection)
                }
                if injected == name {
                    let nameRange = injection.position.utf8Offset.map { $0..<($0 + injection.modifier.utf8.count) }
                    uses.append(.init(kind: .injection, holder: injection.enclosingType ?? "(file scope)", path: file.path,
                                      line: injection.position.line, editRange: nameRange))
                } else if injected == nil {
                    unresolved.append((file.path, injection))
                }
            }
        }
        // Left as it is, such a call would stop compiling if it injected this class; a class nothing reads from
        // the environment is assumed not to be injected.
        if readFromEnvironment, let first = unresolved.first {
            let others = unresolved.count > 1 ? " and \(unresolved.count - 1) more like it" : ""
            block(.environmentObjectKept, ".environmentObject(\(first.injection.value))\(others) may inject \(name); mvlint cannot tell what they inject",
                  first.path, first.injection.position)
        }
        return uses.sorted { ($0.path, $0.line) < ($1.path, $1.line) }
    }

    /// `_model = StateObject(wrappedValue: Model(…))` in the holder's inits becomes `_model = State(initialValue: Model(…))`
    /// (R2); any other value could be built anew with every view value, and a default beside it would leave two.
    private func stateInitializerEdits(_ property: PropertyFact, _ assignments: [(path: String, assignment: WrapperAssignmentFact)],
                                       in type: TypeFact, at path: String, holding name: String,
                                       block: (ObservationMigrationPlan.Reason, String, String, SourcePosition) -> Void)
        -> [ObservationMigrationPlan.FileEdit] {
        if property.hasInitializer, property.initializerCallee != name {
            block(.stateObjectKept, "@StateObject \(property.name) in \(type.name) is not set to a new \(name)(…); "
                      + "@State would evaluate its initial value with every view value", path, property.position)
        }
        if property.hasInitializer {
            if let both = assignments.first {
                block(.stateObjectKept, "@StateObject \(property.name) in \(type.name) has a default and is set in an init; "
                          + "@State must not keep both", both.path, both.assignment.position)
            }
            return []
        }
        if assignments.isEmpty {
            block(.stateObjectKept, "@StateObject \(property.name) in \(type.name) is set without _\(property.name) = StateObject(wrappedValue:) "
                      + "in an init; @State would take a new \(name) with every view value", path, property.position)
        }
        var edits: [ObservationMigrationPlan.FileEdit] = []
        for (assignmentPath, assignment) in assignments {
            guard assignment.wrapper == "StateObject", assignment.label == "wrappedValue", assignment.constructedType == name else {
                block(.stateObjectKept, "_\(property.name) = StateObject(…) in \(type.name) is not given a new \(name)(…); "
                          + "@State would evaluate it with every view value", assignmentPath, assignment.position)
                continue
            }
            edits.append(.init(path: assignmentPath, edit: TextEdit(range: assignment.head, replacement: "State(initialValue: ")))
        }
        return edits
    }

    /// `_name = Wrapper(…)` in the inits of `type` for `property` (extensions in other files can hold inits too).
    private func wrapperAssignments(to property: PropertyFact, in type: TypeFact) -> [(path: String, assignment: WrapperAssignmentFact)] {
        project.files.flatMap { file in
            file.wrapperAssignments.filter { $0.enclosingType == type.qualifiedName && $0.property == property.name }.map { (file.path, $0) }
        }
    }

    /// `_name` and `self._name` in `file`'s code of the types `inside` accepts, except as the target of an init's
    /// `_name = …`, which is judged with the value it sets.
    private func storageUses(in file: FileFacts, inside: (String?) -> Bool) -> [StorageReferenceFact] {
        let targets = file.wrapperAssignments.map(\.target)
        return file.storageReferences.filter { reference in
            inside(reference.enclosingType) && !targets.contains { target in reference.position.utf8Offset.map(target.contains) ?? false }
        }
    }

    /// `_name = Wrapper(label: v)` → `self.name = v`: what setting a wrapper in an init becomes once the wrapper goes.
    private func plainAssignment(_ assignment: WrapperAssignmentFact, in path: String) -> [ObservationMigrationPlan.FileEdit] {
        [(assignment.target, "self.\(assignment.property)"), (assignment.head, ""), (assignment.tail, "")].map { range, text in
            .init(path: path, edit: TextEdit(range: range, replacement: text))
        }
    }

    /// What building and dropping an instance of the class does that `@State` would repeat with every view value, if
    /// anything: its or a superclass's initializer's side effects, or a `deinit` run for each instance beyond the first.
    private func extraInstanceEffect(of name: String) -> (what: String, location: String, remedy: String)? {
        for ancestor in lineage(of: name) {
            if let (what, location) = initializerSideEffect(of: ancestor) {
                return ("\(ancestor)'s init \(what)", location, "load it from .task instead")
            }
            for file in project.files {
                if let position = file.types.first(where: { $0.name == ancestor && $0.deinitializerPosition != nil })?.deinitializerPosition {
                    return ("\(ancestor)'s deinit would run for each instance @State drops", "\(file.path):\(position.line)", "keep @StateObject")
                }
            }
        }
        return nil
    }

    /// The class and its project superclasses, nearest first; an inheritance cycle in broken code ends the walk.
    private func lineage(of name: String) -> [String] {
        var lineage = [name]
        while let superclass = superclasses[lineage[lineage.count - 1]], !lineage.contains(superclass) {
            lineage.append(superclass)
        }
        return lineage
    }

    /// What the class's initializer does that `@State` would repeat with every view value, if anything.
    private func initializerSideEffect(of name: String) -> (what: String, location: String)? {
        for (site, path) in project.modelSites(in: name) {
            if case .loadCalledInInitializer(let method, let inTask) = site.kind {
                return ("calls \(method)()\(inTask ? " in a Task" : "")", "\(path):\(site.position.line)")
            }
        }
        for file in project.files {
            if let call = file.memberCalls.first(where: {
                $0.context == .initializer && $0.enclosingType.map(Self.simpleName) == name
            }) {
                return ("calls \(call.receiver).\(call.method)()", "\(file.path):\(call.position.line)")
            }
            if let task = file.constructions.first(where: {
                $0.typeName == "Task" && $0.isInInitializer && $0.enclosingType.map(Self.simpleName) == name
            }) {
                return ("starts a Task", "\(file.path):\(task.position.line)")
            }
            for type in file.types where type.name == name {
                if let write = type.initializerSharedWrites.first { return ("writes shared state", "\(file.path):\(write.line)") }
            }
        }
        return nil
    }

    // MARK: Rewrite

    /// `@Observable` on the class without `ObservableObject` and `@Published`, `@ObservationIgnored` on other
    /// wrapped vars, `import Observation` where SwiftUI is not imported, and every use flipped (R1–R4).
    private func rewrite(_ entry: ProjectIndex.TypeEntry, path: String, uses: [ObservationMigrationPlan.Use])
        -> [ObservationMigrationPlan.FileEdit] {
        // The conformance may be declared by an extension (`extension Model: ObservableObject {}`).
        // A subclass inherits the conformance and has none to drop (R1.h).
        let conformances = [(path, entry.declaration)] + entry.extensions.map { ($0.path, Optional($0.fact)) }
        let removal = conformances.lazy.compactMap { path, fact in fact?.observableObjectRemoval.map { (path: path, range: $0) } }.first
        guard let start = entry.declaration?.position.utf8Offset, removal != nil || superclasses[entry.name] != nil else { return [] }
        var edits: [ObservationMigrationPlan.FileEdit] = []
        func edit(_ path: String, _ range: Range<Int>, _ replacement: String) {
            edits.append(.init(path: path, edit: TextEdit(range: range, replacement: replacement)))
        }
        let imports = filesByPath[path]?.dependencies.imports ?? []
        var importLine = ""
        if !imports.contains(where: { $0.module == "SwiftUI" || $0.module == "Observation" }) {
            // Above the first import, below any header comment; merged with `@Observable` when both go at one offset.
            let offset = imports.first?.position.utf8Offset ?? start
            if offset == start { importLine = "import Observation\n" } else { edit(path, offset..<offset, "import Observation\n") }
        }
        edit(path, start..<start, importLine + "@Observable ")
        if let removal { edit(removal.path, removal.range, "") }
        for (memberPath, property) in memberFacts(of: entry) where !property.isStatic && !property.isComputed {
            guard let wrapper = property.wrapper, let range = property.wrapperDeletion, let attributeStart = property.wrapperPosition?.utf8Offset,
                  !property.attributes.contains("ObservationIgnored") else { continue }
            if wrapper == "Published" {
                edit(memberPath, range, "")
            } else {
                edit(memberPath, attributeStart..<attributeStart, "@ObservationIgnored ")
            }
        }
        edits += publishedAssignments(of: entry).flatMap { plainAssignment($0.assignment, in: $0.path) }
        for use in uses {
            guard let range = use.editRange else { continue }
            // The attribute's name, after its `@` (an injection has no attribute and edits `range`).
            let nameStart = (use.attributeStart ?? range.lowerBound) + 1
            let name = nameStart..<(nameStart + use.kind.rawValue.utf8.count - 1)
            switch use.kind {
            case .stateObject: edit(use.path, name, "State")
            case .observedObject where use.needsBindable: edit(use.path, name, "Bindable")
            case .observedObject: edit(use.path, range, "")
            case .environmentObject: edit(use.path, name, "Environment(\(use.heldType ?? entry.name).self)")
            case .injection: edit(use.path, range, "environment")
            }
            edits += use.furtherEdits
        }
        return edits
    }

    // MARK: Report of what no diff shows

    private func behaviourNotes(_ entry: ProjectIndex.TypeEntry, uses: [ObservationMigrationPlan.Use]) -> [String] {
        var notes: [String] = []
        let stored = entry.properties.filter { !$0.isStatic && !$0.isComputed && !$0.isLet }
        let newlyTracked = stored.filter { $0.wrapper == nil && !$0.attributes.contains("ObservationIgnored") }.map(\.name)
        if !newlyTracked.isEmpty {
            notes.append("becomes tracked (was not @Published): \(newlyTracked.joined(separator: ", ")); "
                         + "add @ObservationIgnored to keep it silent")
        }
        let otherWrappers = stored.filter { $0.wrapper != nil && $0.wrapper != "Published" && !$0.attributes.contains("ObservationIgnored") }
        for property in otherWrappers {
            notes.append("@\(property.wrapper ?? "") var \(property.name) gets @ObservationIgnored (line \(property.position.line))")
        }
        for use in uses where use.needsBindable {
            notes.append("\(use.kind.rawValue) in \(use.holder) (\(use.path):\(use.line)) makes bindings with $: becomes @Bindable")
        }
        let swift5Holders = Set(uses.filter { use in
            use.kind != .injection && (project.settings(for: use.path).swiftLanguageMode.map { $0 < Version(6) } ?? false)
        }.map(\.holder))
        for holder in swift5Holders.sorted() {
            notes.append("\(holder) is built in Swift 5 mode and may lose the @MainActor its wrapper implied")
        }
        if entry.declaration?.isPublic == true {
            notes.append("public: code outside the scanned paths that uses it as an ObservableObject stops compiling; scan every module that uses it")
        }
        let observed = stored.filter(\.hasObservers).map(\.name)
        if !observed.isEmpty {
            notes.append("has willSet/didSet on \(observed.joined(separator: ", ")): check what they do now that an equal value no longer notifies views")
        }
        notes.append("views will update only when a property they read changes, and assigning an equal value no longer notifies")
        return notes
    }
}

private extension StorageReferenceFact {
    /// As written, without `self.`: `_observable.update`.
    var written: String { "_\(property)" + (member.map { ".\($0)" } ?? "") }
}

private extension PropertyFact {
    /// The class a property holds, without generic arguments: `Selection<String>` holds `Selection`.
    var heldClassName: String? { heldTypeName.map { String($0.prefix { $0 != "<" }) } }

    /// `@Published` wherever it stands among the attributes: the walk takes the first wrapper-like one as `wrapper`.
    var isPublished: Bool { wrapper == "Published" || attributes.contains("Published") }

    /// Wrappers and attached macros besides `@Published`.
    var otherWrapperNames: [String] {
        ([wrapper].compactMap { $0 } + attributes).filter { $0 != "Published" && SyntaxText.isPropertyWrapperName($0) }
    }
}
