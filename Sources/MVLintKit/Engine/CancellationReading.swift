internal import SwiftSyntax

/// Readings for `cancellation-not-handled`'s facts: what cancels the code around a node, and which catch-alls
/// store an error in state. They look up a node's ancestors (a few per awaited call) and through one catch
/// clause's statements; the walker still passes every node once.
enum CancellationReading {
    /// What cancels the code at `node`: the nearest `.task`/`.refreshable`, stored `Task { }` or `async`
    /// function around it. Nil when nothing does: an unstructured `Task { }` nobody keeps, synchronous code.
    /// Closures that run as part of the code around them (`withTaskGroup`, `addTask`, `MainActor.run`) are
    /// looked through.
    static func source(of node: some SyntaxProtocol) -> CancellationSource? {
        var current = Syntax(node)
        while let parent = current.parent {
            if let closure = parent.as(ClosureExprSyntax.self), let call = ownerCall(of: closure) {
                if let modifier = call.calledExpression.as(MemberAccessExprSyntax.self),
                   ["task", "refreshable"].contains(modifier.declName.baseName.plainText) {
                    return SyntaxText.argument(call, labeled: "id") == nil ? .viewTask : .restartingViewTask
                }
                if SyntaxText.startsTask(call) { return storedName(of: call).map { .storedTask(name: $0) } }
            } else if let function = parent.as(FunctionDeclSyntax.self) {
                guard function.signature.effectSpecifiers?.asyncSpecifier != nil else { return nil }
                return .function(name: function.name.identifierName)
            } else if parent.is(DeclSyntax.self) && !parent.is(VariableDeclSyntax.self) {
                return nil
            }
            current = parent
        }
        return nil
    }

    /// `Screen` for `Screen(…)` written as a page of a `TabView { … }` (modifiers after it allowed).
    static func tabPage(_ call: FunctionCallExprSyntax) -> String? {
        guard let name = SyntaxText.calleeName(ExprSyntax(call)), SyntaxText.isCapitalized(name) else { return nil }
        var current = Syntax(call)
        while let parent = current.parent, parent.is(MemberAccessExprSyntax.self) || parent.as(FunctionCallExprSyntax.self)?.calledExpression.id == current.id {
            current = parent
        }
        guard let closure = current.parent?.parent?.parent?.as(ClosureExprSyntax.self), current.parent?.is(CodeBlockItemSyntax.self) == true,
              let owner = ownerCall(of: closure) else { return nil }
        return ["TabView", "Tab"].contains(SyntaxText.calledName(owner) ?? "") ? name : nil
    }

    private static let pushingCalls = TokenNameSet(["NavigationLink", "navigationDestination"])

    /// `NavigationLink(…)`, `.navigationDestination(…)`: the view pushes a screen that covers it.
    static func pushes(_ call: CallShape) -> Bool {
        call.name.map(pushingCalls.contains) ?? false
    }

