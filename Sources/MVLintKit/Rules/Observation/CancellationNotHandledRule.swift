/// A catch-all in async code that something cancels, turning every error, cancellation included, into UI state.
///
/// A project rule: whether an `async` function is ever cancelled depends on its callers, which live in other
/// files. The walker records each catch-all that stores a failure with what cancels the code around it
/// (`CancellationFacts`), and every awaited call with the same; the rule follows callers from `.task`,
/// `.refreshable` and stored, cancelled tasks down through the functions they await.
enum CancellationNotHandledRule: ProjectRule {
    static let description = RuleDescription(
        id: "cancellation-not-handled", family: .observation, severity: .advice, profiles: .optIn,
        summary: "Async code that is cancelled (a `.task`, a stored task cancelled for the next run, or what they await) catches every error into UI state without handling `CancellationError` first.",
        rationale: "SwiftUI cancels a `.task` when its view disappears and a `.task(id:)` whenever its value changes; a search that keeps its `Task` cancels it before starting the next. `URLSession` and other async APIs then throw `CancellationError` (or `URLError.cancelled`). A catch-all that stores every error in `error`, `errorMessage` or an `.error` state turns that ordinary cancellation into an error alert or an error screen, often shown when the user comes back, or over the results of the run that replaced it. Not reported: code nothing cancels (a function awaited only from a button's or `onAppear`'s unstructured `Task { }`, a scene's `.task`, which lives as long as the window), and a plain `.task` that stores the error in state its view owns (its `@State`, or an object it keeps in `@State`/`@StateObject`), which goes away with the view the task is cancelled with (unless the view is a `TabView` page or pushes screens over itself, which keep their state).",
        instead: "Put `catch is CancellationError { return }` before the catch-all (check `URLError.cancelled` too where URLSession is involved), or check `Task.isCancelled` before assigning the error.",
        triggering: [
            // The shared model's `load()` runs under the screen's `.task`; the model outlives the screen.
            Example("""
            @MainActor @Observable final class UsersViewModel {
                private(set) var users: [User] = []
                private(set) var errorMessage: String?
                func load() async {
                    do {
                        users = try await service.fetchUsers()
                    } ↓catch {
                        errorMessage = error.localizedDescription
                    }
                }
            }
            struct UsersScreen: View {
                @Environment(UsersViewModel.self) private var model
                var body: some View {
                    List(model.users) { Text($0.name) }
                        .task { await model.load() }
                }
            }
            """),
            // `.task(id:)` is cancelled when the folder changes, and the view stays on screen to show the error.
            Example("""
            struct InboxView: View {
                let folder: Folder
                @State private var messages: [Message] = []
                @State private var loadError: Error?
                var body: some View {
                    List(messages) { MessageRow(message: $0) }
                        .task(id: folder) {
                            do {
                                messages = try await MailClient.live.inbox(folder)
                            } ↓catch {
                                self.loadError = error
                            }
                        }
                }
            }
            """),
            // Reached through another function, from `.refreshable`; the failure is written in an `if`/`else`
            // branch, into a member of the state, inside `withAnimation`.
            Example("""
            @MainActor final class OrderModel: ObservableObject {
                @Published private(set) var state = OrderState()
                func refresh() async { await reloadOrders() }
                func reloadOrders() async {
                    do {
                        let orders = try await api.orders()
                        state.list = .loaded(orders)
                    } catch let decoding as DecodingError {
                        state.list = .failed("Bad data: \\(decoding)")
                    } ↓catch let failure {
                        if state.list.isEmpty {
                            withAnimation { state.list = .failed(failure.localizedDescription) }
                        } else {
                            state.banner = .error(failure)
                        }
                    }
                }
            }
            struct OrdersScreen: View {
                @EnvironmentObject private var model: OrderModel
                var body: some View {
                    OrdersList(state: model.state).refreshable { await model.refresh() }
                }
            }
            """),
            // The next search cancels the stored task, whose catch then reports the cancellation over the new results.
            Example("""
            @MainActor final class SearchModel: ObservableObject {
                @Published var results: [Hit] = []
                @Published var error: Error?
                private var searchTask: Task<Void, Never>?
                func search(_ text: String) {
                    searchTask?.cancel()
                    searchTask = Task {
                        do {
                            results = try await api.search(text)
                        } ↓catch {
                            await MainActor.run { self.error = error }
                        }
                    }
                }
            }
            """),
            // A comment about cancellation handles nothing.
            Example("""
            @MainActor @Observable final class FeedModel {
                private(set) var posts: [Post] = []
                private(set) var errorMessage: String?
                func reload() async {
                    do {
                        posts = try await client.posts()
                    } ↓catch {
                        // TODO: ignore cancellation
                        errorMessage = error.localizedDescription
                    }
                }
            }
            struct FeedScreen: View {
                let model: FeedModel
                var body: some View {
                    List(model.posts) { PostRow(post: $0) }
                        .task(id: model.filter) { await model.reload() }
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            @MainActor @Observable final class UsersViewModel {
                private(set) var users: [User] = []
                private(set) var errorMessage: String?
                func load() async {
                    do {
                        users = try await service.fetchUsers()
                    } catch is CancellationError {
                        return
                    } catch {
                        errorMessage = error.localizedDescription
                    }
                }
            }
            struct UsersScreen: View {
                @State private var model = UsersViewModel()
                var body: some View {
                    List(model.users) { Text($0.name) }.task { await model.load() }
                }
            }
            """),
            // Cancellation checked inside the catch-all, or the URLSession flavour of it.
            Example("""
            @MainActor @Observable final class PhotosModel {
                var error: Error?
                var photos: [Photo] = []
                func load() async {
                    do {
                        photos = try await library.photos()
                    } catch {
                        guard !Task.isCancelled else { return }
                        self.error = error
                    }
                }
                func sync() async {
                    do {
                        try await library.sync()
                    } catch let error as URLError where error.code == .cancelled {
                        return
                    } catch {
                        self.error = error
                    }
                }
            }
            struct PhotosScreen: View {
                let model: PhotosModel
                var body: some View {
                    PhotoGrid(photos: model.photos)
                        .task { await model.load() }
                        .refreshable { await model.sync() }
                }
            }
            """),
            // Nothing cancels these: an unstructured `Task` in a button or in `onAppear`, and synchronous work.
            Example("""
            @MainActor @Observable final class ImportModel {
                var errorMessage: String?
                func run() async {
                    do { try await importer.run() } catch { errorMessage = error.localizedDescription }
                }
                func prepare() async {
                    do { try await importer.prepare() } catch { errorMessage = error.localizedDescription }
                }
            }
            struct ImportView: View {
                let model: ImportModel
                @State private var errorMessage: String?
                var body: some View {
                    Button("Import") {
                        Task { await model.run() }
                    }
                    .onAppear { Task { await model.prepare() } }
                }
                func parse(_ text: String) {
                    do { _ = try Parser(text).document() } catch { errorMessage = error.localizedDescription }
                }
            }
            """),
            // A scene's `.task` lives as long as the window; a view's own `@State` goes away with the view whose
            // plain `.task` is cancelled, so the error is never seen.
            Example("""
            @main struct NotesApp: App {
                @State private var store = NotesStore()
                var body: some Scene {
                    WindowGroup {
                        NotesRoot(store: store)
                            .task {
                                do { try await store.connect() } catch { store.lastError = error }
                            }
                    }
                }
            }
            struct QuickConnect: View {
                @State private var code = ""
                @State private var failure: Error?
                @StateObject private var pairing = PairingModel()
                var body: some View {
                    Text(code)
                        .task {
                            do { code = try await Session.shared.quickConnectCode() } catch { failure = error }
                        }
                        .refreshable { await pairing.reload() }
                }
            }
            @MainActor final class PairingModel: ObservableObject {
                @Published var error: Error?
                func reload() async {
                    do { try await Session.shared.pair() } catch { self.error = error }
                }
            }
            """),
            // The catch first checks that its run is still the current one; a task cancelled only in `deinit` ends
            // with the object that would show the error.
            Example("""
            @MainActor final class StatsModel: ObservableObject {
                @Published var status: FetchStatus = .idle
                private var serial = 0
                private var fetchTask: Task<Void, Never>?
                private var uploadTask: Task<Void, Never>?
                func fetch() {
                    fetchTask?.cancel()
                    serial += 1
                    let current = serial
                    fetchTask = Task {
                        do { status = .done(try await api.stats()) } catch {
                            guard serial == current else { return }
                            status = .error(error)
                        }
                    }
                }
                func upload() {
                    uploadTask = Task {
                        do { try await api.upload() } catch { status = .error(error) }
                    }
                }
                deinit { uploadTask?.cancel() }
            }
            """),
            // Errors that are only logged, rethrown, or returned through a local do not reach the UI; a bare flag is not judged.
            Example("""
            final class Uploader {
                var lastError: Error?
                var uploadFailed = false
                func upload(_ file: URL) async throws -> Bool {
                    var succeeded = false
                    do {
                        try await client.send(file)
                        succeeded = true
                    } catch {
                        logger.error("upload failed: \\(error)")
                    }
                    do {
                        try await client.confirm(file)
                    } catch {
                        lastError = error
                        throw error
                    }
                    do {
                        try await client.cleanUp(file)
                    } catch {
                        succeeded = false
                        uploadFailed = true
                    }
                    return succeeded
                }
            }
            struct UploadScreen: View {
                let uploader: Uploader
                let file: URL
                var body: some View {
                    Text("Uploading").task { _ = try? await uploader.upload(file) }
                }
            }
            """),
        ]
    )

