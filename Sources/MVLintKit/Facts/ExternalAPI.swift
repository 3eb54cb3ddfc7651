/// Framework types that reach the outside world: a type using them talks to the network, disk or a database.
public enum ExternalAPI {
    public static let names: Set<String> = [
        "URLSession", "URLRequest", "FileManager", "FileHandle", "UserDefaults", "NSUbiquitousKeyValueStore",
        "ModelContext", "ModelContainer", "NSManagedObjectContext", "NSPersistentContainer", "NSFetchRequest",
        "CKContainer", "CKDatabase", "Keychain", "SecItemAdd", "SecItemCopyMatching", "WebSocketTask",
        "URLSessionWebSocketTask", "HKHealthStore", "CLLocationManager", "PHPhotoLibrary", "EKEventStore",
    ]
    /// The network among them: what a call starts when it goes through these (`URLSession.shared.data(from:)`).
    public static let networkNames: Set<String> = [
        "URLSession", "URLRequest", "CKContainer", "CKDatabase", "WebSocketTask", "URLSessionWebSocketTask",
    ]
    /// Process-wide objects of the app frameworks that are neither network nor storage, whatever their methods are
    /// called: `UIApplication.shared.requestSceneSessionActivation(…)` opens a window, `open(_:)` a URL.
    public static let appServices: Set<String> = [
        "UIApplication", "NSApplication", "NSWorkspace", "UIDevice", "NotificationCenter", "UNUserNotificationCenter",
        "UIPasteboard", "NSPasteboard", "WKWebsiteDataStore", "ProcessInfo", "Bundle", "UIScreen", "NSScreen",
    ]
}
