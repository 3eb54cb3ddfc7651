#if canImport(SwiftUI)
import SwiftUI
import UserDirectoryModel
import UserDirectoryPresentation

/// A member's detail screen: shows the member and turns taps into model calls, reporting failures in
/// an alert.
struct UserDetailContainer: View {
    @Environment(UsersModel.self) private var model
    let userID: User.ID
    @State private var isRenaming = false
    @State private var alert = AlertState()

    var body: some View {
        if let user = model.user(withID: userID) {
            UserDetailView(
                name: user.name,
                email: user.email,
                initials: user.initials,
                membership: user.membershipLabel,
                memberSince: user.joined,
                isPremium: user.isPremium,
                onTogglePremium: { togglePremium(of: user) },
                onRename: { isRenaming = true }
            )
            .sheet(isPresented: $isRenaming) {
                RenameForm(
                    currentName: user.name,
                    isAcceptable: { User.normalizedName($0) != nil },
                    onSave: { rename(to: $0) },
                    onCancel: { isRenaming = false }
                )
            }
            .errorAlert($alert)
        } else {
            ContentUnavailableView("Member Not Found", systemImage: "person.crop.circle.badge.questionmark")
        }
    }

    private func togglePremium(of user: User) {
        Task {
            await perform("Couldn't Change the Plan") {
                try await model.setPremium(!user.isPremium, for: user.id)
            }
        }
    }

    private func rename(to name: String) {
        isRenaming = false
        Task {
            await perform("Couldn't Rename") {
                try await model.rename(userID, to: name)
            }
        }
    }

    /// Runs one change on the model; a failure becomes this screen's alert, a cancellation nothing.
    private func perform(_ failureTitle: String, _ change: () async throws -> Void) async {
        do {
            try await change()
        } catch is CancellationError {
            return
        } catch {
            alert.show(failureTitle, for: error)
        }
    }
}

#Preview {
    let model = UsersModel(service: InMemoryUserService())
    NavigationStack {
        UserDetailContainer(userID: 1)
    }
    .environment(model)
    .task { await model.load() }
}
#endif
