/// How long an observable class lives, which decides the duties it is judged by (RULES.md "Lifetimes"): the
/// MVVM guide's view-model checklist is about one screen's view model, not about the app's models and services.
public enum Lifetime: String, Sendable, CaseIterable, Codable {
    /// Made by the view (or views) of one screen, per screen: the MVVM guide's view model.
    case screen
    /// Made once for the whole app: a singleton, created at the `App`/scene root (or by the root view a scene
    /// shows) or in an app-level container, shared through the environment there — the Container/Presentation
    /// article's Model, the app's source of truth.
    case app
    /// Its job is I/O (files, a database, the network, the keychain), even when it is observable.
    case service
}

public struct LifetimeAssignment: Sendable, Codable {
    public var lifetime: Lifetime
    public var evidence: [Evidence]
}

/// Lifetimes of the project's observable classes, from who creates them and what their code does.
struct LifetimeClassifier {
    let index: ProjectIndex
    let roles: RoleTable
    let relations: [Relation]
    let creations: Creations

    /// Who creates each observable class, and the views an app-level type creates: they need only the index and the
    /// constructions, so they are found beside the roles (`ProjectContext.derive`), which the rest of this needs.
    struct Creations: Sendable {
        var creators: [String: [(creator: String, evidence: Evidence)]] = [:]
        var sceneRoots = Set<String>()

        /// `constructionLinks` are per file, in `files`' order.
        init(index: ProjectIndex, files: [FileFacts], constructionLinks: [[ConstructionLink]]) {
            for (fileIndex, links) in constructionLinks.enumerated() {
                // Asked of the creator first, once per run of its links: few creators are app-level types.
                var isAppLevel = LastAnswer<Bool>()
                for link in links {
                    guard let creator = link.creator, case let created = link.created, created != creator else { continue }
                    if isAppLevel.value(for: creator, { LifetimeClassifier.isAppLevel($0, index: index) }), index.isView(created) {
                        sceneRoots.insert(created)
                    }
                    guard index.isObservableClass(created) else { continue }
                    creators[created, default: []].append((creator, Evidence(text: "created by \(index.displayName(creator))",
                                                                             path: files[fileIndex].path, position: link.position)))
                }
            }
        }
    }

    /// APIs whose use makes a class a persistence or network facade rather than state a screen shows: the outside
    /// world of `ExternalAPI` without settings stores and device services (a settings model is app state).
    static let ioAPIs = ExternalAPI.names.subtracting([
        "UserDefaults", "NSUbiquitousKeyValueStore", "HKHealthStore", "CLLocationManager", "PHPhotoLibrary", "EKEventStore",
    ])
    static let appProtocols: Set<String> = ["App", "Scene", "UIApplicationDelegate", "NSApplicationDelegate", "UIWindowSceneDelegate"]

    /// Types that make screens besides SwiftUI views: UIKit and AppKit view controllers (`UIHostingController` too).
    static let screenMakingSuperclasses: Set<String> = ["UIViewController", "UIHostingController", "NSViewController", "NSHostingController",
                                                        "UITableViewController", "UICollectionViewController", "NSWindowController"]

    func classify() -> [String: LifetimeAssignment] {
        let (creators, sceneRoots) = (creations.creators, creations.sceneRoots)
        // Only what the app's root puts into the environment is shared app-wide; a row injecting its own model
        // shares it with that row's subtree.
        var injected: [String: Evidence] = [:]
        for relation in relations where relation.kind == .injects && injected[relation.to] == nil
            && (isAppLevel(relation.from) || sceneRoots.contains(relation.from)) {
            injected[relation.to] = Evidence(text: "put into the environment by \(index.displayName(relation.from))",
                                             path: relation.path, position: relation.position)
        }
        let observable = index.entriesInNameOrder.filter {
            $0.declaration?.kind == .class && index.isObservableClass($0.id) && !Self.isTestCode($0.declarationPath ?? "")
        }
        var lifetimes: [String: LifetimeAssignment] = [:]
        for entry in observable {
            if let found = appLevelEvidence(entry, creators: creators[entry.id] ?? [], sceneRoots: sceneRoots, injected: injected[entry.id]) {
                lifetimes[entry.id] = LifetimeAssignment(lifetime: .app, evidence: [found])
            }
        }
        // An object created by an app-lifetime object lives as long as it (`AppState { let feed = FeedModel() }`),
        // whatever its name says.
        var grew = true
        while grew {
            grew = false
            for entry in observable where lifetimes[entry.id] == nil {
                guard let parent = (creators[entry.id] ?? []).first(where: {
                    lifetimes[$0.creator]?.lifetime == .app && !makesScreens($0.creator)
                }) else { continue }
                lifetimes[entry.id] = LifetimeAssignment(lifetime: .app, evidence: [parent.evidence])
                grew = true
            }
        }
        for entry in observable where lifetimes[entry.id] == nil {
            if let found = screenOrService(entry, creators: creators[entry.id] ?? []) { lifetimes[entry.id] = found }
        }
        return lifetimes
    }

