/// A view formats model data into display text in a helper of its own, where nothing can test it.
enum PresentationLogicInViewRule: ProjectRule {
    static let description = RuleDescription(
        id: "presentation-logic-in-view", family: .architecture, severity: .advice, profiles: .optIn,
        summary: "A View declares a non-View helper that turns model data into display text (string interpolation of a model's fields, formatting a field).",
        rationale: "Display rules (`\"⭐️ \\(user.name)\"` for premium users, a price with its currency) are logic: inside a view they cannot be unit-tested, and every other view showing the same value repeats them and drifts. Helpers that build views (`some View`, `@ViewBuilder`), return non-text values (layout arithmetic, colors) only choose between fixed strings, or build machine strings (asset names, identifiers, keys) are not reported.",
        instead: "Move the helper to the value type, as an extension (`extension User { var displayName: String { … } }`) or a `*Formattable` protocol it conforms to, test it there, and read `user.displayName` in the view.",
        triggering: [
            Example("""
            struct UserRowView: View {
                let user: User
                var body: some View {
                    Text(displayName(for: user))
                }
                ↓private func displayName(for user: User) -> String {
                    user.isPremium ? "⭐️ \\(user.name)" : user.name
                }
            }
            """),
            Example("""
            struct OrderRow: View {
                let order: Order
                var body: some View {
                    VStack {
                        Text(title)
                        Text(placedOn)
                    }
                }
                ↓private var title: String {
                    "#\\(order.number) — \\(order.items.count) items"
                }
                ↓private var placedOn: String {
                    order.date.formatted(date: .abbreviated, time: .omitted)
                }
            }
            """),
            // Helpers in an extension of the view are still in the view.
            Example("""
            struct RatingBadge: View {
                let movie: Movie
                var body: some View { Text(label) }
            }
            extension RatingBadge {
                ↓var label: String {
                    String(format: "%.1f ★", movie.rating)
                }
            }
            """),
        ],
        nonTriggering: [
            // The fix: the formatting lives on the value type.
            Example("""
            struct User {
                let name: String
                let isPremium: Bool
            }
            extension User {
                var displayName: String { isPremium ? "⭐️ \\(name)" : name }
            }
            struct UserRowView: View {
                let user: User
                var body: some View { Text(user.displayName) }
            }
            """),
            // View builders and layout arithmetic belong in views.
            Example("""
            struct ProgressBar: View {
                let progress: Progress
                var body: some View {
                    GeometryReader { proxy in bar(width: width(in: proxy.size.width)) }
                }
                @ViewBuilder private func bar(width: CGFloat) -> some View {
                    Capsule().frame(width: width)
                }
                private func width(in total: CGFloat) -> CGFloat {
                    total * CGFloat(progress.fractionCompleted)
                }
            }
            """),
            // Choosing between fixed strings on a flag is not formatting data.
            Example("""
            struct FollowButton: View {
                let account: Account
                let onTap: () -> Void
                var body: some View { Button(title, action: onTap) }
                private var title: String { account.isFollowed ? "Unfollow" : "Follow" }
            }
            """),
            // Asset names and identifiers are strings for the machine, not display text.
            Example("""
            struct PlantImage: View {
                let plant: Plant
                var body: some View {
                    Image(imageName(for: plant)).task(id: refreshID) {}
                }
                private func imageName(for plant: Plant) -> String {
                    "\\(plant.species.id)/\\(plant.stage)"
                }
                private var refreshID: String { "\\(plant.id)-\\(plant.stage)" }
            }
            """),
            // Text built from the view's own plain values reads no model.
            Example("""
            struct CounterLabel: View {
                let count: Int
                var body: some View { Text(caption) }
                private var caption: String { "\\(count) left" }
            }
            """),
        ]
    )

    static let textTypes: Set<String> = ["String", "AttributedString", "LocalizedStringKey"]
    /// Words naming strings that are not shown to people: asset and symbol names, identifiers, keys, paths.
    static let machineStringWords = ["image", "asset", "icon", "symbol", "file", "url", "path", "key", "identifier", "endpoint"]

    /// `imageName(for:)`, `taskId`, `cacheKey`: text built for the machine, not for display.
    static func namesMachineString(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return name.hasSuffix("Id") || name.hasSuffix("ID") || machineStringWords.contains { lowered.contains($0) }
    }

    static func check(_ project: ProjectContext, options: RuleOptions, report: inout [ProjectFinding]) {
        for view in project.declaredViews {
            for (path, helper) in view.helpers {
                guard let returnType = helper.returnType.map(Architecture.bareTypeName), textTypes.contains(returnType),
                      helper.memberInterpolations + helper.memberFormatting > 0, !namesMachineString(helper.name) else { continue }
                var how: [String] = []
                if helper.memberInterpolations > 0 { how.append("string interpolation of model fields") }
                if helper.memberFormatting > 0 { how.append("formatting a model field") }
                if helper.memberTernaries > 0 { how.append("a condition on model fields") }
                let name = helper.kind == .method ? "\(helper.name)(…)" : helper.name
                let valueType = helper.parameterTypes.lazy.compactMap { project.index.resolve($0, from: view.id, in: path) }
                    .first { project.index.entry($0)?.declaration != nil }.map(project.index.displayName)
                let destination = valueType.map { "an extension on `\($0)`" } ?? "an extension on the value type"
                report.append(ProjectFinding(
                    path: path, position: helper.position,
                    message: "`\(name)` in the view `\(project.index.displayName(view.id))` turns model data into display text (\(how.joined(separator: ", "))), logic that cannot be unit-tested inside a view and gets repeated by other views: move it to \(destination) or a `*Formattable` protocol and read it from there"))
            }
        }
    }
}
