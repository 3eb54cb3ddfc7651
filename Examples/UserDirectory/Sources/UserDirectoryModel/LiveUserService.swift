import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to the directory's REST API: `GET users` and `PUT users/{id}`, JSON with ISO 8601 dates.
public struct LiveUserService: UserService {
    private let baseURL: URL
    private let session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    public func fetchUsers() async throws -> [User] {
        let data = try await send(URLRequest(url: baseURL.appendingPathComponent("users")))
        return try Self.decoder.decode([User].self, from: data)
    }

    public func save(_ user: User) async throws -> User {
        var request = URLRequest(url: baseURL.appendingPathComponent("users/\(user.id)"))
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try Self.encoder.encode(user)
        return try Self.decoder.decode(User.self, from: try await send(request))
    }

    private func send(_ request: URLRequest) async throws -> Data {
        do {
            let (data, response) = try await session.data(for: request)
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                throw UserDirectoryError.unexpectedStatus(http.statusCode)
            }
            return data
        } catch let error as URLError where error.code == .cancelled {
            // URLSession reports a cancelled task as a URLError; callers look for CancellationError.
            throw CancellationError()
        }
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}
