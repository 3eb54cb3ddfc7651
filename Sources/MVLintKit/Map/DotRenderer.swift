/// Renders the map for Graphviz (`dot -Tsvg`).
enum DotRenderer {
    static func render(_ map: ArchitectureMap) -> String {
        var lines = [
            "digraph architecture {",
            "    rankdir=LR;",
            "    node [fontname=\"Helvetica\", fontsize=11, style=filled];",
            "    edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        if let grouping = map.grouping { lines.append("    // " + escape(grouping.note)) }
        for node in map.nodes {
            let look = MapStyle.look(of: node)
            let shape: String
            switch look.shape {
            case .box: shape = "shape=box"
            case .rounded: shape = "shape=box, style=\"rounded,filled\""
            case .cylinder: shape = "shape=cylinder"
            case .hexagon: shape = "shape=hexagon"
            case .folder: shape = "shape=folder"
            }
            lines.append("    \(quoted(node.id)) [label=\(label(MapStyle.labelLines(of: node))), \(shape), "
                         + "fillcolor=\"\(look.fill)\", color=\"\(look.stroke)\"];")
        }
        for edge in map.edges {
            var attributes = ["label=\(label(MapStyle.labelLines(of: edge)))"]
            if edge.isViolation {
                let red = "\"\(MapStyle.violationColor)\""
                attributes += ["style=dashed", "color=\(red)", "fontcolor=\(red)", "penwidth=2"]
            } else if edge.kind == .owns {
                attributes.append("style=bold")
            }
            lines.append("    \(quoted(edge.from)) -> \(quoted(edge.to)) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A label whose lines DOT centres one under the other.
    static func label(_ lines: [String]) -> String {
        "\"" + lines.map(escape).joined(separator: "\\n") + "\""
    }

    static func quoted(_ text: String) -> String { "\"" + escape(text) + "\"" }

    /// Backslashes doubled (DOT reads `\l`, `\N`… as commands), quotes escaped, control characters as spaces.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default: result += scalar.value < 0x20 || scalar.value == 0x7F ? " " : String(scalar)
            }
        }
        return result
    }
}
