/// The previous run's project outcome carried over to a run in which some files changed but not the shape of their
/// facts (`FactWriter.shape(of:)`): a comment or blank line added, a body's layout, a string or a condition edited.
/// The project rules read nothing but facts, and the places in them only to report, to order by or to tell lines
/// apart, so over facts of the same shape they conclude the same, at the changed files' new places: the changed
/// files' candidates move by the map from their old positions to their new ones, and no project is built.
///
/// Anything the map cannot vouch for makes the run build the project as usual: a candidate at a place no fact of
/// its file had, a candidate with a fix (its edits are offsets), a message naming a line of a changed file (an
/// evidence `Feed.swift:12`, a `line 12`), or positions whose order the edit changed.
enum ProjectFindingRelocation {
    /// A file whose content changed since the previous run, with the facts it had then.
    struct Change {
        var path: String
        var factsBefore: FileFacts
        var analysis: FileAnalysis
    }

    /// Each change with the map from its facts' old places to their new ones; nil when one cannot be carried over
    /// whatever the previous outcome was (the file does not parse or was left out, its facts changed shape, or
    /// their places their order). Asked first, so that a run that must build the project does not decode the
    /// previous run's result for nothing.
    static func movable(_ changes: [Change]) -> [(change: Change, map: PositionMap)]? {
        var movable: [(change: Change, map: PositionMap)] = []
        for change in changes {
            guard change.analysis.parseError == nil, change.analysis.budgetProblem == nil else { return nil }
            let before = FactWriter.shape(of: change.factsBefore), now = FactWriter.shape(of: change.analysis.facts)
            guard before.bytes == now.bytes, let map = PositionMap(from: before.positions, to: now.positions) else { return nil }
            movable.append((change, map))
        }
        return movable
    }

    /// `outcome` with the candidates of the `movable` changes at their new places; nil when one cannot be moved.
    static func relocate(_ outcome: ProjectOutcome, moving movable: [(change: Change, map: PositionMap)]) -> ProjectOutcome? {
        var relocated = outcome
        for (change, map) in movable {
            guard !outcome.candidates.values.joined().contains(where: { mentionsLine(of: change.path, $0.message) }) else { return nil }
            var moved: [LocatedCandidate] = []
            for candidate in outcome.candidates[change.path] ?? [] {
                guard candidate.fix == nil, !mentionsLineNumber(candidate.message),
                      let place = map.place(line: candidate.line, column: candidate.column) else { return nil }
                var candidate = candidate
                (candidate.line, candidate.column) = place
                moved.append(candidate)
            }
            if !moved.isEmpty { relocated.candidates[change.path] = moved }
        }
        return relocated
    }

    /// True when `message` names a place in the file at `path` as other files' messages do (`Feed.swift:12`,
    /// `Sources/Feed.swift:12`).
    static func mentionsLine(of path: String, _ message: String) -> Bool {
        guard let name = path.split(separator: "/").last else { return false }
        return hasNumber(after: name + ":", in: message)
    }

    /// True when `message` names a line of its own file (`line 12`).
    static func mentionsLineNumber(_ message: String) -> Bool { hasNumber(after: "line ", in: message) }

    private static func hasNumber(after marker: String, in message: String) -> Bool {
        var rest = message[...]
        while let found = rest.firstRange(of: marker) {
            rest = rest[found.upperBound...]
            if rest.first?.isNumber == true { return true }
        }
        return false
    }
}

/// Where each position of a file's facts went, given the positions of two facts of the same shape in the order
/// written. Built only when the edit kept every fact's place consistent: one old place (line and column) goes to
/// one new place, one old line to one new line, and places keep their order, so comparing, ordering and telling
/// apart lines concludes the same before and after.
struct PositionMap {
    private struct Place: Hashable, Comparable {
        var line: Int
        var column: Int

        static func < (lhs: Place, rhs: Place) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    private var places: [Place: Place] = [:]
    /// Each old position's new one, and each old line's new one: for the answers a run keeps (`KeptAnswers`).
    private(set) var positions: [SourcePosition: SourcePosition] = [:]
    private(set) var lines: [Int: Int] = [:]

    init?(from before: [SourcePosition], to after: [SourcePosition]) {
        guard before.count == after.count else { return nil }
        for (old, new) in zip(before, after) {
            let from = Place(line: old.line, column: old.column), to = Place(line: new.line, column: new.column)
            if positions[old] == nil { positions[old] = new }
            guard places.updateValue(to, forKey: from).map({ $0 == to }) ?? true,
                  lines.updateValue(new.line, forKey: old.line).map({ $0 == new.line }) ?? true else { return nil }
        }
        let moved = places.sorted { $0.key < $1.key }.map(\.value)
        let movedLines = lines.sorted { $0.key < $1.key }.map(\.value)
        guard zip(moved, moved.dropFirst()).allSatisfy({ $0 < $1 }),
              zip(movedLines, movedLines.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
    }

    /// The new line and column of an old place; nil for a place no fact had.
    func place(line: Int, column: Int) -> (line: Int, column: Int)? {
        places[Place(line: line, column: column)].map { ($0.line, $0.column) }
    }
}
