/// Making one picture out of a project of any size: at most `maximumBoxes` boxes and `maximumArrows` arrows,
/// which a page about one screen wide can show with every arrow followable. A larger project is cut into groups —
/// its targets, then their feature folders, opened largest first for as long as the picture still fits — and the
/// rest is reached with `--expand`, `--focus` or `--no-collapse`.
extension ArchitectureMap {
    static let maximumBoxes = 40
    static let maximumArrows = 80

    /// What a fitted or collapsed map left out, for the renderers to say (and how to get it back).
    public struct Grouping: Sendable, Equatable {
        /// The types the full map has.
        public var types: Int
        /// How many of them are drawn as themselves; the rest are inside `groups`.
        public var shownTypes: Int
        public var groups: Int
        /// Why the map was grouped: `fit` (too large for one picture) or `asked` (`--collapse`).
        public var reason: Reason
        /// Per group box (by node id), the ids of the types drawn inside it, in map order.
        public var contents: [String: [String]] = [:]

        public enum Reason: String, Sendable { case fit, asked }

        /// One sentence saying what was grouped and how to see the rest.
        public var note: String {
            let hidden = types - shownTypes
            let why = reason == .fit
                ? "to fit one picture (at most \(ArchitectureMap.maximumBoxes) boxes and \(ArchitectureMap.maximumArrows) arrows)"
                : "as asked by --collapse"
            return "\(hidden) of \(types) type\(types == 1 ? "" : "s") are drawn as \(groups) group\(groups == 1 ? "" : "s") \(why); "
                + "open a group with --expand NAME, follow a type with --focus TYPE [--depth N], or draw every type with --no-collapse"
        }
    }

    public var fitsOnePicture: Bool { nodes.count <= Self.maximumBoxes && edges.count <= Self.maximumArrows }

    /// The map itself when it fits one picture; else its types grouped by target and folder, the groups opened
    /// largest first while the picture still fits. `expanded` names groups to show as their types whatever the size,
    /// `opened` groups to show as their sub-folders and the types directly in them (which may open further).
    public func fitted(targetOf: (String) -> String?, expanded: Set<String> = [], opened: Set<String> = []) -> ArchitectureMap {
        guard !fitsOnePicture else { return self }
        return fitted(in: GroupTree(nodes: nodes, targetOf: targetOf), expanded: expanded, opened: opened)
    }

    /// `fitted` with the tree of this map's nodes built once, for a caller that fits many pictures of one map.
    func fitted(in tree: GroupTree, expanded: Set<String> = [], opened: Set<String> = []) -> ArchitectureMap {
        guard !fitsOnePicture else { return self }
        var cut = GroupCut(tree: tree, edges: edges, nodeIndex: nodeIndex)
        for name in expanded {
            guard let path = tree.path(named: name) else { continue }
            cut.openFully(path)
        }
        for name in opened {
            guard let path = tree.path(named: name) else { continue }
            cut.open(path)
        }
        cut.openWhileFitting()
        return grouped(by: { cut.group(ofNode: $0) }, names: tree.displayName, reason: .fit)
    }

    /// The kind with the most relations; ties go to the kind listed first in `Relation.Kind`.
    static func commonest(_ kinds: [Relation.Kind: Int]) -> Relation.Kind {
        Relation.Kind.allCases.max { (kinds[$0] ?? 0, $1.ordinal) < (kinds[$1] ?? 0, $0.ordinal) } ?? .shows
    }

