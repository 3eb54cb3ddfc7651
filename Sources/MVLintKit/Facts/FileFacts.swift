/// What one walk over one file learned: small plain values that outlive the syntax tree.
/// Project rules and the index ask questions of these; nothing re-parses. Its fields are shared by its copies until one
/// changes (`SharedFields`): every file's facts are listed two or three times on their way to the project.
public struct FileFacts: Sendable, Codable {
    public struct Fields: Sendable, Codable {
        public var path: String
        public var imports: [String] = []
        public var types: [TypeFact] = []
        /// `Name(label: …)` calls of capitalised names: view construction, memberwise inits, service construction.
        public var constructions: [ConstructionFact] = []
        /// `$name.member` projections: tell which properties of an observable are bound from views.
        public var bindingProjections: [BindingProjectionFact] = []
        /// `receiver.method(…)` calls on a named receiver (`model.load()`, `self.client.fetch()`, `Store.shared.save()`).
        public var memberCalls: [MemberCallFact] = []
        /// `.environment(x)` / `.environmentObject(x)` injections.
        public var injections: [InjectionFact] = []
        /// Sites in classes and on view-model properties that the observation rules judge (`ModelSiteFacts.swift`).
        public var modelSites: [ModelSiteFact] = []
        /// Members written through an lvalue (`viewModel.count = 1`, `&viewModel.$count`): `viewmodel-public-setter`.
        public var memberWrites: [MemberWriteFact] = []
        /// Imports with positions and the type names the file mentions (`layer-dependency`).
        public var dependencies = DependencyFacts()
        /// `$name` and `objectWillChange` mentions: Combine publishers that Observation does not generate (`migrate`).
        public var publisherReferences: [PublisherReferenceFact] = []
        /// `_name = …` in initializers: wrappers set directly, which `migrate` rewrites or is blocked by.
        public var wrapperAssignments: [WrapperAssignmentFact] = []
        /// `_name` and `self._name` anywhere: a property wrapper's storage reached directly, which the wrapper's
        /// removal would break (`migrate`).
        public var storageReferences: [StorageReferenceFact] = []
        /// `ObservableObject` written as a type outside an inheritance clause (`T: ObservableObject`,
        /// `any ObservableObject`): any class might be passed there, so none may stop conforming (`migrate`).
        public var observableObjectTypeUses: [SourcePosition] = []
        /// Awaited calls and catch-alls with what cancels them (`cancellation-not-handled`, `CancellationFacts.swift`).
        public var cancellation = CancellationFacts()
        /// Objects created for an `@ObservedObject` (`observed-object-creation`, `ObservedCreationFacts.swift`).
        public var observedCreations: [ObservedCreationFact] = []
        public var detachedViewConstructions: [DetachedViewConstructionFact] = []

        public init(path: String) { self.path = path }
    }

    /// Internal, not private: `FactCoding`'s coder reads it from another file.
    var storage: SharedFields<Fields>

    public init(path: String) { storage = SharedFields(Fields(path: path)) }

    init(fields: Fields) { storage = SharedFields(fields) }

