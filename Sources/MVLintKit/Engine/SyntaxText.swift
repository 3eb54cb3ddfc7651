#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import SwiftSyntax

/// Small readings of syntax nodes that the walker and many rules share.
enum SyntaxText {
    /// A type's name without generic arguments, module prefix or attributes: `Foo<Bar>` → `Foo`, `SwiftUI.View` → `View`.
    public static func typeName(_ type: TypeSyntax) -> String {
        var type = type
        while let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.identifierName }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.identifierName }
        return type.trimmedText
    }

    /// A type's name as written from file scope, generic arguments and attributes dropped: `HistoryView.ViewModel`
    /// for `extension HistoryView.ViewModel`, where `typeName` says only `ViewModel`.
    static func qualifiedTypeName(_ type: TypeSyntax) -> String {
        if let attributed = type.as(AttributedTypeSyntax.self) { return qualifiedTypeName(attributed.baseType) }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.plainText }
        if let member = type.as(MemberTypeSyntax.self) { return qualifiedTypeName(member.baseType) + "." + member.name.plainText }
        return type.trimmedText
    }

    public static func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
        attributes.eachElement.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
    }

    /// Attribute names with their argument text (`Environment`, `\.dismiss`).
    public static func attributes(_ attributes: AttributeListSyntax) -> [(name: String, argument: String?)] {
        attributes.eachElement.compactMap { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return nil }
            return (attribute.attributeName.trimmedText, attribute.arguments?.trimmedText)
        }
    }

    /// Attributes on a stored property that are not property wrappers.
    static let nonWrapperAttributes: Set<String> = [
        "MainActor", "ObservationIgnored", "ObservationTracked", "ViewBuilder", "Sendable", "preconcurrency",
        "IBOutlet", "IBInspectable", "NSManaged", "GKInspectable", "Transient", "Attribute", "Relationship",
    ]

    public static func isPropertyWrapperName(_ name: String) -> Bool {
        isCapitalized(name) && !nonWrapperAttributes.contains(name)
    }

    /// Type names start with a capital letter; calls of such names are usually initialisers. A raw identifier
    /// (`` `Store Model` ``) is judged by its first letter.
    public static func isCapitalized(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        guard let first = scalars.first == "`" ? scalars.dropFirst().first : scalars.first else { return false }
        // Names are nearly always ASCII, whose uppercase letters are A–Z; the Unicode property look-up is slower.
        if first.isASCII { return first.value >= 65 && first.value <= 90 }
        return first.properties.isUppercase
    }

    /// The names a written type mentions, qualified ones whole: `[String: Feed.Item]?` → `String`, `Feed.Item`.
    public static func typeNameWords(in written: String) -> [Substring] {
        // Written types are nearly always ASCII; Character's Unicode properties are slow to look up.
        guard written.utf8.allSatisfy({ $0 < 0x80 }) else {
            return written.split { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "." }
        }
        var words: [Substring] = []
        var start: String.Index?
        for index in written.utf8.indices {
            let byte = written.utf8[index]
            let isWordByte = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x5F || byte == 0x2E
            if isWordByte {
                if start == nil { start = index }
            } else if let wordStart = start {
                words.append(written[wordStart..<index])
                start = nil
            }
        }
        if let wordStart = start { words.append(written[wordStart...]) }
        return words
    }

    /// A property with a getter (not only `willSet`/`didSet` observers) is computed.
    public static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let accessors):
            return accessors.contains { accessor in
                let kind = accessor.accessorSpecifier.tokenKind
                return kind == .keyword(.get) || kind == .keyword(._read) || kind == .keyword(._modify)
            }
        @unknown default:
            return false
        }
    }

    /// Whether `node` is inside a `kind` (a closure, a `deinit`) before reaching any enclosing declaration other
    /// than a variable's, whose initializer and accessors run as part of the code around them.
    static func isInside<Kind: SyntaxProtocol>(_ kind: Kind.Type, withinDeclarationOf node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(kind) { return true }
            if parent.is(DeclSyntax.self) && !parent.is(VariableDeclSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// The generic parameters of a struct, class, enum or actor declaration, told by the node's kind: a dynamic cast
    /// to `WithGenericParametersSyntax` looks up the node type's conformances, thousands of instructions a type.
    static func genericParameterClause(of decl: DeclSyntax) -> GenericParameterClauseSyntax? {
        switch decl.kind {
        case .structDecl: return decl.cast(StructDeclSyntax.self).genericParameterClause
        case .classDecl: return decl.cast(ClassDeclSyntax.self).genericParameterClause
        case .enumDecl: return decl.cast(EnumDeclSyntax.self).genericParameterClause
        case .actorDecl: return decl.cast(ActorDeclSyntax.self).genericParameterClause
        default: return nil
        }
    }

    /// The result of a `body` that SwiftUI evaluates to build UI: views, scenes, toolbar, table, chart or map
    /// content, commands, widget configurations — not a reducer's `some Reducer<State, Action>`.
    static func isViewBuildingType(_ typeText: String) -> Bool {
        // In the bytes: `String.contains` compares characters, and every view's `body` asks.
        ByteSearch.contains("View", in: typeText) || ByteSearch.contains("Scene", in: typeText) || ByteSearch.contains("Content", in: typeText)
            || ByteSearch.contains("Commands", in: typeText) || ByteSearch.contains("WidgetConfiguration", in: typeText)
    }

    public static func isSomeView(_ typeText: String) -> Bool {
        typeText == "some View" || typeText == "some SwiftUI.View"
    }

    /// `static` or `class` members belong to the type, not to its instances.
    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        // A modifier's name is a keyword, so its text tells which; `tokenKind` would first build the kind from it.
        modifiers.containsModifier(named: "static", or: "class")
    }

    /// A `@ViewBuilder` function or one returning `some View`.
    static func buildsView(_ function: FunctionDeclSyntax) -> Bool {
        buildsView(isViewBuilder: attributeNames(function.attributes).contains("ViewBuilder"),
                   returnType: function.signature.returnClause?.type.trimmedText)
    }

    /// The same, from a function's parts already read (the walk reads them for other facts too).
    static func buildsView(isViewBuilder: Bool, returnType: String?) -> Bool {
        isViewBuilder || (returnType.map(isSomeView) ?? false)
    }

    /// `Foo` for `Foo(…)`, `Foo<T>(…)` or `Foo.init(…)`; nil for anything else.
    public static func calleeName(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        return typeReferenceName(call.calledExpression)
    }

    /// `Type.member` read as a value (`ThemeManager.shared`, `Store.default`), not called.
    static func sharedInstance(_ expression: ExprSyntax) -> PropertyFact.SharedInstance? {
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
              isCapitalized(base.baseName.plainText), !isCapitalized(member.declName.baseName.plainText) else { return nil }
        return PropertyFact.SharedInstance(typeName: base.baseName.plainText, member: member.declName.baseName.plainText)
    }

    static func typeReferenceName(_ expression: ExprSyntax) -> String? {
        typeReferenceToken(expression)?.identifierName
    }

    /// Whether `expression` names the type `name` as `typeReferenceName` reads it (`Task`, `Task<Void, Never>`,
    /// `Task.init`), compared without making a string: every call's callee is asked.
    static func isTypeReference(_ expression: ExprSyntax, named name: String) -> Bool {
        typeReferenceToken(expression)?.isIdentifier(name) ?? false
    }

    /// The name token of a type reference: `Task` in `Task`, `Task<Void, Never>` and `Task.init`.
    static func typeReferenceToken(_ expression: ExprSyntax) -> TokenSyntax? {
        var expression = expression
        while true {
            if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName }
            if let generic = expression.as(GenericSpecializationExprSyntax.self) {
                expression = generic.expression
            } else if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.isIdentifier("init"), let base = member.base {
                expression = base
            } else {
                return nil
            }
        }
    }

    /// A call receiver that names something: `model`, `self.model` → `model`; `Store.shared` stays `Store.shared`.
    /// The expression without the `?` and `!` after it: `model` in `model?` and `self` in `self!`.
    static func withoutOptionalMarks(_ expression: ExprSyntax) -> ExprSyntax {
        var expression = expression
        while true {
            if let chained = expression.as(OptionalChainingExprSyntax.self) {
                expression = chained.expression
            } else if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
                expression = unwrapped.expression
            } else {
                return expression
            }
        }
    }

    static func receiverName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.isSelfKeyword ? nil : reference.baseName.identifierName
        }
        guard let member = expression.as(MemberAccessExprSyntax.self),
              let root = member.base?.as(DeclReferenceExprSyntax.self)?.baseName else { return nil }
        if root.isSelfKeyword { return member.declName.baseName.identifierName }
        let rootName = root.identifierName
        return isCapitalized(rootName) ? rootName + "." + member.declName.baseName.identifierName : nil
    }

    /// The function name of a call: `VStack` in `VStack { }`, `onAppear` in `.onAppear { }`.
    public static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        calledToken(call)?.identifierName
    }

    /// Whether `calledName(call)` is `name`, a plain identifier, compared without making a string.
    static func calls(_ call: FunctionCallExprSyntax, named name: String) -> Bool {
        calledToken(call)?.isIdentifier(name) ?? false
    }

    private static func calledToken(_ call: FunctionCallExprSyntax) -> TokenSyntax? {
        CallShape(call).name
    }

    /// For `.modifier(…)` calls, the expression the modifier is applied to.
    public static func modifierBase(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.calledExpression.as(MemberAccessExprSyntax.self)?.base
    }

    /// The argument with this label, if present.
    public static func argument(_ call: FunctionCallExprSyntax, labeled label: String) -> LabeledExprSyntax? {
        call.arguments.eachElement.first { $0.label?.hasText(label) ?? false }
    }

    /// All closures a call takes, trailing or as arguments, with their labels (`nil` for the first trailing one).
    public static func closures(of call: FunctionCallExprSyntax) -> [(label: String?, closure: ClosureExprSyntax)] {
        var result: [(String?, ClosureExprSyntax)] = []
        for argument in call.arguments.eachElement {
            if let closure = argument.expression.as(ClosureExprSyntax.self) { result.append((argument.label?.plainText, closure)) }
        }
        if let trailing = call.trailingClosure { result.append((nil, trailing)) }
        for extra in call.additionalTrailingClosures.eachElement { result.append((extra.label.plainText, extra.closure)) }
        return result
    }

    /// The expressions a closure's statements consist of (`VStack { A(); B() }` → the two calls).
    public static func expressions(in closure: ClosureExprSyntax) -> [ExprSyntax] {
        closure.statements.eachElement.compactMap { $0.item.as(ExprSyntax.self) }
    }

    /// The modifier calls chained onto a view, innermost first: `Button { … }.padding().bold()` → `padding()`, `bold()`.
    static func modifiersApplied(to view: FunctionCallExprSyntax) -> [FunctionCallExprSyntax] {
        var modifiers: [FunctionCallExprSyntax] = []
        var current = ExprSyntax(view)
        while let member = current.parent?.as(MemberAccessExprSyntax.self),
              let modifier = member.parent?.as(FunctionCallExprSyntax.self), modifier.calledExpression.id == member.id {
            modifiers.append(modifier)
            current = ExprSyntax(modifier)
        }
        return modifiers
    }

    /// `Task { }`, `Task<…> { }`, `Task(priority:) { }` or `Task.detached { }`: a call that takes the operation closure.
    static func startsTask(_ call: FunctionCallExprSyntax) -> Bool {
        let callee: ExprSyntax
        // Compared as bytes: every call of the file is asked, and making the name was most of the question.
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.isIdentifier("detached"),
           let base = member.base {
            callee = base
        } else {
            callee = call.calledExpression
        }
        return isTypeReference(callee, named: "Task") && !closures(of: call).isEmpty
    }

    /// The innermost call at the root of a modifier chain: `Text("a").bold().padding()` → `Text("a")`.
    public static func rootView(of expression: ExprSyntax) -> FunctionCallExprSyntax? {
        var current = expression
        while let call = current.as(FunctionCallExprSyntax.self) {
            guard let base = modifierBase(call) else { return call }
            current = base
        }
        return nil
    }
}

