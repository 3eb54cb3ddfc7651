import Foundation

// Display values derived from a user. They live on the value type rather than in a view so that
// every screen shows a user the same way and the rules are unit-tested without a UI.
extension User {
    /// The name as lists show it: premium members carry a star.
    public var displayName: String {
        isPremium ? "★ \(name)" : name
    }

    /// Up to two initials for the avatar, taken from the first and last word of the name.
    public var initials: String {
        let words = name.split(whereSeparator: \.isWhitespace)
        let picked = words.count > 1 ? [words[0], words[words.count - 1]] : words
        return picked.compactMap(\.first).map { String($0).uppercased() }.joined()
    }

    /// One line that says which plan the member is on.
    public var membershipLabel: String {
        isPremium ? "Premium member" : "Standard member"
    }
}
