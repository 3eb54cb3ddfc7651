import SwiftUI

struct StatsPanel: View {
    let tasks: [TaskItem]
    let isCompact: Bool

    var body: some View {
        ScrollView {
            VStack(spacing: 8) {
                ForEach(tasks) { task in
                    Text(task.title)
                }
            }
        }
        summary
    }

    private var summary: some View {
        if isCompact {
            return AnyView(Text("\(tasks.count) tasks"))
        } else {
            return AnyView(HStack(spacing: 4) { Text("Tasks"); Text("\(tasks.count)") })
        }
    }
}

struct DoneBadge: View {
    let isDone: Bool

    var body: some View {
        if isDone {
            Text("Done").bold()
        } else {
            Text("Done")
        }
    }
}

struct StatsPanelDoneRight: View {
    let tasks: [TaskItem]

    var body: some View {
        ScrollView {
            LazyVStack {
                ForEach(tasks) { task in
                    Text(task.title)
                }
            }
        }
    }
}

struct DoneBadgeDoneRight: View {
    let isDone: Bool

    var body: some View {
        Text("Done").fontWeight(isDone ? .bold : .regular)
    }
}
