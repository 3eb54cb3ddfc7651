/// A model or view model that has grown to serve too many concerns.
///
/// A project rule: properties and methods are counted over the class and all its extensions, in every file.
enum GodViewModelRule: ProjectRule {
    static let description = RuleDescription(
        id: "god-viewmodel", family: .observation, severity: .advice, profiles: .optIn,
        summary: "A Model/ViewModel with more observable properties or methods than the thresholds (15 and 20 by default).",
        rationale: "One observable object that serves a whole feature area (profile, settings, posts, notifications…) couples unrelated screens: each change risks the others, its tests need the whole world set up, and every view that holds it depends on far more state than it shows. Not counted: in a form (at least half its state bound by a view, `$viewModel.displayName`), the bound fields, which are one concern; and the callbacks of a delegate or data source (methods in an extension that adds a conformance, Cocoa-shaped `webView(_ webView: WKWebView, …)` methods), which answer one framework protocol. Only one screen's model is judged: app-wide stores and models made for UIKit cells are not screen view models.",
        instead: "Split it per screen or concern (`ProfileViewModel`, `ProfileSettingsViewModel`), or move cohesive groups of state and logic into smaller models that the screens hold separately.",
        triggering: [
            Example("""
            ↓@Observable final class AccountViewModel {
                var name = ""
                var email = ""
                var avatarURL: URL?
                var isLoading = false
            }
            """, .options(["max_properties": 3])),
            Example("""
            ↓final class DashboardViewModel: ObservableObject {
                @Published var posts: [Post] = []
                func loadPosts() {}
                func likePost() {}
                func sharePost() {}
            }
            """, .options(["max_methods": 2])),
            // Extensions in the same file count too (those in other files as well).
            Example("""
            ↓@MainActor @Observable final class SettingsViewModel {
                var theme = ""
                var fontSize = 14
            }
            extension SettingsViewModel {
                func reset() {}
                func export() {}
                func importBackup() {}
            }
            """, .options(["max_properties": 1, "max_methods": 2])),
        ],
        nonTriggering: [
            // A singleton repository is app-lifetime: its many CRUD methods are its job, not a screen doing too much.
            Example("""
            final class RecipeRepository: ObservableObject {
                static let shared = RecipeRepository()
                @Published private(set) var recipes: [Recipe] = []
                func add(_ recipe: Recipe) {}
                func update(_ recipe: Recipe) {}
                func delete(_ recipe: Recipe) {}
            }
            """, .options(["max_methods": 2])),
            Example("""
            @Observable final class AccountViewModel {
                var name = ""
                var email = ""
                func save() async {}
            }
            """),
            // Only observable state counts: constants, ignored, static and computed members do not.
            Example("""
            @Observable final class PlayerModel {
                var isPlaying = false
                let trackID: Int
                @ObservationIgnored var lastTick: Date?
                static var shared = PlayerModel(trackID: 0)
                var title: String { "Track \\(trackID)" }
                init(trackID: Int) { self.trackID = trackID }
            }
            """, .options(["max_properties": 1])),
            // A form: the fields its view binds are one concern, however many.
            Example("""
            @Observable final class EditProfileViewModel {
                var displayName = ""
                var bio = ""
                var website = ""
                var isPrivate = false
                private(set) var isSaving = false
                func save() async {}
            }
            struct EditProfileView: View {
                @State private var viewModel = EditProfileViewModel()
                var body: some View {
                    Form {
                        TextField("Name", text: $viewModel.displayName)
                        TextField("Bio", text: $viewModel.bio)
                        TextField("Website", text: $viewModel.website)
                        Toggle("Private", isOn: $viewModel.isPrivate)
                    }
                }
            }
            """, .options(["max_properties": 2])),
            // Delegate callbacks answer one framework protocol.
            Example("""
            @MainActor final class RecorderViewModel: NSObject, ObservableObject, WKNavigationDelegate {
                @Published private(set) var isRecording = false
                func start() {}
                func stop() {}
                func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
                func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: Error) {}
            }
            extension RecorderViewModel: AVAudioRecorderDelegate {
                func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool) {}
                func audioRecorderEncodeErrorDidOccur(_ recorder: AVAudioRecorder, error: Error?) {}
            }
            struct RecorderView: View {
                @StateObject private var viewModel = RecorderViewModel()
                var body: some View { Text(viewModel.isRecording ? "Recording" : "Idle") }
            }
            """, .options(["max_methods": 2])),
            // A large value type or service is not a model.
            Example("""
            struct Profile {
                var name = ""
                var email = ""
                var phone = ""
            }
            final class ProfileService {
                func load() {}
                func save() {}
                func delete() {}
            }
            """, .options(["max_properties": 2, "max_methods": 2])),
        ],
        options: [
            RuleOption("max_properties", default: 15, "Most observable properties (`@Published`, tracked stored `var`s) a model may have."),
            RuleOption("max_methods", default: 20, "Most instance methods a model may have, extensions included."),
        ]
    )

