/// Observable state of a view model that anyone may set, although no view binds to it.
///
/// A project rule: whether a property is bound (`$viewModel.query`, through `@Bindable` or an
/// `ObservableObject` wrapper) is decided by the views, in other files.
enum ViewModelPublicSetterRule: ProjectRule {
    static let description = RuleDescription(
        id: "viewmodel-public-setter", family: .observation, severity: .warning, profiles: .only([.mvvm, .mvvmIO]),
        summary: "A view model's observable state has a public setter although only the view model sets it and no view binds to it.",
        rationale: "A view model exists to own its screen's state transitions. When `items` or `isLoading` can be assigned from anywhere, the rules for changing them (validation, analytics, keeping flags consistent) can be bypassed by any code that holds the object. Only properties the view model alone sets are reported: one that a view binds to (`$viewModel.query`), or that other code assigns — a view controller (`viewModel.isMuted = true`), a `Binding(get:set:)`, a key path writer (`.assign(to: \\.count, on: viewModel)`, `&viewModel.$count`), an extension in another file, a protocol's `{ get set }` requirement — needs its setter, and `private(set)` would not compile. Properties nothing assigns after `init` are constants, not state, and are left alone too (declare them `let`).",
        instead: "Declare the property `private(set) var` and change it through a method of the view model (`func add(_ item:)`).",
        triggering: [
            Example("""
            final class UsersViewModel: ObservableObject {
                ↓@Published var users: [User] = []
                @Published var query = ""
                func load() async { users = await UserService().users(matching: query) }
            }
            struct UsersView: View {
                @StateObject private var viewModel = UsersViewModel()
                var body: some View {
                    List(viewModel.users) { Text($0.name) }
                        .searchable(text: $viewModel.query)
                }
            }
            """),
            Example("""
            @Observable final class CounterViewModel {
                var ↓count = 0
                private(set) var history: [Int] = []
                func increment() { count += 1; history.append(count) }
            }
            """),
            // Set only by the view model's own code (a callback, a mutating call), read by the view.
            Example("""
            @MainActor @Observable final class CheckoutViewModel {
                var ↓lines: [String] = []
                var ↓isPaid = false
                func add(_ line: String) { lines.append(line) }
                func pay(with client: PaymentClient) {
                    client.charge { [weak self] in self?.isPaid = true }
                }
            }
            struct CheckoutView: View {
                @State private var viewModel = CheckoutViewModel()
                var body: some View {
                    Text(viewModel.isPaid ? "Paid" : "\\(viewModel.lines.count) items")
                }
            }
            """),
        ],
        nonTriggering: [
            // Bound through `@Bindable` in one view, through a local `@Bindable` in another.
            Example("""
            @Observable final class ComposerViewModel {
                var draft = ""
                var isSensitive = false
                private(set) var isSending = false
            }
            struct ComposerField: View {
                @Bindable var viewModel: ComposerViewModel
                var body: some View { TextField("Message", text: $viewModel.draft) }
            }
            struct ComposerOptions: View {
                @Environment(ComposerViewModel.self) private var viewModel
                var body: some View {
                    @Bindable var viewModel = viewModel
                    Toggle("Sensitive", isOn: $viewModel.isSensitive)
                }
            }
            """),
            // Not observable state: ignored by Observation, not `@Published`, a dependency, or a callback.
            Example("""
            @Observable final class PlayerViewModel {
                @ObservationIgnored var lastSeek: Date?
                var service: PlaybackService
                var onFinish: (() -> Void)?
                var player: AVPlayer?
                let trackID: Int
                init(service: PlaybackService, trackID: Int) {
                    self.service = service
                    self.trackID = trackID
                }
            }
            final class PlaybackService {}
            final class LegacyPlayerViewModel: ObservableObject {
                var retryCount = 0
            }
            """),
            // Set from outside the class: by a UIKit controller, a `Binding(get:set:)`, a key path writer, an
            // `inout` projection. `private(set)` would not compile.
            Example("""
            final class PlayerViewModel: ObservableObject {
                @Published var isMuted = false
                @Published var volume = 0.5
                @Published var title = ""
                @Published var progress = 0.0
                func reset() { isMuted = false; volume = 0.5; title = ""; progress = 0 }
            }
            final class PlayerViewController: UIViewController {
                let viewModel = PlayerViewModel()
                let position = PassthroughSubject<Double, Never>()
                let titles = PassthroughSubject<String, Never>()
                func muteTapped() { viewModel.isMuted.toggle() }
                func bind() {
                    position.assign(to: \\.progress, on: viewModel).store(in: &bag)
                    titles.assign(to: &viewModel.$title)
                }
            }
            struct PlayerScreen: View {
                @StateObject private var model = PlayerViewModel()
                var body: some View {
                    Text(model.title)
                    Slider(value: Binding(get: { model.volume }, set: { model.volume = $0 }))
                }
            }
            """),
            // A protocol requirement (`{ get set }`) that the protocol's extension sets.
            Example("""
            protocol Stateful: AnyObject {
                associatedtype State
                var state: State { get set }
                func respond(to action: String) -> State
            }
            extension Stateful {
                func send(_ action: String) { state = respond(to: action) }
            }
            @Observable final class UsersViewModel: Stateful {
                var state = 0
                func respond(to action: String) -> Int { state + 1 }
                func reset() { state = 0 }
            }
            struct UsersView: View {
                @State private var viewModel = UsersViewModel()
                var body: some View { Text("\\(viewModel.state)") }
            }
            """),
            // Assigned by a view: the setter is in use.
            Example("""
            @MainActor @Observable final class ComposeViewModel {
                var isSensitive = false
                func reset() { isSensitive = false }
            }
            struct ComposeToolbar: View {
                let viewModel: ComposeViewModel
                var body: some View {
                    Button("Sensitive") { viewModel.isSensitive = true }
                }
            }
            """),
            // Never assigned after `init`: a constant to declare `let`, not state whose setter to restrict.
            Example("""
            @Observable final class AboutViewModel {
                var version = "1.0"
                var build: Int
                init(build: Int) { self.build = build }
            }
            struct AboutView: View {
                @State private var viewModel = AboutViewModel(build: 42)
                var body: some View { Text("\\(viewModel.version) (\\(viewModel.build))") }
            }
            """),
            // A model that is not a view model (several screens share it) is out of scope.
            Example("""
            @Observable final class Library {
                var books: [Book] = []
            }
            struct Shelf: View {
                @Environment(Library.self) private var library
                var body: some View { Text("\\(library.books.count)") }
            }
            struct Reader: View {
                @Environment(Library.self) private var library
                var body: some View { Text("\\(library.books.first?.title ?? "")") }
            }
            """),
        ]
    )