    /// `load` and its receiver in `await model.load()`, `try await load(page: 1)`, `await self.store.fetch()`.
    static func awaitedCall(_ node: AwaitExprSyntax) -> (name: String, receiver: CallReceiver)? {
        var expression = node.expression
        if let attempt = expression.as(TryExprSyntax.self) { expression = attempt.expression }
        guard let call = expression.as(FunctionCallExprSyntax.self), let name = SyntaxText.calledName(call) else { return nil }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return (name, .implicitSelf) }
        guard let base = member.base.map(SyntaxText.withoutOptionalMarks) else { return (name, .unknown) }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            if reference.baseName.isSelfKeyword { return (name, .implicitSelf) }
            let text = reference.baseName.identifierName
            return (name, SyntaxText.isCapitalized(text) ? .type(text) : .property(text))
        }
        if let inner = base.as(MemberAccessExprSyntax.self), let root = inner.base?.as(DeclReferenceExprSyntax.self) {
            if root.baseName.isSelfKeyword { return (name, .property(inner.declName.baseName.identifierName)) }
            if SyntaxText.isCapitalized(root.baseName.identifierName) { return (name, .type(root.baseName.identifierName)) }
        }
        return (name, .unknown)
    }

    /// `searchTask` for `searchTask?.cancel()`, `self.searchTask.cancel()`, `task.cancel()`. Not in `deinit`: a cancel
    /// there comes with the object's end, and nothing is left to show the error.
    static func cancelledName(_ shape: CallShape) -> String? {
        // The name first: every call is asked, and few are `cancel`.
        let call = shape.node
        guard let member = shape.member, shape.name?.hasText("cancel") == true,
              call.arguments.isEmpty, call.trailingClosure == nil,
              let base = member.base, !SyntaxText.isInside(DeinitializerDeclSyntax.self, withinDeclarationOf: call) else { return nil }
        return lastName(of: SyntaxText.withoutOptionalMarks(base))
    }

    /// A catch-all after awaited work whose body stores the error, or a failure state, in a property: the
    /// `catch` keyword and the first name of what is written. Nil when the `do` statement handles cancellation
    /// anywhere (`catch is CancellationError`, `Task.isCancelled`, `.cancelled`), or the catch rethrows.
    static func failureCatch(_ statement: DoStmtSyntax) -> (catchKeyword: TokenSyntax, target: String)? {
        // The catch clause first: reading it is cheaper than the statement's every token, which the other two read.
        guard let catchAll = statement.catchClauses.last, let errorName = boundErrorName(catchAll),
              !catchAll.body.statements.eachElement.contains(where: { $0.item.is(ThrowStmtSyntax.self) }),
              statement.body.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.await) }),
              !mentionsCancellation(statement) else { return nil }
        let locals = localNames(around: statement).union(catchAll.body.statements.eachElement.flatMap(declaredNames))
        guard let target = failureTarget(in: catchAll.body.statements, errorName: errorName, locals: locals) else { return nil }
        return (catchAll.catchKeyword, target)
    }

    // MARK: Where the code runs

    /// The call a closure is the trailing closure or an argument of.
    private static func ownerCall(of closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) { return call }
        if let argument = closure.parent?.as(LabeledExprSyntax.self) { return argument.parent?.parent?.as(FunctionCallExprSyntax.self) }
        return closure.parent?.as(MultipleTrailingClosureElementSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self)
    }

    /// `searchTask` when the `Task { }` (after any `.store(in:)`-like chain) is assigned to it or initialises it.
    private static func storedName(of task: FunctionCallExprSyntax) -> String? {
        var current = Syntax(task)
        while let parent = current.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == current.id {
                current = parent
            } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == current.id {
                current = parent
            } else {
                break
            }
        }
        if let initializer = current.parent?.as(InitializerClauseSyntax.self),
           let binding = initializer.parent?.as(PatternBindingSyntax.self) {
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierName
        }
        guard let sequence = current.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements.eachElement)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == current.id else { return nil }
        return lastName(of: elements[0])
    }

    /// `searchTask` for `searchTask`, `self.searchTask`, `model.searchTask`.
    private static func lastName(of expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.identifierName }
        return expression.as(MemberAccessExprSyntax.self)?.declName.baseName.identifierName
    }

    // MARK: What the catch does

    /// Words in an assigned value that say the assignment records a failure.
    private static let failureWords: Set<String> = ["error", "failed", "failure"]
    /// Calls whose trailing closure runs the catch's work a moment later or on the main actor: what they assign
    /// is assigned by the catch.
    private static let deferringCalls: Set<String> = ["withAnimation", "withTransaction", "run", "async", "Task"]

    /// The first name of a property the statements assign the error or a failure state to, looking through
    /// `if`/`else`, `switch` and `withAnimation { }` / `MainActor.run { }` blocks. A bare flag
    /// (`saveFailed = true`) is not judged: such flags mostly belong to user actions nothing cancels.
    private static func failureTarget(in statements: CodeBlockItemListSyntax, errorName: String, locals: Set<String>) -> String? {
        for statement in statements {
            // `guard serial == current else { return }`: the catch first checks the run is still wanted, which is
            // how code that restarts its work drops a cancelled run (`guard let self` checks nothing of the kind).
            if let guardStatement = statement.item.as(GuardStmtSyntax.self), !bindsSelfOnly(guardStatement) { return nil }
            guard var expression = SyntaxText.expression(of: statement) else { continue }
            if let awaited = expression.as(AwaitExprSyntax.self) { expression = awaited.expression }
            if let sequence = expression.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements.eachElement)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let root = rootName(of: elements[0]),
                      !locals.contains(root), mentionsFailure(elements[2], errorName: errorName) else { continue }
                return root
            }
            var blocks: [CodeBlockItemListSyntax] = []
            if let ifExpression = expression.as(IfExprSyntax.self) {
                var branch: IfExprSyntax? = ifExpression
                while let current = branch {
                    blocks.append(current.body.statements)
                    branch = nil
                    if case .ifExpr(let next)? = current.elseBody { branch = next }
                    if case .codeBlock(let block)? = current.elseBody { blocks.append(block.statements) }
                }
            } else if let switchExpression = expression.as(SwitchExprSyntax.self) {
                for case .switchCase(let switchCase) in switchExpression.cases.eachElement { blocks.append(switchCase.statements) }
            } else if let call = expression.as(FunctionCallExprSyntax.self), let name = SyntaxText.calledName(call),
                      deferringCalls.contains(name), let closure = call.trailingClosure {
                blocks.append(closure.statements)
            }
            for block in blocks {
                if let target = failureTarget(in: block, errorName: errorName, locals: locals) { return target }
            }
        }
        return nil
    }

    /// `guard let self else { return }`, `guard let strongSelf = self`.
    private static func bindsSelfOnly(_ statement: GuardStmtSyntax) -> Bool {
        statement.conditions.eachElement.allSatisfy { element in
            guard case .optionalBinding(let binding) = element.condition else { return false }
            let value = binding.initializer?.value.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind
            return value == .keyword(.self) || (binding.initializer == nil && binding.pattern.trimmedText == "self")
        }
    }

    private static func mentionsFailure(_ value: ExprSyntax, errorName: String) -> Bool {
        value.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let text) = token.tokenKind else { return false }
            return text == errorName || failureWords.contains(text)
        }
    }

    /// `name` for `name`, `self.name`, `name.member`, `self.name.member?.other`; nil for subscripts and calls.
    private static func rootName(of target: ExprSyntax) -> String? {
        var current = SyntaxText.withoutOptionalMarks(target)
        var name: String?
        while let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
            name = member.declName.baseName.identifierName
            current = SyntaxText.withoutOptionalMarks(base)
        }
        guard let reference = current.as(DeclReferenceExprSyntax.self) else { return nil }
        return reference.baseName.isSelfKeyword ? name : reference.baseName.identifierName
    }

    /// Locals declared in the statement lists around the `do` statement, up to its function or closure.
    private static func localNames(around statement: DoStmtSyntax) -> Set<String> {
        var names = Set<String>()
        var current = Syntax(statement)
        while let parent = current.parent, !parent.is(ClosureExprSyntax.self), !parent.is(DeclSyntax.self) {
            if let list = parent.as(CodeBlockItemListSyntax.self) { names.formUnion(list.flatMap(declaredNames)) }
            current = parent
        }
        return names
    }

    /// Names a statement declares as local variables (`var succeeded = false`).
    private static func declaredNames(_ item: CodeBlockItemSyntax) -> [String] {
        guard let declaration = item.item.as(VariableDeclSyntax.self) else { return [] }
        return declaration.bindings.eachElement.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText }
    }

    /// Code (not comments) that names cancellation: `CancellationError`, `Task.isCancelled`, `.cancelled`…
    private static func mentionsCancellation(_ statement: DoStmtSyntax) -> Bool {
        statement.tokens(viewMode: .sourceAccurate).contains { token in
            // Lowercasing every token was a hot spot; tokens without the letters in any case are skipped first.
            token.containsInAnyASCIICase(cancelWord) && token.plainText.lowercased().contains("cancel")
        }
    }

    private static let cancelWord = Array("cancel".utf8)

    /// The name a catch-all clause binds the error to (`catch` → `error`, `catch let failure` → `failure`);
    /// nil for clauses that match some errors only (`catch is X`, `catch let e as X`, `where`).
    private static func boundErrorName(_ clause: CatchClauseSyntax) -> String? {
        guard let item = clause.catchItems.first else { return "error" }
        guard clause.catchItems.count == 1, item.whereClause == nil,
              let binding = item.pattern?.as(ValueBindingPatternSyntax.self),
              let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
        return identifier.identifier.plainText
    }
}
