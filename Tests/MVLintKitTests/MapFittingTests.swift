@testable import MVLintKit
import XCTest

/// `ArchitectureMap.fitted`: every default picture keeps to the box and arrow limits, whatever the project's size,
/// and says what it grouped; small maps are left alone; `--expand` opens the groups it names.
final class MapFittingTests: XCTestCase {
    /// A generated project: `targets` targets, each with `folders` feature folders of `types` types. Every type
    /// shows the next one in its folder and observes the first type of the next folder; every fifth type also
    /// calls a type of the next target, so groups have relations between them at every level.
    static func generated(targets: Int, folders: Int, types: Int) -> (map: ArchitectureMap, targetOf: (String) -> String?) {
        var nodes: [ArchitectureMap.Node] = []
        var edges: [ArchitectureMap.Edge] = []
        func name(_ target: Int, _ folder: Int, _ type: Int) -> String { "T\(target)F\(folder)Type\(type)" }
        let roles: [Role] = [.container, .presentation, .model, .service, .viewModel]
        for target in 0..<targets {
            for folder in 0..<folders {
                for type in 0..<types {
                    let typeName = name(target, folder, type)
                    nodes.append(ArchitectureMap.Node(id: ArchitectureMap.nodeID(typeName), name: typeName, role: roles[type % roles.count],
                                                      file: "Sources/Target\(target)/Feature\(folder)/\(typeName).swift", line: 1))
                    func edge(_ kind: Relation.Kind, to other: String) {
                        edges.append(ArchitectureMap.Edge(from: ArchitectureMap.nodeID(typeName), to: ArchitectureMap.nodeID(other), kind: kind,
                                                          via: "", file: "Sources/Target\(target)/Feature\(folder)/\(typeName).swift",
                                                          line: 2, violatedRules: []))
                    }
                    if type + 1 < types { edge(.shows, to: name(target, folder, type + 1)) }
                    edge(.observes, to: name(target, (folder + 1) % folders, 0))
                    if type % 5 == 0 { edge(.calls, to: name((target + 1) % targets, folder, type)) }
                }
            }
        }
        let targetOf: (String) -> String? = { path in
            path.split(separator: "/").dropFirst().first.map { String($0.dropFirst("Target".count)) }.map { "Target" + $0 }
        }
        return (ArchitectureMap(nodes: nodes, edges: edges), targetOf)
    }

    private func assertFits(_ map: ArchitectureMap, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(map.nodes.count, ArchitectureMap.maximumBoxes, file: file, line: line)
        XCTAssertLessThanOrEqual(map.edges.count, ArchitectureMap.maximumArrows, file: file, line: line)
    }

    func testASmallMapIsLeftAsItIs() {
        let (map, targetOf) = Self.generated(targets: 2, folders: 2, types: 5)
        XCTAssertTrue(map.fitsOnePicture)
        let fitted = map.fitted(targetOf: targetOf)
        XCTAssertEqual(fitted.nodes, map.nodes)
        XCTAssertEqual(fitted.edges, map.edges)
        XCTAssertNil(fitted.grouping)
        XCTAssertFalse(fitted.isCollapsed)
    }

    func testLargeMapsFitAndAccountForEveryType() {
        for (targets, folders, types) in [(2, 5, 5), (4, 10, 5), (10, 10, 10)] {
            let (map, targetOf) = Self.generated(targets: targets, folders: folders, types: types)
            XCTAssertFalse(map.fitsOnePicture, "\(map.nodes.count) types")
            let fitted = map.fitted(targetOf: targetOf)
            assertFits(fitted)
            let grouping = try? XCTUnwrap(fitted.grouping)
            XCTAssertEqual(grouping?.types, map.nodes.count)
            XCTAssertEqual(grouping?.reason, .fit)
            // Every type is drawn once: as itself or inside exactly one group.
            let members = fitted.nodes.map { $0.role == nil ? $0.members : 1 }.reduce(0, +)
            XCTAssertEqual(members, map.nodes.count, "\(map.nodes.count) types")
            XCTAssertEqual(grouping?.shownTypes, fitted.nodes.filter { $0.role != nil }.count)
            // Grouping hides relations inside a group, never the ones between boxes.
            XCTAssertFalse(fitted.edges.isEmpty)
        }
    }

