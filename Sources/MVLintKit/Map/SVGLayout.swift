/// Where the SVG picture puts each node of the map: a layered drawing whose bands run top to bottom from
/// the app's entry points through container views, presentation views and models to services, so every
/// relation of a well-built app points down.
///
/// Inside a band, a type that shows or uses another type of the same band sits a row above it; rows are
/// ordered by a few barycenter sweeps (each node moves towards the mean position of its neighbours) to
/// reduce crossings, then folded at `maximumRowWidth` so a band of hundreds of views stays readable.
/// Everything is computed from the map alone, in integers, so the same map always gives the same picture.
struct SVGLayout {
    struct Box {
        var node: ArchitectureMap.Node
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        /// The visual row, counted from the top; edges between boxes of one row arc below it.
        var row: Int

        var centerX: Int { x + width / 2 }
        var bottom: Int { y + height }
    }

    struct Band {
        var title: String
        var top: Int
        var bottom: Int
    }

    /// In the map's node order.
    private(set) var boxes: [Box] = []
    private(set) var bands: [Band] = []
    private(set) var width = 0
    private(set) var height = 0

    static let nameFontSize = 13
    static let roleFontSize = 11
    static let boxHeight = 42
    static let boxPadding = 12
    static let minimumBoxWidth = 96
    static let columnGap = 28
    static let rowGap = 64
    static let bandGap = 40
    static let bandTitleHeight = 22
    static let maximumRowWidth = 1240
    static let sweeps = 12

    init(_ map: ArchitectureMap, top: Int = 0) {
        let lines = Self.orderedRows(map).flatMap { row in Self.folded(row.nodes, map: map).map { (band: row.band, nodes: $0) } }
        var placed: [Int: Box] = [:]
        var lineWidths: [Int] = []
        var y = top
        for (index, line) in lines.enumerated() {
            if index == 0 || lines[index - 1].band != line.band {
                if index > 0 { y += Self.bandGap - Self.rowGap }
                bands.append(Band(title: Self.bandTitles[line.band], top: y, bottom: y))
                y += Self.bandTitleHeight
            }
            var x = 0
            for node in line.nodes {
                let box = Box(node: map.nodes[node], x: x, y: y, width: Self.boxWidth(map.nodes[node]), height: Self.boxHeight, row: index)
                placed[node] = box
                x += box.width + Self.columnGap
            }
            lineWidths.append(x - Self.columnGap)
            y += Self.boxHeight
            bands[bands.count - 1].bottom = y
            y += Self.rowGap
        }
        width = lineWidths.max() ?? 0
        // Rows are centred on the widest one.
        for (line, lineWidth) in zip(lines, lineWidths) {
            for node in line.nodes { placed[node]?.x += (width - lineWidth) / 2 }
        }
        boxes = map.nodes.indices.compactMap { placed[$0] }
        height = lines.isEmpty ? top : y - Self.rowGap
    }

    /// Moves every box right, to centre the picture under a wider legend.
    mutating func moveRight(by distance: Int) {
        for index in boxes.indices { boxes[index].x += distance }
    }

    // MARK: Bands and rows

    /// Groups (of a collapsed or fitted map) share the first band, ranked by the relations between them; the types
    /// a fitted map draws as themselves sit in their roles' bands below.
    static func band(of role: Role?) -> Int {
        switch role {
        case nil: return 0
        case .other?: return 1
        case .container?, .mixed?: return 2
        case .presentation?: return 3
        case .model?, .viewModel?, .state?, .value?, .formatter?: return 4
        case .service?: return 5
        }
    }

    static let bandTitles = ["Targets and folders", "App and other types", "Container views", "Presentation views",
                             "Models, view models, state and values", "Services"]

