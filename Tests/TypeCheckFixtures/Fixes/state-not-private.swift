// App types the examples of `state-not-private` name.
import SwiftUI

struct Post: Identifiable {
    let id = UUID()
    var title = ""
}

final class FeedStore: ObservableObject {
    @Published var posts: [Post] = []
}

struct Note {
    var body = ""
}
