#if canImport(SwiftUI)
import SwiftUI

/// What the list shows when it has no rows.
public enum ListStatus: Equatable, Sendable {
    case loading
    case failed(message: String)
    case ready
}

/// The member list. It is generic over its items and takes each row as content, so it never needs to
/// know the model's types: the container decides what a row shows and where tapping it leads.
public struct UserListView<Item: Identifiable, Row: View>: View {
    let items: [Item]
    let status: ListStatus
    let onRetry: () -> Void
    let onOpenSettings: () -> Void
    let row: (Item) -> Row

    public init(
        items: [Item],
        status: ListStatus,
        onRetry: @escaping () -> Void,
        onOpenSettings: @escaping () -> Void,
        @ViewBuilder row: @escaping (Item) -> Row
    ) {
        self.items = items
        self.status = status
        self.onRetry = onRetry
        self.onOpenSettings = onOpenSettings
        self.row = row
    }

    public var body: some View {
        List(items) { item in
            row(item)
        }
        .overlay {
            if items.isEmpty {
                EmptyListPlaceholder(status: status, onRetry: onRetry)
            }
        }
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button("Settings", systemImage: "gearshape", action: onOpenSettings)
            }
        }
    }
}

/// Stands in for the rows while loading, after a failure, or when nothing matches.
struct EmptyListPlaceholder: View {
    let status: ListStatus
    let onRetry: () -> Void

    var body: some View {
        switch status {
        case .loading:
            ProgressView()
        case .failed(let message):
            ContentUnavailableView {
                Label("Couldn't Load Members", systemImage: "wifi.exclamationmark")
            } description: {
                Text(message)
            } actions: {
                Button("Try Again", action: onRetry)
            }
        case .ready:
            ContentUnavailableView(
                "No Members",
                systemImage: "person.3",
                description: Text("Nobody matches the current settings.")
            )
        }
    }
}

private struct PreviewMember: Identifiable {
    let id: Int
    let name: String
}

#Preview("Members") {
    NavigationStack {
        UserListView(
            items: [PreviewMember(id: 1, name: "Ada Lovelace"), PreviewMember(id: 2, name: "Alan Turing")],
            status: .ready,
            onRetry: {},
            onOpenSettings: {}
        ) { member in
            UserRow(name: member.name, detail: "Standard member", initials: "")
        }
    }
}

#Preview("Failed") {
    NavigationStack {
        UserListView(
            items: [PreviewMember](),
            status: .failed(message: "The server answered with status 503."),
            onRetry: {},
            onOpenSettings: {}
        ) { member in
            Text(member.name)
        }
    }
}
#endif
