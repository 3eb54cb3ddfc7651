internal import SwiftSyntax

/// Readings of single nodes that feed `BehaviorFacts`; each looks only at a node's own structure.
enum BehaviorReading {
    /// Modifiers that style a view rather than wire it up: a container's body should not need them.
    static let stylingModifiers: Set<String> = [
        "font", "fontWeight", "fontDesign", "fontWidth", "bold", "italic", "underline", "strikethrough", "kerning",
        "tracking", "baselineOffset", "textCase", "lineLimit", "lineSpacing", "multilineTextAlignment",
        "minimumScaleFactor", "foregroundStyle", "foregroundColor", "background", "backgroundStyle", "tint", "padding",
        "frame", "cornerRadius", "clipShape", "clipped", "shadow", "opacity", "border", "overlay", "blur",
        "brightness", "contrast", "saturation", "grayscale", "rotationEffect", "scaleEffect", "offset",
        "aspectRatio", "scaledToFit", "scaledToFill", "resizable", "imageScale", "symbolRenderingMode",
        "symbolVariant", "fill", "stroke", "strokeBorder", "mask", "containerShape", "contentShape",
    ]
    /// Collection methods that compute over data.
    static let pipelineMethods = TokenNameSet([
        "filter", "map", "compactMap", "flatMap", "reduce", "sorted", "sort", "min", "max", "first", "last",
        "contains", "allSatisfy", "count", "grouping", "prefix", "suffix", "dropFirst", "dropLast", "partition",
    ])
    /// Methods of `pipelineMethods` that are also properties: a pipeline step only when given a predicate.
    private static let predicateMethods = TokenNameSet(["first", "last", "contains", "count"])
    /// Compared as the operator token's bytes (`TokenNameSet`): every operator of every sequence in a helper is asked.
    static let arithmeticOperators: TokenNameSet = ["+", "-", "*", "/", "%", "+=", "-=", "*=", "/=", "%="]

    static func isStyling(_ modifier: FunctionCallExprSyntax) -> Bool {
        SyntaxText.calledName(modifier).map(stylingModifiers.contains) ?? false
    }

    /// `items.filter { … }`, `scores.reduce(0, +)`: a member call of a collection method.
    static func isPipeline(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil else { return false }
        // Asked of every member call in a helper: the name is compared as bytes, not made.
        let method = member.declName.baseName
        // `count` and `first`/`last` are properties unless called with a predicate (`first(where:)`).
        if predicateMethods.contains(method) { return call.arguments.eachElement.first?.label?.plainText == "where" || call.trailingClosure != nil }
        return pipelineMethods.contains(method)
    }

