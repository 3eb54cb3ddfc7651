// App types the examples of `environment-key-boilerplate` name. A key's `static let defaultValue` must be
// `Sendable` in Swift 6, so these are; `Density` is public because an example's accessor is.
import SwiftUI

struct Theme: Sendable {
    static let standard = Theme()
}

final class Session: Sendable {
    init() {}
}

public enum Density: Sendable {
    case regular, compact
}
