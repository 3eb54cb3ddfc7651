/// `@AppStorage` or `@SceneStorage` inside an observable class.
///
/// A project rule: the class may become observable through a base class or an extension in another file.
enum AppStorageInObservableRule: ProjectRule {
    static let description = RuleDescription(
        id: "appstorage-in-observable", family: .observation, severity: .error, profiles: .all,
        summary: "`@AppStorage` or `@SceneStorage` inside an `@Observable` or `ObservableObject` class.",
        rationale: "`@AppStorage` and `@SceneStorage` are view property wrappers: they notify the view they are declared in. Inside a class they notify nobody: `@Observable` does not track wrapped properties (and rejects them unless `@ObservationIgnored`), and an `ObservableObject` sends no `objectWillChange` for them, so views keep showing the old value.",
        instead: "Keep a plain tracked property (or `@Published`) and persist it yourself: read `UserDefaults` in `init` and write it in `didSet`; or keep the `@AppStorage` in the view that needs it.",
        triggering: [
            Example("""
            @Observable final class SettingsModel {
                @ObservationIgnored ↓@AppStorage("fontSize") var fontSize = 14.0
            }
            """),
            Example("""
            final class OnboardingStore: ObservableObject {
                ↓@AppStorage("didFinishOnboarding") var didFinish = false
                @Published var page = 0
            }
            """),
            // Observable through its base class, declared elsewhere in the project.
            Example("""
            class BaseStore: ObservableObject {}
            final class EditorStore: BaseStore {
                ↓@SceneStorage("draft") var draft = ""
            }
            """),
        ],
        nonTriggering: [
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

    static func check(_ project: ProjectContext, options: RuleOptions, report: inout [ProjectFinding]) {
        for model in project.observableClasses {
            for property in model.entry.properties where !property.isStatic {
                guard let wrapper = property.wrapper, storageWrappers.contains(wrapper) else { continue }
                let instead = wrapper == "AppStorage"
                    ? "keep a tracked property and read and write `UserDefaults` yourself (in `init` and `didSet`)"
                    : "keep the `@SceneStorage` in the view and hand its value to the model"
                report.append(ProjectFinding(path: model.path, position: property.reportPosition, message: "`@\(wrapper) var \(property.name)` inside the observable class `\(model.name)` notifies no view when it changes, because it is a view property wrapper: \(instead)"))
            }
        }
    }
}
