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
            """, fixed: """
            @Observable final class ProfileModel {
                var name = ""
            }
            struct ProfileForm: View {
                @Bindable var model: ProfileModel
                var body: some View {
                    TextField("Name", text: $model.name)
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
            """, fixed: """
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
            """, fixed: """
            @Observable final class Editor {
                var title = ""
                var isPinned = false
            }
            struct EditorView: View {
                @Bindable var editor: Editor
                var body: some View {
                    Form {
                        TextField("Title", text: $editor.title)
                        Toggle("Pinned", isOn: $editor.isPinned)
                    }
                }
            }
            """),
            // A one-line `body` gets the local on the same line.
            Example("""
            @Observable final class Player {
                var volume = 0.5
            }
            struct VolumeSlider: View {
                @Environment(Player.self) private var player
                var body: some View { Slider(value: ↓$player.volume) }
            }
            """, fixed: """
            @Observable final class Player {
                var volume = 0.5
            }
            struct VolumeSlider: View {
                @Environment(Player.self) private var player
                var body: some View { @Bindable var player = player; Slider(value: $player.volume) }
            }
            """),
            // Used in a helper property, not in `body`: a local atop `body` would not reach it.
            Example("""
            @Observable final class Filter {
                var query = ""
            }
            struct FilterBar: View {
                @Environment(Filter.self) private var filter
                var body: some View { field }
                private var field: some View { TextField("Filter", text: ↓$filter.query) }
            }
            """),
            // Two variables in one declaration: `@Bindable` applies to one only, so it is reported, not rewritten.
            Example("""
            @Observable final class Profile {
                var name = ""
            }
            struct ProfilePair: View {
                let profile: Profile, other: Profile
                var body: some View {
                    TextField("Name", text: ↓$profile.name)
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

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        let path = file.path
        var scope = project.index.scope(of: path)
        for projection in file.facts.bindingProjections where !projection.hasLocalBindable {
            guard let view = scope.id(ofEnclosing: projection.enclosingType), project.index.isView(view),
                  let entry = project.index.entry(view),
                  let property = entry.properties.first(where: {
                      $0.name == projection.base && !$0.isStatic && !$0.isComputed
                  }),
                  let heldType = project.index.heldType(of: property, in: view, path: path),
                  project.index.observation(of: heldType) == .observationMacro else { continue }
            let binding = "`$\(projection.base).\(projection.member)`"
            let heldName = project.index.displayName(heldType)
            let message: String
            let fix: Fix?
            switch property.wrapper {
            case nil:
                message = "\(binding) needs a binding, but `\(projection.base)` holds the `@Observable` class `\(heldName)` without `@Bindable`, so it has no `$` projection: declare it `@Bindable var \(projection.base)`"
                // Stored properties live in the type's declaration, which may be another file than the projection.
                // A wrapper applies to one variable: `let a: M, b: M` would need splitting, a reader's call.
                fix = entry.declarationPath == path && property.layout?.declaresOneVariable == true ? bindableProperty(property) : nil
            case "Environment"?:
                message = "\(binding) needs a binding, but `\(projection.base)` comes from `@Environment(\(heldName).self)`, which provides none: add `@Bindable var \(projection.base) = \(projection.base)` in `body` and bind through it"
                fix = bindableLocal(projection, in: file.facts.types)
            default:
                continue
            }
            report.append(ProjectFinding(path: path, position: projection.position, message: message, fix: fix))
        }
    }

    /// `let model: Model` → `@Bindable var model: Model`. None when the view creates the object itself
    /// (`= Model()`): that one should be `@State`, which a reader must decide.
    private static func bindableProperty(_ property: PropertyFact) -> Fix? {
        guard let layout = property.layout, !property.hasInitializer else { return nil }
        let description = "declare `\(property.name)` as `@Bindable var`"
        // Without modifiers the attribute goes right where the keyword is: one edit, so the two cannot collide.
        if layout.modifiersStart == layout.specifier.lowerBound {
            return Fix(description, edits: [TextEdit(range: layout.specifier, replacement: "@Bindable var")])
        }
        var edits = [TextEdit.insert("@Bindable ", at: layout.modifiersStart)]
        if property.isLet { edits.append(TextEdit(range: layout.specifier, replacement: "var")) }
        return Fix(description, edits: edits)
    }

    /// `@Bindable var model = model` as the first statement of `body`, for a projection inside `body`
    /// (also used by `migrate observation` for `@EnvironmentObject` properties that become `@Environment`).
    static func bindableLocal(_ projection: BindingProjectionFact, in types: [TypeFact]) -> Fix? {
        guard projection.isInBody,
              let start = types.first(where: { $0.qualifiedName == projection.enclosingType && $0.bodyStart != nil })?.bodyStart
        else { return nil }
        let declaration = "@Bindable var \(projection.base) = \(projection.base)"
        return Fix("add `\(declaration)` atop `body`", edits: [start.inserting(declaration)])
    }
}
