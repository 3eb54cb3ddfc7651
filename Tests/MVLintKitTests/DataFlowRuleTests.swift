@testable import MVLintKit
import XCTest

/// What the rule examples cannot show: findings that depend on other files, which message variant is
/// chosen, and whether a finding offers a fix.
final class DataFlowRuleTests: XCTestCase {
    private func lint(_ rule: String, _ files: [String: String], settings: TargetSettings = .unknown) -> [Finding] {
        TestProject.lint(rule, files, settings: files.mapValues { _ in settings })
    }

    // MARK: state-not-private

    func testStateSetFromAnotherFileGetsTheReceivingMessageWithoutFix() throws {
        let findings = lint("state-not-private", [
            "CounterView.swift": "struct CounterView: View {\n    @State var count = 0\n    var body: some View { Text(\"\\(count)\") }\n}\n",
            "Screen.swift": "struct Screen: View {\n    var body: some View { CounterView(count: 3) }\n}\n",
        ])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(finding.file, "CounterView.swift")
        XCTAssertEqual([finding.line, finding.column], [2, 5])
        XCTAssertTrue(finding.message.contains("`CounterView(count:)`"), finding.message)
        XCTAssertTrue(finding.message.contains("`@Binding`"), finding.message)
        XCTAssertFalse(finding.fixable)
    }

    func testStateSeededByAnInitializerInAnExtensionElsewhereIsReceived() throws {
        let findings = lint("state-not-private", [
            "Editor.swift": "struct Editor: View {\n    @StateObject var draft = Draft()\n    var body: some View { Text(draft.text) }\n}\n",
            "Editor+Init.swift": "extension Editor {\n    init(text: String) {\n        self._draft = StateObject(wrappedValue: Draft(text: text))\n    }\n}\n",
        ])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(finding.message.contains("its initializer sets it"), finding.message)
        XCTAssertTrue(finding.message.contains("`@ObservedObject`"), finding.message)
        XCTAssertFalse(finding.fixable)
    }

    func testCallSiteLabelsDoNotCountWhenTheTypeDeclaresItsOwnInit() throws {
        let findings = lint("state-not-private", [
            "Timer.swift": "struct TimerView: View {\n    let start: Int\n    @State var count = 0\n    init(count: Int) { start = count }\n    var body: some View { Text(\"\\(count)\") }\n}\n",
            "Screen.swift": "struct Screen: View {\n    var body: some View { TimerView(count: 3) }\n}\n",
        ])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(finding.message.contains("declare it `private`"), finding.message)
        XCTAssertTrue(finding.fixable)
    }

    func testOwnedStateOffersTheFix() throws {
        let findings = lint("state-not-private", [
            "Toggle.swift": "struct Row: View {\n    @State var isOn = false\n    var body: some View { Toggle(\"On\", isOn: $isOn) }\n}\n",
        ])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertTrue(finding.message.contains("declare it `private`"), finding.message)
        XCTAssertTrue(finding.fixable)
    }

    // MARK: missing-bindable

    func testObservableClassDeclaredInAnotherFile() {
        let view = "struct NameField: View {\n    let profile: Profile\n    var body: some View { TextField(\"Name\", text: $profile.name) }\n}\n"
        let observable = lint("missing-bindable", [
            "Profile.swift": "@Observable final class Profile {\n    var name = \"\"\n}\n",
            "NameField.swift": view,
        ])
        XCTAssertEqual(observable.map { [$0.line, $0.column] }, [[3, 51]])
        XCTAssertEqual(observable.first?.file, "NameField.swift")
        XCTAssertEqual(observable.first?.fixable, true)

        let legacy = lint("missing-bindable", [
            "Profile.swift": "final class Profile: ObservableObject {\n    @Published var name = \"\"\n}\n",
            "NameField.swift": view,
        ])
        XCTAssertEqual(legacy, [], "an ObservableObject is not judged by this rule")
    }

    func testViewConformanceDeclaredInAnotherFile() {
        let findings = lint("missing-bindable", [
            "Model.swift": "@Observable final class Counter {\n    var value = 0\n}\n",
            "Stepper.swift": "struct CounterStepper {\n    var counter: Counter\n    var body: some View { Stepper(\"Count\", value: $counter.value) }\n}\n",
            "Stepper+View.swift": "extension CounterStepper: View {}\n",
        ])
        XCTAssertEqual(findings.count, 1)
    }

    // MARK: navigation-view

    func testColumnsChooseTheSplitViewMessageWithoutFix() throws {
        let findings = lint("navigation-view", [
            "Mail.swift": "struct Mail: View {\n    var body: some View {\n        NavigationView {\n            Sidebar()\n            Inbox()\n            Detail()\n        }\n    }\n}\n",
        ])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertTrue(finding.message.contains("3 columns"), finding.message)
        XCTAssertTrue(finding.message.contains("`NavigationSplitView"), finding.message)
        XCTAssertFalse(finding.fixable)
    }

    func testMacOSTargetBelowNavigationStackIsQuiet() {
        let settings = TargetSettings(deploymentTargets: [.macOS: Version(12)])
        let findings = lint("navigation-view", [
            "Root.swift": "struct Root: View {\n    var body: some View { NavigationView { Text(\"Hi\") } }\n}\n",
        ], settings: settings)
        XCTAssertEqual(findings, [])
    }

    // MARK: any-view

    func testViewExtensionsAreViewCode() {
        let findings = lint("any-view", [
            "View+Card.swift": "extension View {\n    func card(_ raised: Bool) -> AnyView {\n        raised ? AnyView(shadow(radius: 4)) : AnyView(self)\n    }\n}\n",
        ])
        XCTAssertEqual(findings.map(\.column), [18, 47])
    }

    // MARK: Robustness

    func testBrokenCodeIsReportedOnceAndDoesNotCrashTheRules() {
        let ids: Set<String> = ["observed-object-creation", "state-not-private", "foreach-index-identity", "task-in-on-appear",
                                "navigation-view", "any-view", "sheet-is-presented-with-item", "missing-bindable",
                                "heavy-body-computation", "complex-body-closure"]
        let engine = LintEngine(selection: RuleSelection(rules: ids))
        let broken = "struct Half: View {\n    @ObservedObject var m = M(\n    var body: some View {\n        ForEach(0..<items.count, id: \\.self) { Task {\n        .sheet(isPresented: $x) { if let\n"
        let analysis = engine.analyze(path: "Half.swift", text: broken, settings: .unknown)
        let findings = engine.finish([analysis], settingsByPath: [:])
        XCTAssertEqual(findings.map(\.rule), [ParseErrorRule.id])
    }
}
