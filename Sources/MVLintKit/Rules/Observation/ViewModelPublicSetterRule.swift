/// Observable state of a view model that anyone may set, although no view binds to it.
///
/// A project rule: whether a property is bound (`$viewModel.query`, through `@Bindable` or an
/// `ObservableObject` wrapper) is decided by the views, in other files.
enum ViewModelPublicSetterRule: ProjectRule {
    static let description = RuleDescription(
        id: "viewmodel-public-setter", family: .observation, severity: .advice, profiles: .optIn,
        summary: "A view model's observable state has a public setter although no view binds to it.",
        rationale: "A view model exists to own its screen's state transitions. When `items` or `isLoading` can be assigned from any view, the rules for changing them (validation, analytics, keeping flags consistent) are bypassed and a bug can come from anywhere that holds the object.",
        instead: "Declare the property `private(set) var` and change it through a method of the view model (`func add(_ item:)`). Properties that a view binds to (`$viewModel.query`) keep their setter.",
        triggering: [
            Example("""
            final class UsersViewModel: ObservableObject {
                ↓@Published var users: [User] = []
                @Published var query = ""
                func load() async {}
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
            // Assigned from a view instead of going through a method: exactly what the setter allows.
            Example("""
            @MainActor @Observable final class CheckoutViewModel {
                var ↓total: Decimal = 0
                var ↓isPaid = false
            }
            struct CheckoutView: View {
                @State private var viewModel = CheckoutViewModel()
                var body: some View {
                    Button("Pay") { viewModel.isPaid = true }
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

    static func check(_ project: ProjectContext, options: RuleOptions, report: inout [ProjectFinding]) {
        let bound = boundProperties(project)
        for model in project.observableClasses where model.isViewModel && model.isScreenModel {
            for property in model.trackedProperties where !property.isPrivate && !property.hasPrivateSetter {
                guard !bound.contains(BoundProperty(type: model.id, name: property.name)),
                      !bound.contains(BoundProperty(type: nil, name: property.name)),
                      isValueState(property, of: model, index: project.index) else { continue }
                report.append(ProjectFinding(path: model.path, position: property.reportPosition, message: "`\(property.name)` of `\(model.name)` can be assigned from anywhere, and no view binds to it: declare it `private(set) var` and change it through a method of the view model"))
            }
        }
    }

    /// A property bound somewhere: `type` is the class the binding's base holds, nil when it cannot be told
    /// (a local variable), which then protects every property of that name.
    struct BoundProperty: Hashable {
        var type: String?
        var name: String
    }

    static func boundProperties(_ project: ProjectContext) -> Set<BoundProperty> {
        var bound = Set<BoundProperty>()
        for file in project.files {
            for projection in file.bindingProjections {
                let holder = project.index.id(ofEnclosing: projection.enclosingType, in: file.path)
                let held = holder.flatMap { Architecture.heldType(of: projection.base, in: $0, index: project.index) }
                bound.insert(BoundProperty(type: held, name: projection.member))
            }
        }
        return bound
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
