import SwiftUI

final class Preferences: ObservableObject {
    @Published var fontSize = 14
    @AppStorage("theme") var theme = "light"
}

struct PreferencesView: View {
    @StateObject private var preferences = Preferences()

    var body: some View {
        Text("\(preferences.theme) \(preferences.fontSize)")
    }
}
