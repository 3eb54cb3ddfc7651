/// A container view lays out and styles UI itself instead of handing values to a Presentation view.
enum ContainerUIDetailRule: ProjectRule {
    static let description = RuleDescription(
        id: "container-ui-detail", family: .architecture, severity: .warning,
        profiles: .only([.containerPresentation]),
        summary: "A Container view's `body` builds more than N views itself, or chains styling modifiers onto its views.",
        rationale: "When the container also decides fonts, paddings and stacks, state handling and look change in the same file, the layout cannot be previewed with sample values, and the container slowly becomes the fat view the split was meant to avoid. Screen-level modifiers (`.task`, `.sheet`, `.alert`, `.navigationTitle`, `.toolbar`) are the container's job and are not counted as styling.",
        instead: "Move the layout into a Presentation view that takes plain values, bindings and closures, and let the container's `body` return that one view with its screen-level modifiers.",
        triggering: [
            Example("""
            @Observable final class ProfileModel {
                var name = ""
                var bio = ""
                func follow() {}
            }
            struct ProfileContainerView: View {
                @State private var model = ProfileModel()
                var ↓body: some View {
                    VStack {
                        HStack {
                            Image(systemName: "person")
                            Text(model.name)
                        }
                        Text(model.bio)
                        Divider()
                        Button("Follow") { model.follow() }
                    }
                }
            }
            """, .options(["max_views": 5])),
            Example("""
            struct OrderContainerView: View {
                @Environment(OrderModel.self) private var model
                var ↓body: some View {
                    OrderSummaryView(order: model.order)
                        .font(.headline)
                        .foregroundStyle(.secondary)
                        .padding()
                        .task { await model.load() }
                }
            }
            """),
            Example("""
            struct InboxScreen: View {
                @EnvironmentObject private var inbox: InboxStore
                var ↓body: some View {
                    List(inbox.messages) { message in
                        VStack(alignment: .leading) {
                            Text(message.sender).bold().lineLimit(1)
                            Text(message.subject).foregroundStyle(.secondary)
                        }
                    }
                }
            }
            """),
        ],
        nonTriggering: [
            // The goal: one Presentation view, plus screen-level modifiers.
            Example("""
            struct OrderContainerView: View {
                @Environment(OrderModel.self) private var model
                @State private var showReceipt = false
                var body: some View {
                    OrderSummaryView(order: model.order, onShowReceipt: { showReceipt = true })
                        .navigationTitle("Order")
                        .sheet(isPresented: $showReceipt) { ReceiptView(order: model.order) }
                        .task { await model.load() }
                }
            }
            """),
            // Presentation views are where layout and styling belong.
            Example("""
            struct OrderSummaryView: View {
                let title: String
                let total: String
                var body: some View {
                    VStack {
                        Text(title).font(.headline).foregroundStyle(.secondary).padding()
                        Text(total).font(.largeTitle).bold()
                    }
                }
            }
            """),
            // One styling modifier per view is not a chain.
            Example("""
            struct InboxScreen: View {
                @EnvironmentObject private var inbox: InboxStore
                var body: some View {
                    List(inbox.messages) { message in
                        MessageRow(sender: message.sender, subject: message.subject)
                    }
                    .listStyle(.plain)
                    .padding()
                }
            }
            """),
        ],
        options: [
            RuleOption("max_views", default: 12, "The most views a container's body may create itself."),
            RuleOption("max_styling_chain", default: 1, "The most styling modifiers (font, padding, colors…) one view in a container's body may chain."),
        ]
    )

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        let maxViews = options["max_views"]
        let maxChain = options["max_styling_chain"]
        for view in project.declaredViews(touching: file) where project.isContainerView(view.id) {
            guard let body = view.parts.lazy.compactMap({ part in
                part.fact.properties.first { $0.name == "body" && $0.isComputed }.map { (part.path, $0) }
            }).first, body.0 == file.path else { continue }
            let views = view.parts.reduce(0) { $0 + $1.fact.bodyViewCount }
            let chain = view.parts.map(\.fact.behavior.longestBodyStylingChain).max() ?? 0
            var excesses: [String] = []
            if views > maxViews { excesses.append("creates \(views) views (more than \(maxViews))") }
            if chain > maxChain { excesses.append("chains \(chain) styling modifiers onto one view") }
            guard !excesses.isEmpty else { continue }
            report.append(ProjectFinding(
                path: body.0, position: body.1.position,
                message: "the container `\(project.index.displayName(view.id))`'s `body` \(excesses.joined(separator: " and ")), so state handling and look change in one place and the layout cannot be previewed with sample values: move the layout into a Presentation view that takes values and closures, and return that view here"))
        }
    }
}
