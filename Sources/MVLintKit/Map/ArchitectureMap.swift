/// The architecture as a graph, for `mvlint map`: types with their roles as nodes, relations as edges,
/// and the edges a lint finding says break an architecture rule marked as violations.
///
/// Views, models, view models, services and screen states are always shown. Values, formatters and other
/// types appear only when an edge touches them (an `App` that injects a model): every struct in a project
/// would bury the architecture. Relations to types the linted code does not declare are left out, as they
/// have no role.
public struct ArchitectureMap: Sendable {
    public struct Node: Sendable, Equatable {
        /// Safe in Mermaid and DOT and unique in the map: `n_` plus the escaped name (`g_` for groups).
        public var id: String
        public var name: String
        /// Nil for a group made by `collapsed`.
        public var role: Role?
        public var file: String
        /// 0 for a group.
        public var line: Int
        /// How many types the node stands for (more than one only for groups).
        public var members: Int = 1

        /// The role's name, `group` for a group.
        public var roleName: String { role?.rawValue ?? "group" }
    }

    public struct Edge: Sendable, Equatable {
        public var from: String
        public var to: String
        public var kind: Relation.Kind
        /// How the relation is written (`@State`, `.environment`, `load()`); empty for a collapsed edge.
        public var via: String
        public var file: String
        public var line: Int
        /// Rules with a finding on a line that writes this relation.
        public var violatedRules: [String]
        /// How many relations the edge stands for (more than one only after collapsing).
        public var count: Int = 1
        /// For an edge into or out of a group: how many of its relations are of each kind (`kind` is the commonest).
        public var kinds: [Relation.Kind: Int] = [:]

        public var isViolation: Bool { !violatedRules.isEmpty }
    }

    public private(set) var nodes: [Node]
    public private(set) var edges: [Edge]
    /// True once grouped by `collapsed` or `fitted`: renderers then show counts.
    public internal(set) var isCollapsed = false
    /// What grouping left out and how to see it, for the renderers to say; nil when every type is drawn.
    public internal(set) var grouping: Grouping?

    /// Roles shown even without edges.
    static let alwaysShown: Set<Role> = [.container, .presentation, .mixed, .model, .viewModel, .service, .state]

