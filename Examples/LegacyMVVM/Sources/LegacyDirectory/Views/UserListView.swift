import SwiftUI

struct UserListView: View {
    // Creates the object it claims only to observe: every re-render of the parent makes a new one.
    @ObservedObject var viewModel = UserListViewModel()

    var body: some View {
        NavigationStack {
            List(viewModel.filteredUsers) { user in
                NavigationLink(value: user) {
                    UserRowView(user: user)
                }
            }
            .searchable(text: $viewModel.searchText)
            .refreshable { await viewModel.loadUsers() }
            .navigationTitle("Members")
            .navigationDestination(for: User.self) { user in
                UserDetailView(user: user)
            }
            .safeAreaInset(edge: .bottom) {
                Text(viewModel.lastUpdatedText)
                    .font(.footnote)
                    .foregroundStyle(viewModel.headerColor)
            }
            .overlay {
                if viewModel.isLoading {
                    ProgressView()
                }
            }
            .alert("Error", isPresented: .constant(viewModel.errorMessage != nil)) {
                Button("OK") { viewModel.errorMessage = nil }
            } message: {
                Text(viewModel.errorMessage ?? "")
            }
        }
    }
}
