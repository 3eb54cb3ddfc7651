/// A fact's fields held in one box that its copies share until one of them changes (copy-on-write): copying the fact
/// retains the box instead of each of its lists and names. For the facts the project phase copies by the thousand:
/// the index's entries and their extensions hold `TypeFact`s, and every file's analysis is listed two or three times
/// on its way to the project (`FileFacts`). The facts' accessors read `fields` and change `unique`.
struct SharedFields<Fields: Sendable>: @unchecked Sendable {
    /// Never changed while another value holds it: `makeUnique()` copies it first.
    final class Box {
        // Unchecked: the box is reached only through the value that holds it, whose accesses Swift checks statically.
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private(set) var box: Box

    init(_ fields: Fields) { box = Box(fields) }

    /// The fields, to read.
    var fields: Fields { _read { yield box.fields } }

    /// The fields, to change in place: the box is copied first when another value shares it.
    var unique: Fields {
        _read { yield box.fields }
        _modify {
            makeUnique()
            yield &box.fields
        }
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    }

    /// Changes several fields with one uniqueness check.
    mutating func modify<Result>(_ change: (inout Fields) -> Result) -> Result {
        makeUnique()
        return change(&box.fields)
    }
}
