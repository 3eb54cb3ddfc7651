import XCTest
@testable import MVLintKit

/// Whose `objectWillChange` a mention is: a mention mvlint cannot attribute blocks every class, so attribution
/// through `self?` and optional chains decides whether unrelated classes can migrate at all.
final class MigrateAttributionTests: XCTestCase {
    func testObjectWillChangeThroughOptionalChainsBlocksOnlyTheClassesItNames() throws {
        let modern = TargetSettings(deploymentTargets: [.iOS: Version(17)])
        let files = [
            "Models.swift": """
            import Combine
            final class Child: ObservableObject {
                @Published var count = 0
            }
            final class Parent: ObservableObject {
                var child: Child?
                var bag: Set<AnyCancellable> = []
                init() {
                    child?.objectWillChange.sink { [weak self] _ in
                        self?.objectWillChange.send()
                    }.store(in: &bag)
                }
            }
            final class Unrelated: ObservableObject {
                @Published var title = ""
            }
            """,
        ]
        let plan = ObservationMigrationPlan(project: TestProject.context(files, settings: ["Models.swift": modern]),
                                            assumeModernOS: false)
        func blockers(_ name: String) throws -> [String] {
            try XCTUnwrap(plan.candidates.first { $0.name == name }).blockers.map { "\($0.reason.rawValue) \($0.location)" }
        }
        XCTAssertEqual(try blockers("Child"), ["R1.b Models.swift:9"])
        XCTAssertEqual(try blockers("Parent"), ["R1.b Models.swift:10"])
        XCTAssertEqual(try blockers("Unrelated"), [])
    }
}
