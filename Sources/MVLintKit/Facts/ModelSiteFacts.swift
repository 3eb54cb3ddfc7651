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
        /// `Type(…)` constructed inside a method (also in its closures); `hasArguments` when it is given any
        /// (arguments or a trailing closure): then it is built from what the method has at hand.
        case constructionInMethod(type: String, hasArguments: Bool)
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

/// A stored member written through an lvalue: `viewModel.count = 1`, `viewModel.items.append(x)`,
/// `&viewModel.$count`, `.assign(to: \.count, on: viewModel)`, `Binding(set: { viewModel.count = $0 })`. Tells
/// `viewmodel-public-setter` which properties code outside their class sets, so `private(set)` would not compile.
/// Writes through `self` (or bare) are recorded only in classes and extensions, where they can be the model's own.
public struct MemberWriteFact: Sendable, Codable {
    /// The names the written member is reached through, from the root: `["cell", "viewModel"]` in
    /// `cell.viewModel.count = 1`; empty for `self.count` and a bare `count`. A root the walk cannot name (a call's
    /// result) is `"?"`; a root that is a type keeps its name (`["Store", "shared"]`).
    public var receiver: [String]
    /// `count`; a `$count` projection is recorded as `count`.
    public var member: String
    /// What the root name is bound to, when the code declares it: a parameter or local of a written type
    /// (`func bind(_ vm: FeedViewModel)`, `let model = FeedModel()`), or a local that aliases a chain of members
    /// (`guard let strongSelf = self`, `if let model = self.model`: `[]`, `["model"]`).
    public var root: RootBinding?

    public enum RootBinding: Sendable, Codable, Equatable {
        case type(String)
        case alias([String])
        /// A local or closure parameter whose type the code does not show.
        case unknownLocal
    }
    public var enclosingType: String?
    public var position: SourcePosition
    /// Directly in an initializer's code (not in a closure there, which runs later): the value's first one.
    public var isInInitializer = false
    /// For a write through `self`: why it runs off the main thread, when the code around it says so (in a
    /// nonisolated `async` method, in a `Task {}` a nonisolated method starts, in `Task.detached`, on a global
    /// dispatch queue, in a `URLSession` completion handler); nil when it does not (`observable-missing-main-actor`).
    public var offMainContext: String?
}
