import SwiftUI

@main
struct LegacyDirectoryApp: App {
    var body: some Scene {
        WindowGroup {
            TabView {
                UserListView()
                    .tabItem { Label("Members", systemImage: "person.3") }
                DashboardView(userID: 1)
                    .tabItem { Label("Home", systemImage: "house") }
                TeamStatsView()
                    .tabItem { Label("Stats", systemImage: "chart.bar") }
                SettingsView()
                    .tabItem { Label("Settings", systemImage: "gearshape") }
            }
        }
    }
}
