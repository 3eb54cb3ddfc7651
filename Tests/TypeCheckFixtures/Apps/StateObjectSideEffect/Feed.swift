import SwiftUI

final class Feed: ObservableObject {
    @Published private(set) var items: [String] = []

    init() {
        load()
    }

    func load() { items = ["first"] }
}

struct FeedView: View {
    @StateObject private var feed = Feed()

    var body: some View {
        Text("\(feed.items.count)")
    }
}
