import Foundation
import XCTest
@testable import MVLintKit

/// Every `auto` fix proved with the compiler. Each triggering example of a rule with a fix, and each case below,
/// is type-checked as a Swift 6 module against the SwiftUI and Combine stand-ins together with the rule's prelude
/// (`Tests/TypeCheckFixtures/Fixes/<rule>.swift`, the app types the examples name): before the fix, after `--fix`
/// (safe fixes) and after `--fix --unsafe-fixes`. `verdicts` says what the compiler must answer for every example;
/// a fixable rule or an example it does not list fails `testEveryFixableRuleAndExampleHasAVerdict`, so a new one
/// cannot go unchecked. All modules are checked in one batch, two compiler runs at a time.
final class FixTypeCheckTests: XCTestCase {
    /// What the compiler must say about one example.
    enum Verdict: Equatable {
        /// No fix is offered, and the code compiles.
        case reportedOnly
        /// The fix has this safety, and the code compiles before and after it.
        case compiles(FixSafety)
        /// The fix is unsafe and its result does not compile, with an error containing `error`. Acceptable only
        /// because `--fix` never applies it; `why` says why the rule cannot tell.
        case unsafeBreaks(error: String, why: String)
        /// The code does not compile before the fix, by design: the rule reports what the compiler rejects. Its
        /// errors must all be on lines with a `↓` marker; the fix (nil: none offered) has this safety and its
        /// result compiles.
        case brokenBefore(FixSafety?, why: String)
        /// A known gap (docs/RELIABILITY.md): the rule calls the fix safe, but it does not compile, with an error
        /// containing `error`; `why` says what the rule would need to see. Kept so that the gap stays visible.
        case knownGap(error: String, why: String)
        /// Not type-checked; `why` says why it cannot be.
        case excluded(why: String)
    }

    struct Expectation {
        var verdict: Verdict
        /// 5 only for an example written for the Swift 5 language mode; `swift5` says why.
        var swift5: String?

        init(_ verdict: Verdict, swift5: String? = nil) {
            self.verdict = verdict
            self.swift5 = swift5
        }
    }

