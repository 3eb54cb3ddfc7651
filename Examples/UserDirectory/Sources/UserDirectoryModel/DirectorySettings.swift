import Foundation

/// How the member list is filtered and ordered. A plain value, so the settings screen can bind to it.
public struct DirectorySettings: Codable, Equatable, Sendable {
    public var showsPremiumOnly: Bool
    public var listsNewestFirst: Bool

    public init(showsPremiumOnly: Bool = false, listsNewestFirst: Bool = false) {
        self.showsPremiumOnly = showsPremiumOnly
        self.listsNewestFirst = listsNewestFirst
    }
}

/// Where settings are kept between launches. The model only sees this protocol, so tests and previews
/// never touch the real defaults database.
public protocol SettingsStore {
    func load() -> DirectorySettings?
    func save(_ settings: DirectorySettings)
}

/// Keeps the settings as one JSON value in `UserDefaults`.
public struct UserDefaultsSettingsStore: SettingsStore {
    private let defaults: UserDefaults
    private let key: String

    public init(defaults: UserDefaults = .standard, key: String = "directorySettings") {
        self.defaults = defaults
        self.key = key
    }

    public func load() -> DirectorySettings? {
        guard let data = defaults.data(forKey: key) else { return nil }
        return try? JSONDecoder().decode(DirectorySettings.self, from: data)
    }

    public func save(_ settings: DirectorySettings) {
        guard let data = try? JSONEncoder().encode(settings) else { return }
        defaults.set(data, forKey: key)
    }
}

/// Keeps the settings for as long as the process runs: for previews and tests.
public final class InMemorySettingsStore: SettingsStore {
    public private(set) var saved: DirectorySettings?

    public init(saved: DirectorySettings? = nil) {
        self.saved = saved
    }

    public func load() -> DirectorySettings? {
        saved
    }

    public func save(_ settings: DirectorySettings) {
        saved = settings
    }
}
