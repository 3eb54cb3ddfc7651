/// A place in a class's or a view's code that the Models, ViewModels and Observation rules judge.
///
/// Recorded during the one walk (the "Model and view-model sites" section of `FileWalker`) only where the
/// rules look: inside classes and their extensions, and on view-model properties, so the facts stay small.
public struct ModelSiteFact: Sendable, Codable {
    public enum Kind: Sendable, Codable, Equatable {
        /// A `load…()`, `fetch…()`, `reload…()` or `refresh…()` call of the type's own method made directly in a
        /// synchronous initializer as a statement of its own; or (`inTask`) the first call a `Task { … }` started
        /// directly there awaits that does work (`InitializerWorkReading`). Calls in other nested closures run
        /// later and are not recorded.
        case loadCalledInInitializer(method: String, inTask: Bool)
        /// A method (not an initializer) that starts asynchronous work, once per method: `how` says what it does
        /// ("starts a `Task`", "asks `commentService` to fetchComments").
        case startsAsyncWork(method: String, how: String)
        /// `Type.shared`, `Type.standard` or `Type.default` reached inside a method (also in its closures).
        case sharedInstanceInMethod(type: String, member: String)
        /// `Type(…)` constructed inside a method (also in its closures).
        case constructionInMethod(type: String)
        /// `property.member` on a stored property whose type names a view model (`viewModel.count`,
        /// `viewModel.outputs`); `isCall` when the member is called (`viewModel.load()`).
        case viewModelMemberAccess(property: String, member: String, isCall: Bool)
    }

    public var kind: Kind
    /// The type whose code holds the site (`Outer.Inner` for nested types; the extended type in an extension).
    public var enclosingType: String?
    /// The first token of the construct (`Task`, `URLSession` in `URLSession.shared`, `viewModel` in `viewModel.count`).
    public var position: SourcePosition

    public init(kind: Kind, enclosingType: String?, position: SourcePosition) {
        self.kind = kind
        self.enclosingType = enclosingType
        self.position = position
    }
}

extension ModelSiteFact.Kind {
    func startsAsyncWork(in method: String) -> Bool {
        if case .startsAsyncWork(let name, _) = self { return name == method }
        return false
    }
}