/// Decides whether a closure runs while a view is built or later, in response to an event.
enum ClosureRole {
    /// Modifiers and functions whose closures run on an event, not while the body is evaluated.
    static let eventModifiers: Set<String> = [
        "onAppear", "onDisappear", "task", "onChange", "onTapGesture", "onLongPressGesture", "onSubmit",
        "refreshable", "onReceive", "onOpenURL", "onDelete", "onMove", "onInsert", "onDrop", "onEnded", "onChanged",
        "onHover", "onContinuousHover", "onKeyPress", "onPreferenceChange", "onCommand", "onCopyCommand",
        "onCutCommand", "onPasteCommand", "onExitCommand", "onPlayPauseCommand", "onMoveCommand", "onDeleteCommand",
        "onScrollGeometryChange", "onGeometryChange", "onScrollPhaseChange", "onContinueUserActivity",
        "handlesExternalEvents", "onSubmitSearch", "alert", "sheet", "fullScreenCover", "popover", "confirmationDialog",
        "Task", "detached", "withAnimation", "withTransaction", "asyncAfter", "async", "sink", "perform",
        "fileImporter", "fileExporter", "photosPicker", "onWebSocketEvent", "backgroundTask",
        "dropDestination", "onDrag", "onScrollVisibilityChange", "onMapCameraChange",
    ]
    /// Argument labels whose closure is an event handler.
    static let eventLabels: Set<String> = [
        "action", "perform", "onDismiss", "onCommit", "onEditingChanged", "onCompletion", "completion", "onEnded",
        "onChanged", "primaryAction", "onIncrement", "onDecrement", "isTargeted",
    ]
    /// Presentation modifiers whose trailing closures build views, even though they are listed as events above.
    static let presentationContent: Set<String> = ["sheet", "fullScreenCover", "popover", "alert", "confirmationDialog"]

