/// Every row of a list computes its own display text in a `.task`.
enum AsyncRowFormattingRule: ProjectRule {
    static let description = RuleDescription(
        id: "async-row-formatting", family: .architecture, severity: .advice, profiles: .all,
        summary: "Each row of a `List`/`ForEach` runs its own `.task` to compute display text into `@State`.",
        rationale: "Formatting per row as rows appear is simple and fine for light work, but in a fast-scrolling list every new row starts a task, shows a placeholder first and then re-renders, which shows up as hitches and flicker. Reported when a `.task` inside a row closure awaits a value into the container's text state, or when a view shown as a `ForEach`/`List` row awaits a value into its own `String` state; a screen a row pushes (`NavigationLink { Detail() }`) or presents (`sheet`) is no row.",
        instead: "Keep it for light work; for long or fast lists prepare display values once in the container (e.g. an array of `UserRowState` built in its `.task`) and pass each row its ready value.",
        triggering: [
            Example("""
            struct User: Identifiable {
                let id: Int
                let name: String
                func formattedName() async -> String { name }
            }
            struct UserRowView: View {
                let user: User
                @State private var displayName = ""
                var body: some View {
                    Text(displayName.isEmpty ? user.name : displayName)
                        .↓task { displayName = await user.formattedName() }
                }
            }
            struct UserListView: View {
                let users: [User]
                var body: some View {
                    List(users) { user in UserRowView(user: user) }
                }
            }
            """),
            // The row view may live in another file; here both are together.
            Example("""
            struct PriceRow: View {
                let product: Product
                @State private var price: String = "…"
                var body: some View {
                    Text(price)
                        .↓task(id: product.id) { price = await product.localizedPrice() }
                }
            }
            struct CatalogView: View {
                let products: [Product]
                var body: some View {
                    ScrollView {
                        LazyVStack {
                            ForEach(products) { product in PriceRow(product: product) }
                        }
                    }
                }
            }
            """),
            // A `.task` written inside the row closure itself.
            Example("""
            struct ContactsView: View {
                let contacts: [Contact]
                @State private var labels: [Contact.ID: String] = [:]
                var body: some View {
                    List(contacts) { contact in
                        Text(labels[contact.id] ?? contact.name)
                            .↓task { labels[contact.id] = await contact.formattedLabel() }
                    }
                }
            }
            """),
        ],
        nonTriggering: [
            // Display values prepared once by the container.
            Example("""
            struct UserListContainerView: View {
                let users: [User]
                @State private var rows: [UserRowState] = []
                var body: some View {
                    List(rows) { row in Text(row.displayName) }
                        .task { rows = await UserRowState.make(from: users) }
                }
            }
            """),
            // A row that loads an image, not text.
            Example("""
            struct ThumbnailRow: View {
                let photo: Photo
                @State private var image: Image?
                var body: some View {
                    (image ?? Image(systemName: "photo"))
                        .task { image = await photo.loadThumbnail() }
                }
            }
            struct AlbumView: View {
                let photos: [Photo]
                var body: some View {
                    List(photos) { photo in ThumbnailRow(photo: photo) }
                }
            }
            """),
            // A detail screen (not a row) formatting its text in `.task` is fine.
            Example("""
            struct ProfileView: View {
                let user: User
                @State private var summary = ""
                var body: some View {
                    Text(summary).task { summary = await user.summary() }
                }
            }
            """),
            // The screen a row's `NavigationLink` pushes is a detail screen, not a row.
            Example("""
            struct LicenseScreen: View {
                let package: Package
                @State private var licenseText = ""
                var body: some View {
                    ScrollView { Text(licenseText) }
                        .task { licenseText = await package.loadLicense() }
                }
            }
            struct PackagesView: View {
                let packages: [Package]
                var body: some View {
                    List {
                        ForEach(packages) { package in
                            NavigationLink(package.name) { LicenseScreen(package: package) }
                        }
                    }
                }
            }
            """),
            // A `.task` in a row that only triggers work assigns nothing.
            Example("""
            struct FeedView: View {
                let posts: [Post]
                let model: FeedModel
                var body: some View {
                    List(posts) { post in
                        Text(post.title).task { await model.prefetch(after: post) }
                    }
                }
            }
            """),
        ]
    )

    /// The views of the project that a list makes its rows of, by simple name. Only those are asked about; the SDK's
    /// (`Text`, `HStack`) would make the table change with every row edited, which a one-change run compares.
    static func gather(_ project: ProjectContext, options: RuleOptions) -> Set<String> {
        let viewNames = Set(project.declaredViews.map(\.name))
        return Set(project.files.lazy.flatMap { $0.types.flatMap(\.behavior.rowConstructions) }.filter(viewNames.contains))
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered rowViews: Set<String>, options: RuleOptions,
                      report: inout [ProjectFinding]) {
        for view in project.declaredViews(touching: file) {
            let textStates = Set(view.parts.flatMap(\.fact.behavior.textStates))
            let states = view.storedProperties.filter { $0.wrapper == "State" }
            for (path, fact) in view.parts where path == file.path {
                for assignment in fact.behavior.taskAssignments where assignment.isAwaited {
                    let isRowText: Bool
                    if assignment.isInsideRow {
                        // The container keeps per-row text keyed by row (`labels[contact.id] = …`).
                        isRowText = states.contains { $0.name == assignment.target && ($0.typeName?.contains("String") ?? false) }
                    } else {
                        isRowText = rowViews.contains(view.name) && textStates.contains(assignment.target)
                    }
                    guard isRowText else { continue }
                    report.append(ProjectFinding(
                        path: path, position: assignment.position,
                        message: "each row runs its own `.task` to compute `\(assignment.target)`, fine for light work but a source of hitches and flicker in fast-scrolling lists: for long lists prepare the display values once in the container and pass each row its ready value"))
                }
            }
        }
    }
}
