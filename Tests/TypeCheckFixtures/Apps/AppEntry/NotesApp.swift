import SwiftUI

@main
struct NotesApp: App {
    @StateObject private var store = NoteStore()

    var body: some Scene {
        WindowGroup {
            NoteList()
                .environmentObject(store)
        }
    }
}