    /// Sorts nodes by name and edges by their ends, so the same project always renders the same way.
    init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        let order = Dictionary(uniqueKeysWithValues: self.nodes.enumerated().map { ($1.id, $0) })
        let kindOrder = Dictionary(uniqueKeysWithValues: Relation.Kind.allCases.enumerated().map { ($1, $0) })
        self.edges = edges.sorted {
            (order[$0.from] ?? 0, order[$0.to] ?? 0, kindOrder[$0.kind] ?? 0, $0.file, $0.line)
                < (order[$1.from] ?? 0, order[$1.to] ?? 0, kindOrder[$1.kind] ?? 0, $1.file, $1.line)
        }
    }

    /// The map of a lint run: its architecture, with the run's findings deciding which edges are violations.
    public init(outcome: Linter.Outcome, policy: ViolationPolicy = .standard) {
        self.init(architecture: outcome.project.architecture, findings: outcome.findings, policy: policy)
    }

    public init(architecture: Architecture, findings: [Finding], policy: ViolationPolicy = .standard) {
        var rulesByLine: [String: [Int: Set<String>]] = [:]
        for finding in findings where policy.judgesEdges(finding) {
            rulesByLine[finding.file, default: [:]][finding.line, default: []].insert(finding.rule)
        }
        let roles = architecture.roles
        var edges: [Edge] = []
        for relation in architecture.relations {
            guard roles[relation.from] != nil, roles[relation.to] != nil else { continue }
            let lines = relation.lines.isEmpty ? [Relation.Line(path: relation.path, line: relation.position.line)] : relation.lines
            let violating = lines.filter { rulesByLine[$0.path]?[$0.line] != nil }
            let rules = violating.reduce(into: Set<String>()) { $0.formUnion(rulesByLine[$1.path]?[$1.line] ?? []) }
            // A violation points at the line the finding is on; otherwise the first line that writes the relation.
            let site = violating.first ?? Relation.Line(path: relation.path, line: relation.position.line)
            edges.append(Edge(from: Self.nodeID(relation.from), to: Self.nodeID(relation.to), kind: relation.kind, via: relation.via,
                              file: site.path, line: site.line, violatedRules: rules.sorted()))
        }
        let touched = Set(edges.flatMap { [$0.from, $0.to] })
        let nodes = roles.values.compactMap { assignment -> Node? in
            let id = Self.nodeID(assignment.id)
            guard Self.alwaysShown.contains(assignment.role) || touched.contains(id) else { return nil }
            return Node(id: id, name: assignment.name, role: assignment.role, file: assignment.path, line: assignment.position.line)
        }
        self.init(nodes: nodes, edges: edges)
    }

    public func node(named name: String) -> Node? { nodes.first { $0.name == name } }

    /// Only the nodes within `depth` edges of `name`, following edges either way; nil when no node has that name.
    public func focused(on name: String, depth: Int) -> ArchitectureMap? {
        guard let start = node(named: name) else { return nil }
        var neighbours: [String: Set<String>] = [:]
        for edge in edges {
            neighbours[edge.from, default: []].insert(edge.to)
            neighbours[edge.to, default: []].insert(edge.from)
        }
        var kept: Set<String> = [start.id]
        var frontier: Set<String> = [start.id]
        for _ in 0..<max(0, depth) where !frontier.isEmpty {
            frontier = Set(frontier.flatMap { neighbours[$0] ?? [] }).subtracting(kept)
            kept.formUnion(frontier)
        }
        var map = ArchitectureMap(nodes: nodes.filter { kept.contains($0.id) },
                                  edges: edges.filter { kept.contains($0.from) && kept.contains($0.to) })
        map.isCollapsed = isCollapsed
        map.grouping = grouping
        return map
    }

    /// One node per SwiftPM or Xcode target, or per folder when the code is not split into several targets
    /// (and for files no target claims); edges between groups are merged per kind and counted, edges inside
    /// a group dropped. `targetOf` gives the target of a file path (empty or nil when unknown).
    public func collapsed(targetOf: (String) -> String?) -> ArchitectureMap {
        let targets = nodes.map { targetOf($0.file) ?? "" }
        let byTarget = Set(targets.filter { !$0.isEmpty }).count > 1
        // Folders are named from the parent of the deepest folder they all share (`App/Views`, not `Sources/App/Views`).
        let folders = nodes.map { Self.folder(of: $0.file) }
        let shared = Self.folder(of: folders.dropFirst().reduce(folders.first ?? ".", Self.commonFolder))
        let prefix = shared == "." ? "" : shared + "/"
        let groupOf = nodes.indices.map { position in
            byTarget && !targets[position].isEmpty ? targets[position] : String(folders[position].dropFirst(prefix.count))
        }
        return grouped(by: { [groupOf[$0]] }, names: { $0.first ?? "" }, reason: .asked)
    }

    // MARK: Identifiers

    static func nodeID(_ name: String) -> String { "n_" + safeIdentifier(name) }
    static func groupID(_ name: String) -> String { "g_" + safeIdentifier(name) }

    /// ASCII letters and digits kept, `_` doubled, anything else as `_<hex>_`: safe as a Mermaid or DOT id
    /// and one-to-one, so two different names never share an id.
    static func safeIdentifier(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9": result.unicodeScalars.append(scalar)
            case "_": result += "__"
            default: result += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return result
    }

    static func folder(of path: String) -> String {
        // Searched in UTF-8, as `/` is one byte: the report asks this for every type of every picture.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return String(path[..<slash])
    }

    /// The deepest folder both paths are in (`.` when none).
    static func commonFolder(_ lhs: String, _ rhs: String) -> String {
        let common = zip(lhs.split(separator: "/", omittingEmptySubsequences: false),
                         rhs.split(separator: "/", omittingEmptySubsequences: false)).prefix { $0 == $1 }.map { String($0.0) }
        return common.isEmpty ? "." : common.joined(separator: "/")
    }
}

/// Which findings make an edge a violation: warnings and errors of architecture and observation rules,
/// and of the listed rules wherever they are filed. Rules about how an API is spelled rather than who may
/// depend on whom are ignored.
public struct ViolationPolicy: Sendable {
    public var families: Set<RuleFamily>
    /// Rules judged by id: rules filed elsewhere, and rules being written that the registry may not know yet.
    public var ruleIDs: Set<String>
    public var ignoredRuleIDs: Set<String>
    public var minimumSeverity: Severity

    public init(families: Set<RuleFamily>, ruleIDs: Set<String>, ignoredRuleIDs: Set<String> = [], minimumSeverity: Severity = .warning) {
        self.families = families
        self.ruleIDs = ruleIDs
        self.ignoredRuleIDs = ignoredRuleIDs
        self.minimumSeverity = minimumSeverity
    }

    public static let standard = ViolationPolicy(
        families: [.architecture, .observation],
        ruleIDs: ["presentation-holds-model", "presentation-embeds-container", "container-calls-service", "layer-dependency",
                  "viewmodel-in-mv"],
        // Flags `@StateObject`/`@ObservedObject` as the older spelling of the same dependency.
        ignoredRuleIDs: ["prefer-observation"])

    public func judgesEdges(_ finding: Finding) -> Bool {
        guard finding.severity >= minimumSeverity, !ignoredRuleIDs.contains(finding.rule) else { return false }
        if ruleIDs.contains(finding.rule) { return true }
        return RuleRegistry.description(of: finding.rule).map { families.contains($0.family) } ?? false
    }
}
