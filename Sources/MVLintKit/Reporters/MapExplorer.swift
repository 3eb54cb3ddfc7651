/// The HTML report's map as one to explore. Everything is worked out here, so the page's script only swaps
/// pictures and shows or hides what is already written:
///
/// - the overview: the fitted picture, inline as `map --format svg` draws it, readable without JavaScript;
/// - per group box, the picture with that group opened, pre-rendered inside an inert `<template>` the script puts
///   in the overview's place: into its types when they fit one picture (`fitted(expanded:)`), else into its
///   folders (`fitted(opened:)`), each of which opens in a picture of its own, so no picture grows past a screen
///   or two;
/// - per box of any picture, a side panel: role and evidence, relations, findings (linked to the findings list);
/// - the types for the search field, and the relations that break a rule as a table under the picture.
///
/// Views are named `overview` or `view-` plus the opened group's id, boxes by their node id; both are ASCII
/// letters, digits, `_` and `-` (`ArchitectureMap.safeIdentifier`), so they go into ids and URL hashes as they are.
struct MapExplorer {
    static let overviewID = "overview"
    /// A group's panel lists this many of its violations and findings; the findings list has them all.
    static let listLimit = 20

    struct View {
        var id: String
        /// The group box this view opens.
        var group: ArchitectureMap.Node
        var map: ArchitectureMap
    }

    typealias Group = (node: ArchitectureMap.Node, members: [String])

    /// Every type, as `map --no-collapse` draws it: the relations and violations the panels list.
    let full: ArchitectureMap
    let overview: ArchitectureMap
    let openViews: [View]
    private let findings: [Finding]
    private let anchors: [Int: String]
    private let assignments: [String: RoleAssignment]
    private let findingsByType: [String: [Int]]
    /// The first finding of each rule on each line (`file:line:rule`), which a violating relation links to.
    private let findingAtLine: [String: Int]
    private let types: [String: ArchitectureMap.Node]
    private let edgesByType: [String: [ArchitectureMap.Edge]]
    /// The group boxes of every view, by id, with the ids of the types inside.
    private let groups: [String: Group]
    /// Where each box is drawn: the overview, else the shallowest view that opens a group around it, else the first
    /// view that draws it.
    private let viewOfBox: [String: String]

