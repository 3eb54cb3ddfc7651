import SwiftUI

final class Report: ObservableObject {
    @Published var totals: [Double] = []
    lazy var formatter = NumberFormatter()
}

struct ReportView: View {
    @StateObject private var report = Report()

    var body: some View {
        List {
            ForEach(report.totals, id: \.self) { total in
                Text(report.formatter.string(from: NSNumber(value: total)) ?? "")
            }
        }
    }
}
