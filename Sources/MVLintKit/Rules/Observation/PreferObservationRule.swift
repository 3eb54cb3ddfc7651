/// `ObservableObject` and its wrappers where the deployment target allows `@Observable`.
///
/// A project rule: a wrapper is reported only when the class it holds is an `ObservableObject` this project
/// declares (a framework or generated class, e.g. a Core Data entity, cannot be migrated), and both files'
/// targets must allow Observation. One finding per class that declares the conformance (its `@Published`
/// properties move with it) and one per `@StateObject`/`@ObservedObject`/`@EnvironmentObject` property, because
/// each of those is a separate edit in a separate view.
enum PreferObservationRule: ProjectRule {
    static let description = RuleDescription(
        id: "prefer-observation", family: .observation, severity: .advice, profiles: .optIn, fix: .migrate,
        summary: "`ObservableObject`, `@Published`, `@StateObject`, `@ObservedObject` or `@EnvironmentObject` where the targets can use `@Observable`.",
        rationale: "With `ObservableObject` every `@Published` change sends one `objectWillChange` for the whole object, so each view holding it re-evaluates its body even when it reads none of the changed properties, and the code needs three extra wrappers that are easy to mix up (`@StateObject` versus `@ObservedObject`). `@Observable` (iOS 17, macOS 14) tracks each property a body actually reads and works with `@State`, plain `let` and `@Environment`.",
        instead: "Mark the class `@Observable` and drop `@Published`; in views hold it in `@State` instead of `@StateObject`, as a plain `let` (or `@Bindable` to bind) instead of `@ObservedObject`, and read it with `@Environment(Model.self)` instead of `@EnvironmentObject`. `mvlint migrate observation` does these rewrites.",
        triggering: [
            Example("""
            ↓final class FeedStore: ObservableObject {
                @Published var posts: [Post] = []
                @Published var isRefreshing = false
            }
            struct FeedScreen: View {
                ↓@StateObject private var store = FeedStore()
                var body: some View {
                    List(store.posts) { PostRow(post: $0) }
                }
            }
            """),
            Example("""
            ↓class CartModel: ObservableObject {
                @Published var items: [CartItem] = []
            }
            struct CartBadge: View {
                ↓@EnvironmentObject var cart: CartModel
                var body: some View { Text("\\(cart.items.count)") }
            }
            struct CartRow: View {
                ↓@ObservedObject var cart: CartModel
                let item: CartItem
                var body: some View { Text(item.name) }
            }
            """, .iOS("17.0")),
            // The conformance is added in an extension: that is where the migration starts.
            Example("""
            final class PlayerState {
                @Published var isPlaying = false
            }
            ↓extension PlayerState: ObservableObject {}
            """),
        ],
        nonTriggering: [
            // The app still supports iOS 16, where `@Observable` does not exist.
            Example("""
            final class FeedStore: ObservableObject {
                @Published var posts: [Post] = []
            }
            struct FeedScreen: View {
                @StateObject private var store = FeedStore()
                var body: some View { List(store.posts) { PostRow(post: $0) } }
            }
            """, .iOS("16.0")),
            Example("""
            @Observable final class FeedStore {
                var posts: [Post] = []
            }
            struct FeedScreen: View {
                @State private var store = FeedStore()
                var body: some View { List(store.posts) { PostRow(post: $0) } }
            }
            """),
            // `Note` is not declared in the project (a Core Data entity, say): nothing to migrate here.
            Example("""
            struct NoteDetail: View {
                @ObservedObject var note: Note
                var body: some View { Text(note.title ?? "") }
            }
            """),
            Example("""
            final class Preferences: ObservableObject {
                @Published var fontSize = 14.0
            }
            """, ExampleSettings(deploymentTargets: [.macOS: Version(13)])),
        ]
    )

    /// What replaces the property's wrapper once the held class is `@Observable`; nil for other wrappers.
    private static func replacement(for property: PropertyFact, wrapper: String, holding held: String) -> String? {
        switch wrapper {
        case "StateObject": return "hold it in `@State`"
        // `@ObservedObject var x = X()` creates its object (another rule's mistake): the view owns it, so `@State`.
        case "ObservedObject" where property.hasInitializer: return "hold it in `@State`"
        case "ObservedObject": return "receive it as a plain `let` (or `@Bindable` to bind to it)"
        case "EnvironmentObject": return "read it with `@Environment(\(held).self)`"
        default: return nil
        }
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        guard project.settings(for: file.path).canUseObservation else { return }
        var scope = project.index.scope(of: file.path)
        for type in file.facts.types {
            if (type.kind == .class || type.kind == .extension), type.inherited.contains("ObservableObject") {
                report.append(ProjectFinding(path: file.path, position: type.position, message: "`\(type.name)` conforms to `ObservableObject`, so any `@Published` change re-evaluates every view that holds it: mark it `@Observable` and drop `@Published` (`mvlint migrate observation` rewrites it and its views)"))
            }
            let owner = scope.id(ofEnclosing: type.qualifiedName)
            for property in type.properties {
                guard let wrapper = property.wrapper, let heldID = project.index.heldType(of: property, in: owner, path: file.path),
                      case let held = project.index.displayName(heldID),
                      let instead = replacement(for: property, wrapper: wrapper, holding: held),
                      project.index.observation(of: heldID) == .observableObject,
                      let classPath = project.index.entry(heldID)?.declarationPath,
                      project.settings(for: classPath).canUseObservation else { continue }
                report.append(ProjectFinding(path: file.path, position: property.reportPosition, message: "`@\(wrapper) var \(property.name)` holds the `ObservableObject` `\(held)`, which re-evaluates this view on every `@Published` change: once `\(held)` is `@Observable`, \(instead) (`mvlint migrate observation` does both)"))
            }
        }
    }
}
