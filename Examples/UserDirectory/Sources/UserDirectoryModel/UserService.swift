import Foundation

/// Loads and saves members. The model depends on this protocol only; the app passes
/// `LiveUserService`, previews and tests pass `InMemoryUserService`.
public protocol UserService: Sendable {
    func fetchUsers() async throws -> [User]
    /// Stores `user` and returns the version the server kept.
    func save(_ user: User) async throws -> User
}

/// Failures the directory itself reports. Transport errors are passed through as they are.
public enum UserDirectoryError: Error, Equatable, LocalizedError {
    case invalidName
    case unknownUser(id: Int)
    case unexpectedStatus(Int)

    public var errorDescription: String? {
        switch self {
        case .invalidName:
            "A name needs at least one letter and at most \(User.maximumNameLength) characters."
        case .unknownUser(let id):
            "The member with number \(id) is no longer in the directory."
        case .unexpectedStatus(let status):
            "The server answered with status \(status)."
        }
    }
}
