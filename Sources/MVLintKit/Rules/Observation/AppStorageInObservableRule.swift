/// `@AppStorage` or `@SceneStorage` inside an `@Observable` class.
///
/// A project rule: the class may become observable through a base class declared in another file. Inside an
/// `ObservableObject` the wrappers do publish changes (since iOS 14.5 / macOS 11.3 they send the enclosing
/// object's `objectWillChange`), so those classes are not reported.
enum AppStorageInObservableRule: ProjectRule {
    static let description = RuleDescription(
        id: "appstorage-in-observable", family: .observation, severity: .error, profiles: .all,
        summary: "`@AppStorage` or `@SceneStorage` inside an `@Observable` class.",
        rationale: "`@AppStorage` and `@SceneStorage` are property wrappers built for views. `@Observable` does not track wrapped properties: the macro rejects them unless they are marked `@ObservationIgnored`, and then no view that reads them through the class is ever told they changed, so it keeps showing the old value. (Inside an `ObservableObject` they do send the object's `objectWillChange` on iOS 14.5, macOS 11.3 and later, so this rule leaves those classes alone.)",
        instead: "Keep a plain tracked property and persist it yourself: read `UserDefaults` in `init` and write it in `didSet`; or keep the `@AppStorage` in the view that needs it.",
        triggering: [
            Example("""
            @Observable final class SettingsModel {
                @ObservationIgnored ↓@AppStorage("fontSize") var fontSize = 14.0
            }
            """),
            Example("""
            @MainActor @Observable final class EditorModel {
                @ObservationIgnored ↓@SceneStorage("draft") var draft = ""
                var isSaving = false
            }
            """),
            // Observable through its base class, declared elsewhere in the project.
            Example("""
            @Observable class BaseModel {}
            final class OnboardingModel: BaseModel {
                @ObservationIgnored ↓@AppStorage("didFinishOnboarding") var didFinish = false
            }
            """),
        ],
        nonTriggering: [
            // An `ObservableObject` publishes `@AppStorage` changes through its `objectWillChange`.
            Example("""
            final class OnboardingStore: ObservableObject {
                @AppStorage("didFinishOnboarding") var didFinish = false
                @Published var page = 0
            }
            """),
            Example("""
            struct SettingsView: View {
                @AppStorage("fontSize") private var fontSize = 14.0
                var body: some View { Slider(value: $fontSize, in: 10...24) }
            }
            """),
            Example("""
            @MainActor @Observable final class SettingsModel {
                var fontSize: Double {
                    didSet { UserDefaults.standard.set(fontSize, forKey: "fontSize") }
                }
                init(defaults: UserDefaults = .standard) {
                    fontSize = defaults.object(forKey: "fontSize") as? Double ?? 14
                }
            }
            """),
            // A plain class that is not observable, or a `static` accessor to a stored default: no instance state
            // pretends to be observed.
            Example("""
            final class LaunchCounter {
                @AppStorage("launches") var launches = 0
            }
            @MainActor @Observable final class AccountSwitcher {
                @AppStorage("lastAccountID") static var lastAccountID = ""
                var current = "" {
                    didSet { Self.lastAccountID = current }
                }
            }
            """),
        ]
    )

    static let storageWrappers: Set<String> = ["AppStorage", "SceneStorage"]

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        for model in project.observableClasses(touching: file) where model.observation == .observationMacro && model.path == file.path {
            for property in model.entry.properties where !property.isStatic {
                guard let wrapper = property.wrapper, storageWrappers.contains(wrapper) else { continue }
                let instead = wrapper == "AppStorage"
                    ? "keep a tracked property and read and write `UserDefaults` yourself (in `init` and `didSet`)"
                    : "keep the `@SceneStorage` in the view and hand its value to the model"
                report.append(ProjectFinding(path: model.path, position: property.reportPosition, message: "`@\(wrapper) var \(property.name)` inside the `@Observable` class `\(model.name)` notifies no view when it changes, because Observation does not track wrapped properties: \(instead)"))
            }
        }
    }
}
