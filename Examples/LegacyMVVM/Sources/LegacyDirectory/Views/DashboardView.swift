import SwiftUI

struct DashboardView: View {
    @StateObject private var viewModel: DashboardViewModel

    init(userID: Int) {
        _viewModel = StateObject(wrappedValue: DashboardViewModel(userID: userID))
    }

    var body: some View {
        NavigationStack {
            List {
                Section("Profile") {
                    if let profile = viewModel.profile {
                        Text(profile.name)
                        Button("Edit Bio") { viewModel.startEditingBio() }
                    } else if let message = viewModel.profileError {
                        Text(message)
                    }
                }
                Section("Posts") {
                    ForEach(viewModel.posts) { post in
                        Text(post.title)
                    }
                }
                Section("Friends") {
                    ForEach(viewModel.friends) { friend in
                        Text(friend.name)
                    }
                }
                Section {
                    Toggle("Unread only", isOn: $viewModel.showsOnlyUnread)
                    Button("Mark All Read") { viewModel.markAllRead() }
                } header: {
                    Text("Notifications (\(viewModel.unreadCount))")
                }
            }
            .navigationTitle("Home")
            .task { await viewModel.refreshAll() }
            .refreshable { await viewModel.refreshAll() }
            .sheet(isPresented: $viewModel.isEditingBio) {
                Form {
                    TextField("Bio", text: $viewModel.draftBio)
                    Button("Save") {
                        Task { await viewModel.saveBio() }
                    }
                }
            }
        }
    }
}
