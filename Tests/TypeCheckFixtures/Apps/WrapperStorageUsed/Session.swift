import SwiftUI

final class Session: ObservableObject {
    @Published var user = ""
}

struct Greeting: View {
    @EnvironmentObject private var session: Session

    init() {
        _session = EnvironmentObject()
    }

    var body: some View { Text(session.user) }
}

struct Inbox: View {
    @StateObject private var session = Session()

    /// The wrapper itself handed out, which `@State` would not be.
    var sessionWrapper: StateObject<Session> { _session }

    var body: some View { Greeting().environmentObject(session) }
}
