/// What a type's code *does*, counted during the one walk: the architecture rules judge where logic,
/// event handling, async work and styling live without re-reading the code.
public struct BehaviorFacts: Sendable, Codable {
    /// Closures run on a user or lifecycle event (`Button` actions, gestures, `onChange`, `onAppear`…),
    /// not counting `Task {}` and `.task`, which are `asyncLaunches`.
    @Count public var eventHandlers = 0
    /// `Task {}`, `Task.detached {}` and `.task {}` in the type's code that await work; one that only awaits
    /// `Task.sleep` (a UI delay) or nothing is not counted.
    @Count public var asyncLaunches = 0
    /// Statements inside event handlers and tasks written in view-building code (`Button { … }`, `.task { … }` in
    /// `body`), at any depth; statements of helpers are counted in `helpers`.
    @Count public var actionStatements = 0
    /// `catch` clauses in the type's code.
    @Count public var catchClauses = 0
    /// Views created in view-building code: `body`, computed `some View` properties and `@ViewBuilder` helpers
    /// (`TypeFact.bodyViewCount` counts `body` only).
    @Count public var builtViews = 0
    /// The most styling modifiers (`font`, `padding`, `foregroundStyle`…) chained onto one view in `body`
    /// (`Text(x).font(.title).bold().padding()` → 3).
    @Count public var longestBodyStylingChain = 0
    /// Methods and computed properties that do not build views, with what their code holds.
    public var helpers: [HelperFact] = []
    /// Assignments at the top level of `.task` closures (`label = await item.format()`).
    public var taskAssignments: [TaskAssignmentFact] = []
    /// `@State` properties that hold text (declared `String`/`AttributedString` or initialised with a string literal).
    public var textStates: [String] = []
    /// Types constructed inside the row closure of a `ForEach` or data-driven `List`.
    public var rowConstructions: [String] = []

    public init() {}
}

/// A method or computed property that does not build a view, and how much computation its code holds.
public struct HelperFact: Sendable, Codable {
    public enum Kind: String, Sendable, Codable { case method, computedProperty }

    public var name: String
    public var kind: Kind
    public var isAsync: Bool
    /// The return type as written (`String`, `Double?`); nil for `Void` methods.
    public var returnType: String?
    public var parameterTypes: [String]
    /// The declaration's first token (attributes and modifiers included).
    public var position: SourcePosition
    /// Statements at any depth, closures included.
    @Count public var statements = 0
    /// `for`, `while` and `repeat` loops.
    @Count public var loops = 0
    /// Arithmetic operators (`+ - * / %` and their compound assignments).
    @Count public var arithmetic = 0
    /// Arithmetic operators with a model field as an operand (`order.total * rate`, `Double(user.posts) * 0.4`).
    @Count public var memberArithmetic = 0
    /// Collection pipelines: `filter`, `map`, `reduce`, `sorted`…
    @Count public var pipelines = 0
    /// String interpolations of a member (`"\(user.name)"`).
    @Count public var memberInterpolations = 0
    /// Ternaries whose condition reads a member (`user.isPremium ? … : …`).
    @Count public var memberTernaries = 0
    /// Formatting calls applied to a member (`order.date.formatted()`, `formatter.string(from: item.price)`).
    @Count public var memberFormatting = 0

    public init(name: String, kind: Kind, isAsync: Bool, returnType: String?, parameterTypes: [String], position: SourcePosition) {
        self.name = name
        self.kind = kind
        self.isAsync = isAsync
        self.returnType = returnType
        self.parameterTypes = parameterTypes
        self.position = position
    }
}

/// `target = …` (or `target[key] = …`) at the top level of a `.task` closure.
public struct TaskAssignmentFact: Sendable, Codable {
    public var target: String
    /// The value is awaited: the task computes it asynchronously.
    public var isAwaited: Bool
    /// The `.task` sits inside a `ForEach`/`List` row closure of the same body.
    public var isInsideRow: Bool
    /// The `task` modifier name.
    public var position: SourcePosition
}

/// A count of the facts held in 32 bits, clamped: helpers are the second largest list of facts a run holds, and their
/// eight counts took 64 of each helper's 128 bytes as `Int`s. Read and written as an `Int`, and cached as one.
@propertyWrapper
public struct Count: Sendable, Codable {
    /// Internal, not private, as every cached type's stored properties (`make codegen` checks them).
    var stored: Int32

    public init(wrappedValue: Int) { stored = Int32(clamping: wrappedValue) }

    public var wrappedValue: Int {
        get { Int(stored) }
        set { stored = Int32(clamping: newValue) }
    }

    public init(from decoder: any Decoder) throws { self.init(wrappedValue: try Int(from: decoder)) }

    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

extension FileFacts {
    /// Drops the helpers of enums that are no views: only views, view models (classes) and screen state (structs) have
    /// their helpers read (`fat-view`, `god-viewmodel`, `state-named-model`…), while enums hold many computed titles
    /// and icons (0.5 MiB of peak memory on 10,276 real files). An enum is kept as a view when it defines `body` or
    /// conforms to `View` where it is declared; an extension keeps its helpers, whatever it extends.
    mutating func dropUnreadHelpers() {
        let isUnread = { (type: TypeFact) in
            type.kind == .enum && !type.behavior.helpers.isEmpty && type.bodyStart == nil && !type.inherited.contains("View")
        }
        // Asked first, so that facts with nothing to drop are not made unique for it.
        guard types.contains(where: isUnread) else { return }
        modify { fields in
            for index in fields.types.indices where isUnread(fields.types[index]) { fields.types[index].behavior.helpers = [] }
        }
    }
}
