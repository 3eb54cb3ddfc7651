/// A container view computes business results in its own helpers instead of asking its model.
enum ContainerBusinessLogicRule: ProjectRule {
    static let description = RuleDescription(
        id: "container-business-logic", family: .architecture, severity: .warning,
        profiles: .only([.containerPresentation]),
        summary: "A Container view declares a non-View helper that computes business results (loops with arithmetic, numeric calculations, or more than N statements of computation).",
        rationale: "A container wires models to Presentation views and handles events; calculations it does itself cannot be unit-tested without a view, and every other screen that needs the same number has to repeat them. Long event handlers that only set state are the container's job and are not reported, nor is layout arithmetic (`CGFloat` and friends) or text formatting (see `presentation-logic-in-view`).",
        instead: "Move the computation into the model as a method or computed property (`cart.total`, `user.score`) and call it from the container.",
        triggering: [
            Example("""
            @Observable final class CartModel {
                var items: [CartItem] = []
            }
            struct CartContainerView: View {
                @State private var cart = CartModel()
                var body: some View { CartView(total: total()) }
                ↓private func total() -> Double {
                    var sum = 0.0
                    for item in cart.items {
                        sum += item.price * Double(item.quantity)
                    }
                    return sum
                }
            }
            """),
            Example("""
            struct UserScoreContainerView: View {
                @Environment(UserModel.self) private var model
                var body: some View { ScoreView(score: score(model.user)) }
                ↓private func score(_ user: User) -> Double {
                    Double(user.posts) * 0.4 + Double(user.likes) * 0.6
                }
            }
            """),
            // A computed property is a helper too.
            Example("""
            struct StatsScreen: View {
                @EnvironmentObject private var store: WorkoutStore
                var body: some View { StatsView(average: averagePace) }
                ↓private var averagePace: Int {
                    let runs = store.workouts.filter { $0.kind == .run }
                    guard !runs.isEmpty else { return 0 }
                    var total = 0
                    for run in runs { total += run.seconds / run.distance }
                    return total / runs.count
                }
            }
            """),
            Example("""
            struct InvoiceContainerView: View {
                @Environment(InvoiceModel.self) private var model
                var body: some View { InvoiceView(lines: model.lines, onSubmit: submit) }
                ↓private func submit() {
                    let lines = model.lines.filter { $0.isBillable }
                    let net = lines.map(\\.amount).reduce(0, +)
                    let tax = net * model.taxRate
                    model.total = net + tax
                    model.isSubmitting = true
                    model.lastSubmitted = .now
                    model.draft = nil
                    model.errorMessage = nil
                    model.send()
                }
            }
            """),
        ],
        nonTriggering: [
            // An event handler that only sets state and calls the model is the container's job.
            Example("""
            struct InvoiceContainerView: View {
                @Environment(InvoiceModel.self) private var model
                @State private var showConfirmation = false
                var body: some View { InvoiceView(lines: model.lines, onSubmit: submit) }
                private func submit() {
                    model.isSubmitting = true
                    model.errorMessage = nil
                    model.draft = nil
                    model.lastSubmitted = .now
                    showConfirmation = false
                    model.send()
                    model.isSubmitting = false
                    model.refresh()
                    model.log("submitted")
                }
            }
            """),
            // Loading is the container's event handling, even when it maps the results.
            Example("""
            struct SearchContainerView: View {
                @Environment(SearchModel.self) private var model
                @State private var results: [SearchResult] = []
                @State private var isSearching = false
                var body: some View { SearchResultsView(results: results, isSearching: isSearching) }
                private func search(_ query: String) async {
                    guard !query.isEmpty else { return }
                    isSearching = true
                    defer { isSearching = false }
                    do {
                        let found = try await model.search(query)
                        let ids = found.map(\\.id)
                        let relations = try await model.relationships(for: ids)
                        results = found.map { SearchResult(item: $0, relation: relations[$0.id]) }
                        model.remember(query)
                    } catch {
                        results = []
                    }
                }
            }
            """),
            // Layout arithmetic stays in views.
            Example("""
            @Observable final class GalleryModel {
                var photos: [String] = []
            }
            struct GalleryContainerView: View {
                @State private var model = GalleryModel()
                var body: some View { GalleryView(photos: model.photos, columnWidth: columnWidth(for: 390)) }
                private func columnWidth(for width: CGFloat) -> CGFloat {
                    var remaining = width - 32
                    for _ in 0..<3 { remaining -= 8 }
                    return remaining / 3
                }
            }
            """),
            // Presentation views are judged by `presentation-logic-in-view`, not here.
            Example("""
            struct TotalView: View {
                let prices: [Double]
                var body: some View { Text("\\(total())") }
                private func total() -> Double {
                    var sum = 0.0
                    for price in prices { sum += price * 1.2 }
                    return sum
                }
            }
            """),
            // The computation lives in the model, where it belongs.
            Example("""
            @Observable final class CartModel {
                var items: [CartItem] = []
                var total: Double {
                    var sum = 0.0
                    for item in items { sum += item.price * Double(item.quantity) }
                    return sum
                }
            }
            struct CartContainerView: View {
                @State private var cart = CartModel()
                var body: some View { CartView(total: cart.total) }
            }
            """),
        ],
        options: [RuleOption("max_statements", default: 8, "The most statements a container helper that computes may hold.")]
    )

