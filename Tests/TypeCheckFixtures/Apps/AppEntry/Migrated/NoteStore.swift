import Observation
import Foundation

@Observable @MainActor
final class NoteStore {
    private(set) var notes: [String] = []

    func add(_ note: String) { notes.append(note) }
}
