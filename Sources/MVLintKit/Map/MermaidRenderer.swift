/// Renders the map as a Mermaid flowchart that GitHub shows as-is: ids are pre-escaped identifiers, every
/// label is quoted and its special characters written as Mermaid entity codes.
enum MermaidRenderer {
    /// Mermaid's default `maxEdges` and `maxTextSize`, which GitHub keeps: past either it draws an error instead.
    static let maximumEdges = 500
    static let maximumCharacters = 50_000

    /// Why Mermaid would refuse to draw this output, if it would.
    static func sizeProblem(_ map: ArchitectureMap, rendered: String) -> String? {
        guard map.edges.count > maximumEdges || rendered.utf8.count > maximumCharacters else { return nil }
        return "the map has \(map.edges.count) relations in \(rendered.utf8.count) characters, more than Mermaid draws "
            + "(\(maximumEdges) relations, \(maximumCharacters) characters); narrow it with --collapse or --focus, or use --format dot"
    }

    static func render(_ map: ArchitectureMap) -> String {
        var lines = ["flowchart LR"]
        if let grouping = map.grouping { lines.append("    %% " + escape(grouping.note)) }
        if map.nodes.isEmpty {
            // An empty flowchart does not render; say why the picture is empty instead.
            lines.append("    empty[\"\(MapStyle.emptyMapText)\"]")
        }
        for node in map.nodes {
            let label = quoted(MapStyle.labelLines(of: node))
            let shaped: String
            switch MapStyle.look(of: node).shape {
            case .box: shaped = "[\(label)]"
            case .rounded: shaped = "(\(label))"
            case .cylinder: shaped = "[(\(label))]"
            case .hexagon: shaped = "{{\(label)}}"
            case .folder: shaped = "[[\(label)]]"
            }
            lines.append("    \(node.id)\(shaped)")
        }
        var violations: [Int] = []
        for (index, edge) in map.edges.enumerated() {
            let arrow: String
            if edge.isViolation {
                arrow = "-.->"
                violations.append(index)
            } else {
                arrow = edge.kind == .owns ? "==>" : "-->"
            }
            lines.append("    \(edge.from) \(arrow)|\(quoted(MapStyle.labelLines(of: edge)))| \(edge.to)")
        }
        var classes: [(name: String, look: MapStyle.Look, ids: [String])] = []
        for node in map.nodes {
            let look = MapStyle.look(of: node)
            if let index = classes.firstIndex(where: { $0.name == look.className }) {
                classes[index].ids.append(node.id)
            } else {
                classes.append((look.className, look, [node.id]))
            }
        }
        for entry in classes {
            lines.append("    classDef \(entry.name) fill:\(entry.look.fill),stroke:\(entry.look.stroke),color:#111827")
            lines.append("    class \(entry.ids.joined(separator: ",")) \(entry.name)")
        }
        if !violations.isEmpty {
            let indices = violations.map(String.init).joined(separator: ",")
            lines.append("    linkStyle \(indices) stroke:\(MapStyle.violationColor),stroke-width:2px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A quoted label whose lines are joined with `<br/>`.
    static func quoted(_ lines: [String]) -> String {
        "\"" + lines.map(escape).joined(separator: "<br/>") + "\""
    }

    /// Characters that end a quoted label, start an entity, an HTML tag or a Markdown string, or split an edge
    /// label, as numeric entity codes; line breaks and other control characters as spaces.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "#", "&", "<", ">", "`", "|", "\\": result += "#\(scalar.value);"
            default: result += scalar.value < 0x20 || scalar.value == 0x7F ? " " : String(scalar)
            }
        }
        return result
    }
}
