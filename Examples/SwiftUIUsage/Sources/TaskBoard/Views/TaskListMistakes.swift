import SwiftUI

// Each view in this file makes one or more of the usage mistakes mvlint reports.
// `TaskListDoneRight.swift` shows the same screens written the recommended way.

struct TaskListMistakes: View {
    @Environment(TaskStore.self) private var store
    @State private var selectedTask: TaskItem?
    @State private var showsEditor = false
    @ObservedObject var settings = SettingsModel()

    var body: some View {
        NavigationView {
            List {
                ForEach(store.tasks.indices, id: \.self) { index in
                    TaskRowMistakes(task: store.tasks[index])
                        .onTapGesture {
                            selectedTask = store.tasks[index]
                            showsEditor = true
                        }
                }
                .onDelete { offsets in store.tasks.remove(atOffsets: offsets) }
                Section("Done") {
                    ForEach(store.tasks.filter { $0.isDone }.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }) { task in
                        Text(task.title)
                    }
                }
            }
            .sheet(isPresented: $showsEditor) {
                if let selectedTask {
                    TaskEditorMistakes(store: store, taskID: selectedTask.id)
                }
            }
            .onAppear {
                Task { await store.load() }
            }
        }
    }
}

struct TaskRowMistakes: View {
    let task: TaskItem

    var body: some View {
        HStack {
            Text(task.title)
                .font(.system(size: 15))
                .foregroundColor(task.isDone ? .secondary : .primary)
            Spacer()
            Button {
                print("share \(task.title)")
            } label: {
                Image(systemName: "square.and.arrow.up")
            }
        }
    }
}

struct TaskEditorMistakes: View {
    let store: TaskStore
    let taskID: UUID
    @State var draftTitle = ""

    init(store: TaskStore, taskID: UUID) {
        self.store = store
        self.taskID = taskID
        Task { await store.load() }
    }

    var body: some View {
        Form {
            TextField("Filter", text: $store.filterText)
            TextField("Title", text: $draftTitle)
            Button("Save") {
                let trimmed = draftTitle.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { return }
                if let index = store.tasks.firstIndex(where: { $0.id == taskID }) {
                    store.tasks[index].title = trimmed
                }
                draftTitle = ""
                store.filterText = ""
                print("saved")
            }
        }
    }
}
