/// A loading flag and an error property that together encode one screen state.
///
/// A project rule: the class's role and its properties (declaration and extensions) come from the index.
enum StateEnumCandidateRule: ProjectRule {
    static let description = RuleDescription(
        id: "state-enum-candidate", family: .observation, severity: .advice, profiles: .optIn,
        summary: "A Model/ViewModel keeps mutually exclusive flags (`isLoading` + `error`/`errorMessage` + optional data).",
        rationale: "Separate `isLoading`, `error` and `items` allow combinations the screen never means (loading while an error is shown, an error next to stale data), and every view has to decide which flag wins. A state enum makes those combinations unrepresentable and makes `switch` in the view check every case.",
        instead: "Keep one `private(set) var state: State` with `enum State { case idle, loading, loaded([Item]), failed(String) }` and switch over it in the view. Screens with several sections that load independently are better served by separate properties.",
        triggering: [
            Example("""
            @MainActor final class ProductViewModel: ObservableObject {
                ↓@Published private(set) var isLoading = false
                @Published private(set) var errorMessage: String?
                @Published private(set) var product: Product?
            }
            """),
            Example("""
            @Observable final class FeedModel {
                private(set) var posts: [Post] = []
                private(set) var ↓isLoading = false
                private(set) var error: Error?
            }
            struct FeedScreen: View {
                @State private var model = FeedModel()
                var body: some View { List(model.posts) { Text($0.title) } }
            }
            """),
            Example("""
            @Observable final class LoginViewModel {
                var email = ""
                var ↓loading: Bool = false
                var lastError: LoginError?
            }
            """),
        ],
        nonTriggering: [
            // Already a state enum.
            Example("""
            @MainActor @Observable final class ProductViewModel {
                enum State { case idle, loading, loaded(Product), failed(String) }
                private(set) var state: State = .idle
            }
            """),
            // A dashboard whose sections load and fail independently.
            Example("""
            @Observable final class DashboardViewModel {
                private(set) var isLoadingPosts = false
                private(set) var isLoadingUsers = false
                private(set) var postsError: String?
                private(set) var usersError: String?
            }
            """),
            // A loading flag alone, or flags in a view's own state, are not this rule's concern.
            Example("""
            @Observable final class UploadModel {
                var isLoading = false
                var progress = 0.0
            }
            struct ReportView: View {
                @State private var isLoading = false
                @State private var errorMessage: String?
                var body: some View { ProgressView() }
            }
            """),
            // Pull-to-refresh on top of loaded content is a second, independent flag.
            Example("""
            @Observable final class TimelineModel {
                var isLoading = false
                var isLoadingMore = false
                var error: Error?
            }
            """),
        ]
    )

    /// Names of a single error slot (sectioned names such as `postsError` mean independent sections).
    static let errorNames: Set<String> = ["error", "errorMessage", "errorText", "errorDescription", "lastError", "loadError", "loadingError"]

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        for model in project.observableClasses(touching: file) where model.isScreenModel && model.path == file.path {
            let properties = model.trackedProperties
            let loadingFlags = properties.filter { isLoadingFlag($0.name) }
            guard loadingFlags.count == 1, let flag = loadingFlags.first,
                  let error = properties.first(where: { errorNames.contains($0.name) }) else { continue }
            report.append(ProjectFinding(path: model.path, position: flag.reportPosition, message: "`\(flag.name)` and `\(error.name)` of `\(model.name)` can contradict each other (loading while an error shows, an error beside old data): replace them with one `state` enum (`idle`, `loading`, `loaded`, `failed`)"))
        }
    }

    /// `isLoading`, `loading`, `isFetching`, `isLoadingPosts`…: each is one thing being loaded.
    static func isLoadingFlag(_ name: String) -> Bool {
        name == "loading" || name.hasPrefix("isLoading") || name.hasPrefix("isFetching")
    }
}
