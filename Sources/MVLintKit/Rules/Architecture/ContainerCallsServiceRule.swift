/// A view talks to the network or a database itself instead of asking a model.
///
/// Direct access (`URLSession`, a service singleton, a service the view constructs) is reported in every
/// profile that enables the rule. A service the view *receives* (`@Environment(FeedClient.self)`, an init
/// parameter) is the documented MV style, so it is reported only under Container/Presentation, where a
/// model owns every call.
enum ContainerCallsServiceRule: ProjectRule {
    static let description = RuleDescription(
        id: "container-calls-service", family: .architecture, severity: .advice,
        profiles: .only([.containerPresentation]),
        summary: "A view calls a network or database API directly (`URLSession`, `*.shared` services, a `*Service`/`*Client` it creates; under Container/Presentation also an injected client).",
        rationale: "When the view makes the call, loading, errors, retries and caching live in view code that cannot be unit-tested and that the next screen needing the same data has to repeat. In the MV profile a client received from the environment and called from `.task` is the endorsed style; under Container/Presentation the container should ask a model, which owns the call and its state.",
        instead: "Move the request into a model (or a service the model receives) and have the view call the model, e.g. `.task { await feed.load() }`; in the MV profile, receive the client with `@Environment(FeedClient.self)` instead of creating it.",
        triggering: [
            Example("""
            struct RecipeListView: View {
                @State private var recipes: [Recipe] = []
                var body: some View {
                    List(recipes) { Text($0.title) }
                        .task {
                            guard let url = URL(string: "https://example.com/recipes"),
                                  let (data, _) = try? await URLSession.shared.↓data(from: url) else { return }
                            recipes = (try? JSONDecoder().decode([Recipe].self, from: data)) ?? []
                        }
                }
            }
            """),
            Example("""
            final class WeatherService {
                static let shared = WeatherService()
                func forecast() async -> String { "Sunny" }
            }
            struct WeatherView: View {
                @State private var forecast = ""
                var body: some View {
                    Text(forecast)
                        .task { forecast = await WeatherService.shared.↓forecast() }
                }
            }
            """),
            // A client the view creates for itself.
            Example("""
            struct ProfileView: View {
                private let api = ProfileAPIClient()
                @State private var name = ""
                var body: some View {
                    Text(name)
                        .task { name = await api.↓fetchName() }
                }
            }
            """),
            // Under Container/Presentation even an injected client belongs behind a model.
            Example("""
            @Observable final class FeedClient {
                func getFeed() async -> [String] { [] }
            }
            struct FeedContainerView: View {
                @Environment(FeedClient.self) private var client
                @State private var items: [String] = []
                var body: some View {
                    FeedView(items: items)
                        .task { items = await client.↓getFeed() }
                }
            }
            """, .profile(.containerPresentation)),
        ],
        nonTriggering: [
            // The MV style seed 003 endorses: a client from the environment, called in `.task`.
            Example("""
            @Observable final class FeedClient {
                func getFeed() async -> [String] { [] }
            }
            struct FeedView: View {
                @Environment(FeedClient.self) private var client
                @State private var items: [String] = []
                var body: some View {
                    List(items, id: \\.self) { Text($0) }
                        .task { items = await client.getFeed() }
                }
            }
            """, .profile(.mv)),
            // Asking a model is the goal.
            Example("""
            @Observable final class FeedModel {
                var items: [String] = []
                func load() async {}
            }
            struct FeedContainerView: View {
                @State private var model = FeedModel()
                var body: some View {
                    FeedView(items: model.items)
                        .task { await model.load() }
                }
            }
            """, .profile(.containerPresentation)),
            // A model singleton is still a model.
            Example("""
            @MainActor final class UserStore: ObservableObject {
                static let shared = UserStore()
                @Published var users: [String] = []
                func fetchUsers() async {}
            }
            struct UsersView: View {
                var body: some View {
                    Text("Users").task { await UserStore.shared.fetchUsers() }
                }
            }
            """),
            // Models and services may use the network; only views are judged.
            Example("""
            final class ImageLoader {
                func load(_ url: URL) async throws -> Data {
                    try await URLSession.shared.data(from: url).0
                }
            }
            """),
        ]
    )

