import SwiftUI

struct RootView: View {
    @State private var settings = Settings()

    var body: some View {
        VStack {
            SummaryView(settings: settings)
            BadgeView()
        }
        .environment(settings)
    }
}

struct SummaryView: View {
    var settings: Settings

    var body: some View {
        Button("Save \(settings.saves)") { settings.save() }
    }
}

struct BadgeView: View {
    @Environment(Settings.self) private var settings: Settings

    var body: some View {
        Text(settings.name)
    }
}