    func testOpenedShowsAGroupsFoldersAndTheRootOpensEverything() throws {
        let (map, targetOf) = Self.generated(targets: 4, folders: 12, types: 5)
        // What the HTML report draws for a group of more types than one picture holds: its folders.
        let opened = map.fitted(targetOf: targetOf, opened: ["Target2"])
        assertFits(opened)
        XCTAssertFalse(opened.nodes.contains { $0.name == "Target2" })
        XCTAssertTrue(opened.nodes.contains { $0.name.hasPrefix("Target2/Feature") }, "\(opened.nodes.map(\.name))")
        XCTAssertEqual(map.fitted(targetOf: targetOf, expanded: ["(project)"]).nodes, map.nodes)
        // The grouping says which types each box holds: every type not drawn as itself, once.
        let fitted = map.fitted(targetOf: targetOf)
        let grouping = try XCTUnwrap(fitted.grouping)
        for group in fitted.nodes where group.role == nil { XCTAssertEqual(grouping.contents[group.id]?.count, group.members, group.name) }
        let held = grouping.contents.values.flatMap { $0 }
        XCTAssertEqual(held.count, Set(held).count)
        XCTAssertEqual(held.count, grouping.types - grouping.shownTypes)
    }

    func testGroupsOpenLargestFirstDownToFolders() {
        // Two targets of 5 folders × 8 types: both targets open into their folders (10 boxes), and then folders open
        // into their 8 types while the picture fits; the ones left are folder boxes, never a whole target.
        let (map, targetOf) = Self.generated(targets: 2, folders: 5, types: 8)
        let fitted = map.fitted(targetOf: targetOf)
        assertFits(fitted)
        let groups = fitted.nodes.filter { $0.role == nil }
        XCTAssertFalse(groups.isEmpty)
        XCTAssertTrue(groups.allSatisfy { $0.name.hasPrefix("Target0/Feature") || $0.name.hasPrefix("Target1/Feature") }, "\(groups.map(\.name))")
        XCTAssertTrue(groups.allSatisfy { $0.members == 8 }, "\(groups.map(\.members))")
        XCTAssertEqual(fitted.nodes.count - groups.count, (10 - groups.count) * 8)
        XCTAssertTrue(fitted.grouping?.note.contains("--expand NAME") ?? false)
    }

    /// Pairs of folders whose names run together alike (`A/bc`, `Ab/c`), of 25, 10 and 2 types: one of each pair opens
    /// within the limits, and it is the same one every time (first by path), not whichever a table of groups (whose
    /// order changes from run to run) offered first. Three pairs, so that an order-dependent choice could hardly pass.
    func testOfTwoGroupsOfOneSizeAndJoinedNameTheFirstByPathOpens() {
        var nodes: [ArchitectureMap.Node] = []
        for (folder, prefix, count) in [("A/bc", "P", 25), ("Ab/c", "Q", 25), ("D/ef", "R", 10), ("De/f", "S", 10), ("G/hi", "T", 2), ("Gh/i", "U", 2)] {
            for number in 0..<count {
                let name = "\(prefix)\(number)View"
                nodes.append(ArchitectureMap.Node(id: ArchitectureMap.nodeID(name), name: name, role: .presentation,
                                                  file: "\(folder)/\(name).swift", line: 1))
            }
        }
        for _ in 0..<8 {
            let fitted = ArchitectureMap(nodes: nodes, edges: []).fitted(targetOf: { _ in nil })
            XCTAssertEqual(fitted.nodes.filter { $0.role == nil }.map(\.name).sorted(), ["Ab/c", "De/f", "Gh/i"])
            XCTAssertEqual(fitted.nodes.filter { "PRT".contains($0.name.prefix(1)) }.count, 37)
        }
    }

    /// One folder of 100 types (20 per generated role) would be one box that can never open; its types get a level
    /// per role, and a role with more types than half a picture is cut into runs by name.
    func testACrowdedFolderIsSplitByRoleThenByName() throws {
        let (map, targetOf) = Self.generated(targets: 1, folders: 1, types: 100)
        let tree = GroupTree(nodes: map.nodes, targetOf: targetOf)
        let names = tree.allGroupNames.filter { $0.hasPrefix("[") }
        XCTAssertEqual(names, ["[models T 1]", "[models T 2]", "[services]", "[views T 1]", "[views T 2]"])
        XCTAssertTrue(tree.paths.allSatisfy { $0.count == 1 }, "one level under the project")
        let fitted = map.fitted(in: tree)
        assertFits(fitted)
        XCTAssertFalse(fitted.nodes.isEmpty)
        // A run opens into its own types.
        let opened = map.fitted(in: tree, expanded: ["[views T 1]"])
        let runTypes = map.nodes.indices.filter { tree.paths[$0] == ["[views T 1]"] }.map { map.nodes[$0].id }
        XCTAssertEqual(runTypes.count, 20)
        XCTAssertTrue(Set(runTypes).isSubset(of: Set(opened.nodes.map(\.id))), "\(opened.nodes.map(\.name))")
    }

