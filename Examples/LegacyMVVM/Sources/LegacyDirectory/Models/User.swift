import Foundation

struct User: Identifiable, Codable, Hashable {
    let id: Int
    var name: String
    var email: String
    var isPremium: Bool
    var joined: Date
}

struct Post: Identifiable, Codable, Hashable {
    let id: Int
    var title: String
}

struct TeamStats: Codable {
    var memberCount: Int
    var premiumCount: Int
}
