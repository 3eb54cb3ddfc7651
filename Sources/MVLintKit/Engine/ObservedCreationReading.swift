internal import SwiftSyntax

/// Readings for `observed-object-creation`'s facts: where code creates an object that an `@ObservedObject`
/// will hold. Each looks at one declaration, assignment or call; the project rule decides what is lost.
enum ObservedCreationReading {
    /// `@ObservedObject var model = Model()` in a struct or an extension (a class holding one, or an `App`, which
    /// is made once, keeps what it creates).
    static func propertyDefault(_ node: VariableDeclSyntax, in walk: FileWalk) -> ObservedCreationFact? {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, let type = walk.typeStack.last,
              type.kind == .struct || type.kind == .extension, !type.inherited.contains("App"),
              let attribute = SyntaxText.attribute(named: "ObservedObject", in: node.attributes) else { return nil }
        for binding in node.bindings.eachElement {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierName,
                  let value = binding.initializer?.value, let created = createdTypeName(value, annotation: binding.typeAnnotation),
                  SyntaxText.isCapitalized(created) else { continue }
            let fix = walk.canUse(introducedIn: TargetSettings.stateObjectAvailability) ? FixText.range(of: attribute.attributeName) : nil
            return ObservedCreationFact(kind: .propertyDefault(property: name), createdType: created, enclosingType: type.qualifiedName,
                                        position: position(attribute, in: walk), stateObjectFix: fix)
        }
        return nil
    }

    /// In a struct's initializer: `self.model = Model(…)`, `model = Model(…)`, or
    /// `_model = ObservedObject(wrappedValue: Model(…))`. The rule checks that `model` is an `@ObservedObject`.
    static func initializerAssignment(_ node: SequenceExprSyntax, in walk: FileWalk) -> ObservedCreationFact? {
        guard walk.isInsideInitializer, let type = walk.typeStack.last, type.kind == .struct, !type.inherited.contains("App") else { return nil }
        let elements = Array(node.elements.eachElement)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), var property = assignedName(elements[0]) else { return nil }
        var value = elements[2]
        if property.hasPrefix("_") {
            // `_model = ObservedObject(wrappedValue: Model())` or `.init(wrappedValue: …)`.
            guard let wrapper = value.as(FunctionCallExprSyntax.self), SyntaxText.calledName(wrapper).map({ $0 == "ObservedObject" || $0 == "init" }) ?? false,
                  let wrapped = SyntaxText.argument(wrapper, labeled: "wrappedValue")?.expression else { return nil }
            property.removeFirst()
            value = wrapped
        }
        guard let created = SyntaxText.calleeName(value), SyntaxText.isCapitalized(created),
              !["ObservedObject", "StateObject", "State"].contains(created) else { return nil }
        return ObservedCreationFact(kind: .initializerAssignment(property: property), createdType: created, enclosingType: type.qualifiedName,
                                    position: position(value, in: walk), stateObjectFix: nil)
    }

    /// While a view's body is built: each `label: Model(…)` argument of `Child(…)`, an object created anew on
    /// every evaluation. The rule checks that `Child` holds `label` in an `@ObservedObject`.
    static func arguments(_ call: FunctionCallExprSyntax, in walk: FileWalk) -> [ObservedCreationFact] {
        guard walk.isBuildingView, let view = SyntaxText.calleeName(ExprSyntax(call)), SyntaxText.isCapitalized(view) else { return [] }
        return call.arguments.eachElement.compactMap { argument in
            guard let label = argument.label?.plainText, let created = SyntaxText.calleeName(argument.expression),
                  SyntaxText.isCapitalized(created) else { return nil }
            return ObservedCreationFact(kind: .argument(view: view, label: label), createdType: created,
                                        enclosingType: walk.typeStack.last?.qualifiedName, position: position(argument.expression, in: walk),
                                        stateObjectFix: nil)
        }
    }

    /// A construction no SwiftUI body repeats: the view built as the `rootView:` of a hosting controller
    /// (`UIHostingController(rootView: Screen())`, `.init(rootView: Screen().padding())`), or any `Screen(…)` made
    /// in a `static` or `async` function, which a body never runs. Recorded at the construction's position.
    static func detachedConstruction(_ shape: CallShape, in walk: FileWalk) -> DetachedViewConstructionFact? {
        let call = shape.node
        if walk.mentions("rootView"), let root = SyntaxText.argument(call, labeled: "rootView")?.expression, let view = SyntaxText.rootView(of: root),
           let name = SyntaxText.calleeName(ExprSyntax(view)) {
            return DetachedViewConstructionFact(typeName: name, position: position(view, in: walk))
        }
        // The callee's first byte before its name is made: most calls in functions are not constructions.
        guard !walk.isBuildingView, case .function? = walk.enclosingCodeScope,
              let callee = shape.typeReferenceToken, callee.mayBeCapitalized,
              case let name = callee.identifierName, SyntaxText.isCapitalized(name) else { return nil }
        var current = Syntax(call)
        while let parent = current.parent {
            if let function = parent.as(FunctionDeclSyntax.self) {
                let isStatic = SyntaxText.isStatic(function.modifiers)
                guard isStatic || function.signature.effectSpecifiers?.asyncSpecifier != nil else { return nil }
                return DetachedViewConstructionFact(typeName: name, position: position(call, in: walk))
            }
            current = parent
        }
        return nil
    }

    /// `Model` for `Model()`, `Model<T>()`, `Model.init()`, or `.init()` after a `: Model` annotation.
    private static func createdTypeName(_ value: ExprSyntax, annotation: TypeAnnotationSyntax?) -> String? {
        if let name = SyntaxText.calleeName(value) { return name }
        guard let member = value.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self),
              member.base == nil, member.declName.baseName.hasText("init"), let annotation else { return nil }
        return SyntaxText.typeName(annotation.type)
    }

    /// `model` for `model` and `self.model`; `_model` for `_model` and `self._model`.
    private static func assignedName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), !reference.baseName.isSelfKeyword {
            return reference.baseName.identifierName
        }
        guard let member = expression.as(MemberAccessExprSyntax.self),
              member.base?.as(DeclReferenceExprSyntax.self)?.baseName.isSelfKeyword == true else { return nil }
        return member.declName.baseName.identifierName
    }

    private static func position(_ node: some SyntaxProtocol, in walk: FileWalk) -> SourcePosition {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let location = walk.source.location(ofUTF8Offset: offset)
        return SourcePosition(line: location.line, column: location.column, utf8Offset: offset)
    }
}
