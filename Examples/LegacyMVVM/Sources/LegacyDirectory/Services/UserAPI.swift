import Foundation

protocol UserServiceProtocol {
    func fetchUsers() async throws -> [User]
    func fetchUser(id: Int) async throws -> User
    func fetchPosts(userID: Int) async throws -> [Post]
}

/// The app's one network client, reached through a singleton.
final class UserAPI: UserServiceProtocol {
    static let shared = UserAPI()

    private let baseURL = URL(string: "https://api.example.com")!

    func fetchUsers() async throws -> [User] {
        try await get("users")
    }

    func fetchUser(id: Int) async throws -> User {
        try await get("users/\(id)")
    }

    func fetchPosts(userID: Int) async throws -> [Post] {
        try await get("users/\(userID)/posts")
    }

    func fetchStats() async throws -> TeamStats {
        try await get("stats")
    }

    private func get<Value: Decodable>(_ path: String) async throws -> Value {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent(path))
        return try JSONDecoder().decode(Value.self, from: data)
    }
}
