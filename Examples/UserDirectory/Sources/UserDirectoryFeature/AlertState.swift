#if canImport(SwiftUI)
import SwiftUI

/// A screen's error alert. Whether it shows, its title and its message change together, so they are one
/// value in the container's `@State` instead of three loose properties.
struct AlertState {
    var isPresented = false
    var title = ""
    var message = ""

    mutating func show(_ title: String, for error: any Error) {
        self.title = title
        message = error.localizedDescription
        isPresented = true
    }
}

extension View {
    /// Presents `state` as an alert with a single OK button.
    func errorAlert(_ state: Binding<AlertState>) -> some View {
        alert(state.wrappedValue.title, isPresented: state.isPresented) {
            Button("OK", role: .cancel) {}
        } message: {
            Text(state.wrappedValue.message)
        }
    }
}
#endif
