import SwiftUI

/// Runs `action` when the view that owns it is gone for good: `@State` would build and drop an extra
/// watcher with every view value, running `action` each time.
final class DisappearanceWatcher: ObservableObject {
    private let action: @Sendable () -> Void

    init(action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    deinit {
        action()
    }
}

struct WatchedView: View {
    @StateObject private var watcher: DisappearanceWatcher

    init(onFinalDisappear: @escaping @Sendable () -> Void) {
        _watcher = StateObject(wrappedValue: DisappearanceWatcher(action: onFinalDisappear))
    }

    var body: some View { Text("Watched") }
}
