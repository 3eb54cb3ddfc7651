import SwiftUI

struct RootView: View {
    @StateObject private var settings = Settings()

    var body: some View {
        VStack {
            SummaryView(settings: settings)
            BadgeView()
        }
        .environmentObject(settings)
    }
}

struct SummaryView: View {
    @ObservedObject var settings: Settings

    var body: some View {
        Button("Save \(settings.saves)") { settings.save() }
    }
}

struct BadgeView: View {
    @EnvironmentObject private var settings: Settings

    var body: some View {
        Text(settings.name)
    }
}