    /// The properties views bind (`$viewModel.name`).
    static func gather(_ project: ProjectContext, options: RuleOptions) -> Set<ViewModelPublicSetterRule.PropertyKey> {
        ViewModelPublicSetterRule.boundProperties(project)
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered bound: Set<ViewModelPublicSetterRule.PropertyKey>, options: RuleOptions,
                      report: inout [ProjectFinding]) {
        let maxProperties = options["max_properties"]
        let maxMethods = options["max_methods"]
        for model in project.observableClasses(touching: file) where model.isScreenModel && model.path == file.path {
            // A form — at least half its state is fields a view binds (`$viewModel.name`) — is one concern the
            // user edits, however many fields it has; a few bound flags in a big model change nothing.
            let unbound = model.trackedProperties.filter {
                ReadRecorder.noteMember($0.name)
                return !bound.contains(.init(type: model.id, name: $0.name)) && !bound.contains(.init(type: nil, name: $0.name))
            }
            let isForm = unbound.count * 2 <= model.trackedProperties.count
            let propertyCount = isForm ? unbound.count : model.trackedProperties.count
            let methodCount = ownMethods(of: model).count
            var excess: [String] = []
            if propertyCount > maxProperties { excess.append("\(propertyCount) observable properties (limit \(maxProperties))") }
            if methodCount > maxMethods { excess.append("\(methodCount) methods (limit \(maxMethods))") }
            guard !excess.isEmpty else { continue }
            report.append(ProjectFinding(path: model.path, position: model.declaration.position, message: "`\(model.name)` has \(excess.joined(separator: " and ")), so it couples concerns that change for different reasons: split it per screen or concern into smaller models"))
        }
    }

    /// Instance methods, without the callbacks of a delegate or data source the class conforms to: those in an
    /// extension that adds a conformance, and Cocoa-shaped ones named after their first parameter's type
    /// (`webView(_ webView: WKWebView, didFinish:)`, `audioRecorder(_: AVAudioRecorder, …)`). Answering one
    /// framework protocol is one concern, however many methods it asks for.
    static func ownMethods(of model: ObservableClass) -> [MethodFact] {
        model.parts.flatMap { part -> [MethodFact] in
            guard part.fact.kind != .extension || part.fact.inherited.isEmpty else { return [] }
            let callbacks = Set(part.fact.behavior.helpers.filter(isDelegateCallback).map(\.name))
            return part.fact.methods.filter { !$0.isInitializer && !$0.isStatic && !callbacks.contains($0.name) }
        }
    }

    static func isDelegateCallback(_ helper: HelperFact) -> Bool {
        guard helper.kind == .method, let first = helper.parameterTypes.first.map(Architecture.bareTypeName),
              let initial = helper.name.first else { return false }
        return first.hasSuffix(initial.uppercased() + helper.name.dropFirst())
    }
}
