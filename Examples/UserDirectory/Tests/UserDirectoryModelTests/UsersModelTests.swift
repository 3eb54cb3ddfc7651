import XCTest
@testable import UserDirectoryModel

@MainActor
final class UsersModelTests: XCTestCase {
    private struct Offline: Error {}

    func testLoadFillsTheListAndEndsLoaded() async {
        let model = UsersModel(service: InMemoryUserService())

        await model.load()

        XCTAssertEqual(model.phase, .loaded)
        XCTAssertEqual(model.users, User.samples)
    }

    func testFailedLoadReportsTheErrorAndKeepsNoMembers() async {
        let model = UsersModel(service: InMemoryUserService(failure: UserDirectoryError.unexpectedStatus(503)))

        await model.load()

        XCTAssertEqual(model.phase, .failed(message: "The server answered with status 503."))
        XCTAssertTrue(model.users.isEmpty)
    }

    func testFailedReloadKeepsTheMembersAlreadyShown() async {
        let service = InMemoryUserService()
        let model = UsersModel(service: service)
        await model.load()
        await service.setFailure(Offline())

        await model.load()

        XCTAssertEqual(model.users, User.samples)
        guard case .failed = model.phase else {
            return XCTFail("expected a failed phase, got \(model.phase)")
        }
    }

    func testCancelledLoadIsNotShownAsAnError() async {
        let model = UsersModel(service: InMemoryUserService(delay: .seconds(30)))

        let loading = Task { await model.load() }
        while model.phase != .loading {
            await Task.yield()
        }
        loading.cancel()
        await loading.value

        XCTAssertEqual(model.phase, .idle)
        XCTAssertTrue(model.users.isEmpty)
    }

    func testRenameTrimsTheNameAndSavesIt() async throws {
        let service = InMemoryUserService()
        let model = UsersModel(service: service)
        await model.load()

        try await model.rename(2, to: "  Grace Brewster Hopper ")

        XCTAssertEqual(model.user(withID: 2)?.name, "Grace Brewster Hopper")
        let stored = try await service.fetchUsers()
        XCTAssertEqual(stored.first { $0.id == 2 }?.name, "Grace Brewster Hopper")
    }

    func testRenameRejectsABlankName() async {
        let model = UsersModel(service: InMemoryUserService())
        await model.load()

        await assertThrows(UserDirectoryError.invalidName) {
            try await model.rename(1, to: "   ")
        }
        XCTAssertEqual(model.user(withID: 1)?.name, "Ada Lovelace")
    }

    func testChangingAnUnknownMemberThrows() async {
        let model = UsersModel(service: InMemoryUserService())
        await model.load()

        await assertThrows(UserDirectoryError.unknownUser(id: 99)) {
            try await model.setPremium(true, for: 99)
        }
    }

    func testPremiumToggleIsSavedAndShown() async throws {
        let model = UsersModel(service: InMemoryUserService())
        await model.load()

        try await model.setPremium(true, for: 3)

        XCTAssertEqual(model.user(withID: 3)?.isPremium, true)
    }

    func testFailedSaveLeavesTheMemberUnchanged() async {
        let service = InMemoryUserService()
        let model = UsersModel(service: service)
        await model.load()
        await service.setFailure(Offline())

        do {
            try await model.setPremium(true, for: 3)
            XCTFail("expected the save to fail")
        } catch {
            XCTAssertTrue(error is Offline)
        }
        XCTAssertEqual(model.user(withID: 3)?.isPremium, false)
    }

    func testVisibleUsersAreSortedByNameByDefault() async {
        let model = UsersModel(service: InMemoryUserService())
        await model.load()

        XCTAssertEqual(model.visibleUsers.map(\.id), [1, 3, 2, 4])
    }

    func testSettingsFilterAndOrderTheList() async {
        let model = UsersModel(service: InMemoryUserService())
        await model.load()

        model.settings.showsPremiumOnly = true
        XCTAssertEqual(model.visibleUsers.map(\.id), [1, 4])

        model.settings.listsNewestFirst = true
        XCTAssertEqual(model.visibleUsers.map(\.id), [4, 1])
    }

    func testSettingsAreRestoredAndSavedOnEveryChange() {
        let store = InMemorySettingsStore(saved: DirectorySettings(showsPremiumOnly: true))
        let model = UsersModel(service: InMemoryUserService(), settingsStore: store)
        XCTAssertTrue(model.settings.showsPremiumOnly)

        model.settings.listsNewestFirst = true

        XCTAssertEqual(store.saved, DirectorySettings(showsPremiumOnly: true, listsNewestFirst: true))
    }

    private func assertThrows(_ expected: UserDirectoryError, _ operation: () async throws -> Void,
                              file: StaticString = #filePath, line: UInt = #line) async {
        do {
            try await operation()
            XCTFail("expected \(expected) to be thrown", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? UserDirectoryError, expected, file: file, line: line)
        }
    }
}
