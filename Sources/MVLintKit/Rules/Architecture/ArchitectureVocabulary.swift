/// The Container/Presentation vocabulary the architecture rules share: which views are designated
/// containers or presentation views, which types are services, and a view's code across its extensions.
extension ProjectContext {
    /// A view declared in the project, with its primary declaration and file.
    struct DeclaredView {
        var entry: ProjectIndex.TypeEntry
        var path: String

        /// Read from the entry, not copied: a copy per view was a tenth of a large project's index.
        var declaration: TypeFact { entry.declaration! }

        /// The key of the view in the index, the roles and the relations.
        var id: String { entry.id }
        /// The simple name: the naming conventions (`*Container`, `*View`) read it.
        var name: String { entry.name }

        /// The declaration and every extension, each with its file: a view's code may be spread over several.
        var parts: [(path: String, fact: TypeFact)] { entry.parts }

        var helpers: [(path: String, helper: HelperFact)] {
            parts.flatMap { part in part.fact.behavior.helpers.map { (part.path, $0) } }
        }

        /// Stored properties (extensions cannot add any).
        var storedProperties: [PropertyFact] {
            declaration.properties.filter { !$0.isStatic && !$0.isComputed }
        }
    }

    static func findDeclaredViews(in index: ProjectIndex) -> [DeclaredView] {
        index.entriesInNameOrder.compactMap { entry in
            // Only entries with a declaration: `declaration` reads it.
            guard entry.declaration != nil, let path = entry.declarationPath, index.isView(entry.id) else { return nil }
            return DeclaredView(entry: entry, path: path)
        }
    }

    /// `ProfileContainerView`, `CartContainer`, `SettingsScreen`: named as a screen's container.
    static func isNamedContainer(_ name: String) -> Bool {
        name.hasSuffix("Container") || name.hasSuffix("ContainerView") || name.hasSuffix("Screen")
    }

    /// A screen-level container: a view that finds app state itself — owns an observable model, reads one from
    /// the environment, or queries a store. A view handed a model by its parent (`let bird: Bird`,
    /// `@ObservedObject var loader: ImageLoader`) observes it but decides nothing: it is a component, not the
    /// container of Container/Presentation. (A `*ContainerView` name alone holds nothing to contain either.)
    func isContainerView(_ id: String) -> Bool {
        guard let entry = index.entry(id), let properties = entry.declaration?.properties, index.isView(id) else { return false }
        return properties.contains { property in
            guard !property.isStatic, !property.isComputed, let wrapper = property.wrapper else { return false }
            switch wrapper {
            case "EnvironmentObject", "Query", "FetchRequest", "SectionedFetchRequest":
                return true
            case "Environment":
                return property.wrapperArgument?.hasSuffix(".self") == true
            case "StateObject", "State":
                return property.hasInitializer && observedModel(held: property, in: entry) != nil
            default:
                return false
            }
        }
    }

    /// Whether the project names its views by the Container/Presentation convention — some view named as a
    /// container also holds state — only then does a plain `*View` name say "presentation" (in an app where
    /// every screen is a `*View` it says nothing, and a layout wrapper like `ZoomableContainer<Content>` is no evidence).
    var followsContainerNaming: Bool {
        index.types.values.contains { entry in
            let role = architecture.role(of: entry.id)
            return Self.isNamedContainer(entry.name) && (role == .container || role == .mixed)
        }
    }

    /// Why a view counts as a Presentation view by designation (not structure), or nil when it does not:
    /// it lives in a folder or module named `…Presentation…`, or, in a project that names its containers,
    /// it is a `*View` that is not a container.
    func presentationDesignation(of view: DeclaredView, followsNaming: Bool, roots: Set<String>) -> String? {
        guard !Self.isNamedContainer(view.name), !roots.contains(view.id) else { return nil }
        let folders = view.path.split(separator: "/").dropLast()
        if let folder = folders.first(where: { $0.containsIgnoringCase("presentation") }) {
            return "it is in `\(folder)`"
        }
        return followsNaming && view.name.hasSuffix("View") ? "named `*View`" : nil
    }

    /// Names of types that talk to a server or a store, even when they are also observable (`@Observable final class APIClient`).
    /// Narrower than the classifier's service names: a `*DataSource` is as often a screen's paging helper.
    static let remoteServiceSuffixes = Architecture.serviceSuffixes.filter { $0 != "DataSource" }

    /// A type that talks to the network, disk or a database: by name, or because its own code uses such APIs.
    /// `name` is a type as written where project types are unknown (an SDK type), else the id of a project type.
    func isServiceLike(_ name: String) -> Bool {
        guard !index.isView(name) else { return false }
        if Self.remoteServiceSuffixes.contains(where: (index.entry(name)?.name ?? name).hasSuffix) { return true }
        return architecture.role(of: name) == .service && !(index.entry(name)?.declaration?.externalAPIs.isEmpty ?? true)
    }

    /// The model or view-model class a stored property of a view refers to, with how it is held; nil for
    /// values, closures, bindings and anything not known to be an observable class. `type` is the project type's
    /// id, or the name as written when the project does not declare it (an `@ObservedObject` of a library's class).
    func observedModel(held property: PropertyFact, in owner: ProjectIndex.TypeEntry) -> (type: String, via: String)? {
        let resolved = index.heldType(of: property, in: owner.id, path: owner.declarationPath ?? "")
        guard let held = resolved ?? property.heldTypeName.map(Architecture.bareTypeName) else { return nil }
        let via = property.wrapper.map { "@" + $0 } ?? (property.isLet ? "let" : "var")
        switch property.wrapper {
        case "ObservedObject", "EnvironmentObject", "StateObject", "Bindable":
            return (held, via)
        case "Environment":
            return property.wrapperArgument?.hasSuffix(".self") == true ? (held, "@Environment(\(index.displayName(held)).self)") : nil
        case nil, "State":
            return resolved.map(index.isObservableClass) == true ? (held, via) : nil
        default:
            return nil
        }
    }
}
