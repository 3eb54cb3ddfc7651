import Foundation
import XCTest
import UserDirectoryModel

final class SettingsStoreTests: XCTestCase {
    func testUserDefaultsStoreRoundTripsTheSettings() throws {
        let suite = "UserDirectoryModelTests-\(UUID().uuidString)"
        let defaults = try XCTUnwrap(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsSettingsStore(defaults: defaults)
        XCTAssertNil(store.load())

        let settings = DirectorySettings(showsPremiumOnly: true, listsNewestFirst: true)
        store.save(settings)

        XCTAssertEqual(store.load(), settings)
    }
}
