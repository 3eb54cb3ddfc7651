import SwiftUI

@Observable final class Draft {
    var title: String
    var body: String

    init(title: String) {
        self.title = title
        self.body = ""
    }
}
