// App types the examples of `observed-object-creation` name: `ObservableObject` classes and a row view.
import SwiftUI

struct Message: Identifiable {
    let id = UUID()
    var subject = ""
}

final class InboxStore: ObservableObject {
    @Published var messages: [Message] = []
}

final class Ticker: ObservableObject {
    @Published var seconds = 0
    init(interval: Double) {}
}

final class DraftStore: ObservableObject {
    @Published var text = ""
}

struct Article: Identifiable {
    let id = UUID()
}

final class PageLoader<Item: Identifiable>: ObservableObject {
    @Published var items: [Item] = []
}

struct ArticleRow: View {
    let article: Article
    var body: some View { Text("") }
}

final class AvatarLoader: ObservableObject {
    @Published var image = ""
    init(userID: Int) {}
}

struct Hit: Identifiable {
    let id = UUID()
    var title = ""
}

enum Filter { case all, unread }

final class SearchModel: ObservableObject {
    @Published var hits: [Hit] = []
    init(filter: Filter) {}
}
