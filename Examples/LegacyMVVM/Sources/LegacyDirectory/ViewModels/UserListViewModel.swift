import Foundation
import SwiftUI

/// The member list's view model, written the way many apps did before Observation.
final class UserListViewModel: ObservableObject {
    // Three flags and an optional that can contradict each other (loading with an error, a selection
    // that is not in the list), all writable from any view.
    @Published var users: [User] = []
    @Published var isLoading = false
    @Published var errorMessage: String?
    @Published var selectedUser: User?
    // Bound by the search field, so its setter is used.
    @Published var searchText = ""
    // Display decisions made in the view model: a SwiftUI colour and a string formatted for one label.
    @Published var headerColor: Color = .blue
    @Published var lastUpdatedText = ""

    init() {
        // Starts loading as soon as the object exists: it cannot be cancelled with the screen or retried.
        Task {
            await loadUsers()
        }
    }

    var filteredUsers: [User] {
        searchText.isEmpty ? users : users.filter { $0.name.localizedCaseInsensitiveContains(searchText) }
    }

    func loadUsers() async {
        isLoading = true
        do {
            let url = URL(string: "https://api.example.com/users")!
            let (data, _) = try await URLSession.shared.data(from: url)
            users = try JSONDecoder().decode([User].self, from: data)
            let formatter = DateFormatter()
            formatter.timeStyle = .short
            lastUpdatedText = "Updated at " + formatter.string(from: Date())
        } catch {
            // Leaving the screen cancels the request, and the cancellation lands here as an error too.
            errorMessage = error.localizedDescription
        }
        isLoading = false
    }

    func rememberSelection(_ user: User) {
        selectedUser = user
        UserDefaults.standard.set(user.id, forKey: "lastSelectedUser")
    }
}
