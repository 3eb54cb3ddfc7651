internal import SwiftSyntax

/// Readings for `viewmodel-loads-in-init`'s sites: which awaited calls in a `Task` started by an initializer are
/// work, and which calls make a method start asynchronous work. Judged by behaviour, not by a `load…` name.
enum InitializerWorkReading {
    /// Awaits that are not work: waiting, hopping to the main actor, and calls that configure something or start
    /// watching for later events (`setRoom`, `startMonitoring`, `observeChanges`), which is what a stream
    /// subscription in `init` is for (`handleCameraFrames()` consumes a stream for the object's life).
    private static let nonWorkNames: Set<String> = ["sleep", "yield", "run", "value", "result"]
    private static let settingUpVerbs: Set<String> = [
        "set", "configure", "register", "start", "observe", "subscribe", "listen", "monitor", "watch", "bind", "setup", "handle",
    ]

    /// `await service.features()`, `try await URLSession.shared.data(from:)`, `await checkPermissions()` in a `Task`
    /// started by an initializer: a call the task waits for that does work, outside a `for await` loop (which
    /// reacts to later changes rather than loading now). Returns the `Task`'s closure, so one task is reported once.
    static func awaitedWork(_ call: FunctionCallExprSyntax) -> (name: String, task: ClosureExprSyntax)? {
        guard let name = SyntaxText.calledName(call), !nonWorkNames.contains(name),
              !TaskWork.startsWithVerb(name, settingUpVerbs), SyntaxText.isAwaited(call) else { return nil }
        var current = Syntax(call)
        while let parent = current.parent {
            if let loop = parent.as(ForStmtSyntax.self), loop.awaitKeyword != nil { return nil }
            if let closure = parent.as(ClosureExprSyntax.self) { return (name, closure) }
            current = parent
        }
        return nil
    }

    /// What about a call inside a method makes the method start asynchronous work: a `Task`, work dispatched to a
    /// queue, a network API, a Combine pipeline that starts with a load, or asking another object to load (`commentService.fetchComments(record:)`, whose
    /// result arrives later). Reading a value (`store.load()` assigned, `WatchComplication.all()`) is not.
    /// Only the method's own statements count: a `Task` in a completion handler belongs to that handler's event.
    static func asyncWork(startedBy call: FunctionCallExprSyntax) -> String? {
        // The climb to the declaration costs more than reading the call, and few calls start work.
        guard let how = asyncWorkOfCall(call), !SyntaxText.isInside(ClosureExprSyntax.self, withinDeclarationOf: call) else { return nil }
        return how
    }

    private static func asyncWorkOfCall(_ call: FunctionCallExprSyntax) -> String? {
        if SyntaxText.startsTask(call) { return "starts a `Task`" }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let name = member.declName.baseName.identifierName
        // `service.fetchFilters().receive(on: …).sink { … }`: the results arrive later, through the pipeline.
        if name == "sink", let source = pipelineSource(base) { return "subscribes to `\(source)`" }
        guard let root = rootToken(of: base) else { return nil }
        // Every network name is capitalised; most roots are a lowercase property or local, told by their first byte
        // without making the name.
        if root.mayBeCapitalized, case let rootName = root.identifierName, SyntaxText.isCapitalized(rootName),
           ExternalAPI.networkNames.contains(rootName) {
            return "uses `\(rootName)`"
        }
        // `DispatchQueue.main.async` only hops to the main thread to publish.
        if name == "async" || name == "asyncAfter", root.isIdentifier("DispatchQueue"), !base.trimmedText.hasSuffix(".main") {
            return "dispatches work to a queue"
        }
        // The verb first: few calls load, and it rules out most before the root is named and the app services asked.
        guard TaskWork.startsWithVerb(name, loadingVerbs), case let rootName = root.identifierName, rootName != "self",
              !ExternalAPI.appServices.contains(rootName), isStatement(call) || call.trailingClosure != nil else { return nil }
        return "asks `\(rootName)` to \(name)"
    }

    /// `playSource.fetchFilters` at the start of `playSource.fetchFilters(f).replaceError(with: []).receive(on: .main)`,
    /// when the pipeline starts with a loading call.
    private static func pipelineSource(_ expression: ExprSyntax) -> String? {
        var current = expression
        var source: String?
        while let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base {
            if TaskWork.startsWithVerb(member.declName.baseName.identifierName, loadingVerbs) {
                source = base.trimmedText + "." + member.declName.baseName.identifierName + "()"
            }
            current = base
        }
        return source
    }

    private static let loadingVerbs: Set<String> = ["load", "fetch", "reload", "refresh", "download", "sync"]

    /// `commentService` in `commentService.fetch`, `self.api.client` → `api`, `URLSession.shared` → `URLSession`,
    /// `self` alone → `self`.
    private static func rootToken(of expression: ExprSyntax) -> TokenSyntax? {
        var current = SyntaxText.withoutOptionalMarks(expression)
        // The member next to the root, named only if the root is `self`: a chain's other members are never read.
        var firstMember: TokenSyntax?
        while true {
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                firstMember = member.declName.baseName
                current = SyntaxText.withoutOptionalMarks(base)
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else {
                break
            }
        }
        guard let reference = current.as(DeclReferenceExprSyntax.self) else { return nil }
        if reference.baseName.isSelfKeyword { return firstMember ?? reference.baseName }
        return reference.baseName
    }

    /// The call, with any `try`/`await`, is a statement of its own: its result is not used now.
    private static func isStatement(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call)
        while let parent = current.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { current = parent }
        return current.parent?.is(CodeBlockItemSyntax.self) ?? false
    }
}
