import SwiftUI

/// One view doing everything: it keeps the state, talks to the network itself, handles errors and
/// draws the whole screen.
struct TeamStatsView: View {
    @State private var stats: TeamStats?
    @State private var isLoading = false
    @State private var showAlert = false
    @State private var alertTitle = ""
    @State private var alertMessage = ""

    var body: some View {
        NavigationStack {
            VStack(spacing: 16) {
                if let stats {
                    HStack {
                        Text("Members")
                            .font(.headline)
                        Spacer()
                        Text("\(stats.memberCount)")
                            .font(.title.monospacedDigit())
                    }
                    .padding()
                    .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12))
                    HStack {
                        Text("Premium")
                            .font(.headline)
                        Spacer()
                        Text("\(stats.premiumCount)")
                            .font(.title.monospacedDigit())
                    }
                    .padding()
                    .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12))
                    ProgressView(value: Double(stats.premiumCount), total: Double(max(stats.memberCount, 1)))
                } else if isLoading {
                    ProgressView()
                }
                Button("Reload") {
                    Task {
                        await reload()
                    }
                }
            }
            .padding()
            .navigationTitle("Team")
            .task {
                await reload()
            }
            .alert(alertTitle, isPresented: $showAlert) {
                Button("OK", role: .cancel) {}
            } message: {
                Text(alertMessage)
            }
        }
    }

    private func reload() async {
        isLoading = true
        do {
            stats = try await UserAPI.shared.fetchStats()
        } catch {
            alertTitle = "Could not load the statistics"
            alertMessage = error.localizedDescription
            showAlert = true
        }
        isLoading = false
    }
}
