import SwiftUI

@Observable final class Settings {
    var name = ""
    private(set) var saves = 0 // counted by save()
    var visits = 0

    func save() { saves += 1 }
}
