import SwiftUI

final class Settings: ObservableObject {
    @Published var name = ""
    @Published private(set) var saves = 0 // counted by save()
    var visits = 0

    func save() { saves += 1 }
}
