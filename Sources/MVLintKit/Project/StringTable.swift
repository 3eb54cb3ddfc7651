/// A table keyed by strings for the project index and the roles, which the project phase asks hundreds of thousands
/// of times: `Dictionary<String, _>` hashes every key with `Hasher` (SipHash over the key, with a seed and a
/// finalisation), a fifth of a one-change run's instructions; this one folds the key's UTF-8 eight bytes at a step
/// (`SourceDigest`), keeps each key's hash to compare before the key, and probes a table of 32-bit places.
///
/// Keys are told apart by their UTF-8 bytes, as the compiler tells identifiers and the file system paths apart (not
/// by `String`'s canonical equivalence): two spellings of one text hash apart. Entries are kept in the order they were first added, which is the order
/// of `keys`, `values` and iteration; nothing is ever removed.
struct StringTable<Value>: Sequence {
    private var entries: [(key: String, hash: UInt64, value: Value)] = []
    /// Each slot is an index into `entries`, or -1; a power of two long, at most half full.
    private var slots: [Int32] = []

    init() {}

    init(minimumCapacity: Int) { reserveCapacity(minimumCapacity) }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    var keys: LazyMapSequence<[(key: String, hash: UInt64, value: Value)], String> { entries.lazy.map(\.key) }
    var values: LazyMapSequence<[(key: String, hash: UInt64, value: Value)], Value> { entries.lazy.map(\.value) }

    mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
        if slots.count < 2 * capacity { rebuildSlots(count: Self.slotCount(for: capacity)) }
    }

    subscript(key: String) -> Value? {
        get { place(of: key, hash: Self.hash(key)).map { entries[$0].value } }
        set {
            guard let newValue else { preconditionFailure("entries are never removed from a StringTable") }
            let hash = Self.hash(key)
            if let place = place(of: key, hash: hash) {
                entries[place].value = newValue
            } else {
                append(key, hash: hash, newValue)
            }
        }
    }

    /// The value for `key`, added as `defaultValue` when absent, changed in place.
    subscript(key: String, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        _modify {
            let hash = Self.hash(key)
            let place = place(of: key, hash: hash) ?? append(key, hash: hash, defaultValue())
            yield &entries[place].value
        }
    }

    /// The key already in the table with `key`'s bytes, or `key` itself, added with `value`: a copy that shares the
    /// held key's storage (`NamePool`).
    mutating func key(equalTo key: String, addingIfAbsent value: @autoclosure () -> Value) -> String {
        let hash = Self.hash(key)
        if let place = place(of: key, hash: hash) { return entries[place].key }
        append(key, hash: hash, value())
        return key
    }

    /// Changes every value in place, in the table's order.
    mutating func updateEachValue(_ change: (inout Value) -> Void) {
        for place in entries.indices { change(&entries[place].value) }
    }

    func makeIterator() -> some IteratorProtocol<(key: String, value: Value)> {
        entries.lazy.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    private func place(of key: String, hash: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while case let place = slots[slot], place >= 0 {
            // With the hashes equal, `==` (which answers at once for the same string, as most keys asked are) can
            // only disagree with the bytes for two spellings of one text, and then their hashes differ.
            if entries[Int(place)].hash == hash, entries[Int(place)].key == key { return Int(place) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    @discardableResult
    private mutating func append(_ key: String, hash: UInt64, _ value: Value) -> Int {
        if 2 * (entries.count + 1) > slots.count { rebuildSlots(count: Self.slotCount(for: entries.count + 1)) }
        let place = entries.count
        entries.append((key, hash, value))
        insertSlot(place, hash: hash)
        return place
    }

    private mutating func insertSlot(_ place: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(place)
    }

    private mutating func rebuildSlots(count: Int) {
        slots = Array(repeating: -1, count: count)
        for place in entries.indices { insertSlot(place, hash: entries[place].hash) }
    }

    /// A power of two at least twice `capacity` (and 8).
    private static func slotCount(for capacity: Int) -> Int {
        var count = 8
        while count < 2 * capacity { count *= 2 }
        return count
    }

    private static func hash(_ key: String) -> UInt64 {
        key.utf8.withContiguousStorageIfAvailable { SourceDigest(bytes: $0).hash } ?? SourceDigest(key).hash
    }
}

extension StringTable: Sendable where Value: Sendable {}
