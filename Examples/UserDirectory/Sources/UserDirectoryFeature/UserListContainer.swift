#if canImport(SwiftUI)
import SwiftUI
import UserDirectoryModel
import UserDirectoryPresentation

/// The member list screen: loads the members, and opens a member or the settings.
struct UserListContainer: View {
    @Environment(UsersModel.self) private var model
    /// Bumped by "Try Again"; the `.task(id:)` below reloads whenever it changes.
    @State private var loadRequest = 0
    @State private var isShowingSettings = false

    var body: some View {
        UserListView(
            items: model.visibleUsers,
            status: ListStatus(model.phase),
            onRetry: { loadRequest += 1 },
            onOpenSettings: { isShowingSettings = true }
        ) { user in
            NavigationLink(value: user.id) {
                UserRow(name: user.displayName, detail: user.membershipLabel, initials: user.initials)
            }
        }
        .navigationTitle("Members")
        .navigationDestination(for: User.ID.self) { id in
            UserDetailContainer(userID: id)
        }
        .sheet(isPresented: $isShowingSettings) {
            SettingsContainer()
        }
        .task(id: loadRequest) {
            await model.load()
        }
        .refreshable {
            await model.load()
        }
    }
}

#Preview {
    NavigationStack {
        UserListContainer()
    }
    .environment(UsersModel(service: InMemoryUserService(delay: .seconds(1))))
}
#endif