    /// Return types of layout and drawing code: arithmetic on them is geometry, not business.
    static let layoutTypes: Set<String> = [
        "CGFloat", "CGSize", "CGPoint", "CGRect", "CGVector", "EdgeInsets", "Angle", "UnitPoint", "Path", "Color",
        "Font", "Animation", "GridItem", "[GridItem]",
    ]
    static let numericTypes: Set<String> = ["Int", "Double", "Float", "Decimal", "Int64", "UInt", "TimeInterval", "Measurement"]
    static let textTypes: Set<String> = ["String", "AttributedString", "LocalizedStringKey", "Text"]

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        let maxStatements = options["max_statements"]
        for view in project.declaredViews(touching: file) where project.isContainerView(view.id) {
            for (path, helper) in view.helpers where path == file.path {
                guard let evidence = computation(in: helper, maxStatements: maxStatements) else { continue }
                let models = view.storedProperties.compactMap { project.observedModel(held: $0, in: view.entry).map { project.index.displayName($0.type) } }
                let destination = models.count == 1 ? "the model `\(models[0])`" : "a model"
                let name = helper.kind == .method ? "\(helper.name)(…)" : helper.name
                report.append(ProjectFinding(
                    path: path, position: helper.position,
                    message: "`\(name)` in the container `\(project.index.displayName(view.id))` computes business results (\(evidence)), which cannot be unit-tested in a view and must be repeated by every screen that needs them: move it into \(destination) and call it from here"))
            }
        }
    }

    /// What makes the helper a business computation, in words, or nil when it is not one. Loading and saving
    /// (async helpers that await a client and set state) are the container's event handling, not computation.
    static func computation(in helper: HelperFact, maxStatements: Int) -> String? {
        let returnType = helper.returnType.map { Architecture.bareTypeName($0) }
        if let returnType, layoutTypes.contains(returnType) || textTypes.contains(returnType) { return nil }
        if helper.loops > 0, helper.arithmetic >= 2 {
            return "a loop with arithmetic"
        }
        if let returnType, numericTypes.contains(returnType), helper.memberArithmetic >= 2 {
            return "a `\(returnType)` calculated from model fields"
        }
        let operations = helper.loops + helper.pipelines + helper.arithmetic
        if helper.statements > maxStatements, operations >= 3, !helper.isAsync {
            return "\(helper.statements) statements with \(operations) loops, collection operations and arithmetic operators"
        }
        return nil
    }
}
