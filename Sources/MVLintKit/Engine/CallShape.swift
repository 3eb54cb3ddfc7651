internal import SwiftSyntax

/// A call as the walk reads it once, for every reading and rule that asks: its callee and the member or name it
/// calls. Each of them asking the node again made the same nodes again (`calledExpression`, its member, the
/// member's name: a few hundred instructions each), a dozen times for every call of every file.
struct CallShape {
    let node: FunctionCallExprSyntax
    /// The node's `calledExpression`.
    let callee: ExprSyntax
    /// The member called: `base.name(…)`, `.name(…)`.
    let member: MemberAccessExprSyntax?
    /// The declaration called by name: `Name(…)`, `name(…)`.
    let reference: DeclReferenceExprSyntax?
    /// The called name as `SyntaxText.calledName` reads it: the member's or the reference's, or the specialised
    /// type's (`Task<Void, Never>(…)`).
    let name: TokenSyntax?

    init(_ node: FunctionCallExprSyntax) {
        self.node = node
        callee = node.calledExpression
        member = callee.as(MemberAccessExprSyntax.self)
        reference = member == nil ? callee.as(DeclReferenceExprSyntax.self) : nil
        if let member {
            name = member.declName.baseName
        } else if let reference {
            name = reference.baseName
        } else if let generic = callee.as(GenericSpecializationExprSyntax.self) {
            name = SyntaxText.typeReferenceToken(generic.expression)
        } else {
            name = nil
        }
    }

    /// The name token of the type the call constructs, as `SyntaxText.typeReferenceToken` reads the callee.
    var typeReferenceToken: TokenSyntax? {
        if let reference { return reference.baseName }
        if member != nil, !(name?.isIdentifier("init") ?? false) { return nil }
        return SyntaxText.typeReferenceToken(callee)
    }
}
