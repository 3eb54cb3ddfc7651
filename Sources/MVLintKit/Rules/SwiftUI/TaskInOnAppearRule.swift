internal import SwiftSyntax

/// `.onAppear { Task { … } }`: async work SwiftUI does not manage, where `.task` would.
final class TaskInOnAppearRule: SyntaxRule {
    static let description = RuleDescription(
        id: "task-in-on-appear", family: .swiftUI, severity: .warning, profiles: .all, fix: .auto,
        summary: "`.onAppear { Task { … } }` or `.onChange(of:) { Task { … } }` instead of `.task` / `.task(id:)`.",
        rationale: "A `Task` started by hand in `onAppear` is not tied to the view: it keeps running after the view disappears, and each appearance starts another one. In `onChange`, every change starts a new task while the previous ones still run and may finish last, leaving stale results on screen. `.task` is cancelled when the view disappears, and `.task(id:)` cancels the previous run whenever the value changes.",
        instead: "Write `.task { await model.load() }` instead of `.onAppear { Task { … } }`, and `.task(id: value) { … }` instead of `.onChange(of: value) { Task { … } }` (note that `.task(id:)` also runs when the view appears). Make the work check for cancellation.",
        triggering: [
            Example("""
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    List(model.posts) { Text($0.title) }
                        .↓onAppear {
                            Task { await model.load() }
                        }
                }
            }
            """),
            Example("""
            struct SearchView: View {
                @State private var query = ""
                @State private var results: [Hit] = []
                var body: some View {
                    List(results) { Text($0.title) }
                        .searchable(text: $query)
                        .↓onChange(of: query) {
                            Task { results = await Search.run(query) }
                        }
                }
            }
            """),
            Example("""
            struct ProfileView: View {
                let model: ProfileModel
                var body: some View {
                    Text(model.name)
                        .↓onAppear(perform: {
                            model.markSeen()
                            Task(priority: .background) { await model.refresh() }
                        })
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            struct FeedView: View {
                let viewModel: FeedViewModel
                var body: some View {
                    List(viewModel.posts) { Text($0.title) }
                        .onAppear { viewModel.start() }
                }
            }
            """),
            Example("""
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    List(model.posts) { Text($0.title) }
                        .task { await model.load() }
                }
            }
            """),
            // The Task runs later, when the retry callback fires, not on appearance.
            Example("""
            struct UploadView: View {
                let model: UploadModel
                var body: some View {
                    Text(model.status)
                        .onAppear {
                            model.prepare()
                            model.onRetry = { Task { await model.upload() } }
                        }
                }
            }
            """),
            Example("""
            struct FeedView: View {
                let model: FeedModel
                var body: some View {
                    List(model.posts) { Text($0.title) }
                        .onAppear(perform: load)
                }
                private func load() { model.reload() }
            }
            """),
            // `.task` does not exist before iOS 15.
            Example("""
            struct FeedView: View {
                let model: FeedModel
                var body: some View {
                    List(model.posts) { Text($0.title) }
                        .onAppear { Task { await model.load() } }
                }
            }
            """, .iOS("14.0")),
        ]
    )

    init(options: RuleOptions) {}

    func visit(_ node: FunctionCallExprSyntax, in file: FileWalk) {
        guard let modifier = SyntaxText.modifier(node, named: ["onAppear", "onChange"]),
              let closure = SyntaxText.closure(of: node, trailingOr: "perform"),
              SyntaxText.statementExpressions(of: closure).contains(where: { SyntaxText.isCall($0, to: "Task") }),
              file.canUse(introducedIn: [.iOS: Version(15), .macOS: Version(12), .tvOS: Version(15), .watchOS: Version(8)])
        else { return }
        if modifier.declName.baseName.text == "onAppear" {
            file.report(id, at: modifier.declName,
                        "`.onAppear { Task { … } }` starts work that keeps running after the view disappears: use `.task { … }`, which SwiftUI cancels with the view",
                        fixable: true)
        } else if let value = SyntaxText.argument(node, labeled: "of")?.expression.trimmedDescription {
            file.report(id, at: modifier.declName,
                        "`.onChange(of: \(value)) { Task { … } }` starts a new task on every change while older ones keep running: use `.task(id: \(value)) { … }`, which cancels the previous run",
                        fixable: true)
        }
    }
}
