import SwiftUI

final class Size: ObservableObject {
    var width = 0, height = 0
}

final class Clock: ObservableObject {
    @MainActor @Published var tick = 0
}

class Base: ObservableObject {
    @Published var count = 0
}

final class Derived: Base {
    override var count: Int {
        didSet { print(count) }
    }
}

public final class Inlined: ObservableObject {
    @usableFromInline var cache = 0
    @_spi(Testing) @Published public var secret = 0
    @exclusivity(unchecked) var hits = 0
    @_alwaysEmitIntoClient public var label = ""
    @usableFromInline let seed = 1
}
