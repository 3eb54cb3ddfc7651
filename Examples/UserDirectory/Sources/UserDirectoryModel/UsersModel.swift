import Foundation
import Observation

/// The directory's single source of truth: the members, the list settings and the rules for changing
/// them. Container views read it from the environment and call its methods; screen-local state (alerts,
/// sheets) stays in the containers.
@MainActor
@Observable
public final class UsersModel {
    /// Where loading the members stands. One value instead of separate flags, so "loading and failed at
    /// once" cannot happen.
    public enum LoadPhase: Equatable, Sendable {
        case idle
        case loading
        case loaded
        case failed(message: String)
    }

    public private(set) var users: [User] = []
    public private(set) var phase: LoadPhase = .idle
    /// Bound by the settings screen; every change is saved right away.
    public var settings: DirectorySettings {
        didSet { settingsStore.save(settings) }
    }

    private let service: any UserService
    private let settingsStore: any SettingsStore

    public init(service: any UserService, settingsStore: any SettingsStore = InMemorySettingsStore()) {
        self.service = service
        self.settingsStore = settingsStore
        settings = settingsStore.load() ?? DirectorySettings()
    }

    /// The members the list shows, filtered and ordered by the settings.
    public var visibleUsers: [User] {
        let shown = settings.showsPremiumOnly ? users.filter(\.isPremium) : users
        if settings.listsNewestFirst {
            return shown.sorted { $0.joined > $1.joined }
        }
        return shown.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    public func user(withID id: User.ID) -> User? {
        users.first { $0.id == id }
    }

    /// Loads the members. Called from a view's `.task`, so leaving the screen cancels it; a cancelled
    /// load is not an error and leaves what was shown before.
    public func load() async {
        let previous = phase
        phase = .loading
        do {
            users = try await service.fetchUsers()
            phase = .loaded
        } catch is CancellationError {
            phase = previous
        } catch {
            phase = .failed(message: error.localizedDescription)
        }
    }

    /// Renames a member after checking the name; throws `UserDirectoryError.invalidName` for a blank or
    /// overlong one.
    public func rename(_ id: User.ID, to proposedName: String) async throws {
        guard let name = User.normalizedName(proposedName) else {
            throw UserDirectoryError.invalidName
        }
        try await update(id) { $0.name = name }
    }

    public func setPremium(_ isPremium: Bool, for id: User.ID) async throws {
        try await update(id) { $0.isPremium = isPremium }
    }

    /// Saves a changed copy of a member and keeps the server's answer.
    private func update(_ id: User.ID, _ change: (inout User) -> Void) async throws {
        guard var changed = user(withID: id) else {
            throw UserDirectoryError.unknownUser(id: id)
        }
        change(&changed)
        let saved = try await service.save(changed)
        // Look the member up again: the list may have been reloaded while the save was in flight.
        if let index = users.firstIndex(where: { $0.id == saved.id }) {
            users[index] = saved
        }
    }
}
