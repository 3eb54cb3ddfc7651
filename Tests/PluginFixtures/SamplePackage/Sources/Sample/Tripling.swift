public func triple(_ value: Int) -> Int {
    // mvlint:disable:next fat-view
    value * 3
}
