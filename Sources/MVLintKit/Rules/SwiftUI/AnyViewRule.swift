internal import SwiftSyntax

/// `AnyView(…)` / `.eraseToAnyView()` to give branches one type, which hides their structure from SwiftUI.
final class AnyViewRule: SyntaxRule {
    static let description = RuleDescription(
        id: "any-view", family: .swiftUI, severity: .advice, profiles: .all,
        summary: "`AnyView(…)` or `.eraseToAnyView()` used to return different views from one place.",
        rationale: "Type erasure hides the view's structure from SwiftUI. It can no longer tell which branch is showing by type, so switching branches throws away state and transitions it would otherwise keep, and diffing erased views costs more on every update.",
        instead: "Mark the property or function `@ViewBuilder` and return the branches directly (`if`/`switch`), wrap them in `Group { … }`, or make the container generic over `Content: View`. Keep `AnyView` for collections that must hold views of different types.",
        triggering: [
            Example("""
            struct StatusBadge: View {
                let isOnline: Bool
                var body: some View {
                    if isOnline {
                        return ↓AnyView(Text("Online").foregroundStyle(.green))
                    } else {
                        return ↓AnyView(Image(systemName: "wifi.slash"))
                    }
                }
            }
            """),
            Example("""
            struct ContentScreen: View {
                let state: LoadState
                var body: some View {
                    content
                }
                private var content: AnyView {
                    switch state {
                    case .loading: return ProgressView().↓eraseToAnyView()
                    case .loaded(let items): return ItemList(items: items).↓eraseToAnyView()
                    }
                }
            }
            """),
            Example("""
            struct Card: View {
                let style: CardStyle
                func decorated(_ content: Text) -> AnyView {
                    style == .plain ? ↓AnyView(content) : ↓AnyView(content.bold().padding())
                }
                var body: some View { decorated(Text("Title")) }
            }
            """),
        ],
        nonTriggering: [
            // A registry of heterogeneous pages must erase their types.
            Example("""
            struct OnboardingPager: View {
                private let pages: [AnyView]
                init() {
                    pages = [AnyView(WelcomePage()), AnyView(PermissionsPage())]
                }
                var body: some View {
                    TabView { ForEach(pages.indices, id: \\.self) { pages[$0] } }
                }
                func append(_ page: some View) -> [AnyView] { pages + [AnyView(page)] }
            }
            """),
            Example("""
            struct Carousel: View {
                var body: some View {
                    let slides = [IntroSlide().eraseToAnyView(), AnyView(FeatureSlide())]
                    TabView { ForEach(slides.indices, id: \\.self) { slides[$0] } }
                }
            }
            """),
            Example("""
            final class TabRegistry {
                var screens: [String: AnyView] = [:]
                func register(_ view: some View, for key: String) {
                    screens[key] = AnyView(view)
                }
            }
            """),
            // Declaring the helper is not using it, and `AnyViewModel` is not `AnyView`.
            Example("""
            extension View {
                func eraseToAnyView() -> AnyView { AnyView(self) }
            }
            struct Dashboard: View {
                @State private var model = AnyViewModel()
                var body: some View { Text(model.title) }
            }
            """),
            Example("""
            struct StatusBadge: View {
                let isOnline: Bool
                var body: some View {
                    if isOnline {
                        Text("Online").foregroundStyle(.green)
                    } else {
                        Image(systemName: "wifi.slash")
                    }
                }
            }
            """),
            // Storing one erased view, handing one to an API that takes a concrete type, wrapping an existential.
            Example("""
            struct NoteEditor: View {
                var placeholder: AnyView?
                let tab: any ProfileTab
                func placeholder(_ view: some View) -> NoteEditor {
                    var copy = self
                    copy.placeholder = AnyView(view)
                    return copy
                }
                func snapshot() -> ImageRenderer<AnyView> { ImageRenderer(content: AnyView(body)) }
                var body: some View {
                    VStack { AnyView(tab.makeView()) }
                }
            }
            """),
            // Bridging code outside views (a UIKit coordinator) is not view branching.
            Example("""
            final class SettingsCoordinator {
                func makeController(advanced: Bool) -> UIViewController {
                    UIHostingController(rootView: advanced ? AnyView(AdvancedSettings()) : AnyView(BasicSettings()))
                }
            }
            """),
        ],
        onlyInViews: true
    )

    /// For each type being walked: whether it stores views of different types in a collection.
    private var storesErasedViews: [Bool] = []

