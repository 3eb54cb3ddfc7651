import SwiftUI

@globalActor actor StorageActor {
    static let shared = StorageActor()
}

@Observable @StorageActor @preconcurrency
final class Vault {
    var secrets: [String] = []
}

@Observable @available(iOS 17, macOS 14, *)
@dynamicMemberLookup @usableFromInline
final class Settings {
    var values: [String: String] = [:]

    subscript(dynamicMember key: String) -> String {
        values[key] ?? ""
    }
}

struct SettingsView: View {
    var settings: Settings

    var body: some View { Text(settings.theme) }
}