    func testExpandOpensTheNamedGroupIntoItsTypes() {
        let (map, targetOf) = Self.generated(targets: 4, folders: 10, types: 5)
        XCTAssertTrue(GroupTree(nodes: map.nodes, targetOf: targetOf).allGroupNames.contains("Target2/Feature3"))
        let fitted = map.fitted(targetOf: targetOf, expanded: ["Target2/Feature3"])
        let shown = Set(fitted.nodes.filter { $0.role != nil }.map(\.name))
        XCTAssertEqual(shown.filter { $0.hasPrefix("T2F3") }.count, 5, "\(shown.sorted())")
        XCTAssertFalse(fitted.nodes.contains { $0.name == "Target2/Feature3" })
        // The types' relations to the rest now end at the groups they point into.
        XCTAssertTrue(fitted.edges.contains { $0.from == ArchitectureMap.nodeID("T2F3Type0") && $0.to.hasPrefix("g_") })
    }

    func testMermaidAndDotSayWhatWasGroupedAndStayWithinMermaidsLimits() {
        let (map, targetOf) = Self.generated(targets: 10, folders: 10, types: 10)
        let fitted = map.fitted(targetOf: targetOf)
        let mermaid = MapFormat.mermaid.render(fitted)
        XCTAssertNil(MermaidRenderer.sizeProblem(fitted, rendered: mermaid))
        XCTAssertTrue(mermaid.hasPrefix("flowchart LR\n    %% "), String(mermaid.prefix(200)))
        XCTAssertTrue(mermaid.contains("of 1000 types are drawn as"), String(mermaid.prefix(300)))
        XCTAssertTrue(MapFormat.dot.render(fitted).contains("    // "))
        XCTAssertTrue(MapFormat.json.render(fitted).contains("\"grouping\": {\"types\": 1000, "))
        XCTAssertTrue(MapFormat.svg.render(fitted).contains("<desc>"))
        // Asked-for collapsing says so too; a map drawn whole says nothing.
        XCTAssertTrue(MapFormat.mermaid.render(map.collapsed(targetOf: targetOf)).contains("as asked by --collapse"))
        XCTAssertFalse(MapFormat.mermaid.render(Self.generated(targets: 1, folders: 1, types: 3).map).contains("%%"))
    }

    /// Too large for one picture and with no folders to group by: its role and name runs open while they fit,
    /// instead of one box holding everything.
    func testAOneFolderProjectTooLargeOpensByRoleAndNameWithinTheLimits() {
        let (map, _) = Self.generated(targets: 1, folders: 1, types: 60)
        let fitted = map.fitted(targetOf: { _ in nil })
        assertFits(fitted)
        let groups = fitted.nodes.filter { $0.role == nil }
        XCTAssertTrue(groups.allSatisfy { $0.name.hasPrefix("[") }, "\(groups.map(\.name))")
        XCTAssertEqual(fitted.nodes.count - groups.count + groups.reduce(0) { $0 + $1.members }, 60)
        XCTAssertGreaterThan(fitted.nodes.count - groups.count, 30, "most types are drawn as themselves")
    }
}

/// The layout's own measures on generated projects of 50, 200 and 1,000 types, as drawn by default (fitted), taken
/// from the SVG itself: the picture keeps to one screen's width, no two boxes overlap, the barycentre sweeps keep
/// crossings below those of the unordered rows, no edge runs across a box it does not end at, and no label sits
/// on another or under a line. The figures are in docs/MAP.md; a change that worsens them fails here.
final class MapLayoutMetricsTests: XCTestCase {
    struct Metrics: CustomStringConvertible {
        var boxes: Int, arrows: Int, width: Int, height: Int, overlaps: Int, crossings: Int, unorderedCrossings: Int
        /// Pairs of an edge and a box it passes through without starting or ending there.
        var edgesAcrossBoxes: Int
        /// Pairs of a label and an edge passing through it (its own included).
        var labelsUnderEdges: Int
        var labelOverlaps: Int
        /// Labels drawn, of the edges that have one (a count or the rules they break).
        var labels: Int, labelledEdges: Int
        var description: String {
            "\(boxes) boxes, \(arrows) arrows, \(width)×\(height) px, \(overlaps) overlaps, \(crossings) crossings (unordered "
                + "\(unorderedCrossings)), \(edgesAcrossBoxes) edges across boxes, \(labels) of \(labelledEdges) labels drawn, "
                + "\(labelsUnderEdges) under edges, \(labelOverlaps) on each other"
        }
    }

