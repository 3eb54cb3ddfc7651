import SwiftUI

struct UserRowView: View {
    let user: User

    var body: some View {
        VStack(alignment: .leading) {
            Text(displayName(for: user))
            Text(user.email)
                .font(.subheadline)
                .foregroundStyle(.secondary)
        }
    }

    // How a member's name reads is decided inside the view, where no unit test can reach it.
    private func displayName(for user: User) -> String {
        user.isPremium ? "★ \(user.name)" : user.name
    }
}
