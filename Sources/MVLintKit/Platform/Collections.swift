extension Array where Element: Hashable {
    /// The elements in their order, each only at its first place.
    func eachOnce() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