    static func scope(of closure: ClosureExprSyntax) -> CodeScope {
        if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            if let label = argument.label?.plainText, eventLabels.contains(label) { return .action(name: label) }
            if let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let name = SyntaxText.calledName(call),
               name == "Task" || name == "detached" {
                return .action(name: name)
            }
            return .closure
        }
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), let name = SyntaxText.calledName(call) {
            return trailingScope(callName: name, call: call, label: nil)
        }
        if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self),
           let call = element.parent?.parent?.as(FunctionCallExprSyntax.self), let name = SyntaxText.calledName(call) {
            return trailingScope(callName: name, call: call, label: element.label.plainText)
        }
        return .closure
    }

    private static func trailingScope(callName: String, call: FunctionCallExprSyntax, label: String?) -> CodeScope {
        if let label {
            return eventLabels.contains(label) ? .action(name: label) : .closure
        }
        if callName == "Button" {
            // `Button("Title") { act() }` and `Button { act() } label: { … }` put the action first;
            // `Button(action: act) { Label(…) }` makes the trailing closure the label.
            return SyntaxText.argument(call, labeled: "action") == nil ? .action(name: "Button") : .closure
        }
        if presentationContent.contains(callName) { return .closure }
        return eventModifiers.contains(callName) ? .action(name: callName) : .closure
    }
}

extension Syntax {
    /// `isProtocol(DeclGroupSyntax.self)` read from the node's kind: the protocol test is a dynamic cast, and the
    /// climbs from a name to its declaration ask it of every node on the way.
    var isDeclGroup: Bool {
        switch kind {
        case .actorDecl, .classDecl, .enumDecl, .extensionDecl, .protocolDecl, .structDecl: return true
        default: return false
        }
    }
}
