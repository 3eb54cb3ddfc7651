import SwiftUI

final class Draft: ObservableObject {
    @Published var title: String
    @Published var body: String

    init(title: String) {
        _title = Published(initialValue: title)
        _body = Published(wrappedValue: "")
    }
}
