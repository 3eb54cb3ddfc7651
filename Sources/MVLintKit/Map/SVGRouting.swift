/// Where the edges of a laid-out map run and where their labels go.
///
/// Between neighbouring rows an edge is one curve through the space between them, where no box is. An edge that
/// spans more rows passes each row in between through a gap, between two boxes or beside the row's ends: for
/// each row, the gap nearest the line from where the edge is towards its end (the dummy nodes of a Sugiyama
/// layout, without widening the rows). Edges sharing a gap are spread across it in the order of those lines, so
/// they do not cross inside it. Curves leave and enter every row vertically, so the path is smooth and stays
/// out of the boxes.
///
/// A label (how many relations a merged edge stands for, the rules a red one breaks) goes beside, below or above its
/// edge, nearest the edge's middle, where no box, line or other label is and no other line runs between it and its
/// edge; red ones are placed first. A label with no such place is left out of the picture: the edge's tooltip and
/// the report's panel and tables still say it.
struct SVGRouting {
    typealias Point = (x: Int, y: Int)

    struct Rectangle {
        var left: Double, top: Double, right: Double, bottom: Double

        func grown(by amount: Double) -> Rectangle {
            Rectangle(left: left - amount, top: top - amount, right: right + amount, bottom: bottom + amount)
        }

        func contains(_ other: Rectangle) -> Bool {
            left <= other.left && other.right <= right && top <= other.top && other.bottom <= bottom
        }
    }

    struct Label {
        var edge: Int
        var text: String
        /// The left end of the text's baseline.
        var x: Int
        var y: Int
    }

    /// The `d` of each edge's path, in the map's edge order; nil for an edge with an end not in the layout.
    private(set) var paths: [String?]
    private(set) var labels: [Label] = []
    /// The lowest point drawn, line or label: an arc under the last row hangs below the layout.
    private(set) var bottom = 0

    static let gapPadding = 4
    /// How far apart edges sharing a gap run when it is wide enough.
    static let laneSpacing = 6
    static let labelFontSize = 10
    /// Of a label's text, from its baseline: 8 px above it to 3 below.
    static let labelAscent = 8
    static let labelDescent = 3
    /// How far a label keeps from its edge, and from other lines, boxes and labels.
    static let labelClearance = 2.0
    /// How far from its edge a label may go: a count right beside it, which it would not be told apart from its
    /// neighbours' otherwise; a red label, the only red text near the only red lines, further when it must.
    static let labelDistances = [4, 12]
    static let redLabelDistances = [4, 12, 24, 36]
    /// How far apart along its edge the places tried for a label are, and how many at most.
    static let labelStep = 8.0
    static let maximumLabelStops = 32

    /// `bounds` is the picture's area where edges may run beside rows and labels may go (down to the lowest line
    /// if that is lower); `avoiding` lists more areas labels stay out of (the bands' titles).
    init(_ map: ArchitectureMap, layout: SVGLayout, bounds: Rectangle, avoiding: [Rectangle] = []) {
        let boxes = Dictionary(uniqueKeysWithValues: layout.boxes.map { ($0.node.id, $0) })
        let rows = Dictionary(grouping: layout.boxes, by: \.row).mapValues { $0.sorted { $0.x < $1.x } }
        let waypoints = Self.waypoints(map.edges, boxes: boxes, rows: rows, bounds: bounds)
        let ends = Self.anchors(map.edges, boxes: boxes, waypoints: waypoints)
        var polylines: [[(x: Double, y: Double)]?] = []
        paths = map.edges.indices.map { index in
            let edge = map.edges[index]
            guard let from = boxes[edge.from], let to = boxes[edge.to] else {
                polylines.append(nil)
                return nil
            }
            let route = Self.route(from: from, to: to, ends: ends[index], waypoints: waypoints[index])
            polylines.append(route.points)
            return route.path
        }
        let lowestLine = polylines.compactMap { $0?.map(\.y).max() }.max() ?? 0
        var labelBounds = bounds
        labelBounds.bottom = max(bounds.bottom, lowestLine)
        labels = Self.placedLabels(map.edges, polylines: polylines, boxes: layout.boxes, bounds: labelBounds, avoiding: avoiding)
        bottom = Int(max(lowestLine, labels.map { Double($0.y + Self.labelDescent) }.max() ?? 0).rounded(.up))
    }

    // MARK: Routes

