import Foundation
import Observation

struct TaskItem: Identifiable, Hashable {
    let id: UUID
    var title: String
    var isDone: Bool
    var dueDate: Date?
}

/// The app's state and the operations on it. Views read it and call its methods.
@MainActor
@Observable
final class TaskStore {
    var tasks: [TaskItem] = []
    var filterText = ""
    private(set) var isLoading = false

    func load() async {
        isLoading = true
        defer { isLoading = false }
        try? await Task.sleep(for: .milliseconds(200))
        tasks = [
            TaskItem(id: UUID(), title: "Write the release notes", isDone: false, dueDate: nil),
            TaskItem(id: UUID(), title: "Review the pull request", isDone: true, dueDate: nil),
        ]
    }

    func toggle(_ task: TaskItem) {
        guard let index = tasks.firstIndex(where: { $0.id == task.id }) else { return }
        tasks[index].isDone.toggle()
    }

    /// Sorting and filtering live here, computed once per change, not in a view's body.
    var visibleTasks: [TaskItem] {
        let matching = filterText.isEmpty ? tasks : tasks.filter { $0.title.localizedCaseInsensitiveContains(filterText) }
        return matching.sorted { !$0.isDone && $1.isDone }
    }
}

/// A legacy model kept on ObservableObject, observed by the settings screen.
final class SettingsModel: ObservableObject {
    @Published var showsCompleted = true
}