    // Each field, read from the box and changed in place in it (see `TypeFact`).
    public var path: String { get { storage.fields.path } _modify { yield &storage.unique.path } }
    public var imports: [String] { get { storage.fields.imports } _modify { yield &storage.unique.imports } }
    public var types: [TypeFact] { get { storage.fields.types } _modify { yield &storage.unique.types } }
    public var constructions: [ConstructionFact] { get { storage.fields.constructions } _modify { yield &storage.unique.constructions } }
    public var bindingProjections: [BindingProjectionFact] { get { storage.fields.bindingProjections } _modify { yield &storage.unique.bindingProjections } }
    public var memberCalls: [MemberCallFact] { get { storage.fields.memberCalls } _modify { yield &storage.unique.memberCalls } }
    public var injections: [InjectionFact] { get { storage.fields.injections } _modify { yield &storage.unique.injections } }
    public var modelSites: [ModelSiteFact] { get { storage.fields.modelSites } _modify { yield &storage.unique.modelSites } }
    public var memberWrites: [MemberWriteFact] { get { storage.fields.memberWrites } _modify { yield &storage.unique.memberWrites } }
    public var dependencies: DependencyFacts { get { storage.fields.dependencies } _modify { yield &storage.unique.dependencies } }
    public var publisherReferences: [PublisherReferenceFact] { get { storage.fields.publisherReferences } _modify { yield &storage.unique.publisherReferences } }
    public var wrapperAssignments: [WrapperAssignmentFact] { get { storage.fields.wrapperAssignments } _modify { yield &storage.unique.wrapperAssignments } }
    public var storageReferences: [StorageReferenceFact] { get { storage.fields.storageReferences } _modify { yield &storage.unique.storageReferences } }
    public var observableObjectTypeUses: [SourcePosition] { get { storage.fields.observableObjectTypeUses } _modify { yield &storage.unique.observableObjectTypeUses } }
    public var cancellation: CancellationFacts { get { storage.fields.cancellation } _modify { yield &storage.unique.cancellation } }
    public var observedCreations: [ObservedCreationFact] { get { storage.fields.observedCreations } _modify { yield &storage.unique.observedCreations } }
    public var detachedViewConstructions: [DetachedViewConstructionFact] { get { storage.fields.detachedViewConstructions } _modify { yield &storage.unique.detachedViewConstructions } }

    /// Changes several fields with one uniqueness check.
    mutating func modify<Result>(_ change: (inout Fields) -> Result) -> Result { storage.modify(change) }

    public init(from decoder: any Decoder) throws { storage = SharedFields(try Fields(from: decoder)) }

    public func encode(to encoder: any Encoder) throws { try storage.fields.encode(to: encoder) }
}

/// Shows the fields, not the box (see `TypeFact`).
extension FileFacts: CustomReflectable {
    public var customMirror: Mirror { Mirror(reflecting: storage.fields) }
}

public struct SourcePosition: Sendable, Codable, Hashable {
    // Held as 32-bit numbers (12 bytes, where three `Int`s and an optional's tag took 32): positions are the most
    // numerous values in the facts, two or three to a fact. A file is far below 4 GB (`FileBudget.maxBytes`).
    // Internal, not private, as every cached type's stored properties (`make codegen`); read them through the `Int`s.
    var storedLine: UInt32
    var storedColumn: UInt32
    /// The offset plus one; 0 for none.
    var storedOffset: UInt32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    /// The UTF-8 offset in the file's text, when the position comes from the walk: project rules build their
    /// fixes' edits from it. Not part of equality: a position is its line and column.
    public var utf8Offset: Int? {
        get { storedOffset == 0 ? nil : Int(storedOffset - 1) }
        set { storedOffset = Self.stored(newValue) }
    }

    public init(line: Int, column: Int, utf8Offset: Int? = nil) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
        storedOffset = Self.stored(utf8Offset)
    }

    /// The offset plus one, within 32 bits.
    private static func stored(_ offset: Int?) -> UInt32 {
        guard let offset else { return 0 }
        let clamped = UInt32(clamping: offset)
        return clamped == .max ? .max : clamped + 1
    }

    public static func == (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(column)
    }
}

public enum TypeKind: String, Sendable, Codable {
    case `struct`, `class`, `enum`, `actor`, `protocol`, `extension`
}

