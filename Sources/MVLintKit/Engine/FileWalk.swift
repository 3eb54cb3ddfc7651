internal import SwiftSyntax

/// A finding reported while walking a file, before the project-wide filters (suppressions, view check).
public struct CandidateFinding: Sendable {
    public var rule: String
    public var utf8Offset: Int
    public var message: String
    public var fix: Fix?
    /// The innermost enclosing type, for rules that count only inside views.
    public var enclosingType: String?
}

/// The state of the walk that rules can ask about: where we are, what the target allows, and `report`.
///
/// It is read and changed at every node the walk visits, and only by the walking thread, one call at a time: its
/// stored properties are not checked for overlapping access at run time (`@exclusivity(unchecked)`, with
/// `FileWalker`'s), which cost about 2 % of a cold run's instructions. The compiler still checks what it can see.
final class FileWalk {
    public let path: String
    public let source: SourceText
    public let settings: TargetSettings
    @exclusivity(unchecked) public internal(set) var typeStack: [TypeScope] = []
    @exclusivity(unchecked) public internal(set) var scopes: [CodeScope] = []
    @exclusivity(unchecked) var availability: [(owner: SyntaxIdentifier, constraint: AvailabilityConstraint)] = []
    @exclusivity(unchecked) var candidates: [CandidateFinding] = []

    init(path: String, source: SourceText, settings: TargetSettings) {
        self.path = path
        self.source = source
        self.settings = settings
    }

    public var enclosingType: TypeScope? { typeStack.last }

    /// What `mentions` found, by the word's address: a file asks about a handful of words.
    @exclusivity(unchecked) private var mentionAnswers: [(word: UnsafeRawPointer, found: Bool)] = []

    /// True when the file's text spells `word` anywhere (in code, comments or strings). Readings that look for a
    /// rare name on every call ask this first: no token can carry a name its file's text does not contain, and one
    /// search of the text costs less than dissecting each call of the file.
    func mentions(_ word: StaticString) -> Bool {
        // A one-character literal has no address to remember it by; such a search is short anyway.
        guard word.hasPointerRepresentation else { return source.contains(word) }
        let key = UnsafeRawPointer(word.utf8Start)
        for answer in mentionAnswers where answer.word == key { return answer.found }
        let found = source.contains(word)
        mentionAnswers.append((key, found))
        return found
    }

    /// Inside a `#Preview { … }` or a type conforming to `PreviewProvider`: code only Xcode's canvas runs, often kept
    /// on older APIs. The enclosing types' conformances are the walk's own (`typeStack`); only the macro is climbed to.
    func isInPreview(_ node: some SyntaxProtocol) -> Bool {
        // Both spell it: a file that never does has no preview.
        guard mentions("Preview") else { return false }
        if typeStack.contains(where: { $0.inherited.contains("PreviewProvider") }) { return true }
        var current = node.parent
        while let ancestor = current {
            if let macro = ancestor.as(MacroExpansionDeclSyntax.self), macro.macroName.hasText("Preview") { return true }
            if let macro = ancestor.as(MacroExpansionExprSyntax.self), macro.macroName.hasText("Preview") { return true }
            current = ancestor.parent
        }
        return false
    }

    /// True while the code runs as part of building a view's body, not in an event handler or plain method.
    public var isBuildingView: Bool {
        enclosingCodeScopeIs { if case .viewBuilding = $0 { true } else { false } }
    }

    /// True inside a `body` property (not a helper), outside event handlers: the view's own layout.
    var isInBody: Bool {
        enclosingCodeScopeIs { if case .viewBuilding(_, let isBody) = $0 { isBody } else { false } }
    }

    public var isInsideInitializer: Bool {
        enclosingCodeScopeIs { if case .initializer = $0 { true } else { false } }
    }

    /// The innermost scope that is not a plain closure.
    public var enclosingCodeScope: CodeScope? {
        for scope in scopes.reversed() {
            if case .closure = scope { continue }
            return scope
        }
        return nil
    }

    /// `question` asked of the innermost scope that is not a plain closure; false when there is none. Scopes are told
    /// by their case: comparing each with `==` copied it, names and all, on the way.
    private func enclosingCodeScopeIs(_ question: (CodeScope) -> Bool) -> Bool {
        for scope in scopes.reversed() {
            if case .closure = scope { continue }
            return question(scope)
        }
        return false
    }

    /// Reports at the node's first token; `fix` carries edits on this file's text (see `Fix/`).
    public func report(_ rule: String, at node: some SyntaxProtocol, _ message: String, fix: Fix? = nil) {
        report(rule, atOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset, message, fix: fix)
    }

    public func report(_ rule: String, atOffset offset: Int, _ message: String, fix: Fix? = nil) {
        candidates.append(CandidateFinding(rule: rule, utf8Offset: offset, message: message, fix: fix,
                                           enclosingType: typeStack.last?.qualifiedName))
    }

    // MARK: Availability

    /// Whether an API introduced at `required` can be used here: every platform the target declares is at or
    /// above it (after `#available`/`@available` narrowing), and we are not in an `else` fallback for older systems.
    public func canUse(introducedIn required: [Platform: Version]) -> Bool {
        for (platform, version) in required {
            if availability.contains(where: { $0.constraint.platform == platform && $0.constraint.isBelow && $0.constraint.version <= version }) {
                return false
            }
        }
        for (platform, deployment) in settings.deploymentTargets {
            guard let version = required[platform] else { continue }
            if max(deployment, raisedMinimum(for: platform) ?? deployment) < version { return false }
        }
        return true
    }

    /// Whether this code may run on `platform` below `version`. Unknown targets count as "may".
    public func mayRunBelow(_ platform: Platform, _ version: Version) -> Bool {
        if let raised = raisedMinimum(for: platform), raised >= version { return false }
        if settings.deploymentTargets.isEmpty { return true }
        guard let deployment = settings.deploymentTargets[platform] else { return false }
        return deployment < version
    }

    /// True only when the target's tools version is known and older than `version`: unknown means current.
    public func toolsVersionIsKnownBelow(_ version: Version) -> Bool {
        settings.swiftToolsVersion.map { $0 < version } ?? false
    }

    private func raisedMinimum(for platform: Platform) -> Version? {
        availability.filter { $0.constraint.platform == platform && !$0.constraint.isBelow }.map(\.constraint.version).max()
    }
}

/// One platform condition from `#available`, `#unavailable` or `@available`.
struct AvailabilityConstraint {
    var platform: Platform
    var version: Version
    /// True in code that runs only below `version` (an `else` of `#available`, `@available(…, deprecated:)`).
    var isBelow: Bool
}
