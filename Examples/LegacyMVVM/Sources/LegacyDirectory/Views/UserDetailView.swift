import SwiftUI

struct UserDetailView: View {
    @StateObject private var viewModel: UserDetailViewModel

    init(user: User) {
        _viewModel = StateObject(wrappedValue: UserDetailViewModel(user: user))
    }

    var body: some View {
        List {
            Section {
                Text(viewModel.user.name)
                    .font(viewModel.nameFont)
                Text(viewModel.formattedJoinDate)
                Label(viewModel.user.isPremium ? "Premium" : "Standard", systemImage: "star.fill")
                    .foregroundStyle(viewModel.badgeColor)
                Button("Toggle Premium") { viewModel.togglePremium() }
            }
            Section("Posts") {
                ForEach(viewModel.posts) { post in
                    Text(post.title)
                }
            }
        }
        .navigationTitle(viewModel.user.name)
    }
}