    struct Gathered: Codable, KeptGathered {
        /// Each screen view model's properties that anything may set, by the class's id (classes with none left out).
        var settable: [String: Settable] = [:]
        /// The properties views bind (`$viewModel.name`).
        var bound: Set<PropertyKey> = []
        /// The writes of every property named like a candidate, by name.
        var writes: [String: [Write]] = [:]

        func movingPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> Gathered? {
            var moved = self
            for (id, model) in settable where model.path == path {
                for place in model.properties.indices {
                    guard let position = move(model.properties[place].position) else { return nil }
                    moved.settable[id]!.properties[place].position = position
                }
            }
            for (name, writes) in writes {
                for place in writes.indices where writes[place].path == path {
                    guard let line = moveLine(writes[place].line) else { return nil }
                    moved.writes[name]![place].line = line
                }
            }
            return moved
        }
    }

    /// A view model's properties that anything may set, with the file the class is declared in, where they are reported.
    struct Settable: Codable {
        var path: String
        var properties: [SettableProperty]
    }

    struct SettableProperty: Codable {
        var name: String
        /// Where a finding about it goes (`PropertyFact.reportPosition`).
        var position: SourcePosition
    }

    /// What the classes alone tell first: every write and binding of the project is read, only for the names of these.
    static func gather(_ project: ProjectContext, options: RuleOptions) -> Gathered {
        var settable: [String: Settable] = [:]
        for model in project.observableClasses {
            let properties = settableProperties(of: model, project: project)
            if !properties.isEmpty {
                settable[model.id] = Settable(path: model.path, properties: properties.map { SettableProperty(name: $0.name, position: $0.reportPosition) })
            }
        }
        let names = Set(settable.values.flatMap(\.properties).map(\.name)).union(project.settablePropertyNames ?? [])
        guard !names.isEmpty else { return Gathered() }
        return Gathered(settable: settable, bound: boundProperties(project), writes: memberWrites(project, named: names))
    }

