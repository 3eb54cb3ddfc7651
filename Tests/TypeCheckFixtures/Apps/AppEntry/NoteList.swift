import SwiftUI

struct NoteList: View {
    @EnvironmentObject private var store: NoteStore

    var body: some View {
        List {
            ForEach(store.notes, id: \.self) { note in
                Text(note)
            }
        }
        Button("Add") { store.add("New note") }
    }
}
