/// One view that manages state, handles events, runs async work, calls models and draws, all at once.
enum FatViewRule: ProjectRule {
    static let description = RuleDescription(
        id: "fat-view", family: .architecture, severity: .advice, profiles: .optIn,
        summary: "A View that carries state management, event handling, async work, a flow of its own and drawing at once (a score over `@State`s, actions, `Task`s and `catch`es, model calls and the views it builds).",
        rationale: "Such a view is a view model and a layout in one type: its logic cannot be tested without rendering it, its layout cannot be previewed without its models and network, and every change risks both. The score counts `@State`/`@StateObject` properties, event closures, `Task {}`/`.task`/`catch` sites, calls to models or services outside `body`, and one point per four views its view-building code creates. A view is reported only when, besides a score over the threshold, it has at least two `@State` values (not counting owned models), an event handler, async work, at least five views of its own, and at least 30 statements of its own event and task code (handlers, tasks and `Void`/`async` helper methods; 10 when it calls a service through its type itself, `UserAPI.shared.fetch()`): a login form with two fields and one `Task`, a settings pane whose handlers set a flag or call one method of the manager that holds the logic, or a reusable component that forwards to closures is idiomatic MV, layout-heavy rather than logic-heavy. A view backed by a view model already has its logic elsewhere, and a `Task` that only awaits `Task.sleep` (a UI delay) is not async work.",
        instead: "Split it: a container view keeps the state, the event handlers and the model calls, and passes values and closures to a Presentation view that only draws; long async flows move into the model.",
        triggering: [
            // A whole import flow written in the view: picking, reading, validating, saving, reporting errors.
            Example("""
            ↓struct ImportContactsView: View {
                @Environment(ContactStore.self) private var store
                @State private var isImporting = false
                @State private var isWorking = false
                @State private var report = ""
                @State private var failures: [String] = []
                var body: some View {
                    Form {
                        Section("Import") {
                            Button("Choose file…") { isImporting = true }
                            if isWorking { ProgressView() }
                            Text(report)
                        }
                        Section("Failures") {
                            ForEach(failures, id: \\.self) { Text($0) }
                            Button("Clear") { failures = []; report = "" }
                        }
                    }
                    .fileImporter(isPresented: $isImporting, allowedContentTypes: [.commaSeparatedText]) { result in
                        Task { await importContacts(from: result) }
                    }
                }
                private func importContacts(from result: Result<URL, Error>) async {
                    isWorking = true
                    defer { isWorking = false }
                    do {
                        let url = try result.get()
                        guard url.startAccessingSecurityScopedResource() else { return }
                        defer { url.stopAccessingSecurityScopedResource() }
                        let text = try String(contentsOf: url, encoding: .utf8)
                        var imported = 0
                        for line in text.split(separator: "\\n").dropFirst() {
                            let fields = line.split(separator: ",").map(String.init)
                            guard fields.count >= 2 else {
                                failures.append(String(line))
                                continue
                            }
                            let contact = Contact(name: fields[0], email: fields[1])
                            if store.contains(email: contact.email) {
                                failures.append("Duplicate: \\(contact.email)")
                            } else {
                                try await store.save(contact)
                                imported += 1
                            }
                        }
                        try await store.reindex()
                        report = "Imported \\(imported), failed \\(failures.count)"
                        UINotificationFeedbackGenerator().notificationOccurred(failures.isEmpty ? .success : .warning)
                    } catch {
                        report = error.localizedDescription
                    }
                }
            }
            """),
            // Less code, but the view calls the service itself instead of a model.
            Example("""
            ↓struct ForecastView: View {
                @State private var forecast: Forecast?
                @State private var isLoading = false
                @State private var errorText: String?
                @State private var days = 3
                var body: some View {
                    VStack {
                        Stepper("Days: \\(days)", value: $days, in: 1...7)
                        if let forecast { Text(forecast.summary) } else if isLoading { ProgressView() }
                        Button("Reload") { Task { await reload() } }
                        if let errorText { Text(errorText).foregroundStyle(.red) }
                    }
                    .task { await reload() }
                }
                private func reload() async {
                    isLoading = true
                    errorText = nil
                    do {
                        forecast = try await WeatherAPI.shared.forecast(days: days)
                    } catch {
                        errorText = error.localizedDescription
                        forecast = nil
                    }
                    isLoading = false
                }
            }
            """),
            // The score's parts, with a lower bar for the view's own code.
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
            """, .options(["min_logic_statements": 3])),
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
            """, .options(["max_score": 6, "min_logic_statements": 3])),
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
            """, .options(["min_logic_statements": 3])),
        ],
        nonTriggering: [
            // A login form with two fields and one `Task`: idiomatic MV, its handlers only call the model.
            Example("""
            struct LoginView: View {
                @Environment(SessionModel.self) private var session
                @State private var email = ""
                @State private var password = ""
                @State private var isSigningIn = false
                @State private var errorMessage: String?
                var body: some View {
                    Form {
                        TextField("Email", text: $email)
                            .textContentType(.emailAddress)
                        SecureField("Password", text: $password)
                        if let errorMessage {
                            Text(errorMessage).foregroundStyle(.red)
                        }
                        Button("Sign in") {
                            Task {
                                isSigningIn = true
                                do {
                                    try await session.signIn(email: email, password: password)
                                } catch {
                                    errorMessage = error.localizedDescription
                                }
                                isSigningIn = false
                            }
                        }
                        .disabled(email.isEmpty || password.isEmpty || isSigningIn)
                    }
                }
            }
            """),
            // A `Task` that only sleeps delays the UI; it is not async work.
            Example("""
            struct CopyButton: View {
                let text: String
                @State private var didCopy = false
                @State private var taps = 0
                var body: some View {
                    HStack {
                        Image(systemName: didCopy ? "checkmark" : "doc.on.doc")
                        Text(didCopy ? "Copied" : "Copy")
                        Text("\\(taps)")
                        Divider()
                        Spacer()
                    }
                    .onTapGesture {
                        UIPasteboard.general.string = text
                        taps += 1
                        didCopy = true
                        Task {
                            try? await Task.sleep(for: .seconds(2))
                            didCopy = false
                        }
                    }
                }
            }
            """, .options(["min_logic_statements": 1])),
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
        options: [
            RuleOption("max_score", default: 8, "The highest responsibility score a view may reach before it is reported."),
            RuleOption("min_logic_statements", default: 30, "The fewest statements of event and task code (handlers, tasks, action methods) a reported view has."),
        ]
    )

    /// Fewer views than this is a view that delegates its drawing (a container), not one that draws.
    static let minimumDrawing = 5
    /// One `@State` value (often the loaded data) is not state management yet; nor is owning a model that manages it.
    static let minimumState = 2

    /// Per view, the calls of models and of services it reaches directly. Both read every member call of the
    /// project; made when the first view passes the cheaper conditions.
    struct Gathered {
        var modelCalls: Deferred<[String: Int]>
        var directServiceCalls: Deferred<[String: Int]>
    }

    static func gather(_ project: ProjectContext, options: RuleOptions) -> Gathered {
        Gathered(modelCalls: Deferred { modelCallCounts(project) }, directServiceCalls: Deferred { directServiceCallCounts(project) })
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Gathered, options: RuleOptions, report: inout [ProjectFinding]) {
        let maxScore = options["max_score"]
        // Fewer statements of event and task code is a view whose handlers set a flag or call one method of a
        // model (a login form with one `Task`, a settings pane bound to a manager): layout-heavy, not logic-heavy.
        let minimumLogic = options["min_logic_statements"]
        for view in project.declaredViews(touching: file) where view.path == file.path {
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
            let views = behavior.reduce(0) { $0 + $1.builtViews }
            // What the view does on events: its handlers' and tasks' code and its action methods (`Void` or
            // `async` helpers). Helpers that compute a value for display are presentation, not flow.
            let logic = behavior.reduce(0) { total, part in
                total + part.actionStatements + part.helpers.filter { $0.returnType == nil || $0.isAsync }.reduce(0) { $0 + $1.statements }
            }
            guard !usesViewModel, valueStates >= minimumState, events > 0, tasks + catches > 0, views >= minimumDrawing,
                  logic >= minimumLogic / 3 else { continue }
            let calls = gathered.modelCalls.value[view.id] ?? 0
            // A view that reaches a service itself (`UserAPI.shared.fetch()`, `URLSession.shared`) rather than
            // through a model it holds is doing a model's job with less code.
            let reachesService = (gathered.directServiceCalls.value[view.id] ?? 0) > 0
            guard logic >= (reachesService ? minimumLogic / 3 : minimumLogic) else { continue }
            let score = states + events + tasks + catches + calls + views / 4
            guard score > maxScore else { continue }
            var found = [
                "state (\(states) `@State`)",
                "event handling (\(events) action\(events == 1 ? "" : "s"))",
                "async work (\(tasks) task\(tasks == 1 ? "" : "s"), \(catches) `catch`)",
                "\(logic) statements of event and task code",
            ]
            if calls > 0 { found.append("model calls (\(calls))") }
            found.append("drawing (\(views) views)")
            report.append(ProjectFinding(
                path: view.path, position: view.declaration.position,
                message: "`\(project.index.displayName(view.id))` does everything at once — \(found.joined(separator: ", ")); score \(score), more than \(maxScore) — so its logic cannot be tested without rendering it: keep state, events and model calls in a container view and move the drawing into a Presentation view that takes values and closures"))
        }
    }

    /// Per view, calls made outside `body` on a service reached through its type (`UserAPI.shared.fetchStats()`,
    /// `URLSession.shared.data(from:)`, `WeatherClient.forecast()`), not through a property the view holds.
    private static func directServiceCallCounts(_ project: ProjectContext) -> [String: Int] {
        var counts: [String: Int] = [:]
        for file in project.files {
            var scope = project.index.scope(of: file.path)
            // Only a dotted receiver can be `Type.shared`: most are a plain name, not worth splitting.
            for call in file.memberCalls where call.context != .viewBuilding && call.receiver.utf8.contains(UInt8(ascii: ".")) {
                // `Type.shared`: a network client's singleton; static helpers (`Wine.run(…)`) are delegation.
                // Split in bytes: a receiver is names joined by dots, which split alike as bytes and as characters, and
                // most (`self.model`) stop at their first part, which is made alone.
                let parts = call.receiver.utf8.split(separator: UInt8(ascii: "."))
                guard parts.count == 2, let typeName = String(parts[0]), SyntaxText.isCapitalized(typeName),
                      let member = String(parts[1]), PropertyFact.SharedInstance.conventionalNames.contains(member),
                      let view = scope.id(ofEnclosing: call.enclosingType), project.index.isView(view) else { continue }
                let name = project.index.resolve(typeName, from: view, in: file.path).flatMap { project.index.entry($0)?.name } ?? typeName
                if name == "URLSession" || ProjectContext.remoteServiceSuffixes.contains(where: name.hasSuffix) { counts[view, default: 0] += 1 }
            }
        }
        return counts
    }

    /// Per view, calls made outside `body` to a model or service the view holds (`model.load()`, `client.send()`).
    private static func modelCallCounts(_ project: ProjectContext) -> [String: Int] {
        var counts: [String: Int] = [:]
        for file in project.files {
            var scope = project.index.scope(of: file.path)
            for call in file.memberCalls where call.context != .viewBuilding {
                guard let view = scope.id(ofEnclosing: call.enclosingType), project.index.isView(view),
                      let entry = project.index.entry(view),
                      let property = entry.properties.first(where: { $0.name == call.receiver && !$0.isStatic })
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
