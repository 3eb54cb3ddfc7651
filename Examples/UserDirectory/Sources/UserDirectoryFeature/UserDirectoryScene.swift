#if canImport(SwiftUI)
import SwiftUI
import UserDirectoryModel

/// The directory's window. It owns the one `UsersModel` and shares it with every container through the
/// environment. An app target needs a single line:
///
///     @main struct DirectoryApp: App {
///         var body: some Scene { UserDirectoryScene(service: LiveUserService(baseURL: apiURL)) }
///     }
public struct UserDirectoryScene: Scene {
    @State private var model: UsersModel

    public init(service: any UserService, settingsStore: any SettingsStore = UserDefaultsSettingsStore()) {
        _model = State(initialValue: UsersModel(service: service, settingsStore: settingsStore))
    }

    public var body: some Scene {
        WindowGroup {
            NavigationStack {
                UserListContainer()
            }
            .environment(model)
        }
    }
}
#endif
