internal import SwiftSyntax

/// `AnyView(…)` / `.eraseToAnyView()` to give branches one type, which hides their structure from SwiftUI.
final class AnyViewRule: SyntaxRule {
    static let description = RuleDescription(
        id: "any-view", family: .swiftUI, severity: .advice, profiles: .all,
        summary: "`AnyView(…)` or `.eraseToAnyView()` used to return different views from one place, or to erase the only view a function returns.",
        rationale: "Type erasure hides the view's structure from SwiftUI. It can no longer tell which branch is showing by type, so switching branches throws away state and transitions it would otherwise keep, and diffing erased views costs more on every update.",
        instead: "Mark the property or function `@ViewBuilder` and return the branches directly (`if`/`switch`), wrap them in `Group { … }`, or make the container generic over `Content: View`. Keep `AnyView` for collections that must hold views of different types (also when a helper fills them) and for a slot of one type, such as an environment value or a stored property.",
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
            // A view modifier's body, with the closing `return` after an early one.
            Example("""
            struct CardChrome: ViewModifier {
                let isEnabled: Bool
                func body(content: Content) -> some View {
                    guard isEnabled else { return ↓AnyView(content) }
                    let framed = content.padding().background(.thinMaterial)
                    return ↓AnyView(framed)
                }
            }
            """),
            // A `some View` helper on a type that is not a view, and a view's function erasing its only result.
            Example("""
            enum Destinations {
                @ViewBuilder
                static func view(for route: Route) -> some View {
                    switch route {
                    case .profile(let id): ↓AnyView(ProfileScreen(id: id))
                    case .settings: ↓AnyView(SettingsScreen())
                    }
                }
            }
            struct WelcomeHeader: View {
                var body: some View { header() }
                func header() -> AnyView {
                    ↓AnyView(Text("Welcome").font(.largeTitle))
                }
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
            // A heterogeneous collection filled through a helper, and an environment value of one type.
            Example("""
            struct SensorSettings: View {
                let settings: [Setting]
                var body: some View {
                    let rows = Self.rows(for: settings)
                    Form { ForEach(rows.indices, id: \\.self) { rows[$0] } }
                        .environment(\\.emptyState, settings.isEmpty ? AnyView(EmptyHint()) : AnyView(EmptyView()))
                }
                static func rows(for settings: [Setting]) -> [AnyView] { settings.map(makeRow) }
                private static func makeRow(_ setting: Setting) -> AnyView {
                    switch setting.kind {
                    case .toggle: return AnyView(Toggle(setting.title, isOn: .constant(setting.isOn)))
                    case .text: return AnyView(Text(setting.title))
                    }
                }
            }
            """),
            // A protocol that asks for `AnyView`: its conformers erase their one result because they must.
            Example("""
            protocol LibrarySource {
                func makeMenu() -> AnyView
            }
            struct MovieLibrary: LibrarySource {
                func makeMenu() -> AnyView {
                    Picker("Sort", selection: .constant(0)) { Text("Title").tag(0) }.eraseToAnyView()
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
        ]
    )

    /// For each type being walked: whether it builds views of different types into a collection.
    private var storesErasedViews = MemberReadings(AnyViewRule.storesErasedViews(in:))
    /// For each type being walked: whether it is a view or a view modifier by its own declaration.
    private var isViewType: [Bool] = []

    private static let erasingModifiers: TokenNameSet = ["eraseToAnyView"]

    init(options: RuleOptions) {}

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        storesErasedViews.enter(members)
        let inherited = file.enclosingType?.inherited ?? []
        // `extension View { … }` is view code too.
        isViewType.append(file.enclosingType?.declaresView == true || inherited.contains("ViewModifier") || file.enclosingType?.name == "View")
    }

    private static func storesErasedViews(in members: MemberBlockSyntax) -> Bool {
        members.members.eachElement.contains { member in
            if let variable = member.decl.as(VariableDeclSyntax.self) { return variable.bindings.eachElement.contains(where: isErasedViewCollection) }
            // A helper that returns `[AnyView]`: the type fills a heterogeneous collection, its erasures are by design.
            if let function = member.decl.as(FunctionDeclSyntax.self), let type = function.signature.returnClause?.type {
                return isCollectionOfErasedViews(type)
            }
            return false
        }
    }

    func leaveType(_ node: DeclSyntax, in file: FileWalk) {
        storesErasedViews.leave()
        isViewType.removeLast()
    }

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        // Both erasures (`AnyView(…)`, `.eraseToAnyView()`) spell `AnyView`.
        guard file.mentions("AnyView"), let erasure = Self.erasure(node), !storesErasedViews.anyEnclosing({ $0 }), !Self.isInsideEraseHelper(file),
              !Self.isCollectionElement(node) else { return }
        let declaration = Self.enclosingDeclaration(of: node)
        guard file.isBuildingView || (isViewType.last ?? false) || declaration.map(Self.returnsView) == true else { return }
        if Self.isBranchResult(node) {
            guard !Self.goesToStorage(node) else { return }
        } else if let declaration, Self.isWholeResult(node, of: declaration) {
            // The closing `return AnyView(b)` after an early `return AnyView(a)` is one branch of several;
            // a lone result is erased for nothing, unless it wraps something of unknown type (`any View`).
            if Self.returnCount(in: declaration) < 2 {
                // Outside a view, one erased result is an API's shape (a protocol requirement returning
                // `AnyView`, a model handing views to a host), not a choice made here.
                guard isViewType.last == true, Self.erasesConcreteView(node) else { return }
                file.report(id, at: erasure.name,
                            "\(erasure.construct) erases the only view this returns, which costs SwiftUI its type for nothing: declare the result `some View` and return the view itself")
                return
            }
        } else {
            return
        }
        file.report(id, at: erasure.name,
                    "\(erasure.construct) hides the view's type, so SwiftUI loses state and transitions when the branch changes: return the branches from a `@ViewBuilder`, wrap them in `Group`, or make the container generic")
    }

