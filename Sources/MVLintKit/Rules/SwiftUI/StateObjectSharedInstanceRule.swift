/// `@StateObject var theme = ThemeManager.shared`: a view claiming to own an instance that lives elsewhere.
///
/// A project rule: whether `Store.main` is the type's own shared instance (a `static let` of the type) is
/// known from the type's declaration, which may be in another file.
enum StateObjectSharedInstanceRule: ProjectRule {
    static let description = RuleDescription(
        id: "state-object-shared-instance", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "`@StateObject` or `@State` initialised with a shared instance (`= ThemeManager.shared`).",
        rationale: "`@StateObject` and `@State` mean \"this view creates and owns the object; it lives as long as the view\". A singleton or an app-wide instance is owned by no view: the wrapper's promise is false, readers of the view look for the owner in the wrong place, and the value is captured once, so pointing the property at another instance later (a test double, a reset) is silently ignored.",
        instead: "Observe the instance without owning it: `@ObservedObject var theme = ThemeManager.shared` for an `ObservableObject`, a plain `let` (or `@Bindable` when bindings are needed) for an `@Observable` class — or inject it with `.environment(_:)` / `.environmentObject(_:)` at the root and read it with `@Environment`/`@EnvironmentObject`.",
        triggering: [
            Example("""
            final class ThemeManager: ObservableObject {
                static let shared = ThemeManager()
                @Published var accent = "blue"
            }
            struct SettingsView: View {
                ↓@StateObject private var theme = ThemeManager.shared
                var body: some View { Text(theme.accent) }
            }
            """),
            Example("""
            @Observable final class Store {
                static let main = Store()
                var items: [String] = []
            }
            struct ItemsView: View {
                ↓@State private var store = Store.main
                var body: some View { List(store.items, id: \\.self) { Text($0) } }
            }
            """),
            // A library's singleton, named as one.
            Example("""
            struct PlayerView: View {
                ↓@StateObject private var player = AudioEngine.shared
                var body: some View { Text(player.title) }
            }
            """),
        ],
        nonTriggering: [
            // Values read from statics are the view's own copies: a colour, an enum case, the current locale.
            Example("""
            enum Appearance { case light, dark; static var current: Appearance { .light } }
            struct ThemePicker: View {
                @State private var appearance = Appearance.current
                @State private var tint = Color.accentColor
                @State private var locale = Locale.current
                var body: some View { Text("\\(appearance)") }
            }
            """),
            Example("""
            struct SettingsView: View {
                @ObservedObject private var theme = ThemeManager.shared
                var body: some View { Text(theme.accent) }
            }
            """),
            // The view creates its own instance: that is what the wrappers are for.
            Example("""
            struct ItemsView: View {
                @State private var store = Store()
                @StateObject private var loader = ImageLoader(cache: .shared)
                var body: some View { Text("\\(store.items.count)") }
            }
            """),
            // A static member that is not an instance of the type (`Palette.accent` is a colour value).
            Example("""
            enum Palette { static let accent = Color.orange }
            struct BadgeView: View {
                @State private var tint = Palette.accent
                var body: some View { Text("new").foregroundStyle(tint) }
            }
            """),
        ]
    )

    /// Members that name a type's single instance whatever the type (`Locale.current` or `Color.primary` are values).
    static let singletonNames: Set<String> = ["shared", "sharedInstance", "instance"]

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        for view in project.declaredViews(touching: file) where view.path == file.path {
            for property in view.storedProperties {
                guard let wrapper = property.wrapper, wrapper == "StateObject" || wrapper == "State",
                      let instance = property.initializerInstance, property.typeName == nil else { continue }
                // A value read from a static (`Color.accent`, `Appearance.current`) is the view's own copy: only a class
                // instance is shared. Outside the project only the names that mean "the one instance" count.
                if let held = project.index.heldType(of: property, in: view.id, path: view.path) {
                    guard project.index.kind(of: held) == .class else { continue }
                } else if !Self.singletonNames.contains(instance.member) || project.index.resolve(instance.typeName, from: view.id, in: view.path) != nil {
                    continue
                }
                let written = "\(instance.typeName).\(instance.member)"
                let instead = wrapper == "StateObject" ? "`@ObservedObject`" : "a plain `let` (or `@Bindable`)"
                report.append(ProjectFinding(
                    path: view.path, position: property.wrapperPosition ?? property.position,
                    message: "`@\(wrapper) var \(property.name)` is set to `\(written)`, an instance this view did not create and does not own, and the wrapper keeps the first value it got: observe it with \(instead), or inject it into the environment and read it from there"))
            }
        }
    }
}
