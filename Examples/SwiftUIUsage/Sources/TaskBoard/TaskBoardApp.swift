import SwiftUI

@main
struct TaskBoardApp: App {
    @State private var store = TaskStore()

    var body: some Scene {
        WindowGroup {
            TaskListScreen()
                .environment(store)
        }
    }
}
