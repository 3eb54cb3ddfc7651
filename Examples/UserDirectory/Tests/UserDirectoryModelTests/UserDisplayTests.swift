import XCTest
import UserDirectoryModel

final class UserDisplayTests: XCTestCase {
    private func user(_ name: String, premium: Bool = false) -> User {
        User(id: 1, name: name, email: "someone@example.com", isPremium: premium, joined: Date(timeIntervalSince1970: 0))
    }

    func testDisplayNameMarksPremiumMembers() {
        XCTAssertEqual(user("Ada Lovelace", premium: true).displayName, "★ Ada Lovelace")
        XCTAssertEqual(user("Ada Lovelace").displayName, "Ada Lovelace")
    }

    func testInitialsUseTheFirstAndLastWord() {
        XCTAssertEqual(user("Grace Brewster Hopper").initials, "GH")
        XCTAssertEqual(user("alan turing").initials, "AT")
        XCTAssertEqual(user("Plato").initials, "P")
        XCTAssertEqual(user("").initials, "")
    }

    func testMembershipLabelNamesThePlan() {
        XCTAssertEqual(user("Ada", premium: true).membershipLabel, "Premium member")
        XCTAssertEqual(user("Ada").membershipLabel, "Standard member")
    }

    func testNormalizedNameTrimsAndRejectsBlankOrOverlongNames() {
        XCTAssertEqual(User.normalizedName("  Katherine Johnson\n"), "Katherine Johnson")
        XCTAssertNil(User.normalizedName(" \t "))
        XCTAssertNil(User.normalizedName(String(repeating: "x", count: User.maximumNameLength + 1)))
        XCTAssertNotNil(User.normalizedName(String(repeating: "x", count: User.maximumNameLength)))
    }

    func testErrorsDescribeThemselves() {
        XCTAssertEqual(UserDirectoryError.unknownUser(id: 7).localizedDescription,
                       "The member with number 7 is no longer in the directory.")
    }
}