    /// `order.date.formatted(…)`, `formatter.string(from: item.price)`, `String(format: "%.1f", item.rating)`,
    /// `relative.localizedString(for: item.date, relativeTo: .now)`, `Locale.current.localizedString(forLanguageCode:
    /// item.language)`: formatting applied to a member of a value, or to a name `isModelValue` accepts (a
    /// parameter of the helper, a local unwrapped from a member).
    static func formatsMember(_ call: FunctionCallExprSyntax, isModelValue: (String) -> Bool = { _ in false }) -> Bool {
        func formats(_ expression: ExprSyntax) -> Bool { readsMember(expression) || namesModelValue(expression, isModelValue) }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            switch member.declName.baseName.identifierName {
            case "formatted": return member.base.map(formats) ?? false
            case "string": return call.arguments.eachElement.first.map { ["from", "for"].contains($0.label?.plainText) && formats($0.expression) } ?? false
            case "localizedString": return call.arguments.eachElement.first.map { $0.label != nil && formats($0.expression) } ?? false
            default: return false
            }
        }
        guard SyntaxText.isTypeReference(call.calledExpression, named: "String"), call.arguments.eachElement.first?.label?.plainText == "format" else { return false }
        return call.arguments.eachElement.dropFirst().contains { formats($0.expression) }
    }

    /// `date`, `price?`, `seconds!` when `isModelValue` accepts the name.
    private static func namesModelValue(_ expression: ExprSyntax, _ isModelValue: (String) -> Bool) -> Bool {
        guard let reference = SyntaxText.withoutOptionalMarks(expression).as(DeclReferenceExprSyntax.self),
              !reference.baseName.isSelfKeyword else { return false }
        return isModelValue(reference.baseName.identifierName)
    }

    /// Reads a member of a value (`user.name`, `order.total.formatted()`, `item?.title`), not of `self` or a type.
    static func readsMember(_ expression: ExprSyntax) -> Bool {
        var current = SyntaxText.withoutOptionalMarks(expression)
        while true {
            if let call = current.as(FunctionCallExprSyntax.self) {
                current = SyntaxText.withoutOptionalMarks(call.calledExpression)
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                if let reference = base.as(DeclReferenceExprSyntax.self) {
                    let name = reference.baseName
                    // Most names are told lowercase by their first byte, without making the name.
                    return !name.isSelfKeyword && !name.hasText("Self")
                        && !(name.mayBeCapitalized && SyntaxText.isCapitalized(name.identifierName))
                }
                return true
            } else {
                return false
            }
        }
    }

    /// `user.name`, or an operator sequence with such an operand (`user.nickname ?? user.name`).
    static func readsMemberAnywhere(_ expression: ExprSyntax) -> Bool {
        if let sequence = expression.as(SequenceExprSyntax.self) { return sequence.elements.eachElement.contains(where: readsMember) }
        return readsMember(expression)
    }

    /// `&&`/`||` and comparisons continue a ternary's condition; other operators start over.
    private static let conditionContinuations: TokenNameSet = ["&&", "||", "==", "!=", "<", ">", "<=", ">="]

    /// In one operator sequence: arithmetic operators, those with a member operand, and ternaries whose
    /// condition reads a member.
    static func operatorCounts(_ sequence: SequenceExprSyntax) -> (arithmetic: Int, memberArithmetic: Int, memberTernaries: Int) {
        // Only arithmetic operators and ternaries count: most sequences have neither, told before any element is read.
        guard sequence.hasTernaryOrOperator(in: arithmeticOperators) else { return (0, 0, 0) }
        var arithmetic = 0
        var memberArithmetic = 0
        var ternaries = 0
        var conditionReadsMember = false
        let elements = Array(sequence.elements.eachElement)
        for (offset, element) in elements.enumerated() {
            if let binary = element.as(BinaryOperatorExprSyntax.self) {
                let symbol = binary.operator
                if arithmeticOperators.contains(symbol) {
                    arithmetic += 1
                    if (offset > 0 && isMemberOperand(elements[offset - 1]))
                        || (offset + 1 < elements.count && isMemberOperand(elements[offset + 1])) {
                        memberArithmetic += 1
                    }
                }
                if !conditionContinuations.contains(symbol) { conditionReadsMember = false }
            } else if element.is(UnresolvedTernaryExprSyntax.self) {
                if conditionReadsMember { ternaries += 1 }
                conditionReadsMember = false
            } else if element.is(AssignmentExprSyntax.self) {
                conditionReadsMember = false
            } else if readsMember(element) || (element.as(PrefixOperatorExprSyntax.self).map { readsMember($0.expression) } ?? false) {
                conditionReadsMember = true
            }
        }
        return (arithmetic, memberArithmetic, ternaries)
    }

    /// `user.posts` or a conversion of it (`Double(user.posts)`).
    private static func isMemberOperand(_ expression: ExprSyntax) -> Bool {
        if readsMember(expression) { return true }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
              let type = SyntaxText.typeReferenceName(call.calledExpression), SyntaxText.isCapitalized(type),
              let argument = call.arguments.eachElement.first else { return false }
        return readsMember(argument.expression)
    }

    /// The `do` statement a code block item holds, if it has `catch` clauses.
    static func doStatement(_ item: CodeBlockItemSyntax.Item) -> DoStmtSyntax? {
        item.as(DoStmtSyntax.self).flatMap { $0.catchClauses.isEmpty ? nil : $0 }
    }

    /// Whether a task's closure awaits real work: some `await` (or `for await`) other than `Task.sleep`/`Task.yield`,
    /// which only delay the UI (`try? await Task.sleep(for: .seconds(1)); isHighlighted = false`).
    static func awaitsWork(_ closure: ClosureExprSyntax) -> Bool {
        closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .keyword(.await) else { return false }
            guard let awaited = token.parent?.as(AwaitExprSyntax.self) else { return true }
            var expression = awaited.expression
            while let attempt = expression.as(TryExprSyntax.self) { expression = attempt.expression }
            guard let call = expression.as(FunctionCallExprSyntax.self),
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return true }
            let name = member.declName.baseName.identifierName
            return !(name == "sleep" || name == "yield")
        }
    }

    /// The content closure of `ForEach(…) { row in … }` or a data-driven `List(items) { row in … }`.
    static func isRowClosure(_ closure: ClosureExprSyntax) -> Bool {
        let call: FunctionCallExprSyntax?
        if let trailing = closure.parent?.as(FunctionCallExprSyntax.self), trailing.trailingClosure?.id == closure.id {
            call = trailing
        } else if let argument = closure.parent?.as(LabeledExprSyntax.self), argument.label?.plainText == "content" {
            call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        } else {
            call = nil
        }
        guard let call, let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.identifierName else { return false }
        if name == "ForEach" { return true }
        // `List { … }` and `List(selection:) { … }` hold fixed content; `List(items) { … }` builds one row per item.
        guard name == "List", let first = call.arguments.eachElement.first else { return false }
        return first.label == nil || first.label?.plainText == "data"
    }

    /// The screen a `NavigationLink` pushes (`NavigationLink("Title") { Detail() }`, `destination:`) or a
    /// `sheet`/`popover`/`fullScreenCover`/`navigationDestination` presents, not its label.
    static func isDestinationClosure(_ closure: ClosureExprSyntax) -> Bool {
        let call: FunctionCallExprSyntax
        let label: String?
        if let trailing = closure.parent?.as(FunctionCallExprSyntax.self), trailing.trailingClosure?.id == closure.id {
            call = trailing
            label = nil
        } else if let argument = closure.parent?.as(LabeledExprSyntax.self), let owner = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            call = owner
            label = argument.label?.plainText
        } else if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self),
                  let owner = element.parent?.parent?.as(FunctionCallExprSyntax.self) {
            call = owner
            label = element.label.plainText
        } else {
            return false
        }
        guard let name = SyntaxText.calledName(call) else { return false }
        if name == "NavigationLink" {
            // `NavigationLink(value:) { label }` and `NavigationLink(destination:) { label }` take their label last.
            guard let label else { return !call.arguments.eachElement.contains { ["value", "destination"].contains($0.label?.plainText) } }
            return label == "destination"
        }
        guard ["sheet", "popover", "fullScreenCover", "navigationDestination"].contains(name) else { return false }
        return label == nil || label == "content" || label == "destination"
    }

    /// `@State var name: String`, `@State private var label = ""`: state that holds display text.
    static func holdsText(_ binding: PatternBindingSyntax) -> Bool {
        if let type = binding.typeAnnotation?.type.trimmedText {
            return ["String", "String?", "AttributedString", "AttributedString?", "LocalizedStringKey"].contains(type)
        }
        return binding.initializer?.value.is(StringLiteralExprSyntax.self) ?? false
    }

    /// Top-level `name = value` / `name[key] = value` statements of a `.task` closure, with the modifier's name token.
    static func taskAssignments(in closure: ClosureExprSyntax) -> [(target: String, isAwaited: Bool, modifierName: TokenSyntax)] {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self),
              let modifier = call.calledExpression.as(MemberAccessExprSyntax.self) else { return [] }
        var result: [(String, Bool, TokenSyntax)] = []
        for statement in closure.statements.eachElement {
            guard let sequence = statement.item.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements.eachElement)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), let target = assignedName(elements[0]) else { continue }
            result.append((target, isAwaited(elements[2]), modifier.declName.baseName))
        }
        return result
    }

    private static func assignedName(_ expression: ExprSyntax) -> String? {
        var expression = expression
        while let subscripted = expression.as(SubscriptCallExprSyntax.self) { expression = subscripted.calledExpression }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.identifierName }
        if let member = expression.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.isSelfKeyword == true {
            return member.declName.baseName.identifierName
        }
        return nil
    }

    private static func isAwaited(_ expression: ExprSyntax) -> Bool {
        var expression = expression
        while let attempt = expression.as(TryExprSyntax.self) { expression = attempt.expression }
        return expression.is(AwaitExprSyntax.self)
    }
}