    static func metrics(of map: ArchitectureMap) throws -> Metrics {
        let layout = SVGLayout(map)
        var overlaps = 0
        for (index, box) in layout.boxes.enumerated() {
            for other in layout.boxes[(index + 1)...]
            where box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height {
                overlaps += 1
            }
        }
        let index = Dictionary(uniqueKeysWithValues: map.nodes.enumerated().map { ($1.id, $0) })
        let neighbours = HTMLReportTests.neighbours(map)
        // The drawn rows, from the boxes' vertical positions, against the same rows in map order.
        let rows = Dictionary(grouping: layout.boxes.indices, by: { layout.boxes[$0].y }).sorted { $0.key < $1.key }
            .map { $0.value.sorted { layout.boxes[$0].x < layout.boxes[$1].x }.compactMap { index[layout.boxes[$0].node.id] } }

        let svg = try XMLElements(SVGRenderer.render(map))
        // Boxes where the picture draws them: centred on their name, which sits 18 px below their top.
        var boxes: [String: SVGRouting.Rectangle] = [:]
        let labelPositions = svg.nodeLabelPositions
        for node in map.nodes {
            guard let name = labelPositions[node.name] else { continue }
            let left = name.x - SVGLayout.boxWidth(node) / 2, top = name.y - 18
            boxes[node.id] = SVGRouting.Rectangle(left: Double(left), top: Double(top), right: Double(left + SVGLayout.boxWidth(node)),
                                                  bottom: Double(top + SVGLayout.boxHeight))
        }
        let edges = svg.elements.filter { $0.attributes["class"]?.hasPrefix("edge ") == true }.map { element in
            (from: element.attributes["data-from"] ?? "", to: element.attributes["data-to"] ?? "", points: polyline(element.attributes["d"] ?? ""))
        }
        // Labels are the texts with a halo.
        let labels = zip(svg.elements.filter { $0.name == "text" }, svg.texts).filter { $0.0.attributes["paint-order"] == "stroke" }
            .map { element, text in
                SVGRouting.labelRectangle(x: Int(element.attributes["x"] ?? "") ?? 0, y: Int(element.attributes["y"] ?? "") ?? 0,
                                          width: SVGLayout.textWidth(text, fontSize: SVGRouting.labelFontSize))
            }
        var edgesAcrossBoxes = 0, labelsUnderEdges = 0, labelOverlaps = 0
        for edge in edges {
            for (id, box) in boxes where id != edge.from && id != edge.to && box.grown(by: -1).isCrossed(by: edge.points) { edgesAcrossBoxes += 1 }
            for label in labels where label.isCrossed(by: edge.points) { labelsUnderEdges += 1 }
        }
        for (position, label) in labels.enumerated() {
            for other in labels[(position + 1)...] where label.overlaps(other) { labelOverlaps += 1 }
        }
        return Metrics(boxes: map.nodes.count, arrows: map.edges.count, width: layout.width, height: layout.height, overlaps: overlaps,
                       crossings: SVGLayout.crossings(rows, neighbours: neighbours),
                       unorderedCrossings: SVGLayout.crossings(rows.map { $0.sorted() }, neighbours: neighbours),
                       edgesAcrossBoxes: edgesAcrossBoxes, labelsUnderEdges: labelsUnderEdges, labelOverlaps: labelOverlaps,
                       labels: labels.count, labelledEdges: map.edges.filter { $0.count > 1 || $0.isViolation }.count)
    }

    /// The points of an SVG path of `M`, `L` and `C` commands, each curve cut into 48 straight pieces.
    static func polyline(_ path: String) -> [(x: Double, y: Double)] {
        var tokens = path.replacingOccurrences(of: ",", with: " ").split(whereSeparator: { $0 == " " })
            .flatMap { token -> [Substring] in token.first?.isLetter == true && token.count > 1 ? [token.prefix(1), token.dropFirst()] : [token] }
            .makeIterator()
        var points: [(x: Double, y: Double)] = []
        var command: Substring = "M"
        func number() -> Double? { tokens.next().flatMap { Double($0) } }
        while let token = tokens.next() {
            var first = token
            if token.first?.isLetter == true {
                command = token
                guard let next = tokens.next() else { break }
                first = next
            }
            guard let x = Double(first), let y = number() else { break }
            switch command {
            case "C":
                guard let x2 = number(), let y2 = number(), let x3 = number(), let y3 = number(), let start = points.last else { return points }
                for step in 1...48 {
                    let t = Double(step) / 48, u = 1 - t
                    points.append((u * u * u * start.x + 3 * u * u * t * x + 3 * u * t * t * x2 + t * t * t * x3,
                                   u * u * u * start.y + 3 * u * u * t * y + 3 * u * t * t * y2 + t * t * t * y3))
                }
            default: points.append((x, y))
            }
        }
        return points
    }

