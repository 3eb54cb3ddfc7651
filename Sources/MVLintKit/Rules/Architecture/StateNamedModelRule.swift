/// A struct that only bundles one screen's UI state is named like a model.
enum StateNamedModelRule: ProjectRule {
    static let description = RuleDescription(
        id: "state-named-model", family: .architecture, severity: .advice,
        profiles: .only([.containerPresentation]),
        summary: "A struct holding only screen-local UI state (no logic beyond trivial helpers, held only in views' `@State`) is named `*Model`/`*ViewModel`; the convention is `*State`.",
        rationale: "In the Container/Presentation vocabulary a Model holds app state and business logic and is worth unit tests, while a State bundles one screen's transient UI values (an alert, a selection, checked rows). Calling the latter a model sends readers looking for logic that is not there and blurs which types need tests. Structs that are decoded, identified in lists or built outside views are data, not UI state, and are not reported.",
        instead: "Rename it after what it is: `FavoriteButtonModel` → `FavoriteButtonState`, `CheckoutViewModel` (a struct of flags) → `CheckoutState`.",
        triggering: [
            Example("""
            ↓struct FavoriteButtonModel {
                var isFavorite = false
                var isAnimating = false
            }
            struct FavoriteButton: View {
                @State private var model = FavoriteButtonModel()
                var body: some View {
                    Button("Favorite") { model.isFavorite.toggle() }
                }
            }
            """),
            Example("""
            ↓struct CheckoutViewModel {
                var showPayment = false
                var couponText = ""
                var selectedShipping = 0
                mutating func reset() { self = CheckoutViewModel() }
            }
            struct CheckoutContainerView: View {
                @State private var screen = CheckoutViewModel()
                var body: some View {
                    Toggle("Pay", isOn: $screen.showPayment)
                }
            }
            """),
            Example("""
            ↓struct AlertModel {
                var isPresented = false
                var title = ""
                var message = ""
            }
            struct SettingsContainerView: View {
                @State private var alert = AlertModel()
                var body: some View {
                    Text("Settings").alert(alert.title, isPresented: $alert.isPresented) {}
                }
            }
            """),
        ],
        nonTriggering: [
            // Correctly named.
            Example("""
            struct AlertState {
                var isPresented = false
                var title = ""
            }
            struct SettingsContainerView: View {
                @State private var alert = AlertState()
                var body: some View { Text("Settings").alert(alert.title, isPresented: $alert.isPresented) {} }
            }
            """),
            // A real model: an observable class with logic.
            Example("""
            @Observable final class CartModel {
                var items: [String] = []
                func add(_ item: String) { items.append(item) }
            }
            struct CartContainerView: View {
                @State private var cart = CartModel()
                var body: some View { Text("\\(cart.items.count)") }
            }
            """),
            // Decoded data is app data, even when one view keeps it in `@State`.
            Example("""
            struct ArticleModel: Decodable {
                var title: String
                var body: String
            }
            struct ArticleView: View {
                @State private var article: ArticleModel?
                var body: some View { Text(article?.title ?? "") }
            }
            """),
            // Business logic makes it a model, whatever holds it.
            Example("""
            struct LoanModel {
                var principal = 1000.0
                var rate = 0.05
                var years = 10
                func monthlyPayment() -> Double {
                    let monthlyRate = rate / 12
                    let months = Double(years * 12)
                    return principal * monthlyRate / (1 - pow(1 + monthlyRate, -months))
                }
            }
            struct LoanCalculatorView: View {
                @State private var loan = LoanModel()
                var body: some View { Text("\\(loan.monthlyPayment())") }
            }
            """),
        ]
    )

    /// Conformances that mark a struct as data (persisted, decoded, listed) rather than one screen's UI state.
    static let dataConformances: Set<String> = ["Codable", "Decodable", "Encodable", "Identifiable"]

    /// The types code outside views constructs: data, not a screen's state.
    static func gather(_ project: ProjectContext, options: RuleOptions) -> Set<String> {
        var builtOutsideViews = Set<String>()
        for link in project.constructionLinks.joined() {
            // A type may build itself (`mutating func reset() { self = .init() }`) without becoming data.
            guard link.creator != link.created, !(link.creator.map(project.index.isView) ?? false) else { continue }
            builtOutsideViews.insert(link.created)
        }
        return builtOutsideViews
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered builtOutsideViews: Set<String>, options: RuleOptions,
                      report: inout [ProjectFinding]) {
        for entry in project.types(declaredIn: file) {
            let name = entry.name
            guard name.hasSuffix("Model"), entry.kind == .struct, project.architecture.role(of: entry.id) == .state,
                  let declaration = entry.declaration, let path = entry.declarationPath,
                  !entry.inherited.contains(where: dataConformances.contains), !builtOutsideViews.contains(entry.id),
                  !entry.methods.contains(where: \.isAsync) else { continue }
            let helpers = [declaration.behavior] + entry.extensions.map(\.fact.behavior)
            guard helpers.flatMap(\.helpers).allSatisfy(isTrivial) else { continue }
            let stem = name.hasSuffix("ViewModel") ? String(name.dropLast("ViewModel".count)) : String(name.dropLast("Model".count))
            let holders = project.declaredViews.filter { view in
                view.storedProperties.contains { $0.wrapper == "State" && project.index.heldType(of: $0, in: view.id, path: view.path) == entry.id }
            }.map { "`\(project.index.displayName($0.id))`" }
            report.append(ProjectFinding(
                path: path, position: declaration.position,
                message: "`\(project.index.displayName(entry.id))` only bundles screen-local UI state (held in the `@State` of \(holders.joined(separator: ", "))), yet its name promises a model with app state and business logic: rename it `\(stem)State`"))
        }
    }

    /// A helper too small to be business logic: at most two statements, no loops or collection pipelines.
    private static func isTrivial(_ helper: HelperFact) -> Bool {
        helper.statements <= 2 && helper.loops == 0 && helper.pipelines == 0 && helper.arithmetic <= 1
    }
}