    /// Per fixable rule, per triggering example (named by the first type it declares, see `key(of:)`).
    static let verdicts: [String: [String: Expectation]] = [
        "foreground-color": [
            "PriceTag": .init(.compiles(.safe)),
            "Greeting": .init(.compiles(.safe)),
            "Badge": .init(.compiles(.unsafe)),
            "Recent": .init(.compiles(.unsafe)),
            "Avatar": .init(.compiles(.unsafe)),
            "Warning": .init(.compiles(.unsafe)),
            "Row": .init(.compiles(.safe)),
            "Headline": .init(.reportedOnly),
            "Checkbox": .init(.reportedOnly),
            "Subtitle": .init(.compiles(.unsafe)),
            "Footnote": .init(.compiles(.safe)),
            "Logo": .init(.unsafeBreaks(error: "value of optional type 'Color?' must be unwrapped",
                                        why: "the project's `Color.brand` may be a `Color?`, which is no `ShapeStyle`")),
        ],
        "navigation-view": [
            "SettingsScreen": .init(.compiles(.safe)),
            "MailScreen": .init(.reportedOnly),
            "ModernScreen": .init(.compiles(.safe)),
            "RootView": .init(.compiles(.safe)),
            "LibraryScreen": .init(.reportedOnly),
        ],
        "observed-object-creation": [
            "InboxView": .init(.compiles(.safe)),
            "TimerView": .init(.compiles(.safe)),
            "ComposeView": .init(.compiles(.safe)),
            "PagedList": .init(.compiles(.safe)),
            "ProfileModel": .init(.reportedOnly),
        ],
        "task-in-on-appear": [
            "FeedView": .init(.compiles(.unsafe)),
            "SearchView": .init(.compiles(.unsafe)),
            "ProfileView": .init(.compiles(.unsafe)),
            "InboxView": .init(.compiles(.unsafe)),
            "ThreadView": .init(.reportedOnly),
            "CitySearch": .init(.reportedOnly),
            "ThreadDetail": .init(.reportedOnly),
            "PlaceSearch": .init(.compiles(.unsafe)),
        ],
        "environment-key-boilerplate": [
            "ThemeKey": .init(.compiles(.safe)),
            "RefreshActionKey": .init(.reportedOnly, swift5: "a `static var` key is Swift 5 code: Swift 6 rejects the mutable global state"),
            "CompactModeKey": .init(.reportedOnly),
            "Haptics": .init(.compiles(.unsafe)),
            "SessionKey": .init(.compiles(.unsafe)),
            "DensityKey": .init(.compiles(.safe)),
            "SpacingKey": .init(.reportedOnly),
        ],
        "preview-provider": [
            "ContentView_Previews": .init(.compiles(.safe)),
            "BadgePreviews": .init(.reportedOnly),
            "CheckoutPreviews": .init(.compiles(.safe)),
            "CartRow_Previews": .init(.compiles(.safe)),
            "TagList_Previews": .init(.reportedOnly),
            "ItemRow_Previews": .init(.reportedOnly),
        ],
        "view-member-order": [
            "CartView": .init(.compiles(.unsafe)),
            "SearchView": .init(.compiles(.unsafe)),
            "TimerView": .init(.compiles(.unsafe)),
            "BadgeView": .init(.reportedOnly),
        ],
        "state-not-private": [
            "ToggleRow": .init(.compiles(.safe)),
            "FeedView": .init(.compiles(.safe)),
            "CounterView": .init(.reportedOnly),
            "NoteEditor": .init(.reportedOnly),
            "SearchView": .init(.compiles(.unsafe)),
            "PlayerView": .init(.reportedOnly),
        ],
        "missing-bindable": [
            "ProfileModel": .init(.brokenBefore(.safe, why: "`$model` does not exist without `@Bindable`")),
            "AppSettings": .init(.brokenBefore(.safe, why: "`@Environment` has no `$` projection")),
            "Editor": .init(.brokenBefore(.safe, why: "`$editor` does not exist without `@Bindable`")),
            "Player": .init(.brokenBefore(.safe, why: "`@Environment` has no `$` projection")),
            "Filter": .init(.brokenBefore(nil, why: "`@Environment` has no `$` projection")),
            "Profile": .init(.brokenBefore(nil, why: "`@Bindable` applies to one variable only: `let profile: Profile, other: Profile` is not rewritten")),
        ],
        "observable-missing-main-actor": [
            "FeedModel": .init(.compiles(.unsafe)),
            "CartStore": .init(.excluded(why: "Foundation on Linux keeps `URLSession` in FoundationNetworking, which the example file does not import")),
            "SearchModel": .init(.compiles(.unsafe)),
            "ThumbnailCache": .init(.excluded(why: "Swift 6 already rejects the background write the rule reports (a non-Sendable `self` in a `@Sendable` closure), before the fix as after it")),
            "ProfileEditor": .init(.unsafeBreaks(error: "main actor-isolated property 'name' can not be mutated from a nonisolated context",
                                                 why: "the detached task that writes it must then hop to the main actor, which the fix cannot write")),
        ],
    ]

    /// Cases of our own: what the fixes must withhold or mark unsafe, and the compiler's agreement.
    struct Case {
        var rule: String
        var name: String
        var code: String
        var settings = ExampleSettings()
        var verdict: Verdict
    }

