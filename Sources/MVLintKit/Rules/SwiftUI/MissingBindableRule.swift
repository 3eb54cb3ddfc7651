/// `$model.name` on an `@Observable` object the view holds without `@Bindable`.
///
/// A project rule because whether `model`'s class is `@Observable` is usually declared in another file.
enum MissingBindableRule: ProjectRule {
    static let description = RuleDescription(
        id: "missing-bindable", family: .swiftUI, severity: .error, profiles: .all, fix: .auto,
        summary: "`$model.property` on an `@Observable` object held as a plain `let`/`var` or read from `@Environment`.",
        rationale: "An `@Observable` class gets no `$` projection by itself: bindings to its properties come from `@Bindable` (or from `@State`, which owns the object). Held as a plain property or read from the environment, `$model.name` does not compile, and working around it with hand-made `Binding(get:set:)` hides the data flow.",
        instead: "Declare a received object as `@Bindable var model: Model`. For an object read with `@Environment(Model.self)`, add `@Bindable var model = model` at the top of `body` and bind through that.",
        triggering: [
            Example("""
            @Observable final class ProfileModel {
                var name = ""
            }
            struct ProfileForm: View {
                let model: ProfileModel
                var body: some View {
                    TextField("Name", text: ↓$model.name)
                }
            }
            """),
            Example("""
            @Observable final class AppSettings {
                var playsSounds = true
            }
            struct SoundSettings: View {
                @Environment(AppSettings.self) private var settings
                var body: some View {
                    Toggle("Sounds", isOn: ↓$settings.playsSounds)
                }
            }
            """),
            Example("""
            @Observable final class Editor {
                var title = ""
                var isPinned = false
            }
            struct EditorView: View {
                var editor: Editor
                var body: some View {
                    Form {
                        TextField("Title", text: ↓$editor.title)
                        Toggle("Pinned", isOn: ↓$editor.isPinned)
                    }
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            @Observable final class ProfileModel {
                var name = ""
            }
            struct ProfileForm: View {
                @Bindable var model: ProfileModel
                @State private var draft = ProfileModel()
                var body: some View {
                    TextField("Name", text: $model.name)
                    TextField("Draft", text: $draft.name)
                }
            }
            """),
            Example("""
            @Observable final class AppSettings {
                var playsSounds = true
            }
            struct SoundSettings: View {
                @Environment(AppSettings.self) private var settings
                var body: some View {
                    @Bindable var settings = settings
                    Toggle("Sounds", isOn: $settings.playsSounds)
                }
            }
            """),
            // `ObservableObject` wrappers project bindings themselves.
            Example("""
            final class Store: ObservableObject {
                @Published var query = ""
            }
            struct SearchBar: View {
                @ObservedObject var store: Store
                @EnvironmentObject var shared: Store
                var body: some View {
                    TextField("Search", text: $store.query)
                    TextField("Search", text: $shared.query)
                }
            }
            """),
            // A binding to a value type, and a type this project does not declare: nothing to judge.
            Example("""
            struct Address {
                var city = ""
            }
            struct AddressForm: View {
                @Binding var address: Address
                let session: RemoteSession
                var body: some View {
                    TextField("City", text: $address.city)
                    TextField("Token", text: $session.token)
                }
            }
            """),
        ]
    )

    static func check(_ project: ProjectContext, options: RuleOptions, report: inout [ProjectFinding]) {
        for file in project.files {
            for projection in file.bindingProjections where !projection.hasLocalBindable {
                guard let typeName = projection.enclosingType, project.index.isView(typeName),
                      let simpleName = typeName.split(separator: ".").last,
                      let property = project.index.entry(String(simpleName))?.properties.first(where: {
                          $0.name == projection.base && !$0.isStatic && !$0.isComputed
                      }),
                      let heldType = property.heldTypeName,
                      project.index.observation(of: heldType) == .observationMacro else { continue }
                let binding = "`$\(projection.base).\(projection.member)`"
                let message: String
                switch property.wrapper {
                case nil:
                    message = "\(binding) needs a binding, but `\(projection.base)` holds the `@Observable` class `\(heldType)` without `@Bindable`, so it has no `$` projection: declare it `@Bindable var \(projection.base)`"
                case "Environment"?:
                    message = "\(binding) needs a binding, but `\(projection.base)` comes from `@Environment(\(heldType).self)`, which provides none: add `@Bindable var \(projection.base) = \(projection.base)` in `body` and bind through it"
                default:
                    continue
                }
                report.append(ProjectFinding(path: file.path, position: projection.position, message: message, fixable: true))
            }
        }
    }
}