    /// `AnyView(…)` or `.eraseToAnyView()`, with the name a finding points to.
    private static func erasure(_ call: FunctionCallExprSyntax) -> (name: TokenSyntax, construct: String)? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.hasText("AnyView") {
            return (reference.baseName, "`AnyView(…)`")
        }
        if let modifier = SyntaxText.modifier(call, named: Self.erasingModifiers), call.arguments.isEmpty {
            return (modifier.declName.baseName, "`.eraseToAnyView()`")
        }
        return nil
    }

    /// A stored property such as `[AnyView]`, `[String: AnyView]`, `Array<AnyView>` or `= [AnyView(…), …]`.
    private static func isErasedViewCollection(_ binding: PatternBindingSyntax) -> Bool {
        if let type = binding.typeAnnotation?.type {
            if let accessors = binding.accessorBlock, SyntaxText.isComputed(accessors) { return false }
            return isCollectionOfErasedViews(type)
        }
        guard let literal = binding.initializer?.value.as(ArrayExprSyntax.self) else { return false }
        return literal.elements.eachElement.contains { $0.expression.as(FunctionCallExprSyntax.self).flatMap(erasure) != nil }
    }

    private static func isCollectionOfErasedViews(_ type: TypeSyntax) -> Bool {
        isCollectionType(type) && type.tokens(viewMode: .sourceAccurate).contains { $0.hasText("AnyView") }
    }

    private static func isCollectionType(_ type: TypeSyntax) -> Bool {
        if let optional = type.as(OptionalTypeSyntax.self) { return isCollectionType(optional.wrappedType) }
        if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return true }
        guard let identifier = type.as(IdentifierTypeSyntax.self) else { return false }
        return ["Array", "ContiguousArray", "Dictionary", "OrderedDictionary"].contains(identifier.name.plainText)
    }

    /// The function, computed property or subscript whose code holds `node` (not looking past a closure
    /// passed to another call, whose result goes elsewhere).
    private static func enclosingDeclaration(of node: FunctionCallExprSyntax) -> Syntax? {
        var current = Syntax(node).parent
        while let syntax = current {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(PatternBindingSyntax.self) || syntax.is(SubscriptDeclSyntax.self) { return syntax }
            if syntax.is(InitializerDeclSyntax.self) || syntax.is(MemberBlockSyntax.self) { return nil }
            current = syntax.parent
        }
        return nil
    }

    private static func declaredType(of declaration: Syntax) -> TypeSyntax? {
        if let function = declaration.as(FunctionDeclSyntax.self) { return function.signature.returnClause?.type }
        if let binding = declaration.as(PatternBindingSyntax.self) { return binding.typeAnnotation?.type }
        return declaration.as(SubscriptDeclSyntax.self)?.returnClause.type
    }

    /// Declared `AnyView`, `AnyView?` or `some View`: the declaration's result is a view.
    private static func returnsView(_ declaration: Syntax) -> Bool {
        guard var type = declaredType(of: declaration) else { return false }
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        let text = type.trimmedText
        return text == "AnyView" || text == "SwiftUI.AnyView" || SyntaxText.isSomeView(text)
    }

    /// The erased view is the declaration's result as a whole: its only expression, or a `return` at its top level.
    private static func isWholeResult(_ call: FunctionCallExprSyntax, of declaration: Syntax) -> Bool {
        var expression = Syntax(call)
        while let parent = expression.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) {
            expression = parent
        }
        var statement = expression.parent
        if statement?.is(ReturnStmtSyntax.self) == true { statement = statement?.parent }
        guard let item = statement?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        if let block = list.parent?.as(CodeBlockSyntax.self) {
            return block.parent?.id == declaration.id || block.parent?.is(AccessorDeclSyntax.self) == true
                && block.parent?.parent?.parent?.parent?.id == declaration.id
        }
        // A computed property's getter written without `get { }`.
        return list.parent?.is(AccessorBlockSyntax.self) == true && list.parent?.parent?.id == declaration.id
    }

    /// How many `return` statements the declaration has outside closures inside it.
    private static func returnCount(in declaration: Syntax) -> Int {
        final class Counter: SyntaxVisitor {
            var count = 0
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind { count += 1; return .skipChildren }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let counter = Counter(viewMode: .sourceAccurate)
        if let function = declaration.as(FunctionDeclSyntax.self), let body = function.body {
            counter.walk(body)
        } else if let binding = declaration.as(PatternBindingSyntax.self), let accessors = binding.accessorBlock {
            counter.walk(accessors)
        } else if let subscriptDecl = declaration.as(SubscriptDeclSyntax.self), let accessors = subscriptDecl.accessorBlock {
            counter.walk(accessors)
        }
        return counter.count
    }

    /// `AnyView(Text("…").bold())` or `HStack { … }.eraseToAnyView()`: a view built right here, of a known type
    /// (not `AnyView(tab.makeView())`, which may wrap an `any View`).
    private static func erasesConcreteView(_ call: FunctionCallExprSyntax) -> Bool {
        let erased: ExprSyntax?
        if SyntaxText.modifier(call, named: Self.erasingModifiers) != nil {
            erased = SyntaxText.modifierBase(call)
        } else {
            erased = call.arguments.eachElement.first?.expression
        }
        guard let erased, let root = SyntaxText.rootView(of: erased),
              let name = SyntaxText.typeReferenceName(root.calledExpression) else { return false }
        return SyntaxText.isCapitalized(name) && name != "AnyView"
    }

    /// A ternary of erased views that goes into an environment value or is assigned to a property: the slot
    /// has one type, so the erasure is what makes the two fit (`.environment(\.emptyState, c ? AnyView(a) : AnyView(b))`).
    private static func goesToStorage(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call).parent
        while let node = current, node.is(MemberAccessExprSyntax.self) || node.is(FunctionCallExprSyntax.self)
                || node.is(TernaryExprSyntax.self) || node.is(UnresolvedTernaryExprSyntax.self) || node.is(ExprListSyntax.self)
                || node.is(SequenceExprSyntax.self) || node.is(TupleExprSyntax.self) || node.is(LabeledExprListSyntax.self) {
            if let sequence = node.as(SequenceExprSyntax.self),
               sequence.elements.eachElement.contains(where: { $0.is(AssignmentExprSyntax.self) }) { return true }
            current = node.parent
        }
        guard let argument = current?.as(LabeledExprSyntax.self),
              let owner = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return ["environment", "transformEnvironment", "preference"].contains(SyntaxText.calledName(owner) ?? "")
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
