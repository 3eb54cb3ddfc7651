/// Renders the map as JSON in the order of the map (nodes by name, edges by their ends): the same input
/// always gives the same bytes. Collapsed maps add `members` to nodes and `count` to edges.
enum MapJSONRenderer {
    static func render(_ map: ArchitectureMap) -> String {
        let nodes = map.nodes.map { node in
            var fields = ["\"id\": \(JSON.string(node.id))", "\"name\": \(JSON.string(node.name))",
                          "\"role\": \(JSON.string(node.roleName))", "\"file\": \(JSON.string(node.file))", "\"line\": \(node.line)"]
            if map.isCollapsed { fields.append("\"members\": \(node.members)") }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        let edges = map.edges.map { edge in
            var fields = ["\"from\": \(JSON.string(edge.from))", "\"to\": \(JSON.string(edge.to))",
                          "\"kind\": \(JSON.string(edge.kind.rawValue))", "\"via\": \(JSON.string(edge.via))",
                          "\"file\": \(JSON.string(edge.file))", "\"line\": \(edge.line)", "\"violation\": \(edge.isViolation)",
                          "\"rules\": [" + edge.violatedRules.map(JSON.string).joined(separator: ", ") + "]"]
            if map.isCollapsed {
                fields.append("\"count\": \(edge.count)")
                if !edge.kinds.isEmpty {
                    let kinds = Relation.Kind.allCases.compactMap { kind in edge.kinds[kind].map { "\(JSON.string(kind.rawValue)): \($0)" } }
                    fields.append("\"kinds\": {" + kinds.joined(separator: ", ") + "}")
                }
            }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        var grouping = ""
        if let summary = map.grouping {
            grouping = "  \"grouping\": {\"types\": \(summary.types), \"shownTypes\": \(summary.shownTypes), \"groups\": \(summary.groups), "
                + "\"reason\": \(JSON.string(summary.reason.rawValue)), \"note\": \(JSON.string(summary.note))},\n"
        }
        return "{\n" + grouping + "  \"nodes\": " + list(nodes) + ",\n  \"edges\": " + list(edges) + "\n}\n"
    }

    private static func list(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n  ]"
    }
}
