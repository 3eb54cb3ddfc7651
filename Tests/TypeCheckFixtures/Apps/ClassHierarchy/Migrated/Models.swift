import SwiftUI

@Observable class ListModel {
    var isLoading = false
}

@Observable final class InboxModel: ListModel {
    var unread = 0
}

struct InboxView: View {
    @State private var inbox = InboxModel()

    var body: some View {
        Text(inbox.isLoading ? "Loading" : "\(inbox.unread) unread")
    }
}
