// The examples of `foreground-color` use only SwiftUI's own views and colours.
import SwiftUI
