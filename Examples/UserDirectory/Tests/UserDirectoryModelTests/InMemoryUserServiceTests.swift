import XCTest
import UserDirectoryModel

final class InMemoryUserServiceTests: XCTestCase {
    private struct Offline: Error {}

    func testServesTheSampleMembersByDefault() async throws {
        let users = try await InMemoryUserService().fetchUsers()
        XCTAssertEqual(users, User.samples)
    }

    func testSaveReplacesTheStoredMember() async throws {
        let service = InMemoryUserService()
        var grace = User.samples[1]
        grace.isPremium = true

        let saved = try await service.save(grace)

        XCTAssertEqual(saved, grace)
        let users = try await service.fetchUsers()
        XCTAssertEqual(users[1], grace)
    }

    func testSavingAnUnknownMemberFails() async {
        let stranger = User(id: 42, name: "Nobody", email: "", isPremium: false, joined: Date())
        do {
            _ = try await InMemoryUserService().save(stranger)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? UserDirectoryError, .unknownUser(id: 42))
        }
    }

    func testConfiguredFailureIsThrownUntilCleared() async throws {
        let service = InMemoryUserService(failure: Offline())
        do {
            _ = try await service.fetchUsers()
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error is Offline)
        }

        await service.setFailure(nil)

        let users = try await service.fetchUsers()
        XCTAssertEqual(users.count, User.samples.count)
    }

    func testCancelledRequestThrowsCancellationError() async {
        let service = InMemoryUserService(delay: .seconds(30))
        let request = Task { try await service.fetchUsers() }
        request.cancel()
        do {
            _ = try await request.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
    }
}
