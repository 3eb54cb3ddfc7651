/// One view that manages state, handles events, runs async work, calls models and draws, all at once.
enum FatViewRule: ProjectRule {
    static let description = RuleDescription(
        id: "fat-view", family: .architecture, severity: .advice, profiles: .optIn,
        summary: "A View that carries state management, event handling, async work and drawing at once (a score over `@State`s, actions, `Task`s and `catch`es, model calls and the views it builds).",
        rationale: "Such a view is a view model and a layout in one type: its logic cannot be tested without rendering it, its layout cannot be previewed without its models and network, and every change risks both. The score counts `@State`/`@StateObject` properties, event closures, `Task {}`/`.task`/`catch` sites, calls to models or services outside `body`, and one point per four views its view-building code creates; a view backed by a view model already has its logic elsewhere; any other view is reported when it has at least two `@State` values (not counting owned models), an event handler, async work and at least five views of its own, and the score exceeds the threshold.",
        instead: "Split it: a container view keeps the state, the event handlers and the model calls, and passes values and closures to a Presentation view that only draws; long async flows move into the model.",
        triggering: [
            Example("""
            ↓struct UserListView: View {
                @StateObject private var model = UserModel()
                @State private var isLoading = false
                @State private var errorMessage: String?
                var body: some View {
                    VStack {
                        if isLoading {
                            ProgressView()
                        } else {
                            List(model.users) { user in Text(user.name) }
                        }
                        Button("Reload") {
                            Task {
                                isLoading = true
                                do {
                                    try await model.fetchUsers()
                                } catch {
                                    errorMessage = error.localizedDescription
                                }
                                isLoading = false
                            }
                        }
                    }
                    .alert("Error", isPresented: .constant(errorMessage != nil)) {
                        Button("OK") { errorMessage = nil }
                    }
                }
            }
            final class UserModel: ObservableObject {
                @Published var users: [User] = []
                func fetchUsers() async throws {}
            }
            """),
            Example("""
            ↓struct CheckoutView: View {
                @Environment(CartModel.self) private var cart
                @State private var coupon = ""
                @State private var isPaying = false
                var body: some View {
                    Form {
                        TextField("Coupon", text: $coupon)
                        Button("Apply") { cart.apply(coupon) }
                        Button("Pay") { Task { await pay() } }
                        if isPaying { ProgressView() }
                    }
                }
                private func pay() async {
                    isPaying = true
                    do { try await cart.checkout() } catch { cart.lastError = error }
                    isPaying = false
                }
            }
            """, .options(["max_score": 6])),
            Example("""
            ↓@MainActor
            struct UploadView: View {
                @State private var progress = 0.0
                @State private var status = ""
                @State private var files: [URL] = []
                let uploader: UploadService
                var body: some View {
                    VStack {
                        ProgressView(value: progress)
                        Text(status)
                        ForEach(files, id: \\.self) { Text($0.lastPathComponent) }
                        Button("Upload") {
                            Task {
                                do {
                                    for file in files { try await uploader.send(file) }
                                    status = "Done"
                                } catch {
                                    status = "Failed"
                                }
                            }
                        }
                        Button("Clear") { files = [] }
                    }
                    .onDrop(of: [.fileURL], isTargeted: nil) { _ in true }
                }
            }
            """),
        ],
        nonTriggering: [
            // A Presentation view draws, whatever its size.
            Example("""
            struct UserCard: View {
                let name: String
                let bio: String
                let onFollow: () -> Void
                var body: some View {
                    VStack {
                        Image(systemName: "person")
                        Text(name)
                        Text(bio)
                        Button("Follow", action: onFollow)
                    }
                }
            }
            """),
            // A container that only wires state to one Presentation view.
            Example("""
            struct UserListContainerView: View {
                @State private var model = UserModel()
                @State private var alert = AlertState()
                var body: some View {
                    UserListView(users: model.users, onReload: { Task { await model.reload() } })
                        .task { await model.load() }
                }
            }
            """),
            // State kept in a view model the view owns is managed there.
            Example("""
            @Observable final class ListPickerViewModel {
                var lists: [PickList] = []
                func load() async {}
                func toggle(_ list: PickList) async {}
            }
            struct ListPickerView: View {
                @State private var viewModel = ListPickerViewModel()
                @State private var isCreating = false
                var body: some View {
                    List(viewModel.lists) { list in
                        Button {
                            Task { await viewModel.toggle(list) }
                        } label: {
                            HStack {
                                Image(systemName: "list.bullet")
                                Text(list.title)
                            }
                        }
                    }
                    .toolbar { Button("New") { isCreating = true } }
                    .sheet(isPresented: $isCreating) { Text("New list") }
                    .task { await viewModel.load() }
                }
            }
            """),
            // Lots of state and drawing, but no async work: a form, not a fat view.
            Example("""
            struct FilterView: View {
                @State private var query = ""
                @State private var onlyFavorites = false
                @State private var sort = 0
                var body: some View {
                    Form {
                        TextField("Search", text: $query)
                        Toggle("Favorites", isOn: $onlyFavorites)
                        Picker("Sort", selection: $sort) { Text("Name").tag(0); Text("Date").tag(1) }
                        Button("Reset") { query = ""; onlyFavorites = false; sort = 0 }
                    }
                }
            }
            """),
        ],
        options: [RuleOption("max_score", default: 8, "The highest responsibility score a view may reach before it is reported.")]
    )

