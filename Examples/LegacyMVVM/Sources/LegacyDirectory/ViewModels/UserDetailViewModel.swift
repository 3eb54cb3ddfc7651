import Foundation
import SwiftUI

final class UserDetailViewModel: ObservableObject {
    @Published private(set) var user: User
    @Published private(set) var posts: [Post] = []
    // Fonts, colours and finished strings: the view model decides how things look.
    @Published private(set) var nameFont: Font = .title
    @Published private(set) var badgeColor: Color = .gray
    @Published private(set) var formattedJoinDate = ""

    init(user: User) {
        self.user = user
        applyStyle()
        // Fetches before the view is even on screen.
        loadPosts()
    }

    func loadPosts() {
        Task {
            posts = (try? await UserAPI.shared.fetchPosts(userID: user.id)) ?? []
        }
    }

    func togglePremium() {
        user.isPremium.toggle()
        applyStyle()
    }

    private func applyStyle() {
        badgeColor = user.isPremium ? .yellow : .gray
        nameFont = user.isPremium ? .title.bold() : .title
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        formattedJoinDate = "Member since " + formatter.string(from: user.joined)
    }
}