    /// Why the class lives as long as the app, if it does: a shared instance of itself, made by the `App`, a scene
    /// or the root view a scene shows, or put into the environment there.
    private func appLevelEvidence(_ entry: ProjectIndex.TypeEntry, creators: [(creator: String, evidence: Evidence)],
                                  sceneRoots: Set<String>, injected: Evidence?) -> Evidence? {
        guard let path = entry.declarationPath else { return nil }
        if let shared = sharedInstance(of: entry) {
            return Evidence(text: "singleton (`static let \(shared.name)`)", path: path, position: shared.position)
        }
        // The root view's own objects live as long as the app, except its view model, which serves the first
        // screen as any screen's does (the MVVM guide's view model of the root list).
        let isNamedViewModel = entry.name.hasSuffix("ViewModel")
        if let root = creators.first(where: { isAppLevel($0.creator) || (!isNamedViewModel && sceneRoots.contains($0.creator)) }) {
            return root.evidence
        }
        return injected
    }

    private func screenOrService(_ entry: ProjectIndex.TypeEntry, creators: [(creator: String, evidence: Evidence)]) -> LifetimeAssignment? {
        guard let declaration = entry.declaration, let path = entry.declarationPath else { return nil }
        let here = { (text: String) in Evidence(text: text, path: path, position: declaration.position) }
        let screenCreators = creators.filter { makesScreens($0.creator) }
        let madeOnlyByScreens = !screenCreators.isEmpty && screenCreators.count == creators.count
        let isNamedViewModel = entry.name.hasSuffix("ViewModel") || roles[entry.id]?.role == .viewModel
        // A screen's own model doing I/O is what `concrete-dependency` is about; a facade nobody's screen makes is a service.
        if !isNamedViewModel, !madeOnlyByScreens, let api = declaration.externalAPIs.first(where: Self.ioAPIs.contains) {
            return LifetimeAssignment(lifetime: .service, evidence: [here("its job is I/O: uses \(api)")])
        }
        if madeOnlyByScreens {
            let makers = Set(screenCreators.map(\.creator))
            let text = makers.count == 1 ? "created only by \(index.displayName(makers.first ?? ""))" : "created only by views (\(makers.count))"
            return LifetimeAssignment(lifetime: .screen, evidence: [Evidence(text: text, path: screenCreators[0].evidence.path,
                                                                             position: screenCreators[0].evidence.position)])
        }
        if isNamedViewModel, creators.isEmpty {
            return LifetimeAssignment(lifetime: .screen, evidence: [here("named *ViewModel")])
        }
        return nil
    }

    /// A view or a view controller: the types whose instances are screens (or parts of one).
    private func makesScreens(_ id: String) -> Bool {
        guard !isAppLevel(id) else { return false }
        if index.isView(id) { return true }
        var current = index.entry(id)
        var visited = Set<String>()
        while let entry = current, visited.insert(entry.id).inserted {
            if entry.inherited.contains(where: Self.screenMakingSuperclasses.contains) { return true }
            current = entry.inheritedIDs.lazy.compactMap { index.entry($0) }.first { $0.kind == .class }
        }
        return false
    }

    /// Test doubles and fixtures are nobody's screen or app.
    static func isTestCode(_ path: String) -> Bool {
        // A folder or file named like `Tests`, `FeedTests` or `AppUITests`: a component ending in `Tests`, found in the
        // path's bytes (splitting every observable class's path into strings was a third of the lifetimes' time).
        var path = path
        return path.withUTF8 { bytes in
            let word = Self.testsWord
            var end = bytes.count
            while end > 0 {
                var start = end
                while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
                if end - start >= word.count, bytes[(end - word.count)..<end].elementsEqual(word) { return true }
                end = start - 1
            }
            return false
        }
    }
    private static let testsWord = Array("Tests".utf8)

    /// A `static let`/`var` holding an instance of the class itself (`static let shared = Store()`).
    private func sharedInstance(of entry: ProjectIndex.TypeEntry) -> PropertyFact? {
        entry.properties.first { !$0.isComputed && entry.holdsItself($0) }
    }

    /// The `App`, a scene or an app delegate, or a type only they create: where app-lifetime objects are made.
    private func isAppLevel(_ id: String) -> Bool { Self.isAppLevel(id, index: index) }

    private static func isAppLevel(_ id: String, index: ProjectIndex) -> Bool {
        guard let entry = index.entry(id) else { return false }
        return entry.inherited.contains(where: Self.appProtocols.contains) || entry.declaration?.attributes.contains("main") == true
    }
}
