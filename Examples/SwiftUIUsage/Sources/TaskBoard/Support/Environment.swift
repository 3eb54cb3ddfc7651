import SwiftUI

struct AccentKey: EnvironmentKey {
    static let defaultValue: Color = .orange
}

extension EnvironmentValues {
    var accent: Color {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }

    /// The same kind of value, declared the short way.
    @Entry var highlight: Color = .yellow
}

struct TaskRow_Previews: PreviewProvider {
    static var previews: some View {
        TaskRow(task: TaskItem(id: UUID(), title: "Preview", isDone: false, dueDate: nil))
    }
}

#Preview("Done task") {
    TaskRow(task: TaskItem(id: UUID(), title: "Preview", isDone: true, dueDate: nil))
}
