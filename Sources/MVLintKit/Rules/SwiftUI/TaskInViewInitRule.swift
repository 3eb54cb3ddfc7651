internal import SwiftSyntax

/// A View's `init` runs every time a parent re-evaluates its body, so a `Task` started there starts again and again.
final class TaskInViewInitRule: SyntaxRule {
    static let description = RuleDescription(
        id: "task-in-view-init", family: .swiftUI, severity: .warning, profiles: .all,
        summary: "`Task { }` or `Task.detached { }` started in a View's `init`.",
        rationale: "A View is a value that SwiftUI recreates whenever its parent's body runs, so its `init` may run many times for one view on screen. A `Task` started there repeats the work on each re-creation, is never cancelled when the view disappears, and races with the copies started before it.",
        instead: "Start the work in `.task { }` (or `.task(id:)` to restart it when an input changes): it runs once per appearance and is cancelled when the view goes away.",
        triggering: [
            Example("""
            struct ArticleView: View {
                let id: Article.ID
                @State private var article: Article?
                init(id: Article.ID) {
                    self.id = id
                    ↓Task { await ArticleCache.shared.prefetch(id) }
                }
                var body: some View { Text(article?.title ?? "") }
            }
            """),
            Example("""
            struct AvatarView: View {
                let url: URL
                init(url: URL) {
                    self.url = url
                    ↓Task.detached(priority: .background) { await ImageLoader.warm(url) }
                }
                var body: some View { AsyncImage(url: url) }
            }
            """),
            // The conformance is declared elsewhere; the init is still a View's.
            Example("""
            struct StatsPanel {
                let store: StatsStore
                init(store: StatsStore) {
                    self.store = store
                    if store.isStale { ↓Task<Void, Never> { await store.refresh() } }
                }
            }
            extension StatsPanel: View {
                var body: some View { Text(store.summary) }
            }
            """),
        ],
        nonTriggering: [
            // Started from lifecycle modifiers or a method, the work is tied to the view on screen.
            Example("""
            struct ArticleView: View {
                let id: Article.ID
                var body: some View {
                    Text("Article")
                        .task { await ArticleCache.shared.prefetch(id) }
                        .onAppear { Task { await Analytics.log("open") } }
                }
                private func refresh() { Task { await ArticleCache.shared.reload(id) } }
            }
            """),
            // A model's init is not a View's (another rule covers loading in model initializers).
            Example("""
            @Observable final class FeedModel {
                var posts: [Post] = []
                init() { Task { await self.load() } }
                func load() async {}
            }
            """),
            // Only the type of a stored task, not a task being started.
            Example("""
            struct UploadView: View {
                let upload: Task<Void, Error>?
                init(upload: Task<Void, Error>? = nil) { self.upload = upload }
                var body: some View { ProgressView() }
            }
            """),
        ],
        onlyInViews: true
    )

    init(options: RuleOptions) {}

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        guard file.isInsideInitializer, SyntaxText.startsTask(node) else { return }
        file.report(id, at: node.calledExpression,
                    "`Task` started in a View's `init` runs again every time SwiftUI recreates the view value and is never cancelled: start the work in `.task { }` instead")
    }
}
