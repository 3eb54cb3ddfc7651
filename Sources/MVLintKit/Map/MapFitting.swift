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
        let tree = GroupTree(nodes: nodes, targetOf: targetOf)
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

    /// The names `--expand` accepts: the groups the tree of this map can form.
    public func groupNames(targetOf: (String) -> String?) -> [String] {
        GroupTree(nodes: nodes, targetOf: targetOf).allGroupNames
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
        var groupNodes: [GroupKey: Node] = [:]
        var contents: [String: [String]] = [:]
        var kept: [Node] = []
        var keys: [Int: GroupKey] = [:]
        for (position, node) in nodes.enumerated() {
            guard let key = groupOf(position) else {
                kept.append(node)
                continue
            }
            keys[position] = key
            let folder = Self.folder(of: node.file)
            var group = groupNodes[key] ?? Node(id: Self.groupID(names(key)), name: names(key), role: nil, file: folder, line: 0, members: 0)
            group.members += node.members
            if group.file != folder { group.file = Self.commonFolder(group.file, folder) }
            groupNodes[key] = group
            contents[group.id, default: []].append(node.id)
        }
        var keptEdges: [Edge] = []
        var merged: [String: Edge] = [:]
        for edge in edges {
            guard let fromIndex = index[edge.from], let toIndex = index[edge.to] else { continue }
            let fromKey = keys[fromIndex], toKey = keys[toIndex]
            if fromKey == nil, toKey == nil {
                keptEdges.append(edge)
                continue
            }
            let from = fromKey.flatMap { groupNodes[$0]?.id } ?? edge.from
            let to = toKey.flatMap { groupNodes[$0]?.id } ?? edge.to
            guard from != to else { continue }
            let mergeKey = "\(from)\u{0}\(to)"
            guard var existing = merged[mergeKey] else {
                merged[mergeKey] = Edge(from: from, to: to, kind: edge.kind, via: "", file: edge.file, line: edge.line,
                                        violatedRules: edge.violatedRules, count: edge.count, kinds: [edge.kind: edge.count])
                continue
            }
            existing.count += edge.count
            existing.kinds[edge.kind, default: 0] += edge.count
            existing.kind = Self.commonest(existing.kinds)
            // Edges come sorted, so the first one gives the location, unless a later one is a violation to point at.
            if !existing.isViolation, edge.isViolation { (existing.file, existing.line) = (edge.file, edge.line) }
            existing.violatedRules = Array(Set(existing.violatedRules).union(edge.violatedRules)).sorted()
            merged[mergeKey] = existing
        }
        var map = ArchitectureMap(nodes: kept + groupNodes.values, edges: keptEdges + merged.values)
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
        paths = nodes.indices.map { position in
            let root = roots[position]
            let shared = sharedFolder[root] ?? "."
            let folder = ArchitectureMap.folder(of: nodes[position].file)
            let below = shared == "." ? folder : String(folder.dropFirst(shared.count))
            let components = below.split(separator: "/").map(String.init).filter { $0 != "." }
            return (root.isEmpty ? [] : [root]) + components
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

/// Where the tree is cut: the groups drawn as one box each (`open` holds the groups shown as their contents).
/// Opening a group replaces its box by a box per sub-folder and per type directly in it.
struct GroupCut {
    let tree: GroupTree
    let edges: [ArchitectureMap.Edge]
    let nodeIndex: [String: Int]
    private(set) var open: Set<GroupKey> = []
    /// Groups opened down to their last type by `--expand`.
    private var fullyOpen: [GroupKey] = []
    /// The folder paths, each once, and per node the index of its own: trials of a cut work per folder, not per type
    /// (the HTML report fits a picture per group, so this runs often).
    private let folders: [GroupKey]
    private let folderOfNode: [Int]
    /// The edges' ends as node positions.
    private let ends: [(from: Int, to: Int)]

    init(tree: GroupTree, edges: [ArchitectureMap.Edge], nodeIndex: [String: Int]) {
        self.tree = tree
        self.edges = edges
        self.nodeIndex = nodeIndex
        var folderIndex: [GroupKey: Int] = [:]
        var folders: [GroupKey] = []
        folderOfNode = tree.paths.map { path in
            if let index = folderIndex[path] { return index }
            folders.append(path)
            folderIndex[path] = folders.count - 1
            return folders.count - 1
        }
        self.folders = folders
        ends = edges.compactMap { edge in nodeIndex[edge.from].flatMap { from in nodeIndex[edge.to].map { (from, $0) } } }
    }

    /// The group node `position` is drawn in, nil when it is drawn as itself.
    func group(ofNode position: Int) -> GroupKey? {
        group(of: tree.paths[position], in: open, fullyOpen: fullyOpen)
    }

    /// The shallowest closed group on the way down `path`: every group above it is open.
    private func group(of path: GroupKey, in open: Set<GroupKey>, fullyOpen: [GroupKey]) -> GroupKey? {
        if fullyOpen.contains(where: { path.starts(with: $0) }) { return nil }
        for length in 0...path.count {
            let prefix = Array(path.prefix(length))
            if !open.contains(prefix) { return prefix }
        }
        return nil
    }

    mutating func openFully(_ key: GroupKey) {
        fullyOpen.append(key)
        // The groups above it must be open for it to show.
        for length in 0..<key.count { open.insert(Array(key.prefix(length))) }
    }

    /// Opens a group one level, and the groups above it.
    mutating func open(_ key: GroupKey) {
        for length in 0...key.count { open.insert(Array(key.prefix(length))) }
    }

    /// Opens groups, largest first, as long as the picture stays within its limits; a group whose only content
    /// is one sub-folder opens at no cost, so chains of single folders never become boxes of their own.
    mutating func openWhileFitting() {
        var refused: Set<GroupKey> = []
        while true {
            let boxes = closedGroups(in: open)
            let candidates = boxes.filter { !refused.contains($0.key) }.sorted { ($0.value, $1.key.count, $1.key.joined()) > ($1.value, $0.key.count, $0.key.joined()) }
            var openedOne = false
            for (key, _) in candidates {
                var trial = open
                trial.insert(key)
                if fits(trial) {
                    open = trial
                    openedOne = true
                    break
                }
                refused.insert(key)
            }
            if !openedOne { return }
        }
    }

    /// The closed groups drawn with `open`, with how many types each holds.
    private func closedGroups(in open: Set<GroupKey>) -> [GroupKey: Int] {
        let groups = folders.map { group(of: $0, in: open, fullyOpen: fullyOpen) }
        var counts: [GroupKey: Int] = [:]
        for folder in folderOfNode {
            if let key = groups[folder] { counts[key, default: 0] += 1 }
        }
        return counts
    }

    private struct Arrow: Hashable { var from: Int, to: Int }

    private func fits(_ open: Set<GroupKey>) -> Bool {
        // Per node, its box: a group's number from 0 up, or for a type drawn as itself its position from -1 down.
        var groupNumbers: [GroupKey: Int] = [:]
        let folderBoxes = folders.map { folder -> Int? in
            guard let key = group(of: folder, in: open, fullyOpen: fullyOpen) else { return nil }
            if let number = groupNumbers[key] { return number }
            groupNumbers[key] = groupNumbers.count
            return groupNumbers.count - 1
        }
        let boxes = folderOfNode.enumerated().map { position, folder in folderBoxes[folder] ?? -1 - position }
        guard groupNumbers.count + boxes.filter({ $0 < 0 }).count <= ArchitectureMap.maximumBoxes else { return false }
        var arrows = 0
        var merged = Set<Arrow>()
        for (from, to) in ends {
            let arrow = Arrow(from: boxes[from], to: boxes[to])
            guard arrow.from != arrow.to else { continue }
            if (arrow.from < 0 && arrow.to < 0) || merged.insert(arrow).inserted { arrows += 1 }
            if arrows > ArchitectureMap.maximumArrows { return false }
        }
        return true
    }
}

extension Relation.Kind {
    /// The position in `allCases`, which orders kinds alike in every picture.
    var ordinal: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
