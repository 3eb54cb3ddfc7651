import Foundation

/// A member of the directory, as the server describes it.
public struct User: Identifiable, Hashable, Codable, Sendable {
    public let id: Int
    public var name: String
    public var email: String
    public var isPremium: Bool
    public var joined: Date

    public init(id: Int, name: String, email: String, isPremium: Bool, joined: Date) {
        self.id = id
        self.name = name
        self.email = email
        self.isPremium = isPremium
        self.joined = joined
    }
}

extension User {
    /// The longest name the directory accepts, in characters.
    public static let maximumNameLength = 40

    /// `proposed` cleaned up for use as a name, or `nil` when it cannot be one (blank or too long).
    /// A value-type rule, so a form can check it while typing and the model enforces it on save.
    public static func normalizedName(_ proposed: String) -> String? {
        let trimmed = proposed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= maximumNameLength else { return nil }
        return trimmed
    }
}