/// A type declaration, or an extension of one (then `kind == .extension` and `name` is the extended type).
///
/// Its fields are shared by its copies until one changes (`SharedFields`): the project index's entries and their
/// extensions each held a copy of about 290 bytes, with a dozen lists and names to retain, 8 MB of the project phase's
/// peak on large projects.
public struct TypeFact: Sendable, Codable {
    public struct Fields: Sendable, Codable {
        // Ordered so that no field waits for alignment (names, lists, positions, then counts and flags): 224 bytes,
        // where the declaration order took 264.
        public var name: String
        /// `Outer.Inner` for nested types, so same-named nested types stay apart.
        public var qualifiedName: String
        /// Names in the inheritance clause, generic arguments stripped (`ObservableObject`, `View`, `BaseModel`).
        public var inherited: [String]
        /// Attribute names without `@` (`Observable`, `MainActor`).
        public var attributes: [String]
        public var properties: [PropertyFact] = []
        public var methods: [MethodFact] = []
        /// Properties an initializer of this type assigns (`self.count = …`, `_count = State(initialValue: …)`),
        /// named without the underscore: tells a view that receives a state's first value from one that owns it.
        public var initializerAssignments: [String] = []
        /// Writes in an initializer to state reached through a type name (`Counter.total += 1`, `Store.shared.user = u`),
        /// which `@State` would repeat with every view value (`migrate`).
        public var initializerSharedWrites: [SourcePosition] = []
        /// Outside-world APIs the type's code reaches (`URLSession`, `FileManager`, `UserDefaults`, `ModelContext`…).
        public var externalAPIs: [String] = []
        /// Event handling, async work, styling and helper code, for the architecture rules (`BehaviorFacts.swift`).
        public var behavior = BehaviorFacts()
        /// The top of `body`'s getter when this declaration or extension defines `body` (fixes add a statement there).
        public var bodyStart: StatementInsertionPoint?
        public var position: SourcePosition
        /// Where its `deinit` is: `@State` drops the extra instances it builds, so a `deinit` runs for each (`migrate`).
        public var deinitializerPosition: SourcePosition?
        // Before the counts: the generated coder sets them through their wrapper, once every plain field is set.
        public var kind: TypeKind
        var storedObservableObjectRemoval: OffsetRange?
        /// Views and modifiers created in `body`: how much layout the type does itself.
        @Count public var bodyViewCount = 0
        @Count public var bodyModifierCount = 0
        public var isPrivate: Bool = false
        /// Declared `open`: subclasses can live in modules this run cannot see (`migrate`).
        public var isOpen = false
        /// Declared `public`: uses can live in modules this run cannot see (`migrate` reports it).
        public var isPublic = false
        /// Declares a parameter pack (`<each T>`): `@Observable` crashes the compiler on those (`migrate`).
        public var hasParameterPack = false

        /// What to delete to drop `ObservableObject` from the inheritance clause, with its colon or comma (`migrate`).
        public var observableObjectRemoval: Range<Int>? {
            get { storedObservableObjectRemoval?.range }
            set { storedObservableObjectRemoval = newValue.map(OffsetRange.init) }
        }

        public init(name: String, qualifiedName: String, kind: TypeKind, inherited: [String], attributes: [String], position: SourcePosition) {
            self.name = name
            self.qualifiedName = qualifiedName
            self.kind = kind
            self.inherited = inherited
            self.attributes = attributes
            self.position = position
        }
    }

    /// Internal, not private: `FactCoding`'s coder reads it from another file.
    var storage: SharedFields<Fields>

    public init(name: String, qualifiedName: String, kind: TypeKind, inherited: [String], attributes: [String], position: SourcePosition) {
        storage = SharedFields(Fields(name: name, qualifiedName: qualifiedName, kind: kind, inherited: inherited, attributes: attributes,
                                      position: position))
    }

    init(fields: Fields) { storage = SharedFields(fields) }

    // Each field, read from the box and changed in place in it. Plain accessors: key paths through a dynamic member
    // were not optimized away, and cost a tenth more instructions in a one-change run.
    public var name: String { get { storage.fields.name } _modify { yield &storage.unique.name } }
    public var qualifiedName: String { get { storage.fields.qualifiedName } _modify { yield &storage.unique.qualifiedName } }
    public var kind: TypeKind { get { storage.fields.kind } _modify { yield &storage.unique.kind } }
    public var inherited: [String] { get { storage.fields.inherited } _modify { yield &storage.unique.inherited } }
    public var attributes: [String] { get { storage.fields.attributes } _modify { yield &storage.unique.attributes } }
    public var position: SourcePosition { get { storage.fields.position } _modify { yield &storage.unique.position } }
    public var properties: [PropertyFact] { get { storage.fields.properties } _modify { yield &storage.unique.properties } }
    public var methods: [MethodFact] { get { storage.fields.methods } _modify { yield &storage.unique.methods } }
    public var isPrivate: Bool { get { storage.fields.isPrivate } _modify { yield &storage.unique.isPrivate } }
    public var isOpen: Bool { get { storage.fields.isOpen } _modify { yield &storage.unique.isOpen } }
    public var isPublic: Bool { get { storage.fields.isPublic } _modify { yield &storage.unique.isPublic } }
    public var initializerAssignments: [String] { get { storage.fields.initializerAssignments } _modify { yield &storage.unique.initializerAssignments } }
    public var initializerSharedWrites: [SourcePosition] { get { storage.fields.initializerSharedWrites } _modify { yield &storage.unique.initializerSharedWrites } }
    public var externalAPIs: [String] { get { storage.fields.externalAPIs } _modify { yield &storage.unique.externalAPIs } }
    public var bodyViewCount: Int { get { storage.fields.bodyViewCount } _modify { yield &storage.unique.bodyViewCount } }
    public var bodyModifierCount: Int { get { storage.fields.bodyModifierCount } _modify { yield &storage.unique.bodyModifierCount } }
    public var behavior: BehaviorFacts { get { storage.fields.behavior } _modify { yield &storage.unique.behavior } }
    public var bodyStart: StatementInsertionPoint? { get { storage.fields.bodyStart } _modify { yield &storage.unique.bodyStart } }
    public var hasParameterPack: Bool { get { storage.fields.hasParameterPack } _modify { yield &storage.unique.hasParameterPack } }
    public var observableObjectRemoval: Range<Int>? { get { storage.fields.observableObjectRemoval } _modify { yield &storage.unique.observableObjectRemoval } }
    public var deinitializerPosition: SourcePosition? { get { storage.fields.deinitializerPosition } _modify { yield &storage.unique.deinitializerPosition } }

