import Foundation
import XCTest
@testable import MVLintKit

/// `migrate observation` proved with the compiler: every fixture app under `Tests/TypeCheckFixtures/Apps`
/// type-checks against the SwiftUI and Combine stand-ins before the migration and after it, the migrated text is
/// exactly the fixture's `Migrated/` copy (files absent there stay byte-identical), the report names each
/// blocker with its file:line, and a second run changes nothing.
final class MigrationTypeCheckTests: XCTestCase {
    /// Migrates fixture `name` in memory and checks both states compile; `verdicts` are the report's lines
    /// for each type: `Name (file:line): would migrate|blocked` and each `  blocked rule at file:line: why`.
    private func assertMigration(_ name: String, verdicts: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let fixture = try TypeCheckHarness.Fixture(name)
        XCTAssertFalse(fixture.files.isEmpty, "fixture \(name) has no files", file: file, line: line)
        if let errors = try TypeCheckHarness.diagnostics(of: fixture.files) {
            return XCTFail("\(name) does not compile before the migration:\n\(errors)", file: file, line: line)
        }
        let plan = Self.plan(fixture.files)
        let reported = plan.report.split(separator: "\n").map(String.init)
            .filter { $0.hasSuffix(": would migrate") || $0.hasSuffix(": blocked") || $0.hasPrefix("  blocked R") }
        XCTAssertEqual(reported, verdicts, file: file, line: line)

        let migrated = Self.migrate(fixture.files, plan: plan, file: file, line: line)
        for path in fixture.files.keys.sorted() {
            XCTAssertEqual(migrated[path], fixture.expected[path] ?? fixture.files[path], "\(name)/\(path)", file: file, line: line)
        }
        XCTAssertEqual(Set(fixture.expected.keys).subtracting(fixture.files.keys), [], "Migrated/ files without an original",
                       file: file, line: line)
        if migrated != fixture.files, let errors = try TypeCheckHarness.diagnostics(of: migrated) {
            XCTFail("\(name) does not compile after the migration:\n\(errors)", file: file, line: line)
        }
        XCTAssertEqual(Self.migrate(migrated, plan: Self.plan(migrated), file: file, line: line), migrated,
                       "a second run changes nothing", file: file, line: line)
    }

    private static func plan(_ files: [String: String]) -> ObservationMigrationPlan {
        let modern = TargetSettings(deploymentTargets: [.iOS: Version(17)])
        let settings = Dictionary(uniqueKeysWithValues: files.keys.map { ($0, modern) })
        return ObservationMigrationPlan(project: TestProject.context(files, settings: settings))
    }

    /// The texts after the rewrite, as `--write` would leave them.
    private static func migrate(_ files: [String: String], plan: ObservationMigrationPlan,
                                file: StaticString, line: UInt) -> [String: String] {
        let outcome = ObservationRewriter.rewrite(plan) { path in
            files[path].map { .success($0) } ?? .failure(FixProblem(kind: .unreadable, message: "no such file"))
        }
        XCTAssertEqual(outcome.problems, [], file: file, line: line)
        var migrated = files
        for text in outcome.texts { migrated[text.path] = text.rewritten }
        return migrated
    }

    /// The stand-ins must reject what SwiftUI and Observation reject, or a fixture that compiles would prove nothing.
    func testStandInsRejectWhatTheRealFrameworksReject() throws {
        let wrong = """
        import SwiftUI

        @Observable final class Fresh { var name = "" }
        final class Legacy: ObservableObject { @Published var name = "" }

        struct Wrong: View {
            @StateObject var fresh = Fresh()
            @Bindable var legacy: Legacy
            @Environment(Legacy.self) var injected: Legacy
            var body: some View {
                Text("").environment(Legacy()).environmentObject(Fresh()).onReceive(Fresh().$name) { _ in }
            }
        }

        @Observable final class Lazy { lazy var cache = [String]() }
        """
        let diagnostics = try XCTUnwrap(TypeCheckHarness.diagnostics(of: ["Wrong.swift": wrong]), "the wrong code compiled")
        let errors = diagnostics.split(separator: "\n").compactMap { line -> String? in
            guard line.contains(": error: "), let file = line.range(of: "Wrong.swift:") else { return nil }
            return String(line[file.upperBound...])
        }
        XCTAssertEqual(errors.sorted(), [
            "11:18: error: instance method 'environment' requires that 'Legacy' conform to 'Observable'",
            "11:40: error: instance method 'environmentObject' requires that 'Fresh' conform to 'ObservableObject'",
            "11:85: error: value of type 'Fresh' has no member '$name'",
            "15:32: error: 'lazy' cannot be used on a computed property",
            "7:6: error: generic struct 'StateObject' requires that 'Fresh' conform to 'ObservableObject'",
            "8:6: error: initializer 'init(wrappedValue:)' requires that 'Legacy' conform to 'Observable'",
            "9:6: error: initializer 'init(_:)' requires that 'Legacy' conform to 'Observable'",
        ])
    }

