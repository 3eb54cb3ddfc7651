/// Framework types that reach the outside world: a type using them talks to the network, disk or a database.
public enum ExternalAPI {
    public static let names: Set<String> = [
        "URLSession", "URLRequest", "FileManager", "FileHandle", "UserDefaults", "NSUbiquitousKeyValueStore",
        "ModelContext", "ModelContainer", "NSManagedObjectContext", "NSPersistentContainer", "NSFetchRequest",
        "CKContainer", "CKDatabase", "Keychain", "SecItemAdd", "SecItemCopyMatching", "WebSocketTask",
        "URLSessionWebSocketTask", "HKHealthStore", "CLLocationManager", "PHPhotoLibrary", "EKEventStore",
    ]
}
