import Foundation

@MainActor
final class NoteStore: ObservableObject {
    @Published private(set) var notes: [String] = []

    func add(_ note: String) { notes.append(note) }
}
