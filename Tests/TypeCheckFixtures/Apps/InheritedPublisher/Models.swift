import SwiftUI

class ListModel: ObservableObject {
    @Published var isLoading = false
}

final class InboxModel: ListModel {
    private var watcher: AnyCancellable?

    func watch() {
        watcher = $isLoading.sink { print($0) }
    }
}
