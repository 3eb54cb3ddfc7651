internal import SwiftSyntax

/// A long event handler written inline in view-building code.
final class ComplexBodyClosureRule: SyntaxRule {
    static let description = RuleDescription(
        id: "complex-body-closure", family: .swiftUI, severity: .advice, profiles: .optIn,
        summary: "An event closure in `body` or other view-building code (button action, `onChange`, `task`…) with more than N statements.",
        rationale: "Behaviour written inline in the layout makes `body` hard to read, mixes what the screen looks like with what it does, and cannot be called from a test or reused by a second control that triggers the same action.",
        instead: "Move the statements into a method with a name that says what happens (`private func submit()` on the view, or a method on the model) and call it from the closure: `Button(\"Save\", action: save)`.",
        triggering: [
            Example("""
            struct CheckoutView: View {
                @State private var model = CheckoutModel()
                var body: some View {
                    Button("Pay") ↓{
                        model.isPaying = true
                        model.error = nil
                        let order = model.makeOrder()
                        model.validate(order)
                        model.submit(order)
                        model.isPaying = false
                    }
                }
            }
            """),
            Example("""
            struct SearchView: View {
                @State private var query = ""
                let model: SearchModel
                var body: some View {
                    TextField("Search", text: $query)
                        .onChange(of: query) ↓{ old, new in
                            guard new != old else { return }
                            model.cancel()
                            model.query = new
                            model.page = 0
                            model.results = []
                            model.search()
                        }
                }
            }
            """),
            // The `Task` closure is judged on its own; the action around it has one statement.
            Example("""
            struct SyncView: View {
                let model: SyncModel
                var body: some View {
                    Text(model.status)
                        .onTapGesture {
                            Task ↓{
                                model.isSyncing = true
                                await model.pull()
                                await model.push()
                                model.isSyncing = false
                            }
                        }
                }
            }
            """, .options(["max_statements": 3])),
        ],
        nonTriggering: [
            Example("""
            struct CheckoutView: View {
                let model: CheckoutModel
                var body: some View {
                    Button("Pay") { model.pay() }
                        .task { await model.loadPrices() }
                }
            }
            """),
            // Content closures build views, however many.
            Example("""
            struct ProfileCard: View {
                let user: User
                var body: some View {
                    VStack {
                        Text(user.name)
                        Text(user.email)
                        Text(user.phone)
                        Text(user.city)
                        Text(user.country)
                        Text(user.bio)
                    }
                }
            }
            """),
            // Long closures in ordinary methods are not view code.
            Example("""
            struct CheckoutView: View {
                let model: CheckoutModel
                var body: some View {
                    Button("Pay", action: pay)
                }
                private func pay() {
                    model.queue.async {
                        model.isPaying = true
                        model.error = nil
                        let order = model.makeOrder()
                        model.validate(order)
                        model.submit(order)
                        model.isPaying = false
                    }
                }
            }
            """),
            Example("""
            struct CheckoutView: View {
                @State private var model = CheckoutModel()
                var body: some View {
                    Button("Pay") {
                        model.isPaying = true
                        model.submit()
                        model.isPaying = false
                    }
                }
            }
            """, .options(["max_statements": 3])),
        ],
        options: [RuleOption("max_statements", default: 5, "The most statements an event closure in view code may hold.")]
    )

    private let maxStatements: Int

    init(options: RuleOptions) {
        maxStatements = options["max_statements"]
    }

    func visit(_ node: ClosureExprSyntax, in file: FileWalk) {
        // The walker has pushed this closure's own scope last.
        guard case .action(let name)? = file.scopes.last, node.statements.count > maxStatements,
              Self.isInsideViewBuilding(file.scopes.dropLast()) else { return }
        let handler = name == "Button" ? "`Button` action" : "`\(name)` closure"
        file.report(id, at: node.leftBrace,
                    "this \(handler) holds \(node.statements.count) statements (more than \(maxStatements)) inline in view code, where they are hard to read and cannot be tested: move them into a named method and call it")
    }

    /// Whether the closure sits in view-building code, possibly through other closures or handlers (`Task` in a `Button`).
    private static func isInsideViewBuilding(_ scopes: ArraySlice<CodeScope>) -> Bool {
        for scope in scopes.reversed() {
            switch scope {
            case .closure, .action: continue
            case .viewBuilding: return true
            case .initializer, .function: return false
            }
        }
        return false
    }
}