    /// Changes several fields with one uniqueness check.
    mutating func modify<Result>(_ change: (inout Fields) -> Result) -> Result { storage.modify(change) }

    public init(from decoder: any Decoder) throws { storage = SharedFields(try Fields(from: decoder)) }

    public func encode(to encoder: any Encoder) throws { try storage.fields.encode(to: encoder) }
}

/// Shows the fields, not the box: `dump` and the cache's bytes by field (`CacheDecodingBenchmark`) see a plain struct.
extension TypeFact: CustomReflectable {
    public var customMirror: Mirror { Mirror(reflecting: storage.fields) }
}

public struct PropertyFact: Sendable, Codable {
    // Properties are the largest list of facts a run holds (18 MB of a 105 MB heap peak for fifteen apps linted
    // together): the fields are ordered so that none waits for alignment (names, lists, 32-bit positions and offsets,
    // then the flags), and the rare ones are held compactly (`SharedInstance`, `OffsetRange`): 168 bytes a property,
    // where 232 were.
    public var name: String
    /// The property wrapper, without `@` and arguments (`State`, `ObservedObject`, `Environment`).
    public var wrapper: String?
    /// The wrapper's argument text (`\.dismiss`, `UserModel.self`).
    public var wrapperArgument: String?
    /// The declared type as written (`[User]`, `UserModel?`, `some View`).
    public var typeName: String?
    /// When initialised with `Name(…)`, that name (lets an untyped `= UserModel()` name its type).
    public var initializerCallee: String?
    /// Other attributes (`ObservationIgnored`, `MainActor`).
    public var attributes: [String]
    /// `= ThemeManager.shared`, `= Store.default`: the initializer reads a static member of a type, usually its
    /// shared instance (the index decides: `ProjectIndex.heldType(of:in:path:)`).
    public var initializerInstance: SharedInstance?
    public var position: SourcePosition
    /// Where the wrapper attribute is written (`@State`): findings about the wrapper point there.
    public var wrapperPosition: SourcePosition?
    /// Offsets of the declaration's parts, for fixes (`private`, `@Bindable`).
    public var layout: DeclarationLayout?
    var storedWrapperDeletion: OffsetRange?
    public var isLet: Bool
    public var isStatic: Bool
    public var isComputed: Bool
    /// `private` or `fileprivate` (for reading; `private(set)` is recorded in `hasPrivateSetter`).
    public var isPrivate: Bool
    public var hasPrivateSetter: Bool
    public var hasInitializer: Bool
    public var isLazy = false
    /// Has `willSet` or `didSet` observers (`migrate` reports them).
    public var hasObservers = false
    /// Declared `override`: observers on an inherited property, which `@Observable` cannot track (`migrate`).
    public var isOverride = false

