// App types the examples of `task-in-on-appear` name. The models are `@MainActor`, as models views drive
// usually are; `FixTypeCheckTests` has its own cases with a model that is not.
import SwiftUI

struct Post: Identifiable, Sendable {
    let id = UUID()
    var title = ""
}

@MainActor @Observable final class FeedModel {
    var posts: [Post] = []
    func load() async {}
}

struct Hit: Identifiable, Sendable {
    let id = UUID()
    var title = ""
}

enum Search {
    static func run(_ query: String) async -> [Hit] { [] }
}

@MainActor @Observable final class ProfileModel {
    var name = ""
    func markSeen() {}
    func refresh() async {}
}

struct Message: Identifiable, Sendable {
    let id = UUID()
}

@MainActor @Observable final class InboxStore {
    var messages: [Message] = []
    func refresh() async {}
    func markAllSeen() {}
}

struct MessageRow: View {
    let message: Message
    var body: some View { Text("") }
}

@MainActor @Observable final class ThreadModel {
    var posts: [Post] = []
    var replies: [Reply] = []
    var threadID = 0
    func load(_ id: Int) async {}
    func loadReplies() async {}
}

struct Reply: Identifiable, Sendable {
    let id = UUID()
}

struct ReplyRow: View {
    let reply: Reply
    var body: some View { Text("") }
}

struct Place: Sendable {
    var name = ""
}

enum Geocoder {
    static func places(matching text: String) async -> [Place] { [] }
}

struct PostRow: View {
    let post: Post
    var body: some View { Text(post.title) }
}

@MainActor @Observable final class WeatherModel {
    func load(for city: String) async {}
}
