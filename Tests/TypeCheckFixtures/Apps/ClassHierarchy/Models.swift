import SwiftUI

class ListModel: ObservableObject {
    @Published var isLoading = false
}

final class InboxModel: ListModel {
    @Published var unread = 0
}

struct InboxView: View {
    @StateObject private var inbox = InboxModel()

    var body: some View {
        Text(inbox.isLoading ? "Loading" : "\(inbox.unread) unread")
    }
}
