/// The output formats of `mvlint map`.
public enum MapFormat: String, Sendable, CaseIterable {
    /// A Mermaid flowchart, rendered by GitHub inside a ```mermaid block.
    case mermaid
    /// Graphviz: `mvlint map --format dot | dot -Tsvg > map.svg`.
    case dot
    case json
    /// A standalone SVG picture drawn by mvlint itself (the one the HTML report shows).
    case svg

    public func render(_ map: ArchitectureMap) -> String {
        switch self {
        case .mermaid: return MermaidRenderer.render(map)
        case .dot: return DotRenderer.render(map)
        case .json: return MapJSONRenderer.render(map)
        case .svg: return SVGRenderer.render(map)
        }
    }
}

/// What the picture looks like, shared by the Mermaid, DOT and SVG renderers so all draw a role the same way.
enum MapStyle {
    enum Shape { case box, rounded, cylinder, hexagon, folder }

    struct Look {
        /// The Mermaid class name (an identifier, so `viewModel` rather than `view-model`).
        var className: String
        var shape: Shape
        var fill: String
        var stroke: String
    }

    static func look(of node: ArchitectureMap.Node) -> Look {
        guard let role = node.role else { return Look(className: "group", shape: .folder, fill: "#f3f4f6", stroke: "#4b5563") }
        switch role {
        case .container: return Look(className: "container", shape: .box, fill: "#dbeafe", stroke: "#1d4ed8")
        case .presentation: return Look(className: "presentation", shape: .box, fill: "#dcfce7", stroke: "#15803d")
        case .mixed: return Look(className: "mixed", shape: .box, fill: "#fef3c7", stroke: "#b45309")
        case .model: return Look(className: "model", shape: .rounded, fill: "#ede9fe", stroke: "#6d28d9")
        case .viewModel: return Look(className: "viewModel", shape: .rounded, fill: "#fce7f3", stroke: "#be185d")
        case .service: return Look(className: "service", shape: .cylinder, fill: "#e5e7eb", stroke: "#374151")
        case .state: return Look(className: "state", shape: .hexagon, fill: "#cffafe", stroke: "#0e7490")
        case .formatter, .value, .other: return Look(className: role.rawValue, shape: .box, fill: "#f9fafb", stroke: "#9ca3af")
        }
    }

    static let violationColor = "#dc2626"

    /// Drawn instead of an empty picture.
    static let emptyMapText = "no views, models or services to map"

    /// The lines of a node's label: its name, then its role or, for a group, how many types it holds.
    static func labelLines(of node: ArchitectureMap.Node) -> [String] {
        [node.name, node.role?.rawValue ?? "\(node.members) type\(node.members == 1 ? "" : "s")"]
    }

    /// The lines of an edge's label: kind and how (`observes @Environment`, `shows ×3`), then the rules it breaks.
    static func labelLines(of edge: ArchitectureMap.Edge) -> [String] {
        var first: String
        if edge.kinds.count > 1 {
            first = describe(edge.kinds)
        } else {
            first = edge.kind.rawValue
            if !edge.via.isEmpty { first += " " + edge.via }
            if edge.count > 1 { first += " ×\(edge.count)" }
        }
        return edge.isViolation ? [first, "violates " + edge.violatedRules.joined(separator: ", ")] : [first]
    }

    /// Counts of relations by kind, commonest first: `observes ×12, shows ×3, calls`.
    static func describe(_ kinds: [Relation.Kind: Int]) -> String {
        Relation.Kind.allCases.filter { (kinds[$0] ?? 0) > 0 }
            .sorted { (kinds[$0] ?? 0, $1.ordinal) > (kinds[$1] ?? 0, $0.ordinal) }
            .map { kind in (kinds[kind] ?? 0) > 1 ? "\(kind.rawValue) ×\(kinds[kind] ?? 0)" : kind.rawValue }
            .joined(separator: ", ")
    }
}