    /// What cancels the project's async functions, followed through their callers across files.
    struct Gathered {
        var sceneTypes: Set<String>
        var keptWhileHidden: Set<String>
        var reach: CancelledFunctions
    }

    static func gather(_ project: ProjectContext, options: RuleOptions) -> Gathered {
        let sceneTypes = sceneTypes(in: project)
        let keptWhileHidden = viewsKeptWhileHidden(in: project)
        return Gathered(sceneTypes: sceneTypes, keptWhileHidden: keptWhileHidden,
                        reach: CancelledFunctions(project: project, sceneTypes: sceneTypes, keptWhileHidden: keptWhileHidden))
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Gathered, options: RuleOptions, report: inout [ProjectFinding]) {
        let (sceneTypes, keptWhileHidden, reach) = (gathered.sceneTypes, gathered.keptWhileHidden, gathered.reach)
        var scope = project.index.scope(of: file.path)
        for found in file.facts.cancellation.failureCatches {
            let owner = scope.id(ofEnclosing: found.enclosingType)
            guard let cancel = reach.cancellation(of: found.source, in: file.facts, owner: owner, project: project, sceneTypes: sceneTypes) else { continue }
            // A view's own `@State` goes away with the view: a plain `.task` is cancelled only then, so the
            // error is never seen. Restarts (`.task(id:)`, a stored task) leave the view on screen, and a tab
            // page or a view that pushes a screen over itself keeps its state while its `.task` is cancelled.
            if !cancel.restarts, let owner, project.index.isView(owner), !keptWhileHidden.contains(owner),
               project.index.entry(owner)?.properties.first(where: { $0.name == found.target && $0.wrapper == "State" }) != nil { continue }
            let runs: String
            if case .function(let name) = found.source { runs = "`\(name)()` runs under \(cancel.place)" } else { runs = "this code runs in \(cancel.place)" }
            report.append(ProjectFinding(path: file.path, position: found.position, message: "this `catch` stores every error in UI state, also the `CancellationError` (or `URLError.cancelled`) of a cancelled run — \(runs) — so an error shows for nothing: add `catch is CancellationError { return }` before it"))
        }
    }

