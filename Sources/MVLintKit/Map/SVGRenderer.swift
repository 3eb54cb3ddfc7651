/// Draws the map as a standalone SVG picture, laid out by `SVGLayout`, its edges and labels placed by `SVGRouting`:
/// `mvlint map --format svg`, and the picture inside the HTML report. It references nothing outside itself (no
/// fonts, images or scripts), styles with presentation attributes so any viewer draws it the same, and gives every
/// node `id`, `data-name` and `data-role`, every edge `data-from`, `data-to` and `data-kind`, and every edge's label
/// its edge's `data-from` and `data-to`, for tools, tests and the report's script.
enum SVGRenderer {
    static let margin = 16
    static let legendRowHeight = 24
    /// Past this many edges, edges that break no rule are drawn faint.
    static let denseEdgeCount = 150
    static let monospace = "Menlo, 'DejaVu Sans Mono', Consolas, 'Liberation Mono', monospace"
    static let sansSerif = "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"

    struct EdgeStyle {
        var color: String
        /// SVG `stroke-dasharray`, nil for a solid line.
        var dashes: String?
        var width: String
    }

    static func style(of kind: Relation.Kind) -> EdgeStyle {
        switch kind {
        case .owns: return EdgeStyle(color: "#1d4ed8", dashes: nil, width: "1.8")
        case .observes: return EdgeStyle(color: "#6d28d9", dashes: "6 4", width: "1.5")
        case .injects: return EdgeStyle(color: "#0e7490", dashes: "1.5 3.5", width: "1.8")
        case .shows: return EdgeStyle(color: "#64748b", dashes: nil, width: "1.2")
        case .calls: return EdgeStyle(color: "#b45309", dashes: nil, width: "1.5")
        }
    }

