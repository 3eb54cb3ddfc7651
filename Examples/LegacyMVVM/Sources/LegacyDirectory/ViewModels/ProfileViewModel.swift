import Foundation

/// The one screen the team has already cleaned up: main-actor isolated, read-only state with a single
/// phase, an injected protocol-typed service, loading started by the view and cancellation handled.
@MainActor
final class ProfileViewModel: ObservableObject {
    enum Phase: Equatable {
        case idle
        case loading
        case loaded(User)
        case failed(String)
    }

    @Published private(set) var phase: Phase = .idle

    private let service: UserServiceProtocol
    private let userID: Int

    init(userID: Int, service: UserServiceProtocol = UserAPI.shared) {
        self.userID = userID
        self.service = service
    }

    func load() async {
        phase = .loading
        do {
            phase = .loaded(try await service.fetchUser(id: userID))
        } catch is CancellationError {
            phase = .idle
        } catch {
            phase = .failed(error.localizedDescription)
        }
    }
}
