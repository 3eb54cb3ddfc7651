import SwiftUI

class ListModel: ObservableObject {
    @Published var isLoading = false
}

final class ArchiveModel: ListModel {
    lazy var formatter = DateFormatter()
}

struct ArchiveView: View {
    @StateObject private var archive = ArchiveModel()

    var body: some View {
        Text(archive.isLoading ? "Loading" : archive.formatter.string(from: Date()))
    }
}
