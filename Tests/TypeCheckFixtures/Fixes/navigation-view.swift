// App views the examples of `navigation-view` name.
import SwiftUI

struct MailboxList: View {
    var body: some View { Text("Inbox") }
}

struct MessageDetail: View {
    var body: some View { Text("Message") }
}

struct HomeView: View {
    var body: some View { Text("Home") }
}

struct ShelfList: View {
    var body: some View { Text("Shelves") }
}