    // MARK: Migrated

    func testPlainModel() throws {
        try assertMigration("PlainModel", verdicts: ["Settings (Settings.swift:3): would migrate"])
    }

    func testAppStorageGetsObservationIgnored() throws {
        try assertMigration("AppStorage", verdicts: ["Preferences (Preferences.swift:3): would migrate"])
    }

    func testObservedObjectWithBindingsBecomesBindable() throws {
        try assertMigration("ObservedBinding", verdicts: ["Profile (Profile.swift:3): would migrate"])
    }

    func testEnvironmentObjectInjectionBecomesEnvironment() throws {
        try assertMigration("EnvironmentInjection", verdicts: ["Cart (Cart.swift:3): would migrate"])
    }

    func testImportCombineStaysWhileCombineCodeRemains() throws {
        try assertMigration("CombineKept", verdicts: ["Downloader (Downloader.swift:4): would migrate"])
    }

    func testEnvironmentObjectBindingsGetALocalBindableInEachMember() throws {
        try assertMigration("EnvironmentBindings", verdicts: ["Account (Account.swift:3): would migrate"])
    }

    func testStateObjectSetInACustomInitBecomesState() throws {
        try assertMigration("StateObjectCustomInit", verdicts: ["Player (Player.swift:3): would migrate"])
    }

    func testObservedObjectSetInACustomInitBecomesAnAssignment() throws {
        try assertMigration("ObservedObjectCustomInit", verdicts: ["Item (Item.swift:3): would migrate"])
    }

    func testAppEntryPointWithAFoundationOnlyMainActorModel() throws {
        try assertMigration("AppEntry", verdicts: ["NoteStore (NoteStore.swift:3): would migrate"])
    }

    func testClassHierarchyMigratesWhole() throws {
        try assertMigration("ClassHierarchy", verdicts: [
            "InboxModel (Models.swift:7): would migrate", "ListModel (Models.swift:3): would migrate",
        ])
    }

    func testGenericClass() throws {
        try assertMigration("GenericClass", verdicts: ["Selection (Selection.swift:3): would migrate"])
    }

    /// Isolation to a global actor the project declares, availability, dynamic member lookup: attributes whose
    /// meaning is known and which `@Observable` sits beside.
    func testClassesWithKnownAttributesMigrate() throws {
        try assertMigration("KnownClassAttributes", verdicts: [
            "Settings (Models.swift:12): would migrate", "Vault (Models.swift:7): would migrate",
        ])
    }

    func testPublishedInitialValueBecomesAPlainAssignment() throws {
        try assertMigration("PublishedInitialValue", verdicts: ["Draft (Draft.swift:3): would migrate"])
    }

    // MARK: Blocked: left byte-identical, with the reason and file:line

    func testPublisherUseBlocks() throws {
        try assertMigration("PublisherUse", verdicts: [
            "Search (Search.swift:3): blocked",
            "  blocked R1.c at Search.swift:9: $query.debounce uses the publisher of @Published query; Observation generates none",
            "  blocked R1.c at Search.swift:21: search.$results uses the publisher of @Published results; Observation generates none",
        ])
    }

    func testPublisherOfAnInheritedPropertyBlocksTheHierarchy() throws {
        try assertMigration("InheritedPublisher", verdicts: [
            "InboxModel (Models.swift:7): blocked",
            "  blocked R1.c at Models.swift:11: $isLoading.sink uses the publisher of @Published isLoading of ListModel, in its hierarchy; Observation generates none",
            "ListModel (Models.swift:3): blocked",
            "  blocked R1.c at Models.swift:11: $isLoading.sink uses the publisher of @Published isLoading; Observation generates none",
        ])
    }

    func testObservedObjectWrapperPassedOnBlocks() throws {
        try assertMigration("WrapperPassedOn", verdicts: [
            "Cart (Cart.swift:3): blocked",
            "  blocked R3 at Cart.swift:19: $cart is passed on as a wrapper; a plain property has no projection",
        ])
    }

    func testObjectWillChangeBlocks() throws {
        try assertMigration("ObjectWillChange", verdicts: [
            "Stopwatch (Stopwatch.swift:3): blocked",
            "  blocked R1.b at Stopwatch.swift:5: objectWillChange is used; Observation has no such publisher",
        ])
    }

