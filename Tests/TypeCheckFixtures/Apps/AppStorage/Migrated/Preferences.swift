import SwiftUI

@Observable final class Preferences {
    var fontSize = 14
    @ObservationIgnored @AppStorage("theme") var theme = "light"
}

struct PreferencesView: View {
    @State private var preferences = Preferences()

    var body: some View {
        Text("\(preferences.theme) \(preferences.fontSize)")
    }
}