    static let cases: [Case] = [
        // `foregroundColor` takes a `Color?`; `foregroundStyle` a `ShapeStyle`, which an optional is not.
        Case(rule: "foreground-color", name: "optional colour", code: """
            struct Badge: View {
                let tint: Color?
                var body: some View {
                    Image("new").↓foregroundColor(tint)
                }
            }
            """, settings: .iOS("17.0"),
            verdict: .unsafeBreaks(error: "value of optional type 'Color?' must be unwrapped", why: "a variable may hold a `Color?`")),
        // Below macOS 13 `fontWeight` is `Text`'s alone: renamed, the call would leave a view before it (the rule's
        // `Headline` example is the iOS side).
        Case(rule: "foreground-color", name: "Text-only modifier after it below macOS 13", code: """
            struct Flair: View {
                let text: String
                var body: some View {
                    Text(text).↓foregroundColor(.red).fontWeight(.semibold).padding()
                }
            }
            """, settings: ExampleSettings(deploymentTargets: [.macOS: Version("12.0")!]), verdict: .reportedOnly),
        // Below iOS 17 a concatenated `Text` is not reported (the rule's examples): `foregroundStyle` would make it
        // `some View`. From iOS 17 on `Text.foregroundStyle` returns `Text`: the same code gets a safe fix.
        Case(rule: "foreground-color", name: "Text concatenation from iOS 17", code: """
            struct Price: View {
                var body: some View {
                    Text("9").↓foregroundColor(.red) + Text(" €")
                }
            }
            """, settings: .iOS("17.0"), verdict: .compiles(.safe)),
        // A throwing `Task` body: `.task` takes a closure that cannot throw, so no fix is offered.
        Case(rule: "task-in-on-appear", name: "throwing Task body", code: """
            struct LoaderView: View {
                let model: FeedModel
                var body: some View {
                    Text("Feed")
                        .↓onAppear {
                            Task { try await Self.fetch(model) }
                        }
                }
                static func fetch(_ model: FeedModel) async throws {}
            }
            """, verdict: .reportedOnly),
        // The `Task` ran on the main actor, and so does `.task`'s closure written in `body`: a synchronous call to a
        // main-actor method needs no `await` in either.
        Case(rule: "task-in-on-appear", name: "main-actor isolation kept", code: """
            struct MarkView: View {
                let model: ProfileModel
                var body: some View {
                    Text(model.name)
                        .↓onAppear { Task { model.markSeen(); await model.refresh() } }
                }
            }
            """, verdict: .compiles(.unsafe)),
        // A handler that does other work first keeps it, and the task follows (unsafe: order is SwiftUI's).
        Case(rule: "task-in-on-appear", name: "Task after other work", code: """
            struct SeenView: View {
                let model: ProfileModel
                var body: some View {
                    Text(model.name)
                        .↓onAppear {
                            model.markSeen()
                            Task { await model.refresh() }
                        }
                }
            }
            """, verdict: .compiles(.unsafe)),
        // Isolating the class breaks a nonisolated caller: why the fix is never safe.
        Case(rule: "observable-missing-main-actor", name: "nonisolated caller", code: """
            @Observable final class FeedModel {
                var posts: [Post] = []
            }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View { List(model.posts) { Text($0.title) } }
            }
            func clear(_ model: FeedModel) {
                model.posts = []
            }
            """, verdict: .reportedOnly),
        // Reordering stored properties reorders the memberwise initializer: why the fix is never safe.
        Case(rule: "view-member-order", name: "memberwise initializer", code: """
            struct Score: View {
                var points: Int
                ↓let name: String
                var body: some View { Text("\\(name): \\(points)") }
            }
            struct Board: View {
                var body: some View { Score(points: 3, name: "Ada") }
            }
            """, verdict: .unsafeBreaks(error: "argument 'name' must precede argument 'points'", why: "callers pass the properties in their old order")),
        // An access level written on purpose may serve readers elsewhere: unsafe, and here it breaks one.
        Case(rule: "state-not-private", name: "written access level", code: """
            struct ToggleRow: View {
                ↓@State internal var isOn = false
                var body: some View { Toggle("On", isOn: $isOn) }
            }
            struct Summary: View {
                let row = ToggleRow()
                var body: some View { Text(row.isOn ? "on" : "off") }
            }
            """, verdict: .unsafeBreaks(error: "'isOn' is inaccessible due to 'private' protection level", why: "a written access level may have readers")),
        // A `#Preview` body is a `@MainActor` view builder, as `previews` was: `if`/`else` stays valid.
        Case(rule: "preview-provider", name: "view builder body", code: """
            struct ↓Badge_Previews: PreviewProvider {
                static var previews: some View {
                    if Bool.random() { Badge(count: 0) } else { ContentView() }
                }
            }
            """, verdict: .compiles(.safe)),
        // A model that is not `@MainActor` (the prelude's are): the compiler accepts the call in both closures alike.
        // (`tick()` suspends: a task awaiting only never-suspending functions of the file is not reported.)
        Case(rule: "task-in-on-appear", name: "nonisolated model", code: """
            @Observable final class Counter {
                var count = 0
                func tick() async { try? await Task.sleep(nanoseconds: 1) }
            }
            struct CounterView: View {
                @State private var counter = Counter()
                var body: some View {
                    Text("\\(counter.count)")
                        .↓onAppear {
                            Task { await counter.tick() }
                        }
                }
            }
            """, verdict: .compiles(.unsafe)),
        // Outside `body` (a `nonisolated` helper) both closures are nonisolated alike: the `await` hops the same way.
        Case(rule: "task-in-on-appear", name: "nonisolated context", code: """
            struct RefreshRow: View {
                let model: ProfileModel
                var body: some View { row }
                nonisolated var row: some View {
                    Text("Row")
                        .↓onAppear { Task { await model.refresh() } }
                }
            }
            """, verdict: .compiles(.unsafe)),
        // A reader in another type: `private` stops it compiling, and the rule sees no member reads.
        Case(rule: "state-not-private", name: "read from another type", code: """
            struct ToggleRow: View {
                ↓@State var isOn = false
                var body: some View { Toggle("On", isOn: $isOn) }
            }
            struct Summary: View {
                let row = ToggleRow()
                var body: some View { Text(row.isOn ? "on" : "off") }
            }
            """, verdict: .knownGap(error: "'isOn' is inaccessible due to 'private' protection level",
                                    why: "facts record no member reads (`row.isOn`) of other types or files")),
        // The default of an `@Entry` is checked against its type inside the generated key.
        Case(rule: "environment-key-boilerplate", name: "literal default", code: """
            private struct ↓LimitKey: EnvironmentKey {
                static let defaultValue = 20
            }
            extension EnvironmentValues {
                var limit: Int {
                    get { self[LimitKey.self] }
                    set { self[LimitKey.self] = newValue }
                }
            }
            struct LimitView: View {
                @Environment(\\.limit) private var limit
                var body: some View { Text("\\(limit)").environment(\\.limit, 5) }
            }
            """, verdict: .compiles(.safe)),
    ]

