import SwiftUI

final class Account: ObservableObject {
    @Published var email = ""
    @Published var newsletter = false
    @Published var nickname = ""
}