    /// What deleting the wrapper attribute removes (`migrate`): its whole line when it stands alone there, else
    /// the attribute and the spaces after it.
    public var wrapperDeletion: Range<Int>? {
        get { storedWrapperDeletion?.range }
        set { storedWrapperDeletion = newValue.map(OffsetRange.init) }
    }

    public init(name: String, wrapper: String? = nil, wrapperArgument: String? = nil, attributes: [String] = [],
                isLet: Bool, isStatic: Bool = false, isComputed: Bool = false, isPrivate: Bool = false,
                hasPrivateSetter: Bool = false, typeName: String? = nil, initializerCallee: String? = nil,
                hasInitializer: Bool = false, position: SourcePosition, wrapperPosition: SourcePosition? = nil,
                layout: DeclarationLayout? = nil, isLazy: Bool = false, isOverride: Bool = false,
                hasObservers: Bool = false, wrapperDeletion: Range<Int>? = nil, initializerInstance: SharedInstance? = nil) {
        self.name = name
        self.wrapper = wrapper
        self.wrapperArgument = wrapperArgument
        self.attributes = attributes
        self.isLet = isLet
        self.isStatic = isStatic
        self.isComputed = isComputed
        self.isPrivate = isPrivate
        self.hasPrivateSetter = hasPrivateSetter
        self.typeName = typeName
        self.initializerCallee = initializerCallee
        self.hasInitializer = hasInitializer
        self.position = position
        self.wrapperPosition = wrapperPosition
        self.layout = layout
        self.isLazy = isLazy
        self.isOverride = isOverride
        self.hasObservers = hasObservers
        storedWrapperDeletion = wrapperDeletion.map(OffsetRange.init)
        self.initializerInstance = initializerInstance
    }

    /// A static member read as a value: `ThemeManager.shared`. Rare, so its two names are held in a box of their own
    /// (8 bytes in every property, where the names took 32).
    public struct SharedInstance: Sendable, Codable, Equatable {
        final class Names: Sendable {
            let typeName: String
            let member: String
            init(typeName: String, member: String) { (self.typeName, self.member) = (typeName, member) }
        }

        let names: Names
        public var typeName: String { names.typeName }
        public var member: String { names.member }

        public init(typeName: String, member: String) { names = Names(typeName: typeName, member: member) }

        /// Names that by convention hold a type's one shared instance.
        static let conventionalNames: Set<String> = ["shared", "default", "instance", "standard", "current", "main", "sharedInstance"]

        public static func == (lhs: SharedInstance, rhs: SharedInstance) -> Bool {
            lhs.typeName == rhs.typeName && lhs.member == rhs.member
        }
    }

    /// The type this property holds, best effort: the annotation without optionality, else the initializer's callee.
    public var heldTypeName: String? {
        Self.heldTypeName(wrapper: wrapper, wrapperArgument: wrapperArgument, typeName: typeName, initializerCallee: initializerCallee)
    }

    /// `heldTypeName` of the property these parts would make, asked before it is made (`FileWalker`).
    static func heldTypeName(wrapper: String?, wrapperArgument: String?, typeName: String?, initializerCallee: String?) -> String? {
        if let wrapperArgument, wrapper == "Environment", wrapperArgument.hasSuffix(".self") {
            return String(wrapperArgument.dropLast(5))
        }
        if let typeName {
            var name = typeName
            while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
            return name
        }
        return initializerCallee
    }
}

public struct MethodFact: Sendable, Codable {
    public var name: String
    public var isInitializer: Bool
    public var isAsync: Bool
    public var isStatic: Bool
    /// Returns `some View`, or is marked `@ViewBuilder`.
    public var buildsView: Bool
    public var position: SourcePosition
    /// `private` or `fileprivate`: a private `init` keeps a class to the instances it makes itself (a singleton).
    public var isPrivate = false

    public init(name: String, isInitializer: Bool, isAsync: Bool, isStatic: Bool, buildsView: Bool, position: SourcePosition) {
        self.name = name
        self.isInitializer = isInitializer
        self.isAsync = isAsync
        self.isStatic = isStatic
        self.buildsView = buildsView
        self.position = position
    }
}

public struct ConstructionFact: Sendable, Codable {
    public var typeName: String
    public var labels: [String]
    /// The type whose code contains the call (nil at file scope).
    public var enclosingType: String?
    public var position: SourcePosition
    /// Made by an initializer, closures in it included: `Task { … }` there runs with every instance (`migrate`).
    public var isInInitializer = false
}

