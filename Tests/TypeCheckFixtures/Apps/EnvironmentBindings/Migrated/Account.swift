import SwiftUI

@Observable final class Account {
    var email = ""
    var newsletter = false
    var nickname = ""
}