    /// Rows top to bottom as indices into `map.nodes`, ordered to reduce crossings.
    static func orderedRows(_ map: ArchitectureMap) -> [(band: Int, nodes: [Int])] {
        let index = Dictionary(uniqueKeysWithValues: map.nodes.enumerated().map { ($1.id, $0) })
        let bandOf = map.nodes.map { band(of: $0.role) }
        var inBandSuccessors = [[Int]](repeating: [], count: map.nodes.count)
        var neighbours = [[Int]](repeating: [], count: map.nodes.count)
        for edge in map.edges {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            neighbours[from].append(to)
            neighbours[to].append(from)
            if bandOf[from] == bandOf[to] { inBandSuccessors[from].append(to) }
        }
        let rank = compressed(ranks(successors: inBandSuccessors), bands: bandOf, map: map)
        var grouped: [Int: [Int: [Int]]] = [:]
        for node in map.nodes.indices { grouped[bandOf[node], default: [:]][rank[node], default: []].append(node) }
        var rows: [(band: Int, nodes: [Int])] = []
        for band in grouped.keys.sorted() {
            let byRank = grouped[band] ?? [:]
            for rank in byRank.keys.sorted() { rows.append((band, byRank[rank] ?? [])) }
        }
        var nodeRows = rows.map(\.nodes)
        reduceCrossings(&nodeRows, neighbours: neighbours)
        return zip(rows, nodeRows).map { ($0.band, $1) }
    }

