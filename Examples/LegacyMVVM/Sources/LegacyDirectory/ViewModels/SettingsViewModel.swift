import SwiftUI

final class SettingsViewModel: ObservableObject {
    // `@AppStorage` inside an ObservableObject sends the object's `objectWillChange` (iOS 14.5+), so views
    // update; in an `@Observable` class it would need `@ObservationIgnored` and never update a view.
    @AppStorage("showsPremiumOnly") var showsPremiumOnly = false
    @AppStorage("listsNewestFirst") var listsNewestFirst = false

    @Published var notificationsEnabled = true
}
