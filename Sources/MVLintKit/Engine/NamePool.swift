internal import Foundation

/// One copy of each long name the walks read from tokens. A name of more than 15 UTF-8 bytes is not held inline by
/// its `String` but in storage of its own, made anew for every token: the facts of a 1,600-file app held about
/// 50,000 such copies of 12,000 names, a tenth of a run's peak memory. Sharing is only an optimisation: a name
/// looked up after `removeAll()` is a copy of its own again, equal to every other, so clearing the pool while walks
/// run changes no result.
final class NamePool: @unchecked Sendable {
    /// The pool the walks share; `Linter.run` empties it when it starts, so it holds one run's names.
    static let shared = NamePool()

    /// The longest UTF-8 length a `String` holds inline on 64-bit platforms.
    private static let inlineLength = 15

    private let lock = NSLock()
    private var names: Set<String> = []

    /// `name`, as the first string with its text the pool was given.
    func intern(_ name: String) -> String {
        guard name.utf8.count > Self.inlineLength else { return name }
        lock.lock()
        defer { lock.unlock() }
        return names.insert(name).memberAfterInsert
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        names = []
    }
}
