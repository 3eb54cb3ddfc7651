import SwiftUI

final class Item: ObservableObject {
    @Published var title = ""
}

struct ItemRow: View {
    @ObservedObject private var item: Item

    init(item: Item) {
        _item = ObservedObject(wrappedValue: item)
    }

    var body: some View {
        Text(item.title)
    }
}

struct ItemEditor: View {
    @ObservedObject var item: Item

    init(_ item: Item) {
        self._item = ObservedObject(initialValue: item)
    }

    var body: some View {
        TextField("Title", text: $item.title)
    }
}
