#if canImport(SwiftUI)
import SwiftUI
import UserDirectoryModel
import UserDirectoryPresentation

/// The settings sheet: binds the form straight to the model's settings, which saves every change.
struct SettingsContainer: View {
    @Environment(UsersModel.self) private var model
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        @Bindable var model = model
        SettingsForm(
            showsPremiumOnly: $model.settings.showsPremiumOnly,
            listsNewestFirst: $model.settings.listsNewestFirst,
            onDone: { dismiss() }
        )
    }
}

#Preview {
    SettingsContainer()
        .environment(UsersModel(service: InMemoryUserService()))
}
#endif
