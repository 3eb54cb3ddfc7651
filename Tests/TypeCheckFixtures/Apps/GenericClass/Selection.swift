import SwiftUI

final class Selection<Item: Hashable>: ObservableObject {
    @Published var chosen: Set<Item> = []

    func toggle(_ item: Item) {
        if chosen.contains(item) { chosen.remove(item) } else { chosen.insert(item) }
    }
}

struct TagPicker: View {
    @ObservedObject var selection: Selection<String>
    let tags: [String]

    var body: some View {
        List {
            ForEach(tags, id: \.self) { tag in
                Button(selection.chosen.contains(tag) ? "✓ \(tag)" : tag) { selection.toggle(tag) }
            }
        }
    }
}

struct TagScreen: View {
    @StateObject private var selection = Selection<String>()

    var body: some View {
        TagPicker(selection: selection, tags: ["swift", "linux"])
            .environmentObject(selection)
    }
}

struct TagCount: View {
    @EnvironmentObject var selection: Selection<String>

    var body: some View {
        Text("\(selection.chosen.count) chosen")
    }
}
