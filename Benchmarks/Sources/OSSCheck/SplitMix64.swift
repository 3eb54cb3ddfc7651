/// A seeded generator with a fixed, published algorithm (Steele, Lea, Flood 2014), so a sample drawn with a
/// seed is the same on every machine and Swift version — the system generator promises neither.
public struct SplitMix64 {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniform index in `0..<count`. Draws above the largest multiple of `count` are rejected, so small
    /// indices are not favoured the way a bare `%` would favour them.
    public mutating func nextIndex(below count: Int) -> Int {
        precondition(count > 0, "no index below \(count)")
        let bound = UInt64(count)
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let draw = next()
            if draw < limit { return Int(draw % bound) }
        }
    }

    /// Fisher–Yates with this generator; the standard library's `shuffle(using:)` does not promise its
    /// algorithm, so the same seed could give another order after a toolchain update.
    public mutating func shuffle<Element>(_ elements: inout [Element]) {
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count - 1, to: 0, by: -1) {
            elements.swapAt(index, nextIndex(below: index + 1))
        }
    }
}
