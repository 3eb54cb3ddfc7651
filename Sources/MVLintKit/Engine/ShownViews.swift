/// Views of the project that a changed file's code began or stopped making (`FeedRow()` added to a body, or taken
/// away): the commonest edit that changes an answer of the project, a `shows` relation. Its constructions feed the
/// relation, the views' being shown (the detected profile's screens), the scene roots and a few rules' tables, which are
/// told exactly in a small project holding every file that names the views; everything else must come out as it was
/// (`ChangedFileJudgement.keptShowing`).
struct ShownViews: Sendable {
    /// The views made or no longer made, by id.
    var created: Set<String>
    /// The types whose code makes them or made them, by id.
    var creators: Set<String>

    /// A construction's maker and what it makes.
    private struct Pair: Hashable {
        var creator: String?
        var created: String
    }

    /// What the file at `path` began or stopped making, by its constructions in the small projects `before` and
    /// `after`: nil unless every pair of maker and view whose count changed had none before or has none after (one made
    /// once more, or once less, changes the lines of a relation the answers keep) and its view is one of the project's
    /// (`kept`'s roles).
    init?(in path: String, before: ProjectContext, after: ProjectContext, kept: Architecture) {
        guard let old = before.files.firstIndex(where: { $0.path == path }),
              let new = after.files.firstIndex(where: { $0.path == path }) else { return nil }
        let count = { (links: [ConstructionLink]) in
            links.reduce(into: [Pair: Int]()) { $0[Pair(creator: $1.creator, created: $1.created), default: 0] += 1 }
        }
        let (was, now) = (count(before.constructionLinks[old]), count(after.constructionLinks[new]))
        let changed = Set(was.keys).union(now.keys).filter { was[$0] != now[$0] }
        guard !changed.isEmpty, changed.allSatisfy({ (was[$0] == nil || now[$0] == nil) && kept.roles[$0.created]?.role.isView == true }) else { return nil }
        created = Set(changed.map(\.created))
        creators = Set(changed.compactMap(\.creator))
    }
}

extension ChangedFileJudgement {
    /// The kept answers (`moved`: the previous run's, places moved, without `unshown`, the relations to views the file
    /// no longer makes) with what the file's code began to make (`shown`) put in, when a small project holding every
    /// file that names those views — so their makers, the relations to them, and whether each is shown, are all there —
    /// says nothing else changed: its answers with the file's constructions of them and the relations it wrote or
    /// writes to them left out agree, each such relation is the file's alone (those gone are `unshown`), and the
    /// detected profile stands. Nil otherwise: the run builds the project.
    ///
    /// `made` is the small project the answers were compared in, before and after: it serves when it holds every file
    /// naming those views already (`Before.makersOf`), which a view the old facts made for another maker does not.
    func keptShowing(_ shown: ShownViews, moved: KeptAnswers, madeIn made: (before: Before, after: ProjectContext),
                     unshown: Set<Relation>) -> KeptAnswers? {
        let path = before.path
        let names = Set(shown.created.map { ReadRecorder.simpleName(ofID: $0) })
        let (partBefore, partAfter): (ProjectContext, ProjectContext)
        if names.isSubset(of: made.before.makersOf) {
            (partBefore, partAfter) = (made.before.part.value, made.after)
        } else {
            guard let wide = Before(path: path, oldFacts: before.oldFacts, names: made.before.names.union(newNames), makersOf: names, in: setting),
                  let files = wide.files(with: newFacts, in: setting) else {
                return nil
            }
            (partBefore, partAfter) = (wide.part.value, setting.smallProject(of: files))
        }
        let (was, now) = (Set(partBefore.architecture.relations), Set(partAfter.architecture.relations))
        let (new, gone) = (now.subtracting(was), was.subtracting(now))
        // Only `shows` relations the file's code alone writes or wrote. (A line added to a relation written before, by the
        // maker's extension in another file, is told by the answers: a relation's lines name their files.)
        let isTheFiles = { (relation: Relation) in
            relation.kind == .shows && shown.created.contains(relation.to) && relation.path == path && relation.lines.allSatisfy { $0.path == path }
        }
        guard new.allSatisfy(isTheFiles), gone.allSatisfy(isTheFiles), gone == unshown,
              !moved.architecture.relations.contains(where: new.contains),
              let answersBefore = setting.answers(of: partBefore, changedFile: path, shown: shown, relationsToShown: gone),
              answersBefore == setting.answers(of: partAfter, changedFile: path, shown: shown, relationsToShown: new),
              !setting.isProfileDetected || ProfileDetector.standsShowing(shown.created, by: shown.creators, before: partBefore, after: partAfter,
                                                                            kept: moved.architecture)
        else { return nil }
        return moved.addingCodeRelations(partAfter.architecture.relations, where: new.contains, madeIn: path)
    }
}