    private var nodeIndex: [String: Int] {
        Dictionary(nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The map with every node that `groupOf` puts in a group replaced by that group's box (nil keeps the node):
    /// edges between two kept nodes stay as they are, the others are merged into one arrow per pair of boxes that
    /// counts its relations by kind, and edges inside one group are dropped. `names` gives a group key's box label.
    func grouped(by groupOf: (Int) -> GroupKey?, names: (GroupKey) -> String, reason: Grouping.Reason) -> ArchitectureMap {
        let index = nodeIndex
        // Groups by number, in the order met, and per node the number of its group (nil when drawn as itself).
        var groupNumbers: [GroupKey: Int] = [:]
        var groupNodes: [Node] = []
        var groupFolders: [Set<String>] = []
        var groupOfNode = [Int?](repeating: nil, count: nodes.count)
        var contents: [String: [String]] = [:]
        var kept: [Node] = []
        for (position, node) in nodes.enumerated() {
            guard let key = groupOf(position) else {
                kept.append(node)
                continue
            }
            let folder = Self.folder(of: node.file)
            let number: Int
            if let known = groupNumbers[key] {
                number = known
            } else {
                number = groupNodes.count
                groupNumbers[key] = number
                groupNodes.append(Node(id: Self.groupID(names(key)), name: names(key), role: nil, file: folder, line: 0, members: 0))
                groupFolders.append([])
            }
            groupOfNode[position] = number
            groupNodes[number].members += node.members
            groupFolders[number].insert(folder)
            contents[groupNodes[number].id, default: []].append(node.id)
        }
        // A group's place is the deepest folder its types share, worked out once per folder rather than per type.
        for (number, folders) in groupFolders.enumerated() {
            let sorted = folders.sorted()
            groupNodes[number].file = sorted.dropFirst().reduce(sorted[0], Self.commonFolder)
        }
        // An arrow's ends: a group's number, or a type's position from -1 down.
        struct Ends: Hashable { var from: Int, to: Int }
        var keptEdges: [Edge] = []
        var merged: [Ends: Edge] = [:]
        for edge in edges {
            guard let fromIndex = index[edge.from], let toIndex = index[edge.to] else { continue }
            let fromGroup = groupOfNode[fromIndex], toGroup = groupOfNode[toIndex]
            if fromGroup == nil, toGroup == nil {
                keptEdges.append(edge)
                continue
            }
            let ends = Ends(from: fromGroup ?? -1 - fromIndex, to: toGroup ?? -1 - toIndex)
            guard ends.from != ends.to else { continue }
            guard var existing = merged[ends] else {
                merged[ends] = Edge(from: fromGroup.map { groupNodes[$0].id } ?? edge.from, to: toGroup.map { groupNodes[$0].id } ?? edge.to,
                                    kind: edge.kind, via: "", file: edge.file, line: edge.line, violatedRules: edge.violatedRules,
                                    count: edge.count, kinds: [edge.kind: edge.count])
                continue
            }
            existing.count += edge.count
            existing.kinds[edge.kind, default: 0] += edge.count
            existing.kind = Self.commonest(existing.kinds)
            // Edges come sorted, so the first one gives the location, unless a later one is a violation to point at.
            if !existing.isViolation, edge.isViolation { (existing.file, existing.line) = (edge.file, edge.line) }
            if edge.isViolation { existing.violatedRules = Array(Set(existing.violatedRules).union(edge.violatedRules)).sorted() }
            merged[ends] = existing
        }
        var map = ArchitectureMap(nodes: kept + groupNodes, edges: keptEdges + merged.values)
        if !groupNodes.isEmpty || reason == .asked {
            map.isCollapsed = true
            map.grouping = Grouping(types: nodes.count, shownTypes: kept.count, groups: groupNodes.count, reason: reason,
                                    contents: contents)
        }
        return map
    }
}

/// A group of types: a path from the project down its targets and folders (`["ShopUI", "Views"]`).
typealias GroupKey = [String]

/// Every type of the map placed in a tree: the target when the code has several, then the folders below the
/// deepest folder that target's types share. A type's path is the group it sits in directly.
struct GroupTree {
    /// Per node (by position in the map), the path of the folder group it is in.
    let paths: [GroupKey]
    let numbered: NumberedGroups

    init(nodes: [ArchitectureMap.Node], targetOf: (String) -> String?) {
        let targets = nodes.map { targetOf($0.file) ?? "" }
        let byTarget = Set(targets.filter { !$0.isEmpty }).count > 1
        let roots = nodes.indices.map { byTarget ? targets[$0] : "" }
        var sharedFolder: [String: String] = [:]
        for (position, node) in nodes.enumerated() {
            let folder = ArchitectureMap.folder(of: node.file)
            let shared = sharedFolder[roots[position]]
            if shared != folder { sharedFolder[roots[position]] = shared.map { ArchitectureMap.commonFolder($0, folder) } ?? folder }
        }
        let folderPaths = nodes.indices.map { position in
            let root = roots[position]
            let shared = sharedFolder[root] ?? "."
            let folder = ArchitectureMap.folder(of: nodes[position].file)
            let below = shared == "." ? folder : String(folder.dropFirst(shared.count))
            let components = below.split(separator: "/").map(String.init).filter { $0 != "." }
            return (root.isEmpty ? [] : [root]) + components
        }
        paths = Self.splittingCrowdedFolders(folderPaths, nodes: nodes)
        numbered = NumberedGroups(paths)
    }

    /// A folder holding more types directly than one picture has boxes could never be opened into them, so its
    /// types get one more level: a group per role (`Feed/[views]`, `Feed/[models]`), and a role with still too many
    /// types is cut by name into runs of at most `maximumBoxes / 2` (`Feed/[views A–K]`). Brackets keep these apart
    /// from real folders.
    static func splittingCrowdedFolders(_ paths: [GroupKey], nodes: [ArchitectureMap.Node]) -> [GroupKey] {
        var positionsByFolder: [GroupKey: [Int]] = [:]
        for (position, path) in paths.enumerated() { positionsByFolder[path, default: []].append(position) }
        var split = paths
        for (folder, positions) in positionsByFolder where positions.count > ArchitectureMap.maximumBoxes {
            let byKind = Dictionary(grouping: positions) { roleGroupName(nodes[$0].role) }
            for (kind, members) in byKind {
                guard members.count > ArchitectureMap.maximumBoxes / 2 else {
                    for position in members { split[position] = folder + ["[\(kind)]"] }
                    continue
                }
                let sorted = members.sorted { (nodes[$0].name, $0) < (nodes[$1].name, $1) }
                let runLength = ArchitectureMap.maximumBoxes / 2
                for start in stride(from: 0, to: sorted.count, by: runLength) {
                    let run = sorted[start..<min(start + runLength, sorted.count)]
                    let first = nodes[run.first!].name.prefix(1).uppercased(), last = nodes[run.last!].name.prefix(1).uppercased()
                    let label = first == last ? "[\(kind) \(first) \(start / runLength + 1)]" : "[\(kind) \(first)–\(last)]"
                    for position in run { split[position] = folder + [label] }
                }
            }
        }
        return split
    }

    /// The layer a role is drawn in, as a group name: views of every kind together, since a crowded folder of
    /// views is usually one feature's screens and their parts.
    private static func roleGroupName(_ role: Role?) -> String {
        switch role {
        case .container, .presentation, .mixed: return "views"
        case .model, .viewModel: return "models"
        case .service: return "services"
        default: return "other"
        }
    }

    /// How a group is labelled: its path joined with `/`, or `(project)` for the root.
    func displayName(_ key: GroupKey) -> String { key.isEmpty ? "(project)" : key.joined(separator: "/") }

    var allGroupNames: [String] {
        var names: Set<String> = []
        for path in paths {
            for length in 1...max(1, path.count) where length <= path.count { names.insert(displayName(Array(path.prefix(length)))) }
        }
        return names.sorted()
    }

    /// The group a name stands for; `(project)`, the root, opens everything.
    func path(named name: String) -> GroupKey? {
        if name == displayName([]) { return [] }
        let parts = name.split(separator: "/").map(String.init)
        return paths.contains { $0.starts(with: parts) } ? parts : nil
    }
}

/// The groups of a tree by number, so that cutting it (many trials per picture, many pictures per report)
/// compares integers rather than paths: every group that is a folder or above one, each folder once, and per
/// folder the numbers of the groups from the root down to it.
struct NumberedGroups {
    /// By number; 0 is the root.
    let keys: [GroupKey]
    let number: [GroupKey: Int]
    /// The folder paths, each once, and per node the index of its own.
    let folders: [GroupKey]
    let folderOfNode: [Int]
    /// Per folder, the numbers of the groups from the root down to the folder itself.
    let chains: [[Int]]

    init(_ paths: [GroupKey]) {
        var keys: [GroupKey] = [[]], number: [GroupKey: Int] = [[]: 0]
        var folders: [GroupKey] = [], folderIndex: [GroupKey: Int] = [:]
        folderOfNode = paths.map { path in
            if let index = folderIndex[path] { return index }
            folders.append(path)
            folderIndex[path] = folders.count - 1
            return folders.count - 1
        }
        chains = folders.map { path in
            (0...path.count).map { length in
                let key = Array(path.prefix(length))
                if let known = number[key] { return known }
                keys.append(key)
                number[key] = keys.count - 1
                return keys.count - 1
            }
        }
        (self.keys, self.number, self.folders) = (keys, number, folders)
    }
}

/// Where the tree is cut: the groups drawn as one box each (`open` holds the groups shown as their contents).
/// Opening a group replaces its box by a box per sub-folder and per type directly in it.
struct GroupCut {
    let groups: NumberedGroups
    /// By group number: whether the group is drawn as its contents.
    private(set) var open: [Bool]
    /// By folder: whether it lies in a group opened down to its last type by `--expand`.
    private var fullyOpen: [Bool]
    /// The edges by the folders of their ends, with the ends as node positions: between two folders drawn inside
    /// groups they make at most one arrow, so a trial looks at their ends only when a folder's types are drawn.
    private let edgesByFolders: [(from: Int, to: Int, ends: [(from: Int, to: Int)])]
    /// How many types each folder holds.
    private let folderSizes: [Int]

    init(tree: GroupTree, edges: [ArchitectureMap.Edge], nodeIndex: [String: Int]) {
        groups = tree.numbered
        open = Array(repeating: false, count: groups.keys.count)
        fullyOpen = Array(repeating: false, count: groups.folders.count)
        var byFolders: [Arrow: [(from: Int, to: Int)]] = [:]
        for edge in edges {
            guard let from = nodeIndex[edge.from], let to = nodeIndex[edge.to] else { continue }
            byFolders[Arrow(from: groups.folderOfNode[from], to: groups.folderOfNode[to]), default: []].append((from, to))
        }
        edgesByFolders = byFolders.map { ($0.key.from, $0.key.to, $0.value) }
        var sizes = Array(repeating: 0, count: groups.folders.count)
        for folder in groups.folderOfNode { sizes[folder] += 1 }
        folderSizes = sizes
    }

    /// The group node `position` is drawn in, nil when it is drawn as itself.
    func group(ofNode position: Int) -> GroupKey? {
        group(ofFolder: groups.folderOfNode[position], in: open).map { groups.keys[$0] }
    }

    /// The shallowest closed group on the way down to a folder: every group above it is open.
    private func group(ofFolder folder: Int, in open: [Bool]) -> Int? {
        fullyOpen[folder] ? nil : groups.chains[folder].first { !open[$0] }
    }

    mutating func openFully(_ key: GroupKey) {
        for (folder, path) in groups.folders.enumerated() where path.starts(with: key) { fullyOpen[folder] = true }
        // The groups above it must be open for it to show.
        for length in 0..<key.count { groups.number[Array(key.prefix(length))].map { open[$0] = true } }
    }

    /// Opens a group one level, and the groups above it.
    mutating func open(_ key: GroupKey) {
        for length in 0...key.count { groups.number[Array(key.prefix(length))].map { open[$0] = true } }
    }

    /// Opens groups, largest first, as long as the picture stays within its limits; a group whose only content
    /// is one sub-folder opens at no cost, so chains of single folders never become boxes of their own.
    mutating func openWhileFitting() {
        let names = groups.keys.map { $0.joined() }
        // Two keys can join to one name (`A/bc`, `Ab/c`); joined with the separator they cannot, so the order is total
        // (the candidates come from a table whose order changes from run to run).
        let paths = groups.keys.map { $0.joined(separator: "/") }
        var refused: Set<Int> = []
        while true {
            let candidates = closedGroups(in: open).filter { !refused.contains($0.key) }.sorted { lhs, rhs in
                let (left, right) = (groups.keys[lhs.key], groups.keys[rhs.key])
                return (lhs.value, right.count, names[rhs.key], paths[rhs.key]) > (rhs.value, left.count, names[lhs.key], paths[lhs.key])
            }
            var openedOne = false
            for (group, _) in candidates {
                var trial = open
                trial[group] = true
                if fits(trial) {
                    open = trial
                    openedOne = true
                    break
                }
                refused.insert(group)
            }
            if !openedOne { return }
        }
    }

    /// The closed groups drawn with `open`, with how many types each holds.
    private func closedGroups(in open: [Bool]) -> [Int: Int] {
        let byFolder = groups.folders.indices.map { group(ofFolder: $0, in: open) }
        var counts: [Int: Int] = [:]
        for folder in groups.folderOfNode {
            if let group = byFolder[folder] { counts[group, default: 0] += 1 }
        }
        return counts
    }

    private struct Arrow: Hashable { var from: Int, to: Int }

    private func fits(_ open: [Bool]) -> Bool {
        // Boxes: one per closed group met, one per type of a folder drawn as its types.
        let byFolder = groups.folders.indices.map { group(ofFolder: $0, in: open) }
        var drawnGroups = Set<Int>(), boxCount = 0
        for (folder, group) in byFolder.enumerated() {
            if let group { drawnGroups.insert(group) } else { boxCount += folderSizes[folder] }
        }
        guard boxCount + drawnGroups.count <= ArchitectureMap.maximumBoxes else { return false }
        // Arrows: one per pair of boxes of which one is a group, one per relation between two types. A type's box
        // is its position from -1 down, a group's its number.
        var arrows = 0
        var merged = Set<Arrow>()
        for (fromFolder, toFolder, ends) in edgesByFolders {
            if let from = byFolder[fromFolder], let to = byFolder[toFolder] {
                if from != to, merged.insert(Arrow(from: from, to: to)).inserted { arrows += 1 }
            } else {
                for (fromNode, toNode) in ends {
                    let arrow = Arrow(from: byFolder[fromFolder] ?? -1 - fromNode, to: byFolder[toFolder] ?? -1 - toNode)
                    guard arrow.from != arrow.to else { continue }
                    if (arrow.from < 0 && arrow.to < 0) || merged.insert(arrow).inserted { arrows += 1 }
                }
            }
            if arrows > ArchitectureMap.maximumArrows { return false }
        }
        return true
    }
}

extension Relation.Kind {
    /// The position in `allCases`, which orders kinds alike in every picture.
    var ordinal: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