    /// A vertical run of an edge through a row it crosses, at `x` from `enter` to `leave`.
    struct Waypoint { var x: Int; var enter: Int; var leave: Int }

    /// For every edge, the points where it crosses the rows between its ends, in order along the edge.
    static func waypoints(_ edges: [ArchitectureMap.Edge], boxes: [String: SVGLayout.Box], rows: [Int: [SVGLayout.Box]],
                          bounds: Rectangle) -> [[Waypoint]] {
        struct Request { var edge: Int; var step: Int; var wanted: Double }
        struct GapKey: Hashable { var row: Int; var gap: Int }
        var requests: [GapKey: [Request]] = [:]
        // Before the first box, between boxes, and after the last box; gaps too narrow for a line are left out.
        let gaps = rows.mapValues { row -> [(low: Int, high: Int)] in
            let lows = [Int(bounds.left)] + row.map { $0.x + $0.width }, highs = row.map(\.x) + [Int(bounds.right)]
            return zip(lows, highs).map { (low: $0 + gapPadding, high: $1 - gapPadding) }.filter { $0.low <= $0.high }
        }
        var rowsCrossed = [Int](repeating: 0, count: edges.count)
        for (index, edge) in edges.enumerated() {
            guard let from = boxes[edge.from], let to = boxes[edge.to], abs(to.row - from.row) > 1 else { continue }
            let down = to.row > from.row
            var current = (x: Double(from.centerX), y: Double(down ? from.bottom : from.y))
            let target = (x: Double(to.centerX), y: Double(down ? to.y : to.bottom))
            for row in stride(from: from.row + (down ? 1 : -1), to: to.row, by: down ? 1 : -1) {
                guard let first = rows[row]?.first, let rowGaps = gaps[row], !rowGaps.isEmpty else { continue }
                let middle = Double(first.y + first.height / 2)
                let wanted = current.x + (target.x - current.x) * (middle - current.y) / (target.y - current.y)
                func distance(_ gap: (low: Int, high: Int)) -> Double { max(Double(gap.low) - wanted, wanted - Double(gap.high), 0) }
                let nearest = rowGaps.indices.min { (distance(rowGaps[$0]), $0) < (distance(rowGaps[$1]), $1) } ?? 0
                let gap = rowGaps[nearest]
                requests[GapKey(row: row, gap: nearest), default: []].append(Request(edge: index, step: rowsCrossed[index], wanted: wanted))
                current = (min(max(wanted, Double(gap.low)), Double(gap.high)), middle)
                rowsCrossed[index] += 1
            }
        }
        var waypoints = rowsCrossed.map { [Waypoint](repeating: Waypoint(x: 0, enter: 0, leave: 0), count: $0) }
        for (key, sharing) in requests {
            guard let gap = gaps[key.row]?[key.gap], let first = rows[key.row]?.first else { continue }
            let ordered = sharing.sorted { ($0.wanted, $0.edge) < ($1.wanted, $1.edge) }
            for (request, x) in zip(ordered, spread(ordered.map(\.wanted), over: gap)) {
                guard let from = boxes[edges[request.edge].from], let to = boxes[edges[request.edge].to] else { continue }
                let down = to.row > from.row
                waypoints[request.edge][request.step] = Waypoint(x: x, enter: down ? first.y : first.bottom, leave: down ? first.bottom : first.y)
            }
        }
        return waypoints
    }

    /// Positions for lines through one gap, in the order given (sorted): each as near its wanted place as the gap
    /// and `laneSpacing` from its neighbours allow, closer together when the gap is too narrow for them all.
    static func spread(_ wanted: [Double], over gap: (low: Int, high: Int)) -> [Int] {
        let (low, high) = (Double(gap.low), Double(gap.high))
        let spacing = wanted.count > 1 ? min(Double(laneSpacing), (high - low) / Double(wanted.count - 1)) : 0
        var placed: [Double] = []
        for (position, x) in wanted.enumerated() {
            // Bounded so that every line after this one still fits between it and the gap's end.
            let bounded = min(max(x, low + Double(position) * spacing), high - Double(wanted.count - 1 - position) * spacing)
            placed.append(max(bounded, (placed.last ?? -.infinity) + spacing))
        }
        return placed.map { Int($0.rounded()) }
    }