    /// What cancels a source, and whether it also restarts the work while the screen stays (`.task(id:)`, a
    /// stored task cancelled for the next run): nil when nothing does.
    struct Cancellation {
        var restarts: Bool
        /// The cancelling code, for the message: "a `.task`, which SwiftUI cancels when the view disappears".
        var place: String
    }

    /// `async` functions that a cancellable caller awaits: directly in a `.task`, `.refreshable` or a stored
    /// task the file cancels, or in another such function. A call counts where its text names the function's
    /// type (`load()`, `model.load()` on a stored property, `Store.shared.load()`); a call on a local, a
    /// parameter or a longer chain could be any function of its name, and standing for all of them made
    /// every `refresh()` of a project look cancelled. A function no cancellable code awaits (only buttons, an
    /// `onAppear { Task { … } }`, a scene's `.task`, or no caller at all) is left alone.
    struct CancelledFunctions {
        /// Keyed `TypeID.name`, `_.name` for free functions.
        private var cancelled: [String: Cancellation] = [:]

        init(project: ProjectContext, sceneTypes: Set<String>, keptWhileHidden: Set<String>) {
            var callees: [String: [String]] = [:]
            var queue: [String] = []
            for file in project.files {
                var scope = project.index.scope(of: file.path)
                for call in file.cancellation.awaitedCalls {
                    let owner = scope.id(ofEnclosing: call.enclosingType)
                    guard let callee = Self.key(of: call, owner: owner, project: project, path: file.path) else { continue }
                    if case .function(let name) = call.source {
                        callees[Self.key(owner, name), default: []].append(callee)
                        continue
                    }
                    guard let cancel = Self.direct(call.source, in: file, owner: owner, sceneTypes: sceneTypes),
                          cancel.restarts || owner.map(keptWhileHidden.contains) == true
                            || !Self.isOwnedByView(call.receiver, owner: owner, index: project.index) else { continue }
                    if merge(cancel, into: callee) { queue.append(callee) }
                }
            }
            while let caller = queue.popLast() {
                guard let cancel = cancelled[caller] else { continue }
                for callee in callees[caller] ?? [] where merge(cancel, into: callee) { queue.append(callee) }
            }
        }

