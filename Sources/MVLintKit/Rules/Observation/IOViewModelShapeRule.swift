/// The inputs/outputs view-model shape of the `mvvm-io` profile, and views that bypass it.
///
/// A project rule: the `…ViewModelType` protocol, the class and the views that hold it are usually in
/// different files. The walker records `viewModel.member` accesses on view-model properties.
enum IOViewModelShapeRule: ProjectRule {
    static let description = RuleDescription(
        id: "io-viewmodel-shape", family: .observation, severity: .warning, profiles: .only([.mvvmIO]),
        summary: "A `*ViewModel` without the `inputs`/`outputs` split, a view reaching past it, or a view holding the concrete class instead of the `…Type` protocol.",
        rationale: "The inputs/outputs shape makes a view model's contract explicit: a view can only send the events listed in `inputs` and read the values listed in `outputs`, so nothing else can be changed from outside and the compiler checks that the class keeps its promise. A view that holds the concrete class, or reads and calls members directly, gets the old unrestricted access back.",
        instead: "Declare `protocol FeatureViewModelType { var inputs: FeatureViewModelInputs { get }; var outputs: FeatureViewModelOutputs { get } }` with the two protocols, conform the class to all three (`var inputs: FeatureViewModelInputs { self }`), hold it in the view as `FeatureViewModelType`, and write `viewModel.outputs.count` and `viewModel.inputs.increment()`.",
        triggering: [
            Example("""
            ↓@Observable final class CounterViewModel {
                private(set) var count = 0
                func increment() { count += 1 }
            }
            """),
            Example("""
            protocol TimerViewModelInputs { func start() }
            protocol TimerViewModelOutputs { var elapsed: Int { get } }
            protocol TimerViewModelType {
                var inputs: TimerViewModelInputs { get }
                var outputs: TimerViewModelOutputs { get }
            }
            @Observable final class TimerViewModel: TimerViewModelType, TimerViewModelInputs, TimerViewModelOutputs {
                var inputs: TimerViewModelInputs { self }
                var outputs: TimerViewModelOutputs { self }
                private(set) var elapsed = 0
                func start() {}
            }
            struct TimerView: View {
                ↓@State private var viewModel = TimerViewModel()
                var body: some View {
                    Text("\\(↓viewModel.elapsed)")
                    Button("Start") { ↓viewModel.start() }
                }
            }
            """),
            // Held through the protocol, but still reading a member the protocol does not route through `outputs`.
            Example("""
            protocol SearchViewModelInputs { func search(_ text: String) }
            protocol SearchViewModelOutputs { var results: [String] { get } }
            protocol SearchViewModelType: AnyObject {
                var inputs: SearchViewModelInputs { get }
                var outputs: SearchViewModelOutputs { get }
                var title: String { get }
            }
            struct SearchView: View {
                let viewModel: SearchViewModelType
                var body: some View {
                    List(viewModel.outputs.results, id: \\.self) { Text($0) }
                        .navigationTitle(↓viewModel.title)
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            protocol CounterViewModelInputs { func increment() }
            protocol CounterViewModelOutputs { var count: Int { get } }
            protocol CounterViewModelType {
                var inputs: CounterViewModelInputs { get }
                var outputs: CounterViewModelOutputs { get }
            }
            @Observable final class CounterViewModel: CounterViewModelType, CounterViewModelInputs, CounterViewModelOutputs {
                @ObservationIgnored var inputs: CounterViewModelInputs { self }
                @ObservationIgnored var outputs: CounterViewModelOutputs { self }
                private(set) var count = 0
                func increment() { count += 1 }
            }
            struct CounterView: View {
                @State private var viewModel: CounterViewModelType
                init() { _viewModel = State(initialValue: CounterViewModel()) }
                var body: some View {
                    Text("\\(viewModel.outputs.count)")
                    Button("Add") { viewModel.inputs.increment() }
                }
            }
            """),
            // Models and stores are not view models; a row's view model here is a plain value.
            Example("""
            @Observable final class CartStore {
                var items: [Item] = []
            }
            struct RowViewModel {
                var title: String
            }
            struct Row: View {
                let viewModel: RowViewModel
                var body: some View { Text(viewModel.title) }
            }
            """),
            // A view model this project does not declare (it comes from a package not linted here) cannot be judged.
            Example("""
            struct LegacyView: View {
                @StateObject private var viewModel = LegacyViewModel()
                var body: some View { Text(viewModel.title) }
            }
            """),
        ]
    )

    static let contract: Set<String> = ["inputs", "outputs"]

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        let index = project.index
        for entry in project.types(declaredIn: file) {
            guard entry.name.hasSuffix("ViewModel"), let declaration = entry.declaration, declaration.kind == .class,
                  let path = entry.declarationPath, shapeProtocol(of: entry.id, index: index, visiting: []) == nil else { continue }
            report.append(ProjectFinding(path: path, position: declaration.position, message: "`\(index.displayName(entry.id))` has no `inputs`/`outputs` split, so views can read and change everything on it: declare `\(entry.name)Type` with `inputs` and `outputs` protocols, conform the class to them, and let views hold the `…Type`"))
        }

        var scope = index.scope(of: file.path)
        for type in file.facts.types {
            guard let view = scope.id(ofEnclosing: type.qualifiedName), index.isView(view) else { continue }
            for property in type.properties where !property.isStatic && !property.isComputed {
                guard let held = index.heldType(of: property, in: view, path: file.path), index.entry(held)?.kind == .class,
                      let contract = shapeProtocol(of: held, index: index, visiting: []) else { continue }
                report.append(ProjectFinding(path: file.path, position: property.reportPosition, message: "`\(property.name)` holds the concrete `\(index.displayName(held))`, so this view can reach past its inputs and outputs: declare it as `\(index.displayName(contract))`"))
            }
        }
        for site in file.facts.modelSites {
            guard case .viewModelMemberAccess(let property, let member, let isCall) = site.kind, !contract.contains(member),
                  let view = scope.id(ofEnclosing: site.enclosingType), index.isView(view),
                  let held = Architecture.heldType(of: property, in: view, index: index),
                  shapeProtocol(of: held, index: index, visiting: []) != nil else { continue }
            let message = isCall
                ? "`\(property).\(member)()` calls the view model directly instead of through its inputs: declare `\(member)` in the inputs protocol and call `\(property).inputs.\(member)()`"
                : "`\(property).\(member)` reads the view model directly instead of through its outputs: declare `\(member)` in the outputs protocol and read `\(property).outputs.\(member)`"
            report.append(ProjectFinding(path: file.path, position: site.position, message: message))
        }
    }

    /// The protocol declaring both `inputs` and `outputs` that the type is or adopts (through protocols and base classes).
    static func shapeProtocol(of id: String, index: ProjectIndex, visiting: Set<String>) -> String? {
        guard !visiting.contains(id), let entry = index.entry(id) else { return nil }
        if entry.kind == .protocol, contract.isSubset(of: Set(entry.properties.map(\.name))) { return id }
        for parent in entry.inheritedIDs.sorted() {
            if let found = shapeProtocol(of: parent, index: index, visiting: visiting.union([id])) { return found }
        }
        return nil
    }
}
