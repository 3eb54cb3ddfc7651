/// Everything the project declares, merged across files: a type's declaration and all its extensions.
/// Built once from the facts of every file; rules ask it questions instead of re-reading code.
public struct ProjectIndex: Sendable {
    /// A type as the whole project sees it.
    public struct TypeEntry: Sendable {
        public var name: String
        /// The primary declaration (nil when the project only extends a type declared elsewhere, e.g. `View`).
        public var declaration: TypeFact?
        public var declarationPath: String?
        public var extensions: [(path: String, fact: TypeFact)] = []

        /// Conformances and superclass, from the declaration and every extension.
        public var inherited: Set<String> {
            var names = Set(declaration?.inherited ?? [])
            for (_, fact) in extensions { names.formUnion(fact.inherited) }
            return names
        }

        public var properties: [PropertyFact] {
            (declaration?.properties ?? []) + extensions.flatMap { $0.fact.properties }
        }

        /// The first of `properties` matching `predicate`, found without building that array.
        public func firstProperty(where predicate: (PropertyFact) -> Bool) -> PropertyFact? {
            if let found = declaration?.properties.first(where: predicate) { return found }
            for (_, fact) in extensions {
                if let found = fact.properties.first(where: predicate) { return found }
            }
            return nil
        }

        public var methods: [MethodFact] {
            (declaration?.methods ?? []) + extensions.flatMap { $0.fact.methods }
        }

        /// Properties assigned by an initializer, whether declared with the type or in an extension.
        public var initializerAssignments: Set<String> {
            Set((declaration?.initializerAssignments ?? []) + extensions.flatMap { $0.fact.initializerAssignments })
        }

        public var kind: TypeKind? { declaration?.kind }
    }

    public private(set) var types: [String: TypeEntry] = [:]
    /// The keys of `types`, sorted once: rules report in name order, and sorting names moves less than sorting entries.
    public private(set) var sortedNames: [String] = []
    private var viewCache: [String: Bool] = [:]
    private var declaredKinds: [String: TypeKind] = [:]

    public init(files: [FileFacts]) {
        for file in files {
            for fact in file.types {
                // Nested types are indexed by their simple name too: references in code rarely qualify them.
                var entry = types[fact.name] ?? TypeEntry(name: fact.name)
                if fact.kind == .extension {
                    entry.extensions.append((file.path, fact))
                } else if entry.declaration == nil {
                    entry.declaration = fact
                    entry.declarationPath = file.path
                }
                types[fact.name] = entry
            }
        }
        for (name, entry) in types { if let kind = entry.declaration?.kind { declaredKinds[name] = kind } }
        sortedNames = types.keys.sorted()
        var cache: [String: Bool] = [:]
        for name in types.keys { cache[name] = computeIsView(name, visiting: []) }
        viewCache = cache
    }

    public func entry(_ name: String) -> TypeEntry? { types[name] }

    /// Every entry, in name order.
    public var entriesInNameOrder: [TypeEntry] { sortedNames.compactMap { types[$0] } }

    /// The kind of a type the project declares; nil for unknown types and types it only extends.
    public func kind(of name: String) -> TypeKind? { declaredKinds[name] }

    /// True for types conforming to `View` directly, through a protocol that refines `View`, through a
    /// superclass that is a view, or having a `var body: some View`.
    public func isView(_ name: String) -> Bool {
        viewCache[lastComponent(name)] ?? false
    }

    private func computeIsView(_ name: String, visiting: Set<String>) -> Bool {
        // `View` itself counts, also when the project extends it (code in `extension View` is view code).
        guard name != "View" else { return true }
        guard !visiting.contains(name), let entry = types[name] else { return false }
        let inherited = entry.inherited
        if inherited.contains("View") { return true }
        if entry.kind != .protocol,
           entry.properties.contains(where: { $0.name == "body" && $0.isComputed && ($0.typeName.map(SyntaxText.isSomeView) ?? false) }) {
            return true
        }
        let next = visiting.union([name])
        return inherited.contains { computeIsView($0, visiting: next) }
    }

    /// A class made observable by `@Observable` or by conforming to `ObservableObject` (also through a base class).
    public func isObservableClass(_ name: String) -> Bool {
        observation(of: lastComponent(name), visiting: []) != nil
    }

    public enum ObservationKind: Sendable { case observationMacro, observableObject }

    public func observation(of name: String) -> ObservationKind? {
        observation(of: lastComponent(name), visiting: [])
    }

    private func observation(of name: String, visiting: Set<String>) -> ObservationKind? {
        guard !visiting.contains(name), let entry = types[name], entry.kind == .class else { return nil }
        if entry.declaration?.attributes.contains("Observable") == true { return .observationMacro }
        let inherited = entry.inherited
        if inherited.contains("ObservableObject") { return .observableObject }
        for parent in inherited {
            if let kind = observation(of: parent, visiting: visiting.union([name])) { return kind }
        }
        return nil
    }

    private func lastComponent(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }
}

/// What a project rule sees: every file's facts, the index, and each file's target settings.
public struct ProjectContext: Sendable {
    public var files: [FileFacts]
    public var index: ProjectIndex
    public var architecture: Architecture
    public var settingsByPath: [String: TargetSettings]
    /// The profile the run uses (chosen or detected); some rules read it (`viewmodel-in-mv`).
    public var profile: Profile = .mv
    /// The layers `layer-dependency` checks (configured, or the default from presentation-named code).
    public var layers: LayerPlan = .none

    public init(files: [FileFacts], settingsByPath: [String: TargetSettings]) {
        self.files = files
        index = ProjectIndex(files: files)
        architecture = Architecture(index: index, files: files)
        self.settingsByPath = settingsByPath
        var sites: [String: [(site: ModelSiteFact, path: String)]] = [:]
        for file in files {
            for site in file.modelSites {
                if let type = site.enclosingType { sites[Architecture.simpleName(type), default: []].append((site, file.path)) }
            }
        }
        modelSitesByType = sites
        findDeclarations()
    }

    /// Views and observable classes the project declares, in name order. Several rules walk each list, so they
    /// are found once per index.
    private(set) var declaredViews: [DeclaredView] = []
    private(set) var observableClasses: [ObservableClass] = []

    private mutating func findDeclarations() {
        declaredViews = findDeclaredViews()
        observableClasses = findObservableClasses()
    }

    /// Model and view-model sites grouped by the type whose code holds them, so rules look them up instead of
    /// scanning every file for every model.
    let modelSitesByType: [String: [(site: ModelSiteFact, path: String)]]

    public func settings(for path: String) -> TargetSettings { settingsByPath[path] ?? .unknown }

    /// The same project after some files changed (a fix round): index and architecture are rebuilt from the
    /// new facts, everything else (settings, profile) is kept.
    func replacingFiles(_ files: [FileFacts]) -> ProjectContext {
        var updated = self
        updated.files = files
        updated.index = ProjectIndex(files: files)
        updated.architecture = Architecture(index: updated.index, files: files)
        updated.findDeclarations()
        return updated
    }
}
