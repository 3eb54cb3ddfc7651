/// A view designated as Presentation (by its `Presentation` folder, or named `*View` in a project that names
/// its containers) keeps a reference to a model: it should receive values, bindings and closures.
///
/// Structurally such a view is a container (it observes state); the finding is the clash between that
/// structure and the designation the project gave it.
enum PresentationHoldsModelRule: ProjectRule {
    static let description = RuleDescription(
        id: "presentation-holds-model", family: .architecture, severity: .error,
        profiles: .only([.containerPresentation]),
        summary: "A Presentation view (in a `Presentation` folder or module, or a `*View` in a project that names its containers `*ContainerView`/`*Screen`) stores a model, view model or store.",
        rationale: "A Presentation view is meant to draw what it is given: with a model inside it reads and mutates app state directly, cannot be previewed without building that model, and cannot move into a separate Presentation module. Whether a plain `*View` name designates a Presentation view is decided per project: only when a view named as a container (`*ContainerView`, `*Container`, `*Screen`) holds state, showing the project follows the convention; views a scene shows first (`WindowGroup { ContentView() }`) count as containers.",
        instead: "Let the container view hold the model and pass the Presentation view plain values (`let name: String`), `@Binding`s for what it edits and closures for what it triggers (`let onSave: () -> Void`).",
        triggering: [
            Example("""
            @Observable final class UserModel {
                var name = "Alice"
            }
            struct UserContainerView: View {
                @State private var model = UserModel()
                var body: some View { UserView(model: model) }
            }
            struct UserView: View {
                let ↓model: UserModel
                var body: some View { Text(model.name) }
            }
            """),
            Example("""
            final class CartStore: ObservableObject {
                @Published var count = 0
            }
            struct CartContainerView: View {
                @StateObject private var store = CartStore()
                var body: some View { CartBadgeView(store: store) }
            }
            struct CartBadgeView: View {
                ↓@ObservedObject var store: CartStore
                ↓@EnvironmentObject var settings: SettingsStore
                var body: some View { Text("\\(store.count)") }
            }
            """),
            Example("""
            struct ProfileScreen: View {
                @Environment(SessionModel.self) private var session
                var body: some View { ProfileHeaderView() }
            }
            struct ProfileHeaderView: View {
                ↓@Environment(SessionModel.self) private var session
                var body: some View { Text(session.userName) }
            }
            """),
            Example("""
            @Observable final class DraftModel {
                var text = ""
            }
            struct ComposerContainerView: View {
                @State private var draft = DraftModel()
                var body: some View { ComposerView(draft: draft) }
            }
            struct ComposerView: View {
                ↓@Bindable var draft: DraftModel
                var body: some View { TextField("Message", text: $draft.text) }
            }
            """),
        ],
        nonTriggering: [
            // Values, bindings and closures are what a Presentation view should take.
            Example("""
            struct User {
                let name: String
            }
            @Observable final class UserModel {
                var user = User(name: "Alice")
                var isPremium = false
            }
            struct UserContainerView: View {
                @State private var model = UserModel()
                var body: some View { UserView(user: model.user, isPremium: $model.isPremium, onSave: {}) }
            }
            struct UserView: View {
                let user: User
                @Binding var isPremium: Bool
                let onSave: () -> Void
                var body: some View { Button(user.name, action: onSave) }
            }
            """),
            // A container holds the model: that is its job.
            Example("""
            @Observable final class UserModel {
                var name = "Alice"
            }
            struct UserContainerView: View {
                @State private var model = UserModel()
                var body: some View { UserView(name: model.name) }
            }
            struct UserView: View {
                let name: String
                var body: some View { Text(name) }
            }
            """),
            // A project that does not name containers gives `*View` no meaning: the designation is unknown.
            Example("""
            final class FeedModel: ObservableObject {
                @Published var posts: [String] = []
            }
            struct FeedView: View {
                @ObservedObject var model: FeedModel
                var body: some View { List(model.posts, id: \\.self) { Text($0) } }
            }
            """),
            // Environment values by key path are not models.
            Example("""
            struct SettingsContainerView: View {
                @EnvironmentObject private var settings: SettingsStore
                var body: some View { CloseButtonView() }
            }
            struct CloseButtonView: View {
                @Environment(\\.dismiss) private var dismiss
                @State private var isPressed = false
                var body: some View { Button("Close") { dismiss() } }
            }
            """),
            // The scene's root view is the app's first container, whatever its name.
            Example("""
            @main
            struct NotesApp: App {
                var body: some Scene {
                    WindowGroup { ContentView() }
                }
            }
            struct NoteListContainer: View {
                @Environment(NotesModel.self) private var notes
                var body: some View { Text("Notes") }
            }
            struct ContentView: View {
                @Environment(NotesModel.self) private var notes
                var body: some View { NoteListContainer() }
            }
            """),
        ]
    )

    /// Whether the project names its containers (`…Container`, `…Screen`): then a view named otherwise is a
    /// Presentation view.
    static func gather(_ project: ProjectContext, options: RuleOptions) -> Bool {
        project.followsContainerNaming
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered followsNaming: Bool, options: RuleOptions,
                      report: inout [ProjectFinding]) {
        let roots = project.sceneRootViews
        for view in project.declaredViews(touching: file) where view.path == file.path {
            ReadRecorder.noteProjectWide("container naming")
            guard let designation = project.presentationDesignation(of: view, followsNaming: followsNaming, roots: roots) else { continue }
            for property in view.storedProperties {
                guard let observed = project.observedModel(held: property, in: view.entry) else { continue }
                let kind = project.architecture.role(of: observed.type) == .viewModel ? "view model" : "model"
                let model = (type: project.index.displayName(observed.type), via: observed.via)
                report.append(ProjectFinding(
                    path: view.path, position: property.wrapperPosition ?? property.position,
                    message: "`\(project.index.displayName(view.id))` is a Presentation view (\(designation)) but holds the \(kind) `\(model.type)` through `\(model.via) \(property.name)`, so it reads and changes app state behind its container's back: let a container hold `\(model.type)` and pass this view values, `@Binding`s and action closures"))
            }
        }
    }
}
