/// A Presentation view creates a Container view inside its body, so the "pure" view drags app state along.
enum PresentationEmbedsContainerRule: ProjectRule {
    static let description = RuleDescription(
        id: "presentation-embeds-container", family: .architecture, severity: .warning,
        profiles: .only([.containerPresentation]),
        summary: "A Presentation view's body creates a Container view (a view that owns or observes models).",
        rationale: "The Presentation view looks pure from the outside, yet it builds a view that reaches for models, so it can no longer be previewed or reused with plain values, and it cannot live in a Presentation module that must not see the app's models. Views named as containers (`*ContainerView`, `*Container`, `*Screen`) may compose other containers.",
        instead: "Give the Presentation view an action closure (`let onFavorite: () -> Void`) and let the container do the work, or take the slot as `@ViewBuilder` content (`init(@ViewBuilder actions: () -> Actions)`) so the container passes the Container view in.",
        triggering: [
            Example("""
            @Observable final class FavoritesModel {
                var ids: Set<Int> = []
            }
            struct FavoriteContainerButton: View {
                @Environment(FavoritesModel.self) private var favorites
                let id: Int
                var body: some View { Button("Favorite") { favorites.ids.insert(id) } }
            }
            struct ProductCardView: View {
                let name: String
                var body: some View {
                    VStack {
                        Text(name)
                        ↓FavoriteContainerButton(id: 1)
                    }
                }
            }
            """),
            Example("""
            final class CommentsStore: ObservableObject {
                @Published var comments: [String] = []
            }
            struct CommentsPanel: View {
                @StateObject private var store = CommentsStore()
                var body: some View { List(store.comments, id: \\.self) { Text($0) } }
            }
            struct ArticleView: View {
                let title: String
                var body: some View {
                    ScrollView {
                        Text(title)
                        ↓CommentsPanel()
                    }
                }
            }
            """),
            // Navigation destinations count too: the row would need the app's models to compile.
            Example("""
            @Observable final class OrderModel {
                var status = ""
            }
            struct OrderDetailScreen: View {
                @State private var model = OrderModel()
                var body: some View { Text(model.status) }
            }
            struct OrderRow: View {
                let number: String
                var body: some View {
                    NavigationLink(number) { ↓OrderDetailScreen() }
                }
            }
            """),
        ],
        nonTriggering: [
            // The fix: the Presentation view takes a closure and draws a plain button.
            Example("""
            struct ProductCardView: View {
                let name: String
                let onFavorite: () -> Void
                var body: some View {
                    VStack {
                        Text(name)
                        Button("Favorite", action: onFavorite)
                    }
                }
            }
            """),
            // The other fix: a `@ViewBuilder` slot, filled in by the container.
            Example("""
            @Observable final class FavoritesModel {
                var ids: Set<Int> = []
            }
            struct FavoriteContainerButton: View {
                @Environment(FavoritesModel.self) private var favorites
                var body: some View { Button("Favorite") { favorites.ids.insert(1) } }
            }
            struct ProductCardView<Actions: View>: View {
                let name: String
                @ViewBuilder let actions: Actions
                var body: some View {
                    VStack {
                        Text(name)
                        actions
                    }
                }
            }
            struct ProductCardContainerView: View {
                var body: some View {
                    ProductCardView(name: "Lamp") { FavoriteContainerButton() }
                }
            }
            """),
            // Presentation views composing Presentation views are fine.
            Example("""
            struct PriceTag: View {
                let price: String
                var body: some View { Text(price) }
            }
            struct ProductCardView: View {
                let name: String
                let price: String
                var body: some View {
                    VStack {
                        Text(name)
                        PriceTag(price: price)
                    }
                }
            }
            """),
            // A container showing another container is composition, not a leak.
            Example("""
            @Observable final class UserModel {
                var name = ""
            }
            struct UserContainerView: View {
                @State private var model = UserModel()
                var body: some View { Text(model.name) }
            }
            struct SettingsScreen: View {
                var body: some View {
                    VStack { UserContainerView() }
                }
            }
            """),
        ]
    )

    /// Views whose body sets up navigation compose screens: that is container-level work, not a leak.
    static let navigationShells: Set<String> = ["TabView", "NavigationStack", "NavigationSplitView", "NavigationView"]

    struct Gathered: Codable, KeptGathered {
        /// Views whose code builds a navigation shell (a tab or split view): they arrange screens.
        var shells: Set<String> = []
        /// The views each file's code shows, in the relations' order.
        var showsByPath: [String: [Relation]] = [:]

        func movingPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> Gathered? {
            var moved = self
            for (file, relations) in showsByPath {
                for place in relations.indices {
                    guard let relation = relations[place].movingPlaces(in: path, by: move, moveLine: moveLine) else { return nil }
                    moved.showsByPath[file]![place] = relation
                }
            }
            return moved
        }
    }

    static func gather(_ project: ProjectContext, options: RuleOptions) -> Gathered {
        var gathered = Gathered()
        for file in project.files {
            var scope = project.index.scope(of: file.path)
            for construction in file.constructions where navigationShells.contains(construction.typeName) {
                if let owner = scope.id(ofEnclosing: construction.enclosingType) { gathered.shells.insert(owner) }
            }
        }
        for relation in project.architecture.relations where relation.kind == .shows {
            gathered.showsByPath[relation.path, default: []].append(relation)
        }
        return gathered
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Gathered, options: RuleOptions, report: inout [ProjectFinding]) {
        let architecture = project.architecture
        let roots = project.sceneRootViews
        let shells = gathered.shells
        for relation in gathered.showsByPath[file.path] ?? [] {
            let source = project.index.displayName(relation.from)
            let container = project.index.displayName(relation.to)
            guard architecture.role(of: relation.from) == .presentation,
                  !ProjectContext.isNamedContainer(project.index.entry(relation.from)?.name ?? source),
                  !roots.contains(relation.from), !shells.contains(relation.from), !source.contains("Preview"),
                  drawsMoreThanOneView(relation.from, project: project),
                  project.isContainerView(relation.to) else { continue }
            report.append(ProjectFinding(
                path: relation.path, position: relation.position,
                message: "the Presentation view `\(source)` creates the container `\(container)`, which brings its models along and ties this view to app state: take an action closure and let a container do the work, or take the slot as `@ViewBuilder` content so the container passes `\(container)` in"))
        }
    }

    /// A view whose body is just the container is a wrapper around it (e.g. holding its initial filter), not a
    /// Presentation view that happens to contain it.
    private static func drawsMoreThanOneView(_ id: String, project: ProjectContext) -> Bool {
        guard let entry = project.index.entry(id) else { return false }
        let parts = entry.parts.map(\.fact)
        return parts.reduce(0) { $0 + $1.bodyViewCount } > 1
    }
}
