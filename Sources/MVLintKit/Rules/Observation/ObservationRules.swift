/// The rules of RULES.md's "Models, ViewModels and Observation" table.
enum ObservationRules {
    static let syntax: [any SyntaxRule.Type] = []
    static let project: [any ProjectRule.Type] = [
        CancellationNotHandledRule.self,
        PreferObservationRule.self,
        ObservableMissingMainActorRule.self,
        ViewModelPublicSetterRule.self,
        ViewModelLoadsInInitRule.self,
        ViewModelUITypesRule.self,
        GodViewModelRule.self,
        ConcreteDependencyRule.self,
        StateEnumCandidateRule.self,
        ViewModelInMVRule.self,
        IOViewModelShapeRule.self,
        AppStorageInObservableRule.self,
    ]
}

/// A class the project declares that views can observe (`@Observable`, or `ObservableObject` also through a
/// base class): every one is a Model or a ViewModel in the architecture.
struct ObservableClass {
    /// The key in the index and the roles.
    var id: String
    /// The name messages show (qualified where two types share it).
    var name: String
    var entry: ProjectIndex.TypeEntry
    var path: String
    var observation: ProjectIndex.ObservationKind
    var role: Role
    var lifetime: Lifetime?

    /// Read from the entry, not copied (as `ProjectContext.DeclaredView.declaration`).
    var declaration: TypeFact { entry.declaration! }

    var isViewModel: Bool { role == .viewModel }
    /// Observable clients that talk to the outside world are services, not Models/ViewModels.
    var isModelOrViewModel: Bool { role == .model || role == .viewModel }
    /// One screen's model or view model: what the MVVM guide's view-model checklist is about. App models,
    /// singletons and persistence facades have other duties, and a class whose lifetime is unknown is not judged.
    var isScreenModel: Bool { isModelOrViewModel && lifetime == .screen }

    /// Stored instance properties views observe: `@Published` ones of an `ObservableObject`, tracked stored
    /// `var`s of an `@Observable` class (not `@ObservationIgnored`, no property wrapper).
    var trackedProperties: [PropertyFact] {
        entry.properties.filter { property in
            guard !property.isStatic, !property.isComputed, !property.isLet else { return false }
            switch observation {
            case .observableObject: return property.wrapper == "Published"
            case .observationMacro: return property.wrapper == nil && !property.attributes.contains("ObservationIgnored")
            }
        }
    }

    /// The declaration and every extension, each with its file.
    var parts: [(path: String, fact: TypeFact)] { entry.parts }
}

extension ProjectContext {
    /// Every observable class declared in the project, in name order so findings come out stably.
    static func findObservableClasses(in index: ProjectIndex, architecture: Architecture) -> [ObservableClass] {
        index.entriesInNameOrder.compactMap { entry in
            // Only entries with a declaration: `declaration` reads it.
            guard entry.declaration?.kind == .class, let path = entry.declarationPath,
                  let observation = index.observation(of: entry.id) else { return nil }
            let role = architecture.role(of: entry.id) ?? .model
            return ObservableClass(id: entry.id, name: index.displayName(entry.id), entry: entry, path: path,
                                   observation: observation, role: role, lifetime: architecture.lifetimes[entry.id]?.lifetime)
        }
    }
}

extension TargetSettings {
    /// `@Observable` needs iOS 17, macOS 14, tvOS 17, watchOS 10 (visionOS always has it). Unknown targets
    /// count as new enough: a project that states none is assumed to build for current systems.
    var canUseObservation: Bool {
        canUse(introducedIn: [.iOS: Version(17), .macCatalyst: Version(17), .macOS: Version(14), .tvOS: Version(17), .watchOS: Version(10)])
    }

    /// `@StateObject` exists from these systems on.
    static let stateObjectAvailability: [Platform: Version] = [.iOS: Version(14), .macCatalyst: Version(14), .macOS: Version(11),
                                                                .tvOS: Version(14), .watchOS: Version(7)]

    var canUseStateObject: Bool { canUse(introducedIn: Self.stateObjectAvailability) }

    /// Every platform the target builds for is at or above the version that introduced the API (a project rule's
    /// check: `FileWalk.canUse` also reads `#available` around the code).
    func canUse(introducedIn introduced: [Platform: Version]) -> Bool {
        deploymentTargets.allSatisfy { platform, version in introduced[platform].map { version >= $0 } ?? true }
    }
}

extension PropertyFact {
    /// Where a finding about the property points: its wrapper attribute when it has one (the first token).
    var reportPosition: SourcePosition { wrapperPosition ?? position }
}
