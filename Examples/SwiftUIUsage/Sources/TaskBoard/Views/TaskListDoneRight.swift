import SwiftUI

// The screens of `TaskListMistakes.swift`, written the recommended way. mvlint reports nothing here.

struct TaskListScreen: View {
    @Environment(TaskStore.self) private var store
    @State private var editedTask: TaskItem?
    @StateObject private var settings = SettingsModel()

    var body: some View {
        NavigationStack {
            List {
                ForEach(store.visibleTasks) { task in
                    TaskRow(task: task)
                        .onTapGesture { editedTask = task }
                }
            }
            .sheet(item: $editedTask) { task in
                TaskEditor(taskID: task.id, initialTitle: task.title)
            }
            .task {
                await store.load()
            }
        }
    }
}

struct TaskRow: View {
    let task: TaskItem

    var body: some View {
        HStack {
            Text(task.title)
                .font(.body)
                .foregroundStyle(task.isDone ? .secondary : .primary)
            Spacer()
            ShareLink(item: task.title) {
                Label("Share", systemImage: "square.and.arrow.up")
            }
        }
    }
}

struct TaskEditor: View {
    @Environment(TaskStore.self) private var store
    let taskID: UUID
    let initialTitle: String
    @State private var draftTitle = ""

    var body: some View {
        @Bindable var store = store
        Form {
            TextField("Filter", text: $store.filterText)
            TextField("Title", text: $draftTitle)
            Button("Save", action: save)
        }
        .onAppear { draftTitle = initialTitle }
    }

    private func save() {
        guard let index = store.tasks.firstIndex(where: { $0.id == taskID }) else { return }
        store.tasks[index].title = draftTitle
    }
}