    static func render(_ map: ArchitectureMap) -> String {
        let legend = legendItems(map)
        let legendHeight = 2 * legendRowHeight + 8
        var layout = SVGLayout(map, top: margin + legendHeight)
        let contentWidth = max(layout.width, legend.width)
        let width = contentWidth + 2 * margin
        let layoutBottom = max(layout.height, margin + legendHeight)
        layout.moveRight(by: margin + (contentWidth - layout.width) / 2)
        let boxes = Dictionary(uniqueKeysWithValues: layout.boxes.map { ($0.node.id, $0) })
        let titles = layout.bands.map { band in
            SVGRouting.Rectangle(left: Double(margin), top: Double(band.top - 4),
                                 right: Double(margin + SVGLayout.textWidth(band.title, fontSize: 12)), bottom: Double(band.top + 12))
        }
        let routing = SVGRouting(map, layout: layout, bounds: SVGRouting.Rectangle(left: 0, top: Double(margin + legendHeight),
                                                                                   right: Double(width), bottom: Double(layoutBottom)),
                                 avoiding: titles)
        let height = max(layoutBottom, routing.bottom) + margin

        var svg = ["<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"mvlint-map\" width=\"\(width)\" height=\"\(height)\" "
                   + "viewBox=\"0 0 \(width) \(height)\" font-family=\"\(monospace)\" role=\"img\">",
                   "<title>Architecture map: \(map.nodes.count) types, \(map.edges.count) relations</title>"]
        if let grouping = map.grouping { svg.append("<desc>\(Markup.escape(grouping.note))</desc>") }
        svg.append("<defs>")
        for kind in Relation.Kind.allCases { svg.append(marker(id: "mvlint-arrow-\(kind.rawValue)", color: style(of: kind).color)) }
        svg.append(marker(id: "mvlint-arrow-violation", color: MapStyle.violationColor))
        svg.append("</defs>")
        svg.append("<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>")
        svg += legend.lines
        svg.append("<g class=\"bands\">")
        for (index, band) in layout.bands.enumerated() {
            svg.append("<rect x=\"0\" y=\"\(band.top - 8)\" width=\"\(width)\" height=\"\(band.bottom - band.top + 20)\" "
                       + "fill=\"\(index % 2 == 0 ? "#f8fafc" : "#f1f5f9")\"/>")
            svg.append("<text x=\"\(margin)\" y=\"\(band.top + 8)\" font-family=\"\(sansSerif)\" font-size=\"12\" font-weight=\"600\" "
                       + "fill=\"#475569\">\(Markup.escape(band.title))</text>")
        }
        svg.append("</g>")
        if map.nodes.isEmpty {
            svg.append("<text x=\"\(margin)\" y=\"\(margin + legendHeight + 16)\" font-size=\"13\" fill=\"#475569\">"
                       + "\(MapStyle.emptyMapText)</text>")
        }
        svg.append("<g class=\"edges\" fill=\"none\">")
        // In a dense map the many long edges would hide the boxes and the red ones; hovering still brings one out.
        let opacity = map.edges.count > denseEdgeCount ? "0.3" : "0.8"
        for (index, edge) in map.edges.enumerated() {
            guard let from = boxes[edge.from], let to = boxes[edge.to], let path = routing.paths[index] else { continue }
            svg.append(self.edge(edge, from: from, to: to, path: path, opacity: opacity))
        }
        svg.append("</g>")
        svg.append("<g class=\"nodes\">")
        for node in map.nodes {
            guard let box = boxes[node.id] else { continue }
            svg += self.node(box)
        }
        svg.append("</g>")
        if !routing.labels.isEmpty {
            svg.append("<g class=\"edge-labels\" font-size=\"\(SVGRouting.labelFontSize)\">")
            for label in routing.labels {
                let edge = map.edges[label.edge]
                svg.append("<text class=\"edge-label\" data-from=\"\(Markup.escape(edge.from))\" data-to=\"\(Markup.escape(edge.to))\" "
                           + "x=\"\(label.x)\" y=\"\(label.y)\" fill=\"\(edge.isViolation ? MapStyle.violationColor : style(of: edge.kind).color)\" "
                           + "stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(Markup.escape(label.text))</text>")
            }
            svg.append("</g>")
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    static func marker(id: String, color: String) -> String {
        "<marker id=\"\(id)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" "
            + "markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(color)\"/></marker>"
    }

    // MARK: Nodes

    static func node(_ box: SVGLayout.Box) -> [String] {
        let node = box.node
        let look = MapStyle.look(of: node)
        let labels = MapStyle.labelLines(of: node)
        let place = node.line > 0 ? "\(node.file):\(node.line)" : node.file
        return [
            "<g class=\"node role-\(look.className)\" id=\"\(Markup.escape(node.id))\" data-name=\"\(Markup.escape(node.name))\" "
                + "data-role=\"\(Markup.escape(node.roleName))\">",
            "<title>\(Markup.escape("\(labels[0]) — \(labels[1]) (\(place))"))</title>",
            shape(look.shape, box: box, fill: look.fill, stroke: look.stroke),
            "<text x=\"\(box.centerX)\" y=\"\(box.y + 18)\" text-anchor=\"middle\" font-size=\"\(SVGLayout.nameFontSize)\" "
                + "font-weight=\"600\" fill=\"#111827\">\(Markup.escape(labels[0]))</text>",
            "<text x=\"\(box.centerX)\" y=\"\(box.y + 33)\" text-anchor=\"middle\" font-size=\"\(SVGLayout.roleFontSize)\" "
                + "fill=\"#4b5563\">\(Markup.escape(labels[1]))</text>",
            "</g>",
        ]
    }

    /// The outline of a node, in the shape Mermaid and DOT give its role.
    static func shape(_ shape: MapStyle.Shape, box: SVGLayout.Box, fill: String, stroke: String) -> String {
        let paint = "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1.5\""
        let (x, y, w, h) = (box.x, box.y, box.width, box.height)
        switch shape {
        case .box:
            return "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" rx=\"3\" \(paint)/>"
        case .rounded:
            return "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" rx=\"14\" \(paint)/>"
        case .hexagon:
            let inset = 10
            return "<polygon points=\"\(x + inset),\(y) \(x + w - inset),\(y) \(x + w),\(y + h / 2) \(x + w - inset),\(y + h) "
                + "\(x + inset),\(y + h) \(x),\(y + h / 2)\" \(paint)/>"
        case .cylinder:
            let rim = 5
            return "<path d=\"M\(x),\(y + rim) A\(w / 2),\(rim) 0 0 1 \(x + w),\(y + rim) L\(x + w),\(y + h - rim) "
                + "A\(w / 2),\(rim) 0 0 1 \(x),\(y + h - rim) Z M\(x),\(y + rim) A\(w / 2),\(rim) 0 0 0 \(x + w),\(y + rim)\" \(paint)/>"
        case .folder:
            let tab = min(40, w / 3)
            return "<path d=\"M\(x),\(y + 6) L\(x),\(y) L\(x + tab),\(y) L\(x + tab + 6),\(y + 6) L\(x + w),\(y + 6) "
                + "L\(x + w),\(y + h) L\(x),\(y + h) Z\" \(paint)/>"
        }
    }

    // MARK: Edges

    /// An edge's line along its route, in its kind's colour and dashes, red when it breaks a rule, with its whole
    /// label as a tooltip.
    static func edge(_ edge: ArchitectureMap.Edge, from: SVGLayout.Box, to: SVGLayout.Box, path: String, opacity: String) -> String {
        let look = style(of: edge.kind)
        let color = edge.isViolation ? MapStyle.violationColor : look.color
        let labels = MapStyle.labelLines(of: edge)
        let place = edge.line > 0 ? " (\(edge.file):\(edge.line))" : ""
        let tooltip = "\(from.node.name) \(labels.joined(separator: "; ")) → \(to.node.name)\(place)"
        var attributes = "class=\"edge \(edge.kind.rawValue)\(edge.isViolation ? " violation" : "")\" "
            + "data-from=\"\(Markup.escape(edge.from))\" data-to=\"\(Markup.escape(edge.to))\" data-kind=\"\(edge.kind.rawValue)\" "
            + "d=\"\(path)\" stroke=\"\(color)\" stroke-width=\"\(edge.isViolation ? "2.4" : look.width)\" "
        if let dashes = look.dashes { attributes += "stroke-dasharray=\"\(dashes)\" " }
        attributes += "stroke-opacity=\"\(edge.isViolation ? "1" : opacity)\" "
            + "marker-end=\"url(#mvlint-arrow-\(edge.isViolation ? "violation" : edge.kind.rawValue))\""
        return "<path \(attributes)><title>\(Markup.escape(tooltip))</title></path>"
    }

    // MARK: Legend

    /// Two rows above the picture: the roles on the map, then every kind of relation and a violation.
    static func legendItems(_ map: ArchitectureMap) -> (lines: [String], width: Int) {
        let fontSize = 11
        var lines = ["<g class=\"legend\" font-size=\"\(fontSize)\" fill=\"#111827\">"]
        var x = margin, y = margin
        func label(_ text: String, at left: Int) -> Int {
            lines.append("<text x=\"\(left)\" y=\"\(y + 11)\">\(Markup.escape(text))</text>")
            return left + SVGLayout.textWidth(text, fontSize: fontSize) + 18
        }
        x = label("roles:", at: x)
        let present = Set(map.nodes.map(\.roleName))
        let roles: [Role?] = Role.allCases.filter { present.contains($0.rawValue) } + (present.contains("group") ? [nil] : [])
        for role in roles {
            let sample = ArchitectureMap.Node(id: "", name: "", role: role, file: "", line: 0)
            let look = MapStyle.look(of: sample)
            let swatch = SVGLayout.Box(node: sample, x: x, y: y - 1, width: 22, height: 14, row: 0)
            lines.append(shape(look.shape == .hexagon || look.shape == .folder ? .box : look.shape, box: swatch, fill: look.fill,
                               stroke: look.stroke))
            x = label(role?.rawValue ?? "target or folder", at: x + 28)
        }
        let widest = x
        x = margin
        y += legendRowHeight
        x = label("relations:", at: x)
        let samples = Relation.Kind.allCases.map { ($0.rawValue, style(of: $0), $0.rawValue) }
            + [("violation", EdgeStyle(color: MapStyle.violationColor, dashes: nil, width: "2.4"), "violation")]
        for (name, look, marker) in samples {
            var line = "<path d=\"M\(x),\(y + 7) L\(x + 30),\(y + 7)\" stroke=\"\(look.color)\" stroke-width=\"\(look.width)\" "
            if let dashes = look.dashes { line += "stroke-dasharray=\"\(dashes)\" " }
            lines.append(line + "marker-end=\"url(#mvlint-arrow-\(marker))\"/>")
            x = label(name, at: x + 36)
        }
        lines.append("</g>")
        return (lines, max(widest, x) - margin)
    }
}
