internal import SwiftSyntax

/// For each type being walked, a value read from its members, made the first time a rule asks for it. Rules that
/// need such a value only for a rare finding (a fetched collection, a stored array of erased views) used to read
/// every member of every type on entering it; most types are never asked about.
struct MemberReadings<Value> {
    private var levels: [(members: MemberBlockSyntax, value: Value?)] = []
    private let read: (MemberBlockSyntax) -> Value

    init(_ read: @escaping (MemberBlockSyntax) -> Value) { self.read = read }

    mutating func enter(_ members: MemberBlockSyntax) { levels.append((members, nil)) }

    mutating func leave() { levels.removeLast() }

    /// The innermost type's value; nil outside any type.
    mutating func innermost() -> Value? {
        guard let last = levels.indices.last else { return nil }
        return value(at: last)
    }

    /// Whether the value of any type around the walk, inner ones first, satisfies `test`.
    mutating func anyEnclosing(_ test: (Value) -> Bool) -> Bool {
        for level in levels.indices.reversed() where test(value(at: level)) { return true }
        return false
    }

    private mutating func value(at level: Int) -> Value {
        if let value = levels[level].value { return value }
        let value = read(levels[level].members)
        levels[level].value = value
        return value
    }
}
