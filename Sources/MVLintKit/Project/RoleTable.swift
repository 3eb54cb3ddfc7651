/// Every declared type's role, by id. The assignments are listed in the order they were made, and a dictionary maps
/// each id to its place: a dictionary of the assignments themselves had room for twice as many (its size is a power
/// of two), 3.7 MB where this takes 1.9 on the 13,000 types of fifteen apps linted together.
public struct RoleTable: Sendable {
    private var places = StringTable<Int32>()
    private var assignments: [RoleAssignment] = []

    /// Each assignment once, in the order they were made (callers that show them sort them).
    public var values: [RoleAssignment] { assignments }

    public var count: Int { assignments.count }

    mutating func reserveCapacity(_ capacity: Int) {
        places.reserveCapacity(capacity)
        assignments.reserveCapacity(capacity)
    }

    /// Set only by the architecture, never to nil: a role, once given, is only ever changed.
    public internal(set) subscript(id: String) -> RoleAssignment? {
        get { places[id].map { assignments[Int($0)] } }
        set {
            guard let newValue else { preconditionFailure("a role is never taken back") }
            // One look-up: the next place is claimed for a new id, in the same access that finds a known one's.
            let next = Int32(assignments.count)
            let place = Self.read(&places[id, default: next])
            if place == next {
                assignments.append(newValue)
            } else {
                assignments[Int(place)] = newValue
            }
        }
    }

    private static func read(_ place: inout Int32) -> Int32 { place }

    init() {}

    /// A table of `assignments`, in their order.
    init(_ assignments: [RoleAssignment]) {
        reserveCapacity(assignments.count)
        for assignment in assignments { self[assignment.id] = assignment }
    }

    /// Puts `assignment`, of an id the table does not hold, at `place` in the order.
    mutating func insert(_ assignment: RoleAssignment, at place: Int) {
        assignments.insert(assignment, at: place)
        places.updateEachValue { if $0 >= place { $0 += 1 } }
        places[assignment.id] = Int32(place)
    }

    /// Changes the assignment of `id`, if it has one, in place.
    mutating func update(_ id: String, _ change: (inout RoleAssignment) -> Void) {
        guard let place = places[id] else { return }
        change(&assignments[Int(place)])
    }
}