    /// Each node's depth below the nodes of its band that reach it: the longest path to it, with edges that
    /// close a cycle ignored (the first node of a cycle in map order stays on top).
    static func ranks(successors: [[Int]]) -> [Int] {
        var predecessors = [[Int]](repeating: [], count: successors.count)
        var state = [UInt8](repeating: 0, count: successors.count) // 0 new, 1 on the path, 2 done
        // Depth-first, iteratively so a long chain of views cannot exhaust the stack; back edges are dropped.
        for start in successors.indices where state[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                if top.next < successors[top.node].count {
                    stack[stack.count - 1].next += 1
                    let successor = successors[top.node][top.next]
                    if state[successor] == 1 { continue }
                    predecessors[successor].append(top.node)
                    if state[successor] == 0 {
                        state[successor] = 1
                        stack.append((successor, 0))
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        // The kept edges form a DAG; longest paths in topological order (Kahn).
        var rank = [Int](repeating: 0, count: successors.count)
        var remaining = predecessors.map(\.count)
        var kept = [[Int]](repeating: [], count: successors.count)
        for (node, froms) in predecessors.enumerated() { for from in froms { kept[from].append(node) } }
        var ready = remaining.indices.filter { remaining[$0] == 0 }
        var cursor = 0
        while cursor < ready.count {
            let node = ready[cursor]
            cursor += 1
            for successor in kept[node] {
                rank[successor] = max(rank[successor], rank[node] + 1)
                remaining[successor] -= 1
                if remaining[successor] == 0 { ready.append(successor) }
            }
        }
        return rank
    }

    /// Ranks squeezed, per band, into at most twice the rows the band's boxes need side by side: a long chain of
    /// relations (feature folders that each observe the next) would otherwise stack one box per row, a picture
    /// many screens tall and one box wide. Order is kept, so relations still point down or along a row.
    static func compressed(_ rank: [Int], bands: [Int], map: ArchitectureMap) -> [Int] {
        var widths: [Int: Int] = [:], deepest: [Int: Int] = [:]
        for node in rank.indices {
            widths[bands[node], default: 0] += boxWidth(map.nodes[node]) + columnGap
            deepest[bands[node]] = max(deepest[bands[node]] ?? 0, rank[node])
        }
        return rank.indices.map { node in
            let band = bands[node]
            let rows = max(3, 2 * (((widths[band] ?? 0) + maximumRowWidth - 1) / maximumRowWidth))
            let levels = (deepest[band] ?? 0) + 1
            return levels <= rows ? rank[node] : rank[node] * rows / levels
        }
    }

    /// Alternating downward and upward sweeps: each node is placed at the mean relative position of its
    /// neighbours in the rows already swept (above on the way down, below on the way up). Nodes without
    /// such neighbours keep their place; ties keep the current order, so the result is deterministic.
    /// A sweep can undo what the one before gained, so the order with the fewest crossings is kept.
    static func reduceCrossings(_ rows: inout [[Int]], neighbours: [[Int]]) {
        var best = (rows: rows, crossings: crossings(rows, neighbours: neighbours))
        var rowOf: [Int: Int] = [:]
        for (row, nodes) in rows.enumerated() { for node in nodes { rowOf[node] = row } }
        var position: [Int: Double] = [:]
        func record(_ row: Int) {
            for (index, node) in rows[row].enumerated() { position[node] = (Double(index) + 0.5) / Double(rows[row].count) }
        }
        for row in rows.indices { record(row) }
        for sweep in 0..<sweeps {
            let downward = sweep % 2 == 0
            let order = downward ? Array(rows.indices.dropFirst()) : Array(rows.indices.dropLast().reversed())
            for row in order {
                let weights = rows[row].map { node -> Double in
                    let swept = neighbours[node].filter { other in
                        guard let otherRow = rowOf[other] else { return false }
                        return downward ? otherRow < row : otherRow > row
                    }
                    guard !swept.isEmpty else { return position[node] ?? 0 }
                    return swept.reduce(0) { $0 + (position[$1] ?? 0) } / Double(swept.count)
                }
                let current = rows[row]
                rows[row] = current.indices.sorted { (weights[$0], $0) < (weights[$1], $1) }.map { current[$0] }
                record(row)
            }
            let count = crossings(rows, neighbours: neighbours)
            if count < best.crossings { best = (rows, count) }
        }
        rows = best.rows
    }

    /// How many pairs of edges between the same two rows have their ends in opposite orders.
    static func crossings(_ rows: [[Int]], neighbours: [[Int]]) -> Int {
        var rowOf: [Int: Int] = [:], position: [Int: Int] = [:]
        for (row, nodes) in rows.enumerated() {
            for (index, node) in nodes.enumerated() { (rowOf[node], position[node]) = (row, index) }
        }
        // Each edge is listed at both ends; taken once, from its upper end.
        var edgesByRows: [[Int]: [(upper: Int, lower: Int)]] = [:]
        for (node, others) in neighbours.enumerated() {
            guard let row = rowOf[node], let upper = position[node] else { continue }
            for other in others {
                guard let otherRow = rowOf[other], otherRow > row, let lower = position[other] else { continue }
                edgesByRows[[row, otherRow], default: []].append((upper, lower))
            }
        }
        var count = 0
        for edges in edgesByRows.values {
            for (index, edge) in edges.enumerated() {
                for other in edges[(index + 1)...] where (edge.upper - other.upper) * (edge.lower - other.lower) < 0 { count += 1 }
            }
        }
        return count
    }

    /// A row split into lines no wider than `maximumRowWidth`, keeping its order.
    static func folded(_ row: [Int], map: ArchitectureMap) -> [[Int]] {
        var lines: [[Int]] = [[]]
        var lineWidth = 0
        for node in row {
            let width = boxWidth(map.nodes[node])
            if !lines[lines.count - 1].isEmpty, lineWidth + columnGap + width > maximumRowWidth {
                lines.append([])
                lineWidth = 0
            }
            lineWidth += (lines[lines.count - 1].isEmpty ? 0 : columnGap) + width
            lines[lines.count - 1].append(node)
        }
        return lines.filter { !$0.isEmpty }
    }

    // MARK: Text size

    static func boxWidth(_ node: ArchitectureMap.Node) -> Int {
        let lines = MapStyle.labelLines(of: node)
        let name = textWidth(lines[0], fontSize: nameFontSize)
        let role = lines.count > 1 ? textWidth(lines[1], fontSize: roleFontSize) : 0
        return max(minimumBoxWidth, max(name, role) + 2 * boxPadding)
    }

    /// Labels are drawn in a monospaced font, so their width follows from the characters alone: 0.6 em a
    /// character (Menlo, DejaVu Sans Mono, Consolas, Liberation Mono), double for East Asian and emoji
    /// characters, nothing for combining marks.
    static func textWidth(_ text: String, fontSize: Int) -> Int {
        var tenthsOfEm = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            tenthsOfEm += scalar.value >= 0x1100 && (scalar.properties.isEmojiPresentation || scalar.value >= 0x2E80) ? 12 : 6
        }
        return (tenthsOfEm * fontSize + 9) / 10
    }
}