    /// A screen view model's tracked properties that anything may set, and that no protocol it adopts requires settable
    /// (a protocol's `var state: State { get set }`, and the extension code that sets it, needs the setter).
    private static func settableProperties(of model: ObservableClass, project: ProjectContext) -> [PropertyFact] {
        guard model.isViewModel && model.isScreenModel else { return [] }
        let required = protocolRequirements(of: model.id, index: project.index)
        return model.trackedProperties.filter { property in
            !property.isPrivate && !property.hasPrivateSetter && !required.contains(property.name)
                && isValueState(property, of: model, index: project.index)
        }
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Gathered, options: RuleOptions, report: inout [ProjectFinding]) {
        let (bound, writes) = (gathered.bound, gathered.writes)
        for model in project.observableClasses(touching: file) where model.path == file.path {
            for property in gathered.settable[model.id]?.properties ?? [] {
                // The writes and bindings of every file that names the property.
                ReadRecorder.noteMember(property.name)
                guard !bound.contains(PropertyKey(type: model.id, name: property.name)),
                      !bound.contains(PropertyKey(type: nil, name: property.name)) else { continue }
                let written = (writes[property.name] ?? []).filter { $0.type.map { isSameOrSubclass($0, of: model.id, index: project.index) } ?? true }
                // Set outside the class, `private(set)` would not compile; set nowhere but in `init`, it is a
                // constant, not state whose changes a method should own.
                guard written.contains(where: { !$0.isInInitializer }),
                      !written.contains(where: { isOutside($0, of: model, index: project.index) }) else { continue }
                report.append(ProjectFinding(path: model.path, position: property.position, message: "`\(property.name)` of `\(model.name)` can be assigned from anywhere, but only the view model itself sets it and no view binds to it: declare it `private(set) var` and change it through a method of the view model"))
            }
        }
    }

    /// Properties the protocols a class adopts (its own, its base classes', theirs) declare.
    static func protocolRequirements(of id: String, index: ProjectIndex) -> Set<String> {
        var names = Set<String>()
        var pending = [id]
        var visited = Set<String>()
        while let current = pending.popLast() {
            guard visited.insert(current).inserted, let entry = index.entry(current) else { continue }
            if entry.kind == .protocol { names.formUnion(entry.properties.filter { !$0.isStatic }.map(\.name)) }
            pending += entry.inheritedIDs
        }
        return names
    }

    /// A property of a type: `type` is nil when the code does not tell which type (a local variable, a closure
    /// parameter), which then stands for every property of that name.
    struct PropertyKey: Hashable, Codable, Comparable {
        var type: String?
        var name: String

        static func < (lhs: PropertyKey, rhs: PropertyKey) -> Bool { (lhs.type ?? "", lhs.name) < (rhs.type ?? "", rhs.name) }
    }

    static func boundProperties(_ project: ProjectContext) -> Set<PropertyKey> {
        var bound = Set<PropertyKey>()
        for fileIndex in project.files.indices {
            let path = project.files[fileIndex].path
            var scope = project.index.scope(of: path)
            for projection in project.files[fileIndex].bindingProjections {
                let holder = scope.id(ofEnclosing: projection.enclosingType)
                let held = holder.flatMap { Architecture.heldType(of: projection.base, in: $0, index: project.index) }
                bound.insert(PropertyKey(type: held, name: projection.member))
            }
        }
        return bound
    }

    /// One write of a property, with where the writing code is.
    struct Write: Codable {
        var type: String?
        var path: String
        var enclosingType: String?
        var line = 0
        var isInInitializer = false
    }

    /// Every write of a property named in `wanted`, anywhere in the project (`a.b.c = …` writes `c`, and `b` of
    /// `a`, which may be a value; the chain is followed through members not wanted), by name, with the type it
    /// belongs to where the writing code tells it. Writes into types the project does not declare
    /// (`titleLabel.text = …`) are left out: they cannot be a view model's.
    static func memberWrites(_ project: ProjectContext, named wanted: Set<String>) -> [String: [Write]] {
        var writes: [String: [Write]] = [:]
        let index = project.index
        for fileIndex in project.files.indices {
            let path = project.files[fileIndex].path
            var scope = index.scope(of: path)
            for write in project.files[fileIndex].memberWrites where mayWrite(write, anyOf: wanted) {
                let enclosing = scope.id(ofEnclosing: write.enclosingType)
                // A bare write in code of no known type is a local variable's.
                if write.receiver.isEmpty, enclosing == nil { continue }
                var names = write.receiver + [write.member]
                var owner: Owner = enclosing.map(Owner.project) ?? .unknown
                switch write.root {
                case .type(let type)?:
                    owner = index.resolve(type, from: enclosing, in: path).map(Owner.project) ?? .external
                    names.removeFirst()
                case .alias(let chain)?:
                    names = chain + names.dropFirst()
                case .unknownLocal?:
                    owner = .unknown
                    names.removeFirst()
                case nil:
                    break
                }
                var isTypeName = false
                if write.root == nil, let first = write.receiver.first {
                    // A capitalised root is a type (`Store.shared.items`), any other a member of the enclosing type.
                    if SyntaxText.isCapitalized(first), let type = index.resolve(first, from: enclosing, in: path) {
                        owner = .project(type)
                        isTypeName = true
                        names.removeFirst()
                    }
                }
                for name in names {
                    switch owner {
                    case .external:
                        break
                    case .project(let id):
                        if !isTypeName, wanted.contains(name) { writes[name, default: []].append(Write(type: id, path: path, enclosingType: write.enclosingType, line: write.position.line, isInInitializer: write.isInInitializer)) }
                        owner = heldType(of: name, in: id, isStatic: isTypeName, index: index)
                    case .unknown where wanted.contains(name):
                        writes[name, default: []].append(Write(type: nil, path: path, enclosingType: write.enclosingType, line: write.position.line, isInInitializer: write.isInInitializer))
                    case .unknown:
                        break
                    }
                    isTypeName = false
                }
            }
        }
        return writes
    }

