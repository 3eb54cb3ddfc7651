import SwiftUI

// Availability checks are respected: code that only runs on older systems may use older API.

struct AdaptiveNavigation<Content: View>: View {
    @ViewBuilder let content: () -> Content

    var body: some View {
        if #available(iOS 16, macOS 13, *) {
            NavigationStack { content() }
        } else {
            NavigationView { content() }
        }
    }
}

struct ClipboardRow: View {
    let text: String

    var body: some View {
        if #available(iOS 27, *) {
            Text(text).copyable([text])
        } else {
            Text(text).textSelection(.enabled)
        }
    }
}
