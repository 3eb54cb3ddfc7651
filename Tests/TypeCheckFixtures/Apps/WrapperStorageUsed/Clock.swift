import SwiftUI

final class Clock: ObservableObject {
    @Published var tick = 0
}

/// A property wrapper built from SwiftUI's, as apps write one to share a clock: it forwards `update()` to the
/// wrapper it holds, which a plain `var` would not have.
@propertyWrapper
struct CurrentTick: DynamicProperty {
    @ObservedObject private var clock: Clock

    var wrappedValue: Int { clock.tick }

    init(clock: Clock) {
        self._clock = ObservedObject(wrappedValue: clock)
    }

    mutating func update() {
        _clock.update()
    }
}
