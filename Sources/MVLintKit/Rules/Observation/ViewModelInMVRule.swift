/// A `*ViewModel` class in a project that follows the MV profile.
///
/// A project rule because it depends on the run's profile (chosen, configured or detected), which is known
/// only once every file has been read.
enum ViewModelInMVRule: ProjectRule {
    static let description = RuleDescription(
        id: "viewmodel-in-mv", family: .observation, severity: .advice, profiles: .optIn,
        summary: "A `*ViewModel` class in a project whose profile is MV.",
        rationale: "In the MV style a screen's state lives in the view (`@State`), shared state and logic live in models and services reached through `@Environment`, and large views are split into smaller ones. A per-screen view model adds a second place for the same state and a layer every change has to pass through.",
        instead: "Keep screen-local state in `@State`, put shared state and business logic in an `@Observable` model or a service injected with `.environment`, run loading in `.task`, and split large views into subviews. Keep existing view models where the code base already uses them consistently.",
        triggering: [
            Example("""
            ↓@Observable final class SettingsViewModel {
                var notificationsEnabled = false
            }
            """),
            Example("""
            ↓final class SearchViewModel: ObservableObject {
                @Published var query = ""
            }
            struct SearchScreen: View {
                @StateObject private var viewModel = SearchViewModel()
                var body: some View { TextField("Search", text: $viewModel.query) }
            }
            """, .profile(.mv)),
            Example("""
            enum Feature {
                ↓@MainActor final class DetailViewModel {
                    var title = ""
                }
            }
            """),
        ],
        nonTriggering: [
            // The project follows MVVM: view models are the convention there.
            Example("""
            @Observable final class SettingsViewModel {
                var notificationsEnabled = false
            }
            """, .profile(.mvvm)),
            // Models and stores are MV's own building blocks; a protocol is not a class.
            Example("""
            @Observable final class LibraryModel {
                var books: [Book] = []
            }
            protocol RowViewModel {
                var title: String { get }
            }
            """),
            // A struct holding screen state is another rule's business (`state-named-model`).
            Example("""
            struct FilterViewModel {
                var query = ""
                var onlyFavorites = false
            }
            """),
        ]
    )

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        for entry in project.types(declaredIn: file) {
            guard entry.name.hasSuffix("ViewModel"), let declaration = entry.declaration, declaration.kind == .class,
                  let path = entry.declarationPath, ReadRecorder.notingProjectWide("profile", project.profile) == .mv else { continue }
            report.append(ProjectFinding(path: path, position: declaration.position, message: "`\(project.index.displayName(entry.id))` adds a view model to a project that follows MV, a second home for state the view and its models already hold: keep screen state in `@State`, shared logic in an `@Observable` model or service from `@Environment`, and split large views into subviews"))
        }
    }
}
