import SwiftUI

struct SettingsView: View {
    @StateObject private var viewModel = SettingsViewModel()
    @StateObject private var profile = ProfileViewModel(userID: 1)

    var body: some View {
        NavigationStack {
            Form {
                Section("Account") {
                    ProfileSummary(phase: profile.phase)
                }
                Section("Member List") {
                    Toggle("Premium members only", isOn: $viewModel.showsPremiumOnly)
                    Toggle("Newest members first", isOn: $viewModel.listsNewestFirst)
                }
                Section {
                    Toggle("Notifications", isOn: $viewModel.notificationsEnabled)
                }
            }
            .navigationTitle("Settings")
            .task { await profile.load() }
        }
    }
}

private struct ProfileSummary: View {
    let phase: ProfileViewModel.Phase

    var body: some View {
        switch phase {
        case .idle, .loading:
            ProgressView()
        case .loaded(let user):
            Text(user.name)
        case .failed(let message):
            Text(message)
                .foregroundStyle(.secondary)
        }
    }
}
