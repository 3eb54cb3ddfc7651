internal import SwiftSyntax

#if compiler(>=6.2)
/// Rule types are listed in static registries read from any thread; their metatypes must be Sendable.
public protocol RuleMetatype: SendableMetatype {}
#else
public protocol RuleMetatype {}
#endif

/// A rule that checks syntax while the single walk over a file passes by.
///
/// One instance serves one file, so a rule may keep state between callbacks and decide in `finish`.
/// Every callback has an empty default: a rule implements only the node kinds it looks at. Rules never
/// walk subtrees themselves beyond looking at a node's immediate structure; the walker visits everything once.
protocol SyntaxRule: AnyObject, RuleMetatype {
    static var description: RuleDescription { get }
    init(options: RuleOptions)

    /// A call, read once for every rule (`CallShape`).
    func visit(_ call: CallShape, in file: FileWalk)
    func visit(_ node: VariableDeclSyntax, in file: FileWalk)
    func visit(_ node: ClosureExprSyntax, in file: FileWalk)
    func visit(_ node: FunctionDeclSyntax, in file: FileWalk)
    func visit(_ node: InitializerDeclSyntax, in file: FileWalk)
    func visit(_ node: IfExprSyntax, in file: FileWalk)
    func visit(_ node: SwitchExprSyntax, in file: FileWalk)
    /// A struct, class, enum, actor, protocol or extension declaration.
    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk)
    /// Called when the type declaration passed to `visitType` has been walked.
    func leaveType(_ node: DeclSyntax, in file: FileWalk)
    func finish(_ file: FileWalk)
}

extension SyntaxRule {
    func visit(_ call: CallShape, in file: FileWalk) {}
    func visit(_ node: VariableDeclSyntax, in file: FileWalk) {}
    func visit(_ node: ClosureExprSyntax, in file: FileWalk) {}
    func visit(_ node: FunctionDeclSyntax, in file: FileWalk) {}
    func visit(_ node: InitializerDeclSyntax, in file: FileWalk) {}
    func visit(_ node: IfExprSyntax, in file: FileWalk) {}
    func visit(_ node: SwitchExprSyntax, in file: FileWalk) {}
    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {}
    func leaveType(_ node: DeclSyntax, in file: FileWalk) {}
    func finish(_ file: FileWalk) {}

    var id: String { Self.description.id }
}

/// A rule that needs the whole project. It runs after every file was walked, in two steps: `gather` reads the project
/// once for what judging any file needs (tables keyed by a type or a name), then `judge` decides about one file — the
/// types it declares or extends, its code — and reports findings in that file only. Judging file by file is what lets
/// a run in which few files changed judge again only the files whose inputs changed (docs/INCREMENTAL.md).
public protocol ProjectRule: RuleMetatype {
    static var description: RuleDescription { get }
    /// What every file's judgement shares; `Void` for a rule that needs only the project.
    associatedtype Gathered: Sendable = Void
    static func gather(_ project: ProjectContext, options: RuleOptions) -> Gathered
    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Gathered, options: RuleOptions,
                      report: inout [ProjectFinding])
}

extension ProjectRule where Gathered == Void {
    public static func gather(_ project: ProjectContext, options: RuleOptions) {}
}

/// A finding from a project rule, located by file path and position. A fix's edits use the UTF-8 offsets
/// the facts carry (`SourcePosition.utf8Offset`, `PropertyFact.layout`…).
public struct ProjectFinding: Sendable {
    public var path: String
    public var position: SourcePosition
    public var message: String
    public var fix: Fix?

    public init(path: String, position: SourcePosition, message: String, fix: Fix? = nil) {
        self.path = path
        self.position = position
        self.message = message
        self.fix = fix
    }
}

/// A rule's numeric thresholds, after the config file had its say.
public struct RuleOptions: Sendable {
    var values: [String: Int]
    let defaults: [RuleOption]

    public init(defaults: [RuleOption], overrides: [String: Int] = [:]) {
        self.defaults = defaults
        var values: [String: Int] = [:]
        for option in defaults { values[option.key] = overrides[option.key] ?? option.defaultValue }
        self.values = values
    }

    public subscript(_ key: String) -> Int {
        guard let value = values[key] else { preconditionFailure("rule option \(key) is not declared in the rule's description") }
        return value
    }
}

/// What the walker knows about the type it is inside.
public struct TypeScope {
    public var name: String
    public var qualifiedName: String
    public var kind: TypeKind
    public var inherited: [String]
    /// Conforms to `View` in its own inheritance clause (the index may know more, from other files).
    public var declaresView: Bool
}

/// The kind of code the walker is in: it decides, e.g., whether a `filter` runs while SwiftUI builds a view.
public enum CodeScope: Equatable {
    /// `var body`, a computed `some View` property, a `@ViewBuilder` or `some View` function.
    case viewBuilding(name: String, isBody: Bool)
    /// A closure run in response to an event (`Button` action, `.onAppear`, `.task`, `Task { }`).
    case action(name: String)
    case initializer
    case function(name: String)
    /// Any other closure: it runs wherever its surroundings run.
    case closure
}
