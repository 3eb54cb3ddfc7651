import SwiftUI

final class Search: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    private var subscriptions = Set<AnyCancellable>()

    func start() {
        $query
            .debounce(for: 0.3, scheduler: RunLoop.main)
            .sink { [weak self] text in self?.results = [text] }
            .store(in: &subscriptions)
    }
}

struct SearchView: View {
    @StateObject private var search = Search()

    var body: some View {
        TextField("Search", text: $search.query)
            .onReceive(search.$results) { print($0) }
    }
}
