internal import SwiftSyntax

/// Readings of a node's direct structure that several data-flow rules share. None of them walks a subtree:
/// they follow a closure's top-level statements or a member chain's receivers only.
extension SyntaxText {
    /// The `@name` attribute of a declaration, if written.
    static func attribute(named name: String, in attributes: AttributeListSyntax) -> AttributeSyntax? {
        attributes.eachElement.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.attributeName.trimmedText == name }
    }

    /// The member of a modifier call `.name(…)` whose name is one of `names` (a call with a receiver or an
    /// implicit one, never a free function of the same name). Rules ask it of every call: the name is compared as bytes.
    static func modifier(_ call: FunctionCallExprSyntax, named names: TokenNameSet) -> MemberAccessExprSyntax? {
        modifier(CallShape(call), named: names)
    }

    /// `modifier(_:named:)` of a call the walk has read (`CallShape`).
    static func modifier(_ call: CallShape, named names: TokenNameSet) -> MemberAccessExprSyntax? {
        guard let name = call.name, names.contains(name) else { return nil }
        return call.member
    }

    /// The closure a call runs: its first trailing closure, else the closure passed with `label`.
    static func closure(of call: FunctionCallExprSyntax, trailingOr label: String) -> ClosureExprSyntax? {
        call.trailingClosure ?? argument(call, labeled: label)?.expression.as(ClosureExprSyntax.self)
    }

    /// A statement's expression, `if`/`switch` statements included; nil for declarations and other statements.
    static func expression(of statement: CodeBlockItemSyntax) -> ExprSyntax? {
        statement.item.as(ExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression
    }

    /// The closure's top-level statements that are expressions.
    static func statementExpressions(of closure: ClosureExprSyntax) -> [ExprSyntax] {
        closure.statements.eachElement.compactMap(expression(of:))
    }

    /// Whether `expression` calls the free function or type `name`: `Task { … }`, `Task(priority: .low) { … }`.
    static func isCall(_ expression: ExprSyntax, to name: String) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return false }
        return reference.baseName.plainText == name
    }

    /// The expression followed by its receivers, outermost first: `a!.b().c` → `a!.b().c`, `a!.b()`,
    /// `a!.b`, `a!`, `a`. Stops at anything that is not a member access, call or unwrap.
    static func receiverChain(_ expression: ExprSyntax) -> [ExprSyntax] {
        var chain: [ExprSyntax] = []
        var current: ExprSyntax? = expression
        while let expression = current {
            chain.append(expression)
            if let call = expression.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let member = expression.as(MemberAccessExprSyntax.self) {
                current = member.base
            } else if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
                current = unwrap.expression
            } else if let chaining = expression.as(OptionalChainingExprSyntax.self) {
                current = chaining.expression
            } else {
                current = nil
            }
        }
        return chain
    }

    /// `selection`, `self.selection` or `model.selected`: a stored value, not something computed by a call.
    static func isValuePath(_ expression: ExprSyntax) -> Bool {
        if expression.is(DeclReferenceExprSyntax.self) { return true }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
        return base.is(DeclReferenceExprSyntax.self) || isValuePath(base)
    }

    /// A key path argument's text without spaces, for comparing with `\.self` or `\.offset`.
    static func keyPathText(_ call: FunctionCallExprSyntax, labeled label: String) -> String? {
        guard let keyPath = argument(call, labeled: label)?.expression.as(KeyPathExprSyntax.self) else { return nil }
        return keyPath.trimmedText.filter { !$0.isWhitespace }
    }
}
