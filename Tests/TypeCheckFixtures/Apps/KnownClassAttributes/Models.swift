import SwiftUI

@globalActor actor StorageActor {
    static let shared = StorageActor()
}

@StorageActor @preconcurrency
final class Vault: ObservableObject {
    @Published var secrets: [String] = []
}

@available(iOS 17, macOS 14, *)
@dynamicMemberLookup @usableFromInline
final class Settings: ObservableObject {
    @Published var values: [String: String] = [:]

    subscript(dynamicMember key: String) -> String {
        values[key] ?? ""
    }
}

struct SettingsView: View {
    @ObservedObject var settings: Settings

    var body: some View { Text(settings.theme) }
}