        static func key(_ owner: String?, _ name: String) -> String { (owner ?? "_") + "." + name }

        /// `model.load()` in a plain `.task` of the view that holds `model` in `@State`/`@StateObject`: the
        /// object goes away with the view that the task is cancelled with, so the error it stores is not seen.
        private static func isOwnedByView(_ receiver: CallReceiver, owner: String?, index: ProjectIndex) -> Bool {
            guard case .property(let name) = receiver, let owner, index.isView(owner) else { return false }
            return index.entry(owner)?.properties.first(where: { $0.name == name && ["State", "StateObject"].contains($0.wrapper ?? "") }) != nil
        }

        /// The key of the function a call reaches; nil for a call into a type the project does not declare, or
        /// one the call's text does not tell.
        private static func key(of call: AwaitedCallFact, owner: String?, project: ProjectContext, path: String) -> String? {
            switch call.receiver {
            case .implicitSelf:
                return key(owner, call.name)
            case .property(let name):
                guard let property = owner.flatMap({ project.index.entry($0) })?.properties.first(where: { $0.name == name && !$0.isStatic }) else {
                    return nil
                }
                // `any StatusFetcher`: the protocol's key, which the conforming types' functions look up.
                let written = property.heldTypeName.map { $0.hasPrefix("any ") || $0.hasPrefix("some ") ? String($0.drop { $0 != " " }.dropFirst()) : $0 }
                let type = project.index.heldType(of: property, in: owner, path: path)
                    ?? written.flatMap { project.index.resolve($0, from: owner, in: path) }
                return type.map { key($0, call.name) }
            case .type(let name):
                return project.index.resolve(name, from: owner, in: path).map { key($0, call.name) }
            case .unknown:
                return nil
            }
        }

