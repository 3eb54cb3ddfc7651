/// A model or view model that reaches a concrete service or system singleton inside its methods.
///
/// A project rule: whether a type is a service, and whether the enclosing class is a model, come from the
/// architecture; the walker records `Type.shared`/`.standard`/`.default` and `Type(…)` sites in methods.
enum ConcreteDependencyRule: ProjectRule {
    static let description = RuleDescription(
        id: "concrete-dependency", family: .observation, severity: .advice, profiles: .optIn,
        summary: "A Model/ViewModel reaches a concrete dependency inside its methods (`URLSession.shared`, `SomeService.shared`, `SomeService()`).",
        rationale: "A dependency picked inside a method cannot be replaced: tests of the model need a real network or a live service (or mocks of `URLSession`), previews hit the same services, and the model is welded to one implementation. Not reported: `UserDefaults.standard` and wrappers named `*Defaults` (reading a flag or a cached value), `FileManager.default` (file work that is the model's own job, or a temporary folder), and a client built inside a method from what it has at hand (`WebRTCClient(configuration: fetched)`, `Converter(inputURL: picked)`), which is per-use construction rather than a service chosen where one should be injected.",
        instead: "Declare a protocol for what the model needs (`protocol UserService { func users() async throws -> [User] }`), take it in `init` (a default argument such as `init(service: UserService = LiveUserService())` is fine) and call it through the stored property.",
        triggering: [
            Example("""
            @MainActor final class UsersViewModel: ObservableObject {
                @Published private(set) var users: [User] = []
                func load() async throws {
                    let (data, _) = try await ↓URLSession.shared.data(from: .usersEndpoint)
                    users = try JSONDecoder().decode([User].self, from: data)
                }
            }
            """),
            Example("""
            final class ProfileService {
                static let shared = ProfileService()
                func profile() async throws -> Profile { Profile() }
            }
            @Observable final class ProfileModel {
                var profile: Profile?
                var prefersMetric = false
                func refresh() {
                    Task { profile = try? await ↓ProfileService.shared.profile() }
                    prefersMetric = UserDefaults.standard.bool(forKey: "metric")
                }
            }
            struct ProfileScreen: View {
                @State private var model = ProfileModel()
                var body: some View { Text(model.profile?.name ?? "") }
            }
            """),
            // Constructed inside a method; reported once per dependency however often it is used.
            Example("""
            struct OrderClient {
                func submit(_ order: Order) async throws {}
                func cancel(_ order: Order) async throws {}
            }
            @Observable final class CheckoutViewModel {
                func submit(_ order: Order) async throws {
                    try await ↓OrderClient().submit(order)
                }
                func cancel(_ order: Order) async throws {
                    try await OrderClient().cancel(order)
                }
            }
            """),
        ],
        nonTriggering: [
            // A persistence facade that happens to be observable: the file system is its job, not a dependency.
            Example("""
            final class NoteFileStore: ObservableObject {
                @Published private(set) var notes: [Note] = []
                func save(_ note: Note) throws {
                    let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                    try JSONEncoder().encode(note).write(to: folder.appendingPathComponent(note.id))
                }
            }
            struct Dependencies {
                let notes = NoteFileStore()
            }
            """),
            // Injected through `init`, with a default argument for production.
            Example("""
            protocol UserService { func users() async throws -> [User] }
            struct LiveUserService: UserService {
                func users() async throws -> [User] { [] }
            }
            @MainActor @Observable final class UsersViewModel {
                private(set) var users: [User] = []
                private let service: UserService
                init(service: UserService = LiveUserService(), session: URLSession = .shared) {
                    self.service = service
                }
                func load() async throws { users = try await service.users() }
            }
            """),
            // Values and non-service singletons are not dependencies.
            Example("""
            @Observable final class EditorModel {
                var text = ""
                var lastSaved: Date?
                func save() {
                    lastSaved = Date()
                    let formatter = DateFormatter()
                    NotificationCenter.default.post(name: .editorSaved, object: nil)
                    _ = formatter.string(from: Date())
                }
            }
            """),
            // Defaults flags, file work that is the model's job, and a client made per use from runtime values.
            Example("""
            final class SoundLibraryService {
                static let shared = SoundLibraryService()
            }
            final class AppDefaults {
                static let shared = AppDefaults()
                var verboseLogging = false
            }
            final class StreamClient {
                init(configuration: StreamConfiguration) {}
            }
            @Observable final class SoundsViewModel {
                var sounds: [URL] = []
                var isVerbose = false
                private var client: StreamClient?
                func delete(_ sound: URL) throws {
                    try FileManager.default.removeItem(at: sound)
                    sounds.removeAll { $0 == sound }
                    isVerbose = AppDefaults.shared.verboseLogging || UserDefaults.standard.bool(forKey: "verbose")
                }
                func connect(using configuration: StreamConfiguration) {
                    client = StreamClient(configuration: configuration)
                }
            }
            struct SoundsView: View {
                @State private var viewModel = SoundsViewModel()
                var body: some View { List(viewModel.sounds, id: \\.self) { Text($0.lastPathComponent) } }
            }
            """),
            // A service may use the system APIs: that is where they belong.
            Example("""
            final class DiskCache {
                func write(_ data: Data, to name: String) throws {
                    let folder = FileManager.default.temporaryDirectory
                    try data.write(to: folder.appendingPathComponent(name))
                }
            }
            """),
        ]
    )

    /// System singletons that reach the network. `UserDefaults.standard` and `FileManager.default` are not
    /// reported: reading a flag or a cached value, or touching the files that are the model's own job (deleting
    /// its cache, writing its export), is not a service worth a protocol, and tests use a suite or a temporary folder.
    static let systemSingletons: Set<String> = ["URLSession.shared"]

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        for model in project.observableClasses(touching: file) where model.isScreenModel {
            var reported = Set<String>()
            for (site, path) in project.modelSites(in: model.id) {
                let dependency: String
                switch site.kind {
                case .sharedInstanceInMethod(let type, let member):
                    let name = type + "." + member
                    guard systemSingletons.contains(name)
                            || (member == "shared" && !isSettingsStore(type) && isService(type, from: model.id, in: path, project: project)) else { continue }
                    dependency = name
                case .constructionInMethod(let type, let hasArguments):
                    // `WebRTCClient(configuration: fetched)` is built from what the method has at hand, per use;
                    // `OrderClient()` is a default-configured service picked where an injected one belongs.
                    guard !hasArguments, project.index.resolve(type, from: model.id, in: path) != model.id,
                          isService(type, from: model.id, in: path, project: project) else { continue }
                    dependency = type + "()"
                default:
                    continue
                }
                // The first place the class reaches it, in file order, is the one reported.
                guard reported.insert(dependency).inserted, path == file.path else { continue }
                report.append(ProjectFinding(path: path, position: site.position, message: "`\(model.name)` reaches `\(dependency)` inside a method, so tests and previews cannot replace it: take a protocol-typed dependency in `init` (a default argument is fine) and call it through the stored property"))
            }
        }
    }

    /// `WatchUserDefaults.shared`, `AppDefaults.shared`: a wrapper of user defaults, read for flags and cached values.
    static func isSettingsStore(_ type: String) -> Bool {
        type.hasSuffix("Defaults")
    }

    /// A service by the architecture's verdict; for types the project does not declare, by their name.
    static func isService(_ type: String, from context: String, in path: String, project: ProjectContext) -> Bool {
        if let id = project.index.resolve(type, from: context, in: path) { return project.architecture.role(of: id) == .service }
        return Architecture.serviceSuffixes.contains { type.hasSuffix($0) }
    }
}
