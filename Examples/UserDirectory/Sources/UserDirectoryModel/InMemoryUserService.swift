import Foundation

/// A `UserService` that keeps its members in memory: deterministic data for previews and tests, with
/// an optional delay and an optional failure to show the loading and error states.
public actor InMemoryUserService: UserService {
    private var users: [User]
    private var failure: (any Error)?
    private let delay: Duration

    public init(users: [User] = User.samples, failure: (any Error)? = nil, delay: Duration = .zero) {
        self.users = users
        self.failure = failure
        self.delay = delay
    }

    /// Makes every later request fail with `error`, or succeed again when `nil`.
    public func setFailure(_ error: (any Error)?) {
        failure = error
    }

    public func fetchUsers() async throws -> [User] {
        try await respond()
        return users
    }

    public func save(_ user: User) async throws -> User {
        try await respond()
        guard let index = users.firstIndex(where: { $0.id == user.id }) else {
            throw UserDirectoryError.unknownUser(id: user.id)
        }
        users[index] = user
        return user
    }

    private func respond() async throws {
        if delay > .zero {
            try await Task.sleep(for: delay)
        }
        try Task.checkCancellation()
        if let failure {
            throw failure
        }
    }
}

extension User {
    /// A fixed set of members for previews and tests.
    public static let samples: [User] = [
        User(id: 1, name: "Ada Lovelace", email: "ada@example.com", isPremium: true,
             joined: Date(timeIntervalSince1970: 1_577_836_800)),
        User(id: 2, name: "Grace Hopper", email: "grace@example.com", isPremium: false,
             joined: Date(timeIntervalSince1970: 1_609_459_200)),
        User(id: 3, name: "Alan Turing", email: "alan@example.com", isPremium: false,
             joined: Date(timeIntervalSince1970: 1_640_995_200)),
        User(id: 4, name: "Katherine Johnson", email: "katherine@example.com", isPremium: true,
             joined: Date(timeIntervalSince1970: 1_672_531_200)),
    ]
}