    func testLazyVarBlocks() throws {
        try assertMigration("LazyVar", verdicts: [
            "Report (Report.swift:3): blocked",
            "  blocked R1.d at Report.swift:5: lazy var formatter would become tracked, which does not compile (swiftlang/swift#71160)",
        ])
    }

    func testStateObjectWithSideEffectingInitBlocks() throws {
        try assertMigration("StateObjectSideEffect", verdicts: [
            "Feed (Feed.swift:3): blocked",
            "  blocked R2 at Feed.swift:14: @StateObject feed in FeedView would be rebuilt with every view value by @State, "
                + "and Feed's init calls load() (Feed.swift:7); load it from .task instead",
        ])
    }

    func testStateObjectWhoseClassHasADeinitBlocks() throws {
        try assertMigration("StateObjectDeinit", verdicts: [
            "DisappearanceWatcher (Watcher.swift:5): blocked",
            "  blocked R2 at Watcher.swift:18: @StateObject watcher in WatchedView would be rebuilt with every view value by @State, "
                + "and DisappearanceWatcher's deinit would run for each instance @State drops (Watcher.swift:12); keep @StateObject",
        ])
    }

    /// `_model` reached other than by `_model = Wrapper(wrappedValue: …)` in an init: the rewrite replaces the wrapper.
    func testWrapperStorageUsedBlocks() throws {
        try assertMigration("WrapperStorageUsed", verdicts: [
            "Clock (Clock.swift:3): blocked",
            "  blocked R3 at Clock.swift:20: _clock.update uses the @ObservedObject wrapper itself, which the rewrite replaces",
            "Ledger (Ledger.swift:3): blocked",
            "  blocked R1.f at Ledger.swift:7: _balance.projectedValue uses the @Published wrapper itself; under @Observable _balance is the plain value",
            "Session (Session.swift:3): blocked",
            "  blocked R2 at Session.swift:21: _session uses the @StateObject wrapper itself, which the rewrite replaces",
            "  blocked R4 at Session.swift:11: _session is set in an init of Greeting; @Environment cannot be",
        ])
    }

    func testClassUsedUnderAnObservableObjectConstraintBlocks() throws {
        try assertMigration("ObservableObjectConstraint", verdicts: [
            "Counter (Counter.swift:3): blocked",
            "  blocked R1.i at Counter.swift:7: ObservableObject is used as a type here (a constraint or existential) and any class may be passed",
        ])
    }

    func testHierarchyWithABlockedMemberBlocksWhole() throws {
        try assertMigration("HierarchyBlocked", verdicts: [
            "ArchiveModel (Models.swift:7): blocked",
            "  blocked R1.d at Models.swift:8: lazy var formatter would become tracked, which does not compile (swiftlang/swift#71160)",
            "ListModel (Models.swift:3): blocked",
            "  blocked R1.h at Models.swift:8: ArchiveModel in its hierarchy is blocked (R1.d); hierarchies migrate whole",
        ])
    }

    /// Each of these compiles as an ObservableObject and was seen failing to compile under `@Observable`.
    func testDeclarationsTheMacroCannotExpandBlock() throws {
        try assertMigration("MacroLimits", verdicts: [
            "Base (Models.swift:11): blocked",
            "  blocked R1.h at Models.swift:16: Derived in its hierarchy is blocked (R1.l); hierarchies migrate whole",
            "Clock (Models.swift:7): blocked",
            "  blocked R1.l at Models.swift:8: @MainActor var tick in a class that is not @MainActor needs an explicit init under @Observable",
            "Derived (Models.swift:15): blocked",
            "  blocked R1.l at Models.swift:16: override var count observes an inherited property, which @Observable cannot track",
            "Inlined (Models.swift:21): blocked",
            "  blocked R1.l at Models.swift:22: @usableFromInline var cache: @Observable copies it onto the private storage _cache, which does not compile",
            "  blocked R1.l at Models.swift:23: @_spi var secret: @Observable copies it onto the private storage _secret, which does not compile",
            "  blocked R1.l at Models.swift:24: @exclusivity var hits: @Observable copies it onto the private storage _hits, which does not compile",
            "  blocked R1.l at Models.swift:25: @_alwaysEmitIntoClient var label: @Observable copies it onto the private storage _label, "
                + "which does not compile",
            "Size (Models.swift:3): blocked",
            "  blocked R1.l at Models.swift:4: width, height share one declaration, which @Observable cannot expand; declare each on its own",
        ])
    }
}
