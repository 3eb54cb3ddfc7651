import SwiftUI

@Observable final class Item {
    var title = ""
}

struct ItemRow: View {
    private var item: Item

    init(item: Item) {
        self.item = item
    }

    var body: some View {
        Text(item.title)
    }
}

struct ItemEditor: View {
    @Bindable var item: Item

    init(_ item: Item) {
        self.item = item
    }

    var body: some View {
        TextField("Title", text: $item.title)
    }
}
