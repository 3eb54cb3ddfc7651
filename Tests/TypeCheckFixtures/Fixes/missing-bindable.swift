// The examples of `missing-bindable` declare the `@Observable` classes they bind to.
import SwiftUI
