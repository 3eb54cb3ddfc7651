/// How long an observable class lives, which decides the duties it is judged by (RULES.md "Lifetimes"): the
/// MVVM guide's view-model checklist is about one screen's view model, not about the app's models and services.
public enum Lifetime: String, Sendable, CaseIterable {
    /// Made by the view (or views) of one screen, per screen: the MVVM guide's view model.
    case screen
    /// Made once for the whole app: a singleton, created at the `App`/scene root or in an app-level container,
    /// shared through the environment — the Container/Presentation article's Model, the app's source of truth.
    case app
    /// Its job is I/O (files, a database, the network, the keychain), even when it is observable.
    case service
}

public struct LifetimeAssignment: Sendable {
    public var lifetime: Lifetime
    public var evidence: [Evidence]
}

/// Lifetimes of the project's observable classes, from who creates them and what their code does.
struct LifetimeClassifier {
    let index: ProjectIndex
    let files: [FileFacts]
    let roles: [String: RoleAssignment]
    let relations: [Relation]

    /// APIs whose use makes a class a persistence or network facade rather than state a screen shows.
    static let ioAPIs: Set<String> = [
        "URLSession", "URLRequest", "FileManager", "FileHandle", "ModelContext", "ModelContainer", "NSManagedObjectContext",
        "NSPersistentContainer", "NSFetchRequest", "CKContainer", "CKDatabase", "Keychain", "SecItemAdd", "SecItemCopyMatching",
        "WebSocketTask", "URLSessionWebSocketTask",
    ]
    static let appProtocols: Set<String> = ["App", "Scene", "UIApplicationDelegate", "NSApplicationDelegate", "UIWindowSceneDelegate"]

    func classify() -> [String: LifetimeAssignment] {
        var creators: [String: [(creator: String, evidence: Evidence)]] = [:]
        for file in files {
            for construction in file.constructions {
                guard let creator = index.id(ofEnclosing: construction.enclosingType, in: file.path),
                      let created = index.resolve(construction.typeName, from: creator, in: file.path),
                      created != creator, index.isObservableClass(created) else { continue }
                creators[created, default: []].append((creator, Evidence(text: "created by \(index.displayName(creator))",
                                                                         path: file.path, position: construction.position)))
            }
        }
        var injected: [String: Evidence] = [:]
        for relation in relations where relation.kind == .injects && injected[relation.to] == nil {
            injected[relation.to] = Evidence(text: "put into the environment by \(index.displayName(relation.from))",
                                             path: relation.path, position: relation.position)
        }
        var lifetimes: [String: LifetimeAssignment] = [:]
        let observable = index.entriesInNameOrder.filter { $0.declaration?.kind == .class && index.isObservableClass($0.id) }
        for entry in observable {
            if let found = decided(entry, creators: creators[entry.id] ?? [], injected: injected[entry.id]) {
                lifetimes[entry.id] = found
            }
        }
        // An object created by an app-lifetime object lives as long as it (`AppState { let feed = FeedModel() }`).
        var grew = true
        while grew {
            grew = false
            for entry in observable where lifetimes[entry.id] == nil {
                guard let parent = (creators[entry.id] ?? []).first(where: { lifetimes[$0.creator]?.lifetime == .app }) else { continue }
                lifetimes[entry.id] = LifetimeAssignment(lifetime: .app, evidence: [parent.evidence])
                grew = true
            }
        }
        return lifetimes
    }

    private func decided(_ entry: ProjectIndex.TypeEntry, creators: [(creator: String, evidence: Evidence)],
                         injected: Evidence?) -> LifetimeAssignment? {
        guard let declaration = entry.declaration, let path = entry.declarationPath else { return nil }
        let here = { (text: String) in Evidence(text: text, path: path, position: declaration.position) }
        if let shared = sharedInstance(of: entry) {
            return LifetimeAssignment(lifetime: .app, evidence: [Evidence(text: "singleton (`static let \(shared.name)`)", path: path, position: shared.position)])
        }
        if entry.methods.contains(where: { $0.isInitializer && $0.isPrivate }) {
            return LifetimeAssignment(lifetime: .app, evidence: [here("private init: only the class makes its instances")])
        }
        if let root = creators.first(where: { isAppLevel($0.creator) }) {
            return LifetimeAssignment(lifetime: .app, evidence: [root.evidence])
        }
        let isNamedViewModel = entry.name.hasSuffix("ViewModel")
        let io = (entry.declaration?.externalAPIs ?? []).filter(Self.ioAPIs.contains)
        if !isNamedViewModel, let api = io.first {
            return LifetimeAssignment(lifetime: .service, evidence: [here("its job is I/O: uses \(api)")])
        }
        let viewCreators = creators.filter { index.isView($0.creator) }
        if isNamedViewModel || roles[entry.id]?.role == .viewModel {
            return LifetimeAssignment(lifetime: .screen, evidence: [viewCreators.first?.evidence ?? here("named *ViewModel")])
        }
        if let injected {
            return LifetimeAssignment(lifetime: .app, evidence: [injected])
        }
        if !viewCreators.isEmpty, viewCreators.count == creators.count {
            let views = Set(viewCreators.map(\.creator))
            let text = views.count == 1 ? "created only by \(index.displayName(views.first ?? ""))" : "created only by views (\(views.count))"
            return LifetimeAssignment(lifetime: .screen, evidence: [Evidence(text: text, path: viewCreators[0].evidence.path,
                                                                             position: viewCreators[0].evidence.position)])
        }
        return nil
    }

    /// A `static let`/`var` holding an instance of the class itself (`static let shared = Store()`).
    private func sharedInstance(of entry: ProjectIndex.TypeEntry) -> PropertyFact? {
        entry.firstProperty { property in
            guard property.isStatic, !property.isComputed, let held = property.heldTypeName.map(Architecture.bareTypeName) else { return false }
            return held == entry.name || held == "Self" || held == entry.qualifiedName
        }
    }

    /// The `App`, a scene or an app delegate, or a type only they create: where app-lifetime objects are made.
    private func isAppLevel(_ id: String) -> Bool {
        guard let entry = index.entry(id) else { return false }
        return !entry.inherited.isDisjoint(with: Self.appProtocols) || entry.declaration?.attributes.contains("main") == true
    }
}