    // MARK: Tests

    func testEveryFixableRuleAndExampleHasAVerdict() throws {
        let fixable = RuleRegistry.descriptions.filter { $0.fix == .auto }
        XCTAssertEqual(Set(Self.verdicts.keys), Set(fixable.map(\.id)), "`verdicts` must list exactly the rules with an `auto` fix")
        for rule in fixable {
            let keys = Self.keys(of: rule)
            XCTAssertEqual(keys.count, Set(keys).count, "\(rule.id): two triggering examples declare the same first type: \(keys)")
            let listed = Set(Self.verdicts[rule.id]?.keys.map { $0 } ?? [])
            XCTAssertEqual(Set(keys).subtracting(listed).sorted(), [], "\(rule.id): triggering examples without a verdict")
            XCTAssertEqual(listed.subtracting(keys).sorted(), [], "\(rule.id): verdicts for examples that no longer exist")
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.preludeURL(rule.id).path),
                          "\(rule.id) has no prelude at \(Self.preludeURL(rule.id).path)")
        }
        XCTAssertEqual(Set(Self.cases.map(\.rule)).subtracting(fixable.map(\.id)).sorted(), [], "cases for rules without a fix")
    }

    func testRuleExamplesTypeCheckBeforeAndAfterTheirFixes() throws {
        let report = try Self.report.get()
        for item in report where !item.isCase { assert(item) }
    }

    func testOwnCasesTypeCheckAsTheirVerdictsSay() throws {
        let report = try Self.report.get()
        XCTAssertEqual(report.filter(\.isCase).count, Self.cases.count)
        for item in report where item.isCase { assert(item) }
    }

    /// The stand-ins must reject what the SDK rejects where the fixes meet it, or a fix that compiles would prove
    /// nothing: each line below fails in Xcode, and must fail here, on that line and for that reason.
    func testStandInsRejectWhatTheSDKRejects() throws {
        // One mistake per member: a result builder reports only the first failing statement of a body.
        let wrong = """
            import SwiftUI

            @MainActor final class Model { func load() async throws {}; func mark() {} }
            extension EnvironmentValues { @Entry var limit: Int = "twenty" }
            #Preview { Text(1) }
            struct Wrong: View {
                let model: Model
                let tint: Color?
                var body: some View { Text("a").foregroundStyle(.red) + Text("b") }
                var throwing: some View { Text("c").task { try await model.load() } }
                var optional: some View { Image("d").foregroundStyle(tint) }
                var label: some View { NavigationStack(content: { Text("e") }) }
                nonisolated var helper: some View { Text("f").task { model.mark() } }
            }
            """
        let modules = TypeCheckHarness.Variant.allCases.map { TypeCheckHarness.Module(files: ["Wrong.swift": wrong], variant: $0) }
        let results = try TypeCheckHarness.diagnostics(of: modules)
        func errors(_ diagnostics: String?) -> [String] {
            (diagnostics ?? "").split(separator: "\n").compactMap { line -> String? in
                guard line.contains(": error: "), let file = line.range(of: "Wrong.swift:") else { return nil }
                return String(line[file.upperBound...])
            }.sorted()
        }
        let common = [
            "10:46: error: invalid conversion from throwing function of type '@Sendable () async throws -> ()' to non-throwing function type '@Sendable () async -> Void'",
            "11:58: error: value of optional type 'Color?' must be unwrapped to a value of type 'Color'",
            "12:43: error: incorrect argument label in call (have 'content:', expected 'root:')",
            // Outside `body` the `.task` closure inherits no main actor, as the SDK's `@_inheritActorContext` says.
            "13:64: error: main actor-isolated instance method 'mark()' cannot be called from outside of the actor",
            // `@Entry`'s default is checked against its type, the `#Preview` body as a view builder.
            "4:55: error: cannot convert value of type 'String' to specified type 'Int'",
            "5:17: error: cannot convert value of type 'Int' to expected argument type 'String'",
        ]
        XCTAssertEqual(errors(results[0]), common, "current SDK: `Text.foregroundStyle` returns `Text`")
        XCTAssertEqual(errors(results[1]), (common + ["9:37: error: 'foregroundStyle' is unavailable: only available in iOS 17.0 or newer"]).sorted(),
                       "below iOS 17")
    }

    // MARK: Checking

    /// One example or case, linted and fixed, with what the compiler said about each state (nil: it compiles).
    struct Checked {
        var rule: String
        var key: String
        var location: String
        var isCase: Bool
        var verdict: Verdict?
        /// The safeties of the fixes the rule attached.
        var offered: [FixSafety]
        var markerLines: Set<Int>
        var code: String
        var safeText: String
        var allText: String
        var before: String?
        var afterSafe: String?
        var afterAll: String?
        var preludeMissing: Bool
    }

    private static let report: Result<[Checked], Error> = Result { try check() }

    private static func check() throws -> [Checked] {
        var items: [(rule: RuleDescription, example: Example, key: String, isCase: Bool, expectation: Expectation?)] = []
        for rule in RuleRegistry.descriptions where rule.fix == .auto {
            for (example, key) in zip(rule.triggering, keys(of: rule)) {
                items.append((rule, example, key, false, verdicts[rule.id]?[key]))
            }
        }
        for ownCase in cases {
            guard let rule = RuleRegistry.descriptions.first(where: { $0.id == ownCase.rule }) else { continue }
            items.append((rule, Example(ownCase.code, ownCase.settings), ownCase.name, true, Expectation(ownCase.verdict)))
        }

        var checked: [Checked] = []
        var modules: [TypeCheckHarness.Module] = []
        var slots: [[Int?]] = []
        for item in items {
            let (code, markers) = ExampleRunner.strip(item.example.code)
            let offered = ExampleRunner.run(item.example, rule: item.rule).fixes.compactMap { $0?.safety }
            let safeText = ExampleRunner.fix(code, settings: item.example.settings, rule: item.rule, includesUnsafe: false)
            let allText = ExampleRunner.fix(code, settings: item.example.settings, rule: item.rule)
            let prelude = try? String(contentsOf: preludeURL(item.rule.id), encoding: .utf8)
            checked.append(Checked(rule: item.rule.id, key: item.key, location: item.example.location, isCase: item.isCase,
                                   verdict: item.expectation?.verdict, offered: offered,
                                   markerLines: Set(markers.map(\.line)), code: code, safeText: safeText, allText: allText,
                                   preludeMissing: prelude == nil))
            guard let expectation = item.expectation, let prelude else { slots.append([nil, nil, nil]); continue }
            if case .excluded = expectation.verdict { slots.append([nil, nil, nil]); continue }
            let variant = variant(for: item.example.settings)
            var slot: [Int?] = []
            for (index, text) in [code, safeText, allText].enumerated() {
                if index > 0, text == [code, safeText][index - 1] { slot.append(nil); continue }
                modules.append(TypeCheckHarness.Module(files: ["Prelude.swift": prelude, "Example.swift": wrapped(text)],
                                                       variant: variant, languageMode: expectation.swift5 == nil ? 6 : 5))
                slot.append(modules.count - 1)
            }
            slots.append(slot)
        }
        let diagnostics = try TypeCheckHarness.diagnostics(of: modules)
        // A state whose text equals the previous state's was not compiled again: it says what that one said.
        for index in checked.indices {
            let slot = slots[index]
            checked[index].before = slot[0].map { diagnostics[$0] } ?? nil
            checked[index].afterSafe = slot[1].map { diagnostics[$0] } ?? checked[index].before
            checked[index].afterAll = slot[2].map { diagnostics[$0] } ?? checked[index].afterSafe
        }
        return checked
    }

    private func assert(_ item: Checked, file: StaticString = #filePath, line: UInt = #line) {
        let name = "\(item.location): \(item.rule) \(item.isCase ? "case" : "example") \(item.key)"
        guard let verdict = item.verdict else { return XCTFail("\(name) has no verdict", file: file, line: line) }
        if item.preludeMissing { return XCTFail("\(name): no prelude for \(item.rule)", file: file, line: line) }
        let safeChanged = item.safeText != item.code
        let allChanged = item.allText != item.safeText
        func fail(_ message: String) { XCTFail("\(name): \(message)", file: file, line: line) }
        func mustCompile(_ diagnostics: String?, _ state: String, _ text: String) {
            if let diagnostics { fail("does not compile \(state):\n\(text)\n\(Self.errors(diagnostics))") }
        }
        switch verdict {
        case .excluded:
            return
        case .reportedOnly:
            if !item.offered.isEmpty { fail("a fix is offered (\(item.offered))") }
            mustCompile(item.before, "before", item.code)
        case .compiles(let safety):
            mustCompile(item.before, "before the fix", item.code)
            check(safety: safety, item, fail)
            if safeChanged { mustCompile(item.afterSafe, "after --fix", item.safeText) }
            if allChanged { mustCompile(item.afterAll, "after --fix --unsafe-fixes", item.allText) }
        case .unsafeBreaks(let error, _):
            mustCompile(item.before, "before the fix", item.code)
            check(safety: .unsafe, item, fail)
            if safeChanged { mustCompile(item.afterSafe, "after --fix", item.safeText) }
            if !allChanged { fail("the unsafe fix changed nothing") }
            if let diagnostics = item.afterAll {
                if !diagnostics.contains(error) { fail("the unsafe fix fails otherwise than expected (\(error)):\n\(Self.errors(diagnostics))") }
            } else {
                fail("the unsafe fix compiles now: its verdict should be `.compiles(.unsafe)`")
            }
        case .knownGap(let error, _):
            mustCompile(item.before, "before the fix", item.code)
            check(safety: .safe, item, fail)
            if let diagnostics = item.afterSafe {
                if !diagnostics.contains(error) { fail("the fix fails otherwise than expected (\(error)):\n\(Self.errors(diagnostics))") }
            } else {
                fail("the fix compiles now: the gap is closed, make the verdict `.compiles(.safe)` and update docs/RELIABILITY.md")
            }
        case .brokenBefore(let safety, _):
            guard let before = item.before else { return fail("compiles before the fix, which its verdict says it cannot") }
            let lines = Self.errorLines(before, of: item.code)
            if lines.isEmpty || !lines.isSubset(of: item.markerLines) {
                fail("errors on lines \(lines.sorted()) besides the marked \(item.markerLines.sorted()):\n\(Self.errors(before))")
            }
            if let safety {
                check(safety: safety, item, fail)
                if safety == .safe { mustCompile(item.afterSafe, "after --fix", item.safeText) }
                mustCompile(item.afterAll, "after --fix --unsafe-fixes", item.allText)
            } else if !item.offered.isEmpty {
                fail("a fix is offered (\(item.offered))")
            }
        }
    }

    private func check(safety: FixSafety, _ item: Checked, _ fail: (String) -> Void) {
        if item.offered.isEmpty { return fail("no fix is offered") }
        switch safety {
        case .safe where item.offered.contains(.unsafe): fail("a fix is unsafe: \(item.offered)")
        case .unsafe where !item.offered.contains(.unsafe): fail("every fix is safe: \(item.offered)")
        default: break
        }
    }

    // MARK: Helpers

    static func preludeURL(_ rule: String) -> URL {
        TypeCheckHarness.fixtures.appendingPathComponent("Fixes/\(rule).swift")
    }

    /// The examples' names: the first type each declares, with `#2`… when two declare the same one first.
    static func keys(of rule: RuleDescription) -> [String] {
        var seen: [String: Int] = [:]
        return rule.triggering.map { example in
            let name = key(of: ExampleRunner.strip(example.code).code)
            seen[name, default: 0] += 1
            return seen[name] == 1 ? name : "\(name)#\(seen[name] ?? 0)"
        }
    }

    static func key(of code: String) -> String {
        let pattern = #/\b(?:struct|class|enum|actor|protocol)\s+([A-Za-z_][A-Za-z0-9_]*)/#
        return code.firstMatch(of: pattern).map { String($0.output.1) } ?? "?"
    }

    /// The stand-in SDK an example's deployment targets call for: below iOS 17 (also when no target is known,
    /// as the rules take it) or from iOS 17 on.
    static func variant(for settings: ExampleSettings) -> TypeCheckHarness.Variant {
        let modern: [Platform: Version] = [.iOS: Version(17), .macOS: Version(14), .tvOS: Version(17), .watchOS: Version(10)]
        let targets = settings.deploymentTargets
        if targets.isEmpty { return .belowIOS17 }
        return targets.contains { platform, version in modern[platform].map { version < $0 } ?? false } ? .belowIOS17 : .current
    }

    /// Examples are written without imports, as in an app's SwiftUI files, which always have one.
    static func wrapped(_ text: String) -> String {
        text.contains("import SwiftUI") ? text : "import SwiftUI\n" + text
    }

    /// The error lines of `Example.swift`, in the example's own numbering.
    static func errorLines(_ diagnostics: String, of code: String) -> Set<Int> {
        let added = wrapped(code) == code ? 0 : 1
        var lines: Set<Int> = []
        for line in diagnostics.split(separator: "\n") where line.contains(": error: ") {
            guard let range = line.range(of: "Example.swift:") else { continue }
            let number = line[range.upperBound...].prefix { $0.isNumber }
            if let value = Int(number) { lines.insert(value - added) }
        }
        return lines
    }

    /// The diagnostics' error lines only, for a readable failure.
    static func errors(_ diagnostics: String) -> String {
        diagnostics.split(separator: "\n").filter { $0.contains(": error: ") }.joined(separator: "\n")
    }
}