    /// `anchors` gives the id of each finding's entry in the findings list, by index in `findings`.
    init(architecture: Architecture, findings: [Finding], anchors: [Int: String], targetOf: (String) -> String?) {
        let full = ArchitectureMap(architecture: architecture, findings: findings)
        let tree = GroupTree(nodes: full.nodes, targetOf: targetOf)
        let overview = full.fitted(in: tree)
        (self.full, self.overview) = (full, overview)
        let openViews = Self.openViews(of: full, overview: overview, tree: tree)
        self.openViews = openViews
        self.findings = findings
        self.anchors = anchors
        let roles = RoleReport.assignments(of: architecture)
        assignments = Dictionary(roles.map { (ArchitectureMap.nodeID($0.id), $0) }, uniquingKeysWith: { first, _ in first })
        findingsByType = Self.findingsByType(findings, declarations: roles)
        findingAtLine = Dictionary(findings.enumerated().map { ("\($1.file):\($1.line):\($1.rule)", $0) }, uniquingKeysWith: min)
        types = Dictionary(full.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var edgesByType: [String: [ArchitectureMap.Edge]] = [:]
        for edge in full.edges {
            edgesByType[edge.from, default: []].append(edge)
            if edge.to != edge.from { edgesByType[edge.to, default: []].append(edge) }
        }
        self.edgesByType = edgesByType

        var groups: [String: Group] = [:]
        for map in [overview] + openViews.map(\.map) {
            for node in map.nodes where node.role == nil && groups[node.id] == nil {
                groups[node.id] = (node, map.grouping?.contents[node.id] ?? [])
            }
        }
        self.groups = groups
        // Views come parents first, so a box goes to the shallowest view that opens a group around it.
        var viewOfBox: [String: String] = [:]
        for node in overview.nodes { viewOfBox[node.id] = Self.overviewID }
        for view in openViews {
            let inside = Set(groups[view.group.id]?.members ?? [])
            for box in Self.boxes(of: view.map, inside: inside) where viewOfBox[box] == nil { viewOfBox[box] = view.id }
        }
        for view in openViews {
            for node in view.map.nodes where viewOfBox[node.id] == nil { viewOfBox[node.id] = view.id }
        }
        self.viewOfBox = viewOfBox
    }

    /// A view per group box of the overview and, in turn, per folder box a view opens its group into.
    static func openViews(of full: ArchitectureMap, overview: ArchitectureMap, tree: GroupTree) -> [View] {
        var queue: [Group] = overview.nodes.filter { $0.role == nil }.map { ($0, overview.grouping?.contents[$0.id] ?? []) }
        var planned = Set(queue.map(\.node.id))
        var views: [View] = []
        while !queue.isEmpty {
            let (group, members) = queue.removeFirst()
            let map = members.count <= ArchitectureMap.maximumBoxes
                ? full.fitted(in: tree, expanded: [group.name]) : full.fitted(in: tree, opened: [group.name])
            views.append(View(id: "view-" + group.id, group: group, map: map))
            for id in boxes(of: map, inside: Set(members)) {
                guard let contents = map.grouping?.contents[id], let node = map.nodes.first(where: { $0.id == id }),
                      planned.insert(id).inserted else { continue }
                queue.append((node, contents))
            }
        }
        return views
    }

    /// Each finding goes to the type whose declaration it follows in its file: a type owns the lines from its
    /// declaration to the next one declared in that file (the index knows where types start, not where they end).
    static func findingsByType(_ findings: [Finding], declarations: [RoleAssignment]) -> [String: [Int]] {
        let byFile = Dictionary(grouping: declarations, by: \.path).mapValues { $0.sorted { $0.position.line < $1.position.line } }
        var result: [String: [Int]] = [:]
        for (index, finding) in findings.enumerated() {
            guard let owner = byFile[finding.file]?.last(where: { $0.position.line <= finding.line }) else { continue }
            result[ArchitectureMap.nodeID(owner.id), default: []].append(index)
        }
        return result
    }

    // MARK: Controls

    /// The bar above the picture; hidden until the script shows it, as without JavaScript it could not act.
    var toolbar: String {
        let options = full.nodes.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
            .map { "<option value=\"\(Markup.escape($0.name))\" data-box=\"\($0.id)\"></option>" }
        return """
        <div class="map-tools" id="map-tools" hidden>
        <button type="button" id="map-back" hidden>← Overview</button>
        <span class="map-view-title" id="map-view-title" aria-live="polite">Overview</span>
        <label>Find a type <input type="search" id="map-search" list="map-types" placeholder="type name" autocomplete="off" \
        spellcheck="false"></label>
        <label>Neighbours <select id="map-depth"><option value="1">1 step</option><option value="2">2 steps</option></select></label>
        <button type="button" id="map-clear">Clear selection</button>
        <span class="map-status" id="map-status" role="status"></span>
        <datalist id="map-types">\(options.joined())</datalist>
        <p class="map-hint">Click a box, or Tab to it and press Enter: a group opens into its types, any box shows its role, \
        relations and findings beside the picture and brings out its neighbours. Esc clears the selection.</p>
        </div>

        """
    }

    /// The pictures of the opened groups, inert until the script shows one.
    var templates: String {
        openViews.map { view in
            "<template id=\"\(view.id)\" data-name=\"\(Markup.escape(view.group.name))\" data-title=\"\(Markup.escape(MapStyle.labelLines(of: view.group).joined(separator: ", ")))\">\n"
                + SVGRenderer.render(view.map) + "</template>\n"
        }.joined()
    }

    // MARK: Panels

    /// One panel per box of any view, hidden; the script shows the selected box's, beside the picture.
    var panel: String {
        var seen: Set<String> = []
        var html = "<aside class=\"map-panel\" id=\"map-panel\" aria-label=\"Selected box\" hidden>\n"
        for map in [overview] + openViews.map(\.map) {
            for node in map.nodes where seen.insert(node.id).inserted {
                html += node.role == nil ? groupPanel(node) : typePanel(node)
            }
        }
        return html + "</aside>\n"
    }

    private func typePanel(_ node: ArchitectureMap.Node) -> String {
        var html = "<div class=\"box-info\" data-box=\"\(node.id)\" data-view=\"\(view(of: node.id))\" hidden>\n"
            + "<h3><code>\(Markup.escape(node.name))</code></h3>\n"
            + "<p>\(roleBadge(node)) <code>\(Markup.escape("\(node.file):\(node.line)"))</code></p>\n"
        if let assignment = assignments[node.id] {
            html += "<p class=\"evidence\">\(Markup.escape(RoleReport.evidence(of: assignment)))</p>\n"
        }
        let edges = edgesByType[node.id] ?? []
        for (heading, side) in [("Uses", edges.filter { $0.from == node.id }), ("Used by", edges.filter { $0.from != node.id })] {
            html += "<h4>\(heading) (\(side.count))</h4>\n" + (side.isEmpty ? "<p class=\"none\">nothing on the map</p>\n"
                : "<ul class=\"box-relations\">\n" + side.map { relationItem($0, seenFrom: node) }.joined() + "</ul>\n")
        }
        return html + findingsList(findingsByType[node.id] ?? []) + "</div>\n"
    }

    private func groupPanel(_ node: ArchitectureMap.Node) -> String {
        let members = groups[node.id]?.members ?? []
        let inside = Set(members)
        let opened = openView(of: node.id, members: inside)
        let shownInside = Self.boxes(of: opened.map, inside: inside).joined(separator: " ")
        var html = "<div class=\"box-info\" data-box=\"\(node.id)\" data-view=\"\(view(of: node.id))\" data-open=\"\(opened.id)\" "
            + "data-inside=\"\(shownInside)\" hidden>\n<h3><code>\(Markup.escape(node.name))</code></h3>\n"
            + "<p>\(roleBadge(node)) \(members.count) type\(members.count == 1 ? "" : "s") in <code>\(Markup.escape(node.file))</code></p>\n"
            + "<p><a class=\"open-group\" href=\"#map/\(opened.id)/\(node.id)\">"
            + (opened.id == Self.overviewID ? "Show it in the overview" : "Open it into its types") + "</a></p>\n"
        var out: [Relation.Kind: Int] = [:], into: [Relation.Kind: Int] = [:]
        for edge in full.edges where inside.contains(edge.from) != inside.contains(edge.to) {
            if inside.contains(edge.from) { out[edge.kind, default: 0] += 1 } else { into[edge.kind, default: 0] += 1 }
        }
        func counted(_ kinds: [Relation.Kind: Int]) -> String {
            let total = kinds.values.reduce(0, +)
            return total == 0 ? "none" : "\(total) (\(MapStyle.describe(kinds)))"
        }
        html += "<h4>Relations across its border</h4>\n<p>out: \(counted(out)); in: \(counted(into))</p>\n"
        let violations = full.edges.filter { $0.isViolation && (inside.contains($0.from) || inside.contains($0.to)) }
        if !violations.isEmpty {
            html += "<h4>Relations that break a rule (\(violations.count))</h4>\n<ul class=\"box-relations\">\n"
                + violations.prefix(Self.listLimit).map { relationItem($0, seenFrom: nil) }.joined()
                + more(violations.count) + "</ul>\n"
        }
        let types = members.compactMap { self.types[$0] }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        html += "<h4>Types (\(types.count))</h4>\n<ul class=\"box-types\">\n"
            + types.map { "<li>\(boxLink($0.id, name: $0.name)) \(roleBadge($0))</li>\n" }.joined() + "</ul>\n"
        return html + findingsList(members.flatMap { findingsByType[$0] ?? [] }.sorted()) + "</div>\n"
    }

    /// A relation as the panel of `seenFrom` lists it (`observes @Environment → CartStore`, `← CartScreen shows`),
    /// or from end to end when nil; a violation is marked and links the findings that make it one. Where it is
    /// written is short (a line of the box's file, else the file's name), the full path in its tooltip.
    private func relationItem(_ edge: ArchitectureMap.Edge, seenFrom box: ArchitectureMap.Node?) -> String {
        let how = Markup.escape(MapStyle.labelLines(of: edge)[0])
        let text = box?.id == edge.from ? "\(how) → \(boxLink(edge.to))"
            : box?.id == edge.to ? "← \(boxLink(edge.from)) \(how)" : "\(boxLink(edge.from)) \(how) → \(boxLink(edge.to))"
        let short = box?.file == edge.file ? "line \(edge.line)" : "\(edge.file.split(separator: "/").last ?? ""):\(edge.line)"
        let place = " <code class=\"where\" title=\"\(Markup.escape("\(edge.file):\(edge.line)"))\">\(Markup.escape(short))</code>"
        guard edge.isViolation else { return "<li>\(text)\(place)</li>\n" }
        return "<li class=\"violation\">\(text)\(place) <span class=\"breaks\">breaks \(brokenRules(edge))</span></li>\n"
    }

    private func findingsList(_ indices: [Int]) -> String {
        guard !indices.isEmpty else { return "<h4>Findings (0)</h4>\n<p class=\"none\">none</p>\n" }
        let items = indices.prefix(Self.listLimit).map { index in
            let finding = findings[index]
            return "<li><a class=\"finding-link\" href=\"#\(anchors[index] ?? "findings")\">"
                + "\(HTMLReporter.badge(finding.severity, finding.severity.rawValue)) <code>\(Markup.escape(finding.rule))</code> "
                + "line \(finding.line)</a> \(HTMLReporter.message(finding.message))</li>\n"
        }
        return "<h4>Findings (\(indices.count))</h4>\n<ul class=\"box-findings\">\n" + items.joined() + more(indices.count) + "</ul>\n"
    }

    private func more(_ count: Int) -> String {
        count > Self.listLimit ? "<li class=\"none\">and \(count - Self.listLimit) more in the findings list</li>\n" : ""
    }

    // MARK: Violations

    /// Every relation that breaks a rule, type to type, with the finding that says so: the list the picture's red
    /// arrows stand for, readable with or without JavaScript.
    var violationsTable: String {
        let violating = full.edges.filter(\.isViolation)
        guard !violating.isEmpty else { return "" }
        let rows = violating.map { edge in
            "<tr class=\"violation\"><td>\(boxLink(edge.from))</td><td>\(Markup.escape(MapStyle.labelLines(of: edge)[0]))</td>"
                + "<td>\(boxLink(edge.to))</td><td>\(brokenRules(edge))</td>"
                + "<td><code>\(Markup.escape("\(edge.file):\(edge.line)"))</code></td></tr>\n"
        }
        return "<details class=\"violations\" open>\n<summary>\(violating.count) relation\(violating.count == 1 ? "" : "s") "
            + "break\(violating.count == 1 ? "s" : "") an architecture rule</summary>\n<table class=\"list violations\">\n"
            + "<thead><tr><th>From</th><th>Relation</th><th>To</th><th>Rules</th><th>Where</th></tr></thead>\n<tbody>\n"
            + rows.joined() + "</tbody>\n</table>\n</details>\n"
    }

    // MARK: Helpers

    private func view(of box: String) -> String { viewOfBox[box] ?? Self.overviewID }

    /// A box's name as a link that selects it; the hash leaves the view out, for the script to pick one that draws it.
    private func boxLink(_ id: String, name: String? = nil) -> String {
        let name = name ?? types[id]?.name ?? groups[id]?.node.name ?? id
        return "<a href=\"#map//\(id)\"><code>\(Markup.escape(name))</code></a>"
    }

    private func roleBadge(_ node: ArchitectureMap.Node) -> String {
        "<span class=\"role role-\(MapStyle.look(of: node).className)\">\(node.roleName)</span>"
    }

    /// The view that shows a group opened: its own, else that of the smallest opened group holding all its types,
    /// else the overview (where a group that only a view drawn around another group has is drawn finer).
    private func openView(of group: String, members: Set<String>) -> (id: String, map: ArchitectureMap) {
        let holder = openViews.first { $0.group.id == group }
            ?? openViews.filter { members.isSubset(of: Set(groups[$0.group.id]?.members ?? [])) }.min { $0.group.members < $1.group.members }
        return holder.map { ($0.id, $0.map) } ?? (Self.overviewID, overview)
    }

    /// The boxes of `map` that lie inside a group with the types `inside`: its types, and groups holding only them.
    static func boxes(of map: ArchitectureMap, inside: Set<String>) -> [String] {
        map.nodes.filter { node in
            node.role == nil ? (map.grouping?.contents[node.id].map { inside.isSuperset(of: $0) } ?? false) : inside.contains(node.id)
        }.map(\.id)
    }

    /// The rules a violating relation breaks, each linked to the finding that says so.
    private func brokenRules(_ edge: ArchitectureMap.Edge) -> String {
        edge.violatedRules.map { rule in
            let code = "<code>\(Markup.escape(rule))</code>"
            return findingAtLine["\(edge.file):\(edge.line):\(rule)"].flatMap { anchors[$0] }
                .map { "<a class=\"finding-link\" href=\"#\($0)\">\(code)</a>" } ?? code
        }.joined(separator: ", ")
    }
}
