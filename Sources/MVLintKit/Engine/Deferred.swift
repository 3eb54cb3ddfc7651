#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// A value made the first time it is asked for, once, whichever thread asks: a warm run whose stored result stands
/// never decodes the cached facts or builds the project, unless a report or `--fix` needs them.
final class Deferred<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var made: Value?
    private var make: (@Sendable () -> Value)?

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    init(ready value: Value) { made = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = ReadRecorder.notRecording(make!)
        made = value
        make = nil
        return value
    }
}