    init(options: RuleOptions) {}

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        storesErasedViews.append(members.members.contains { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
            return variable.bindings.contains(where: Self.isErasedViewCollection)
        })
    }

    func leaveType(_ node: DeclSyntax, in file: FileWalk) {
        storesErasedViews.removeLast()
    }

    func visit(_ node: FunctionCallExprSyntax, in file: FileWalk) {
        guard let erasure = Self.erasure(node), !storesErasedViews.contains(true), !Self.isInsideEraseHelper(file),
              !Self.isCollectionElement(node), Self.isBranchResult(node) else { return }
        file.report(id, at: erasure.name,
                    "\(erasure.construct) hides the view's type, so SwiftUI loses state and transitions when the branch changes: return the branches from a `@ViewBuilder`, wrap them in `Group`, or make the container generic")
    }

    /// `AnyView(…)` or `.eraseToAnyView()`, with the name a finding points to.
    private static func erasure(_ call: FunctionCallExprSyntax) -> (name: TokenSyntax, construct: String)? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "AnyView" {
            return (reference.baseName, "`AnyView(…)`")
        }
        if let modifier = SyntaxText.modifier(call, named: ["eraseToAnyView"]), call.arguments.isEmpty {
            return (modifier.declName.baseName, "`.eraseToAnyView()`")
        }
        return nil
    }

    /// A stored property such as `[AnyView]`, `[String: AnyView]`, `Array<AnyView>` or `= [AnyView(…), …]`.
    private static func isErasedViewCollection(_ binding: PatternBindingSyntax) -> Bool {
        if let accessors = binding.accessorBlock, SyntaxText.isComputed(accessors) { return false }
        if let type = binding.typeAnnotation?.type {
            return isCollectionType(type) && type.tokens(viewMode: .sourceAccurate).contains { $0.text == "AnyView" }
        }
        guard let literal = binding.initializer?.value.as(ArrayExprSyntax.self) else { return false }
        return literal.elements.contains { $0.expression.as(FunctionCallExprSyntax.self).flatMap(erasure) != nil }
    }

    private static func isCollectionType(_ type: TypeSyntax) -> Bool {
        if let optional = type.as(OptionalTypeSyntax.self) { return isCollectionType(optional.wrappedType) }
        if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return true }
        guard let identifier = type.as(IdentifierTypeSyntax.self) else { return false }
        return ["Array", "ContiguousArray", "Dictionary", "OrderedDictionary"].contains(identifier.name.text)
    }

    /// The erased view is what one branch produces: returned from an `if`/`switch`/`guard`, a branch of a
    /// ternary, or the content of an `if`/`switch` branch. Erasing to store a view in a property, to pass
    /// it to an API that takes one concrete type (`ImageRenderer(content:)`) or to wrap an existential
    /// (`any View`) is not the branching this rule is about.
    private static func isBranchResult(_ call: FunctionCallExprSyntax) -> Bool {
        var expression = Syntax(call)
        // `.eraseToAnyView()` ends a modifier chain; an `AnyView(…)` may have modifiers after it.
        while let parent = expression.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) {
            expression = parent
        }
        guard let parent = expression.parent else { return false }
        // Unfolded, `c ? a : b` is a sequence `c`, `? a :`, `b`: `a` sits in the ternary node, `b` right after it.
        if parent.is(TernaryExprSyntax.self) || parent.is(UnresolvedTernaryExprSyntax.self) { return true }
        if let list = parent.as(ExprListSyntax.self), let element = expression.as(ExprSyntax.self),
           let index = list.index(of: element), index != list.startIndex,
           list[list.index(before: index)].is(UnresolvedTernaryExprSyntax.self) {
            return true
        }
        let statement: Syntax
        if parent.is(ReturnStmtSyntax.self), let item = parent.parent { statement = item } else { statement = parent }
        guard statement.is(CodeBlockItemSyntax.self), let list = statement.parent, let owner = list.parent else { return false }
        if owner.is(SwitchCaseSyntax.self) { return true }
        // A branch that is nothing but the erased view; one view among several in a branch is not the branch's result.
        guard owner.is(CodeBlockSyntax.self), let construct = owner.parent, list.children(viewMode: .sourceAccurate).count == 1 else {
            return false
        }
        return construct.is(IfExprSyntax.self) || construct.is(GuardStmtSyntax.self)
    }

    /// `[AnyView(A()), B().eraseToAnyView()]`: erasing is the only way to put different views in one array.
    private static func isCollectionElement(_ call: FunctionCallExprSyntax) -> Bool {
        call.parent?.is(ArrayElementSyntax.self) == true || call.parent?.is(DictionaryElementSyntax.self) == true
    }

    /// The body of an `eraseToAnyView()` helper itself.
    private static func isInsideEraseHelper(_ file: FileWalk) -> Bool {
        switch file.enclosingCodeScope {
        case .function(let name)?, .viewBuilding(let name, _)?: return name == "eraseToAnyView"
        default: return false
        }
    }
}