    /// Where each edge leaves and enters its boxes: downwards from the bottom to the top of a box in a lower
    /// row, upwards from the top to the bottom, along the bottom for boxes of one row. The ends on one side of
    /// a box are spread over its middle in the order of where the edges go next (their first gap, else the
    /// other box), so edges neither start from one point nor cross as they leave. Nil for an edge from a box
    /// to itself.
    static func anchors(_ edges: [ArchitectureMap.Edge], boxes: [String: SVGLayout.Box],
                        waypoints: [[Waypoint]]) -> [(start: Point, end: Point)?] {
        struct End { var edge: Int; var isStart: Bool; var nextX: Int }
        var endsBySide: [String: (box: SVGLayout.Box, onTop: Bool, ends: [End])] = [:]
        for (index, edge) in edges.enumerated() {
            guard let from = boxes[edge.from], let to = boxes[edge.to], edge.from != edge.to else { continue }
            let sides = [(from, edge.from, from.row > to.row, true, waypoints[index].first?.x ?? to.centerX),
                         (to, edge.to, to.row > from.row, false, waypoints[index].last?.x ?? from.centerX)]
            for (box, id, onTop, isStart, nextX) in sides {
                let key = id + (onTop ? " top" : " bottom")
                endsBySide[key, default: (box, onTop, [])].ends.append(End(edge: index, isStart: isStart, nextX: nextX))
            }
        }
        var starts: [Int: Point] = [:], finishes: [Int: Point] = [:]
        for (box, onTop, ends) in endsBySide.values {
            let sorted = ends.sorted { ($0.nextX, $0.edge, $0.isStart ? 0 : 1) < ($1.nextX, $1.edge, $1.isStart ? 0 : 1) }
            let slots = sorted.count + 1
            for (position, end) in sorted.enumerated() {
                // Spread over the middle 70% of the side.
                let point = (x: box.x + box.width * (15 * slots + 70 * (position + 1)) / (100 * slots), y: onTop ? box.y : box.bottom)
                if end.isStart { starts[end.edge] = point } else { finishes[end.edge] = point }
            }
        }
        return edges.indices.map { index in
            guard let start = starts[index], let end = finishes[index] else { return nil }
            return (start, end)
        }
    }

    /// An edge's line: straight runs and cubic curves (two control points and an end each) from a start.
    struct Route {
        enum Segment { case line(to: Point), curve(Point, Point, to: Point) }

        var start: Point
        var segments: [Segment]

        /// The SVG path's `d`.
        var path: String {
            "M\(start.x),\(start.y)" + segments.map { segment in
                switch segment {
                case let .line(to): return " L\(to.x),\(to.y)"
                case let .curve(first, second, to): return " C\(first.x),\(first.y) \(second.x),\(second.y) \(to.x),\(to.y)"
                }
            }.joined()
        }

        /// The line as straight pieces, each curve cut into 16.
        var points: [(x: Double, y: Double)] {
            var points = [(x: Double(start.x), y: Double(start.y))]
            for segment in segments {
                switch segment {
                case let .line(to):
                    points.append((Double(to.x), Double(to.y)))
                case let .curve(first, second, to):
                    let from = points[points.count - 1]
                    for step in 1...16 {
                        let t = Double(step) / 16, u = 1 - t
                        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                        points.append((a * from.x + b * Double(first.x) + c * Double(second.x) + d * Double(to.x),
                                       a * from.y + b * Double(first.y) + c * Double(second.y) + d * Double(to.y)))
                    }
                }
            }
            return points
        }
    }

    /// Between rows, a curve that leaves and enters vertically, then a straight run through each row crossed;
    /// between boxes of one row a curve that sags below the row; from a box to itself a loop on its right, inside
    /// the gap beside it.
    static func route(from: SVGLayout.Box, to: SVGLayout.Box, ends: (start: Point, end: Point)?, waypoints: [Waypoint]) -> Route {
        guard let (start, end) = ends else {
            let (right, middle) = (from.x + from.width, from.y + from.height / 2)
            return Route(start: (right, middle - 8), segments: [.curve((right + 36, middle - 24), (right + 36, middle + 24), to: (right, middle + 8))])
        }
        if to.row == from.row {
            let sag = 24 + min(36, abs(end.x - start.x) / 12)
            return Route(start: start, segments: [.curve((start.x, start.y + sag), (end.x, end.y + sag), to: end)])
        }
        var route = Route(start: start, segments: [])
        var current = start
        func bend(to point: Point) {
            let half = (point.y - current.y) / 2
            route.segments.append(.curve((current.x, current.y + half), (point.x, point.y - half), to: point))
        }
        for waypoint in waypoints {
            bend(to: (waypoint.x, waypoint.enter))
            route.segments.append(.line(to: (waypoint.x, waypoint.leave)))
            current = (waypoint.x, waypoint.leave)
        }
        bend(to: end)
        return route
    }

