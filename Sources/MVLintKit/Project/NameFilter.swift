/// A set of names that answers "perhaps" or "no": two bits per name in a table of at least sixteen bits per name
/// (a Bloom filter), from one hash of the name's UTF-8 (`SourceDigest`'s fold, eight bytes a step). The index asks it
/// of every type reference before searching the scopes, and most references name the SDK's types: a `Set` of the
/// names' `hashValue`s hashed each one with `Hasher`, normalising the substring as `String` equality does, several
/// times the cost of this. Under `String` equality two spellings of one text are equal, which their bytes are not
/// (even an ASCII name and one that is not: `K` and the Kelvin sign): a name that is not ASCII is always a
/// "perhaps", and once one is inserted every name is, so that the exact search that follows decides.
struct NameFilter: Sendable {
    private var words: [UInt64]
    private var wordMask: Int
    private var answersPerhapsToAll = false

    /// Sized for `capacity` names; more can be added, each making a wrong "perhaps" a little likelier.
    init(capacity: Int) {
        var wordCount = 16
        while wordCount * 64 < capacity * 16 { wordCount *= 2 }
        words = Array(repeating: 0, count: wordCount)
        wordMask = wordCount - 1
    }

    /// Adds the last component of `name` (what follows its last dot; the whole name without one).
    mutating func insert(lastComponentOf name: String) {
        guard let hash = Self.lastComponentHash(name) else {
            answersPerhapsToAll = true
            return
        }
        setBit(Int(truncatingIfNeeded: hash))
        setBit(Int(truncatingIfNeeded: hash >> 32))
    }

    /// False only when no name whose last component is that of `name` was inserted.
    func mayContain(lastComponentOf name: String) -> Bool {
        guard !answersPerhapsToAll, let hash = Self.lastComponentHash(name) else { return true }
        return isSet(Int(truncatingIfNeeded: hash)) && isSet(Int(truncatingIfNeeded: hash >> 32))
    }

    /// Bit `bit` of the table (its low bits pick the bit in a word, the next ones the word).
    private mutating func setBit(_ bit: Int) { words[(bit >> 6) & wordMask] |= 1 << UInt64(bit & 63) }

    private func isSet(_ bit: Int) -> Bool { words[(bit >> 6) & wordMask] & (1 << UInt64(bit & 63)) != 0 }

    /// Nil for a name that is not all ASCII, or whose bytes are not contiguous (a bridged string's). Read from the
    /// string's own bytes: a substring's went through the generic slice and cost more than the hash.
    private static func lastComponentHash(_ name: String) -> UInt64? {
        name.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            var start = bytes.count
            while start > 0, bytes[start - 1] != UInt8(ascii: ".") {
                guard bytes[start - 1] < 0x80 else { return nil }
                start -= 1
            }
            return SourceDigest(bytes: UnsafeBufferPointer(rebasing: bytes[start...])).hash
        } ?? nil
    }
}