    /// Marks every seventh relation as breaking a rule, so the pictures have red labels to place.
    static func withViolations(_ map: ArchitectureMap) -> ArchitectureMap {
        ArchitectureMap(nodes: map.nodes, edges: map.edges.enumerated().map { index, edge in
            var edge = edge
            if index % 7 == 3 { edge.violatedRules = ["layer-dependency"] }
            return edge
        })
    }

    func testFittedPicturesOfGeneratedProjects() throws {
        let pictures = ProcessInfo.processInfo.environment["MVLINT_MAP_PICTURES"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        for (targets, folders, types) in [(2, 5, 5), (4, 10, 5), (10, 10, 10)] {
            let (generated, targetOf) = MapFittingTests.generated(targets: targets, folders: folders, types: types)
            let map = Self.withViolations(generated)
            let fitted = map.fitted(targetOf: targetOf)
            let metrics = try Self.metrics(of: fitted)
            print("map layout, \(map.nodes.count) types: \(metrics)")
            if let pictures {
                try SVGRenderer.render(fitted).write(to: pictures.appendingPathComponent("generated-\(map.nodes.count).svg"), atomically: true, encoding: .utf8)
            }
            XCTAssertLessThanOrEqual(metrics.boxes, ArchitectureMap.maximumBoxes)
            XCTAssertLessThanOrEqual(metrics.arrows, ArchitectureMap.maximumArrows)
            XCTAssertLessThanOrEqual(metrics.width, SVGLayout.maximumRowWidth)
            XCTAssertLessThanOrEqual(metrics.height, 1_600)
            XCTAssertEqual(metrics.overlaps, 0)
            XCTAssertLessThanOrEqual(metrics.crossings, metrics.unorderedCrossings)
            XCTAssertEqual(metrics.edgesAcrossBoxes, 0)
            XCTAssertEqual(metrics.labelOverlaps, 0)
            XCTAssertLessThanOrEqual(metrics.labelsUnderEdges, Self.labelsUnderEdgesBound)
            // Dropping labels would keep the three above at zero: at least a quarter of them are drawn (4 of 14, 21 of 45
            // and 48 of 76 when recorded).
            XCTAssertGreaterThanOrEqual(4 * metrics.labels, metrics.labelledEdges)
        }
    }

    /// Labels are placed clear of the squares the curves, cut into 16 pieces each, pass; measured here against 48
    /// pieces, so a curve's bulge could show as a crossing. 0 when recorded.
    static let labelsUnderEdgesBound = 2

    func testEdgesSharingAGapAreSpreadInOrderWithinIt() {
        XCTAssertEqual(SVGRouting.spread([10, 10, 10], over: (low: 0, high: 20)), [8, 14, 20])
        XCTAssertEqual(SVGRouting.spread([3, 40], over: (low: 0, high: 20)), [3, 20])
        // Too many for the lane spacing: closer together, still inside the gap and in order.
        XCTAssertEqual(SVGRouting.spread([0, 0, 0, 0, 0], over: (low: 0, high: 8)), [0, 2, 4, 6, 8])
    }
}

/// What the metrics measure the picture with.
extension SVGRouting.Rectangle {
    func overlaps(_ other: SVGRouting.Rectangle) -> Bool {
        left < other.right && other.left < right && top < other.bottom && other.top < bottom
    }

    /// Whether the straight line from `start` to `end` enters the rectangle (Liang–Barsky clipping).
    func isCrossed(from start: (x: Double, y: Double), to end: (x: Double, y: Double)) -> Bool {
        // Most lines tested pass nowhere near: their extents tell.
        guard max(start.x, end.x) > left, min(start.x, end.x) < right, max(start.y, end.y) > top, min(start.y, end.y) < bottom
        else { return false }
        var (low, high) = (0.0, 1.0)
        let (dx, dy) = (end.x - start.x, end.y - start.y)
        /// Narrows the part of the line inside one of the four half-planes; false when none is left.
        func clip(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            if p < 0 { low = max(low, q / p) } else { high = min(high, q / p) }
            return low < high
        }
        return clip(-dx, start.x - left) && clip(dx, right - start.x) && clip(-dy, start.y - top) && clip(dy, bottom - start.y)
    }

    /// Whether a line through `points` enters the rectangle.
    func isCrossed(by points: [(x: Double, y: Double)]) -> Bool {
        zip(points, points.dropFirst()).contains { isCrossed(from: $0, to: $1) }
    }
}