    // MARK: Labels

    /// What the picture writes beside an edge: how many relations it stands for and the rules it breaks, named
    /// without "violates": red says so, and every letter less is a better chance of a free place.
    static func labelText(of edge: ArchitectureMap.Edge) -> String? {
        var parts: [String] = []
        if edge.count > 1 { parts.append("×\(edge.count)") }
        if edge.isViolation { parts.append(edge.violatedRules.joined(separator: ", ")) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The area of a label `width` wide whose baseline starts at `x`, `y`.
    static func labelRectangle(x: Int, y: Int, width: Int) -> Rectangle {
        Rectangle(left: Double(x), top: Double(y - labelAscent), right: Double(x + width), bottom: Double(y + labelDescent))
    }

    /// Red labels first, in edge order, then counts, largest first; each at the first free place along its edge
    /// (beside, below or above it, nearest its middle), or nowhere.
    static func placedLabels(_ edges: [ArchitectureMap.Edge], polylines: [[(x: Double, y: Double)]?], boxes: [SVGLayout.Box],
                             bounds: Rectangle, avoiding: [Rectangle]) -> [Label] {
        let wanted = edges.indices.compactMap { index in labelText(of: edges[index]).map { (edge: index, text: $0) } }
            .sorted { left, right in
                let (a, b) = (edges[left.edge], edges[right.edge])
                return (a.isViolation ? 0 : 1, -a.count, left.edge) < (b.isViolation ? 0 : 1, -b.count, right.edge)
            }
        guard !wanted.isEmpty else { return [] }
        let boxAreas = boxes.map { Rectangle(left: Double($0.x), top: Double($0.y), right: Double($0.x + $0.width), bottom: Double($0.bottom)) }
        var occupied = Occupancy(bounds, areas: boxAreas + avoiding, lines: polylines.compactMap { $0 })
        var labels: [Label] = []
        for (edge, text) in wanted {
            guard let points = polylines[edge], points.count > 1 else { continue }
            let width = SVGLayout.textWidth(text, fontSize: labelFontSize)
            let distances = edges[edge].isViolation ? redLabelDistances : labelDistances
            let free = firstFreePlace(along: points, width: width, distances: distances) { area in
                bounds.contains(area) && occupied.isClear(area.grown(by: labelClearance))
            }
            guard let (x, y) = free else { continue }
            labels.append(Label(edge: edge, text: text, x: x, y: y))
            occupied.fill(labelRectangle(x: x, y: y, width: width))
        }
        return labels.sorted { $0.edge < $1.edge }
    }

    /// The first place, in order of preference, for a label `width` wide where `isFree` accepts the area it takes
    /// together with the space between it and its line, so no other line runs between the two: beside, below and
    /// above points every `labelStep` px along the line (at most `maximumLabelStops` of them), those nearest the
    /// middle first, each at `distances` from the point, nearest first. Places are made as they are tried: most
    /// labels take one of the first.
    static func firstFreePlace(along points: [(x: Double, y: Double)], width: Int, distances: [Int],
                               isFree: (Rectangle) -> Bool) -> Point? {
        var lengths = [0.0]
        for (start, end) in zip(points, points.dropFirst()) {
            lengths.append(lengths[lengths.count - 1] + ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot())
        }
        let total = lengths[lengths.count - 1]
        let count = min(maximumLabelStops, max(1, Int(total / labelStep)))
        let nearest = Double(distances.first ?? 0)
        for offset in 0...count {
            // The middle, then one stop before it, one after, two before…
            let stop = count / 2 + (offset % 2 == 0 ? offset / 2 : -(offset + 1) / 2)
            guard (0...count).contains(stop) else { continue }
            let along = Double(stop) / Double(count) * total
            let piece = max(1, lengths.firstIndex { $0 >= along } ?? points.count - 1)
            let span = lengths[piece] - lengths[piece - 1]
            let share = span > 0 ? (along - lengths[piece - 1]) / span : 0
            let x = Int((points[piece - 1].x + (points[piece].x - points[piece - 1].x) * share).rounded())
            let y = Int((points[piece - 1].y + (points[piece].y - points[piece - 1].y) * share).rounded())
            let middle = y + (labelAscent - labelDescent) / 2
            for distance in distances {
                let (above, below) = (y - distance - labelDescent, y + distance + labelAscent)
                let (right, left, centred) = (x + distance, x - distance - width, x - width / 2)
                // Beside the point, then below or above it; each with the space back to the point, on the sides it
                // is away from it.
                let places: [(place: Point, horizontal: Side?, vertical: Side?)] = [
                    ((right, middle), .right, nil), ((left, middle), .left, nil), ((centred, below), nil, .below),
                    ((right, below), .right, .below), ((left, below), .left, .below), ((centred, above), nil, .above),
                    ((right, above), .right, .above), ((left, above), .left, .above),
                ]
                for (place, horizontal, vertical) in places {
                    var area = labelRectangle(x: place.x, y: place.y, width: width)
                    for side in [horizontal, vertical].compactMap({ $0 }) {
                        switch side {
                        case .right: area.left = Double(x) + nearest
                        case .left: area.right = Double(x) - nearest
                        case .below: area.top = Double(y) + nearest
                        case .above: area.bottom = Double(y) - nearest
                        }
                    }
                    if isFree(area) { return place }
                }
            }
        }
        return nil
    }

    enum Side { case right, left, below, above }

    /// Which squares of the picture a box, a line or a placed label covers, counted along each row of squares so
    /// that whether an area is clear takes two look-ups per row it spans. Squares are `cellSize` px; an area counts
    /// every square it touches, and a line every square it passes, so an area found clear is.
    struct Occupancy {
        static let cellSize = 3.0

        private let origin: (x: Double, y: Double)
        private let columns: Int, rows: Int
        private var covered: [Bool]
        /// Per row of squares, how many of the squares left of each column are covered.
        private var sums: [Int32]

        init(_ bounds: Rectangle, areas: [Rectangle], lines: [[(x: Double, y: Double)]]) {
            origin = (bounds.left, bounds.top)
            columns = max(1, Int(((bounds.right - bounds.left) / Self.cellSize).rounded(.up)))
            rows = max(1, Int(((bounds.bottom - bounds.top) / Self.cellSize).rounded(.up)))
            covered = [Bool](repeating: false, count: columns * rows)
            sums = [Int32](repeating: 0, count: (columns + 1) * rows)
            for area in areas { cover(area) }
            for line in lines { trace(line) }
            recount(0...(rows - 1))
        }

        private func column(_ x: Double) -> Int { min(columns - 1, max(0, Int(((x - origin.x) / Self.cellSize).rounded(.down)))) }
        private func row(_ y: Double) -> Int { min(rows - 1, max(0, Int(((y - origin.y) / Self.cellSize).rounded(.down)))) }

        /// Covers an area placed after the others (a label).
        mutating func fill(_ area: Rectangle) {
            cover(area)
            recount(row(area.top)...row(area.bottom))
        }

        private mutating func cover(_ area: Rectangle) {
            for row in row(area.top)...row(area.bottom) {
                for column in column(area.left)...column(area.right) { covered[row * columns + column] = true }
            }
        }

        /// Covers the squares a line passes, sampled at most a square apart (a corner it cuts may be missed, which the
        /// clearance kept around labels makes up for).
        private mutating func trace(_ points: [(x: Double, y: Double)]) {
            for (start, end) in zip(points, points.dropFirst()) {
                let steps = max(1, Int((max(abs(end.x - start.x), abs(end.y - start.y)) / Self.cellSize).rounded(.up)))
                for step in 0...steps {
                    let share = Double(step) / Double(steps)
                    covered[row(start.y + (end.y - start.y) * share) * columns + column(start.x + (end.x - start.x) * share)] = true
                }
            }
        }

        private mutating func recount(_ range: ClosedRange<Int>) {
            for row in range {
                var count: Int32 = 0
                for column in 0..<columns {
                    sums[row * (columns + 1) + column] = count
                    if covered[row * columns + column] { count += 1 }
                }
                sums[row * (columns + 1) + columns] = count
            }
        }

        func isClear(_ area: Rectangle) -> Bool {
            let (left, right) = (column(area.left), column(area.right))
            for row in row(area.top)...row(area.bottom) where sums[row * (columns + 1) + right + 1] != sums[row * (columns + 1) + left] {
                return false
            }
            return true
        }
    }
}