    /// False when no name of the write's chain (receiver, member, or the chain an alias stands for) is wanted: such
    /// a write records nothing, and most writes are of other properties, so none of their names is resolved.
    private static func mayWrite(_ write: MemberWriteFact, anyOf wanted: Set<String>) -> Bool {
        if wanted.contains(write.member) || write.receiver.contains(where: wanted.contains) { return true }
        if case .alias(let chain)? = write.root { return chain.contains(where: wanted.contains) }
        return false
    }

    /// The type a name of a written chain belongs to.
    enum Owner {
        case project(String)
        /// A type the project does not declare (`UILabel`): none of its members is a view model's.
        case external
        case unknown
    }

    /// What `owner.name` (or `Owner.name` for a static member) holds: `Store.shared` holds a `Store`; a property
    /// typed with a framework class holds an external type; a name the type does not declare, an unknown one.
    static func heldType(of name: String, in owner: String, isStatic: Bool, index: ProjectIndex) -> Owner {
        guard let entry = index.entry(owner),
              let property = entry.properties.first(where: { $0.name == name && $0.isStatic == isStatic }) else {
            return isStatic && PropertyFact.SharedInstance.conventionalNames.contains(name) ? .project(owner) : .unknown
        }
        let path = entry.declarationPath ?? ""
        if let id = index.heldType(of: property, in: owner, path: path) { return .project(id) }
        return index.heldTypeOrWrittenName(of: property, in: owner, path: path) == nil ? .unknown : .external
    }

    /// `private(set)` lets the class's declaration, its nested types and its extensions in the same file set the
    /// property; any other code is outside.
    static func isOutside(_ write: Write, of model: ObservableClass, index: ProjectIndex) -> Bool {
        guard write.path == model.path, let enclosing = write.enclosingType else { return true }
        let qualified = model.entry.qualifiedName
        return !(enclosing == qualified || enclosing.hasPrefix(qualified + "."))
    }

    static func isSameOrSubclass(_ id: String, of ancestor: String, index: ProjectIndex) -> Bool {
        var current: String? = id
        var visited = Set<String>()
        while let candidate = current, visited.insert(candidate).inserted {
            if candidate == ancestor { return true }
            current = index.entry(candidate)?.inheritedIDs.first { index.kind(of: $0) == .class }
        }
        return false
    }

    /// Types whose values are plain data, when the project does not declare them itself.
    static let standardValueTypes: Set<String> = [
        "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "CGFloat", "Decimal", "String", "Character", "Substring", "Date", "DateComponents", "URL", "UUID",
        "Data", "TimeInterval", "CGPoint", "CGSize", "CGRect", "Set", "Array", "Dictionary", "AttributedString",
    ]

    /// State is a value: a standard value type, a collection, or a struct or enum of the project. References to
    /// classes, protocols or actors are dependencies, closures are callbacks, and unknown framework types
    /// (`AVPlayer`, a class; `Locale`, a value) are left alone because we cannot tell.
    static func isValueState(_ property: PropertyFact, of model: ObservableClass, index: ProjectIndex) -> Bool {
        guard let held = property.heldTypeName.map(Architecture.bareTypeName) else { return true }
        if held.contains("->") { return false }
        if held.hasPrefix("[") { return true }
        if let id = index.resolve(held, from: model.id, in: model.path) {
            guard let kind = index.entry(id)?.kind else { return false }
            return kind == .struct || kind == .enum
        }
        return standardValueTypes.contains(held)
    }
}

/// By hand: the line is a place, which a shape leaves out (`FactWriter.writeLineOnly`).
extension ViewModelPublicSetterRule.Write: BinaryCodable {
    init(from reader: inout FactReader) throws {
        self.init(type: try reader.read(), path: try reader.read(), enclosingType: try reader.read(), line: try reader.readLineOnly(),
                  isInInitializer: try reader.read())
    }

    func write(to writer: inout FactWriter) {
        writer.write(type)
        writer.write(path)
        writer.write(enclosingType)
        writer.writeLineOnly(line)
        writer.write(isInInitializer)
    }
}
