/// A view formats model data into display text in a helper of its own, where nothing can test it.
enum PresentationLogicInViewRule: ProjectRule {
    static let description = RuleDescription(
        id: "presentation-logic-in-view", family: .architecture, severity: .advice, profiles: .optIn,
        summary: "A View declares a non-View helper that turns model data into display text (string interpolation of a model's fields, formatting a field).",
        rationale: "Display rules (`\"⭐️ \\(user.name)\"` for premium users, a price with its currency, a relative date with a fallback) are logic: inside a view they cannot be unit-tested, and every other view showing the same value repeats them and drifts. Formatting counts in every spelling: `formatted()`, a formatter's `string(from:)`, `String(format:)`, `localizedString(for:relativeTo:)`, `Locale.localizedString(forLanguageCode:)`, applied to a model's field, to a value the helper was handed, or to a local unwrapped from the model (`guard let date = entry.lastSync`). Not reported: helpers that build views (`some View`, `@ViewBuilder`), return non-text values (layout arithmetic, colors), only choose between fixed strings, build machine strings (asset names, identifiers, keys), or are the view's own wording: one expression with no decision on the data (`\"\\(item.title) (\\(item.year))\"`), or one value formatted with a fixed fallback (`lastCheck?.formatted() ?? \"Never\"` spelled as an `if let`). Formatting written inline in `body` (`Text(order.date, format: .dateTime)`, `Text(price.formatted(.currency(code: code)))`) is idiomatic SwiftUI and not reported either.",
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
                    let count = order.items.count
                    return "#\\(order.number) — \\(count) item\\(count == 1 ? "" : "s") for \\(order.customer.name)"
                }
                ↓private var placedOn: String {
                    order.isDraft ? "Draft" : order.date.formatted(date: .abbreviated, time: .omitted)
                }
            }
            """),
            // A formatter's `localizedString`, applied to a value unwrapped from the model or handed to the helper.
            Example("""
            struct SyncStatusRow: View {
                let account: Account
                var body: some View {
                    VStack {
                        Text(lastSynced(account))
                        Text(language(account.languageCode, region: account.regionCode))
                    }
                }
                ↓private func lastSynced(_ account: Account) -> String {
                    guard let date = account.lastSyncDate else { return "Never synced" }
                    let formatter = RelativeDateTimeFormatter()
                    return "Synced " + formatter.localizedString(for: date, relativeTo: .now)
                }
                ↓private func language(_ code: String, region: String) -> String {
                    let language = Locale.current.localizedString(forLanguageCode: code)
                    let country = Locale.current.localizedString(forRegionCode: region)
                    return [language, country].compactMap { $0 }.joined(separator: " · ")
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
                    let stars = String(format: "%.1f ★", movie.rating)
                    return movie.isRated ? stars : "Not rated"
                }
            }
            """),
        ],
        nonTriggering: [
            // One expression without a decision on the data: the view's own wording, as it would be inline.
            Example("""
            struct ResultRow: View {
                let result: SearchResult
                var body: some View { Text(title) }
                private var title: String { "\\(result.name) (\\(result.year))" }
            }
            """),
            // One value formatted, with a fixed fallback.
            Example("""
            struct UpdatesPane: View {
                let updater: Updater
                var body: some View { Text(lastCheck) }
                private var lastCheck: String {
                    if let date = updater.lastCheckDate {
                        return date.formatted(date: .abbreviated, time: .shortened)
                    }
                    return "Never"
                }
            }
            """),
            // Formatting inline in `body` is idiomatic SwiftUI.
            Example("""
            struct InvoiceRow: View {
                let invoice: Invoice
                var body: some View {
                    HStack {
                        Text(invoice.date, format: .dateTime.day().month())
                        Text(invoice.total.formatted(.currency(code: invoice.currency)))
                    }
                }
            }
            """),
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

    /// The view's own wording, as it would be written inline in `body`: one expression with no decision on the
    /// data (`"\(item.title) (\(item.year))"`), or one value formatted with a fixed fallback
    /// (`if let date = updater.lastCheck { date.formatted() } else { "Never" }`).
    static func isWording(_ helper: HelperFact) -> Bool {
        guard helper.memberTernaries == 0, helper.pipelines == 0 else { return false }
        return helper.statements <= 1 || (helper.statements <= 3 && helper.memberFormatting + helper.memberInterpolations <= 1)
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        for view in project.declaredViews(touching: file) {
            for (path, helper) in view.helpers where path == file.path {
                guard let returnType = helper.returnType.map(Architecture.bareTypeName), textTypes.contains(returnType),
                      helper.memberInterpolations + helper.memberFormatting > 0, !namesMachineString(helper.name),
                      !isWording(helper) else { continue }
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
