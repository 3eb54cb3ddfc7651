/// What cancels a piece of async code, as far as one file tells (`cancellation-not-handled`): the callers of
/// an `async` function usually live in other files, so the project rule follows `function` sources there.
public enum CancellationSource: Sendable, Codable, Equatable, Hashable {
    /// A view's `.task { }` or `.refreshable { }`: cancelled when the view disappears.
    case viewTask
    /// `.task(id:)`: also cancelled, and started again, whenever the value changes.
    case restartingViewTask
    /// A `Task { }` kept in `name`; it is cancelled when the file calls `name.cancel()` (the next search).
    case storedTask(name: String)
    /// The body of the `async` function `name`: cancelled when a caller is.
    case function(name: String)
}

/// An awaited call in code that something may cancel (`await model.load()` in a `.task`).
public struct AwaitedCallFact: Sendable, Codable {
    /// The called function's base name: `load` in `await model.load(page: 1)`.
    public var name: String
    public var receiver: CallReceiver
    public var source: CancellationSource
    public var enclosingType: String?
}

/// Whose function an awaited call calls, as far as the call's text tells.
public enum CallReceiver: Sendable, Codable, Equatable {
    /// `load()`, `self.load()`: the enclosing type's own.
    case implicitSelf
    /// `model.load()`, `self.model.load()`: the type of that name, if it is a stored property.
    case property(String)
    /// `Store.shared.load()`, `Cache.load()`: a type's.
    case type(String)
    /// A longer chain, a call's result, a local: any function of that name.
    case unknown
}

/// A catch-all after awaited work that stores the error, or a failure state, in a property.
public struct FailureCatchFact: Sendable, Codable {
    /// The `catch` keyword.
    public var position: SourcePosition
    public var source: CancellationSource
    public var enclosingType: String?
    /// The first name of what the failure is written to: `errorMessage` in `self.errorMessage = …`, `state` in
    /// `state.section = .error(…)`. A view's own `@State` dies with the view that a plain `.task` is cancelled with.
    public var target: String
}

/// The cancellation facts of one file.
public struct CancellationFacts: Sendable, Codable {
    public var awaitedCalls: [AwaitedCallFact] = []
    public var failureCatches: [FailureCatchFact] = []
    /// `name` for every `name.cancel()` / `name?.cancel()`: the tasks the file cancels.
    public var cancelledNames: Set<String> = []
    /// Views whose state outlives a cancelled `.task`: types constructed as a `TabView` page (as written), and
    /// types whose code pushes a screen over themselves (`NavigationLink`, `.navigationDestination`).
    public var tabPages: Set<String> = []
    public var pushingTypes: Set<String> = []

    public init() {}
}