    /// Fewer views than this is a view that delegates its drawing (a container), not one that draws.
    static let minimumDrawing = 5
    /// One `@State` value (often the loaded data) is not state management yet; nor is owning a model that manages it.
    static let minimumState = 2

    static func check(_ project: ProjectContext, options: RuleOptions, report: inout [ProjectFinding]) {
        let maxScore = options["max_score"]
        let modelCalls = modelCallCounts(project)
        for view in project.declaredViews {
            let behavior = view.parts.map(\.fact.behavior)
            let stateProperties = view.storedProperties.filter { $0.wrapper == "State" || $0.wrapper == "StateObject" }
            let states = stateProperties.count
            // A view whose state lives in a model or view model it owns delegates state management.
            let valueStates = stateProperties.filter { project.observedModel(held: $0, in: view.entry) == nil }.count
            let usesViewModel = view.storedProperties.contains {
                project.observedModel(held: $0, in: view.entry).map { project.architecture.role(of: $0.type) == .viewModel } ?? false
            }
            let events = behavior.reduce(0) { $0 + $1.eventHandlers }
            let tasks = behavior.reduce(0) { $0 + $1.asyncLaunches }
            let catches = behavior.reduce(0) { $0 + $1.catchClauses }
            let calls = modelCalls[view.id] ?? 0
            let views = behavior.reduce(0) { $0 + $1.builtViews }
            guard !usesViewModel, valueStates >= minimumState, events > 0, tasks + catches > 0, views >= minimumDrawing else { continue }
            let score = states + events + tasks + catches + calls + views / 4
            guard score > maxScore else { continue }
            var found = [
                "state (\(states) `@State`)",
                "event handling (\(events) action\(events == 1 ? "" : "s"))",
                "async work (\(tasks) task\(tasks == 1 ? "" : "s"), \(catches) `catch`)",
            ]
            if calls > 0 { found.append("model calls (\(calls))") }
            found.append("drawing (\(views) views)")
            report.append(ProjectFinding(
                path: view.path, position: view.declaration.position,
                message: "`\(project.index.displayName(view.id))` does everything at once — \(found.joined(separator: ", ")); score \(score), more than \(maxScore) — so its logic cannot be tested without rendering it: keep state, events and model calls in a container view and move the drawing into a Presentation view that takes values and closures"))
        }
    }

    /// Per view, calls made outside `body` to a model or service the view holds (`model.load()`, `client.send()`).
    private static func modelCallCounts(_ project: ProjectContext) -> [String: Int] {
        var counts: [String: Int] = [:]
        for file in project.files {
            for call in file.memberCalls where call.context != .viewBuilding {
                guard let view = project.index.id(ofEnclosing: call.enclosingType, in: file.path), project.index.isView(view),
                      let entry = project.index.entry(view),
                      let property = entry.firstProperty(where: { $0.name == call.receiver && !$0.isStatic })
                else { continue }
                let held = project.index.heldTypeOrWrittenName(of: property, in: view, path: file.path)
                if project.observedModel(held: property, in: entry) != nil || held.map(project.isServiceLike) == true {
                    counts[view, default: 0] += 1
                }
            }
        }
        return counts
    }
}