    /// Framework entry points to the network or a database.
    static let networkAPIs: Set<String> = ["URLSession", "URLRequest", "CKContainer", "CKDatabase", "NSPersistentContainer"]
    /// Method names that reach out when called on an unknown singleton (`Networking.shared.fetchUser()`).
    static let remoteVerbs = ["fetch", "download", "upload", "request", "post", "sync"]

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        // A view that reaches a service from several places is told once, at the first: in this file, unless a file
        // before it (in the project's order) holds another part of the view that reaches it too.
        let reaches = self.reaches(in: file.facts, project: project)
        var earlierReaches: [String: Set<String>] = [:]
        for reach in reaches {
            let earlier = earlierReaches[reach.view] ?? {
                let keys = Set(project.files(before: file, holdingPartsOf: reach.view).flatMap { earlierFile in
                    self.reaches(in: earlierFile, project: project).lazy.filter { $0.view == reach.view }.map(\.key)
                })
                earlierReaches[reach.view] = keys
                return keys
            }()
            guard !earlier.contains(reach.key) else { continue }
            report.append(ProjectFinding(path: file.path, position: reach.position, message: reach.message))
        }
    }

    /// A view's code reaching a service, the first time in its file.
    private struct Reach {
        var view: String
        /// The view and the receiver or constructed type: a view is told once per service it reaches.
        var key: String
        var position: SourcePosition
        var message: String
    }

    /// The places in a file where a view reaches a service: its calls, then its constructions, each key once.
    private static func reaches(in file: FileFacts, project: ProjectContext) -> [Reach] {
        let judgesInjected = project.profile == .containerPresentation
        var reaches: [Reach] = []
        var keys = Set<String>()
        var scope = project.index.scope(of: file.path)
        // A file's calls come in source order, mostly many from one type: its view is looked up once per run of them.
        var lastEnclosing: (type: String?, view: String?)?
        func enclosingView(_ type: String?) -> String? {
            if let lastEnclosing, lastEnclosing.type == type { return lastEnclosing.view }
            let view = scope.id(ofEnclosing: type).flatMap { project.index.isView($0) ? $0 : nil }
            lastEnclosing = (type, view)
            return view
        }
        for call in file.memberCalls {
            guard let view = enclosingView(call.enclosingType),
                  let access = classify(call, in: view, path: file.path, project: project),
                  access.isDirect || ReadRecorder.notingProjectWide("profile", judgesInjected),
                  case let key = view + "|" + call.receiver, keys.insert(key).inserted else { continue }
            reaches.append(Reach(view: view, key: key, position: call.position,
                                 message: message(view: project.index.displayName(view), call: "\(call.receiver).\(call.method)()", access: access)))
        }
        for construction in file.constructions where networkAPIs.contains(construction.typeName) {
            guard let view = scope.id(ofEnclosing: construction.enclosingType), project.index.isView(view),
                  project.index.resolve(construction.typeName, from: view, in: file.path) == nil,
                  case let key = view + "|" + construction.typeName, keys.insert(key).inserted else { continue }
            reaches.append(Reach(view: view, key: key, position: construction.position,
                                 message: message(view: project.index.displayName(view), call: "\(construction.typeName)(…)",
                                                  access: Access(service: construction.typeName, isDirect: true))))
        }
        return reaches
    }

    struct Access {
        var service: String
        /// Reached without injection: a framework API, a singleton, or an instance the view creates.
        var isDirect: Bool
    }

    private static func classify(_ call: MemberCallFact, in view: String, path: String, project: ProjectContext) -> Access? {
        if let dot = call.receiver.firstIndex(of: ".") {
            let typeName = String(call.receiver[..<dot])
            let projectType = project.index.resolve(typeName, from: view, in: path)
            if projectType == nil && networkAPIs.contains(typeName) || project.isServiceLike(projectType ?? typeName) {
                return Access(service: typeName, isDirect: true)
            }
            // An unknown singleton that fetches (`Networking.shared.fetchUser()`); framework singletons such as
            // `NotificationCenter.default` are not `.shared` and stay out.
            let isUnknown = projectType.flatMap { project.index.entry($0)?.declaration } == nil
            let isRemoteSingleton = call.receiver.hasSuffix(".shared") && remoteVerbs.contains(where: call.method.hasPrefix)
            return isUnknown && isRemoteSingleton ? Access(service: typeName, isDirect: true) : nil
        }
        guard let property = project.index.entry(view)?.properties.first(where: { $0.name == call.receiver && !$0.isStatic }) else {
            return nil
        }
        let held = project.index.heldTypeOrWrittenName(of: property, in: view, path: path)
        let service = held.flatMap { project.isServiceLike($0) ? project.index.displayName($0) : nil } ?? injectedByKeyPath(property)
        guard let service else { return nil }
        // `private let api = APIClient()`: the view builds its own client instead of receiving one.
        return Access(service: service, isDirect: property.initializerCallee != nil)
    }

    /// `@Environment(\.apiClient) var apiClient`: a service from the environment, recognised by its name.
    private static func injectedByKeyPath(_ property: PropertyFact) -> String? {
        guard property.wrapper == "Environment", property.wrapperArgument?.hasPrefix("\\") == true else { return nil }
        let lowered = property.name.lowercased()
        let isServiceName = ["client", "service", "repository", "api"].contains(where: lowered.hasSuffix)
        return isServiceName ? property.name : nil
    }

    private static func message(view: String, call: String, access: Access) -> String {
        if access.isDirect {
            return "`\(view)` calls `\(call)` itself, so networking or storage, with its errors and retries, lives in view code that cannot be tested or shared: move the call into a model (or a service the model receives) and have the view ask the model"
        }
        return "the view `\(view)` calls the injected service `\(access.service)` (`\(call)`) itself, so loading and error state live in the view: under Container/Presentation let a model own the call and have the container ask the model"
    }
}
