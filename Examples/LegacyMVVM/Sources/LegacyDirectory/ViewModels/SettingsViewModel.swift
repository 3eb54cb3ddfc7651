import SwiftUI

final class SettingsViewModel: ObservableObject {
    // `@AppStorage` is a view property wrapper: inside an ObservableObject it stores the value but never
    // tells the views that observe this object.
    @AppStorage("showsPremiumOnly") var showsPremiumOnly = false
    @AppStorage("listsNewestFirst") var listsNewestFirst = false

    @Published var notificationsEnabled = true
}