        /// Records what cancels `key`; true when that added something (a first cancel, or a restart).
        private mutating func merge(_ cancel: Cancellation, into key: String) -> Bool {
            guard let known = cancelled[key] else {
                cancelled[key] = cancel
                return true
            }
            guard cancel.restarts, !known.restarts else { return false }
            cancelled[key] = cancel
            return true
        }

        /// What cancels the function `name` of `owner`: a call to it, or to it on a type it inherits from (a base
        /// class, a protocol it conforms to). A restart wins over a plain cancel.
        private func cancellation(ofFunction name: String, owner: String?, index: ProjectIndex) -> Cancellation? {
            // Its callers anywhere, through the functions that await it.
            ReadRecorder.noteMember(name)
            var owners: [String?] = [owner]
            var seen = Set<String>()
            var next = owner.map { [$0] } ?? []
            while let id = next.popLast() {
                for inherited in index.entry(id)?.inheritedIDs ?? [] where seen.insert(inherited).inserted {
                    owners.append(inherited)
                    next.append(inherited)
                }
            }
            let found = owners.map { Self.key($0, name) }.compactMap { cancelled[$0] }
            return found.first(where: \.restarts) ?? found.first
        }

        func cancellation(of source: CancellationSource, in file: FileFacts, owner: String?, project: ProjectContext,
                          sceneTypes: Set<String>) -> Cancellation? {
            if case .function(let name) = source { return cancellation(ofFunction: name, owner: owner, index: project.index) }
            return Self.direct(source, in: file, owner: owner, sceneTypes: sceneTypes)
        }

        /// A `.task` of the `App` or a scene lives as long as the window: never cancelled in practice.
        /// `.task(id:)` there still restarts.
        private static func direct(_ source: CancellationSource, in file: FileFacts, owner: String?, sceneTypes: Set<String>) -> Cancellation? {
            switch source {
            case .viewTask:
                if let owner, sceneTypes.contains(owner) { return nil }
                return Cancellation(restarts: false, place: "a `.task` or `.refreshable`, which SwiftUI cancels when the view disappears")
            case .restartingViewTask:
                return Cancellation(restarts: true, place: "a `.task(id:)`, which SwiftUI cancels whenever the value changes")
            case .storedTask(let name):
                guard file.cancellation.cancelledNames.contains(name) else { return nil }
                return Cancellation(restarts: true, place: "the task kept in `\(name)`, which this file cancels (before the next run, or on request)")
            case .function:
                return nil
            }
        }
    }

    /// The `App` and its scenes: a `.task` there lives as long as the window.
    static func sceneTypes(in project: ProjectContext) -> Set<String> {
        var types = Set<String>()
        for file in project.files {
            var scope = project.index.scope(of: file.path)
            for type in file.types where type.inherited.contains(where: { $0 == "App" || $0 == "Scene" }) {
                if let id = scope.id(ofEnclosing: type.qualifiedName) { types.insert(id) }
            }
        }
        return types
    }

    /// Views whose `@State` stays while their `.task` is cancelled: `TabView` pages, and views that push a screen
    /// over themselves. Coming back shows what the cancelled run stored.
    static func viewsKeptWhileHidden(in project: ProjectContext) -> Set<String> {
        var views = Set<String>()
        for file in project.files {
            var scope = project.index.scope(of: file.path)
            for type in file.cancellation.pushingTypes {
                if let id = scope.id(ofEnclosing: type) { views.insert(id) }
            }
            for page in file.cancellation.tabPages {
                if let id = project.index.resolve(page, from: nil, in: file.path) { views.insert(id) }
            }
        }
        return views
    }
}