public struct BindingProjectionFact: Sendable, Codable {
    /// `model` in `$model.name`.
    public var base: String
    /// `name` in `$model.name`.
    public var member: String
    public var enclosingType: String?
    /// A local `@Bindable var model = model` is in scope, so the projection is fine.
    public var hasLocalBindable: Bool
    public var position: SourcePosition
    /// Written inside the type's `body`, where a local declared atop `body` is in scope.
    public var isInBody: Bool = false
    /// The first statement of the enclosing `body` or `@ViewBuilder` member, where `@Bindable var model = model`
    /// can go (`migrate`); nil in other members, where a declaration would need an explicit `return`.
    public var viewMemberStart: StatementInsertionPoint?
}

/// `_name = …` in an initializer: a property wrapper set directly (`migrate`).
public struct WrapperAssignmentFact: Sendable, Codable {
    /// `name`, without the underscore.
    public var property: String
    /// `Wrapper` when the value is `Wrapper(label: value)`; nil for any other value.
    public var wrapper: String?
    public var label: String?
    /// The value's type when it is constructed in place: `Player` in `StateObject(wrappedValue: Player(track: t))`.
    public var constructedType: String?
    public var enclosingType: String?
    /// The assigned value's position, as its `ConstructionFact` records it.
    public var position: SourcePosition
    /// `_name`; from the wrapper's name to the value; from after the value to the call's end: what a rewrite replaces.
    var target: Range<Int>
    var head: Range<Int> = 0..<0
    var tail: Range<Int> = 0..<0

    init(property: String, enclosingType: String?, position: SourcePosition, target: Range<Int>) {
        self.property = property
        self.enclosingType = enclosingType
        self.position = position
        self.target = target
    }
}

/// `_name` or `self._name`, as an assignment target or read (`_observable.update()`, `_model.projectedValue`).
public struct StorageReferenceFact: Sendable, Codable {
    /// `name`, without the underscore.
    public var property: String
    /// What is read from it: `update` in `_observable.update()`; nil when it is used whole.
    public var member: String?
    public var enclosingType: String?
    public var position: SourcePosition
}

public struct MemberCallFact: Sendable, Codable {
    /// `model` in `model.load()` and `self.model.load()`; `Store.shared` in `Store.shared.save()`.
    public var receiver: String
    public var method: String
    public var enclosingType: String?
    /// The call is awaited (`await model.load()`).
    public var isAwaited: Bool
    /// Where the call sits: in a view's body, an event handler (`.task`, `Button` action), an init, a method.
    public var context: CallContext
    public var position: SourcePosition
}

public enum CallContext: String, Sendable, Codable {
    case viewBuilding, eventHandler, initializer, method, other
}

public struct InjectionFact: Sendable, Codable {
    /// `environment` or `environmentObject`.
    public var modifier: String
    /// The injected value: a property or variable name, or `TypeName()` when constructed in place.
    public var value: String
    /// Set when the value is constructed in place.
    public var constructedType: String?
    public var enclosingType: String?
    public var position: SourcePosition
    /// The value is a construction or a chain of names (`model`, `appState.cache`); otherwise `value` is the
    /// expression as written (`makeCache()`, `items[0]`), whose type the walk cannot tell.
    public var isNamePath = false
    /// The declared type of the chain's first name when it is a parameter of the enclosing function or init.
    public var rootParameterType: String?
}

/// `$count`, `model.$count`, `$model.name`, `objectWillChange`, `model.objectWillChange`, as written.
public struct PublisherReferenceFact: Sendable, Codable {
    public enum Kind: Sendable, Codable, Equatable {
        /// `$name`; `member` is what follows it (`sink` in `$count.sink`, `name` in `$model.name`).
        case projection(name: String, member: String?)
        case objectWillChange
    }

    public var kind: Kind
    /// What the reference is read from: `model` in `model.$count`; nil when written bare or after `self.`.
    public var receiver: String?
    /// True when the receiver is an expression the walk cannot name (`makeModel().$count`).
    public var hasUnnamedReceiver: Bool
    public var enclosingType: String?
    public var position: SourcePosition
}
