// App views and sample data the examples of `preview-provider` name.
import SwiftUI

struct ContentView: View {
    var body: some View { Text("Content") }
}

struct Badge: View {
    let count: Int
    var body: some View { Text("\(count)") }
}

struct Cart: Sendable {
    static let sample = Cart()
}

struct CheckoutView: View {
    let cart: Cart
    var body: some View { Text("Checkout") }
}

struct CartItem: Sendable {
    static let sample = CartItem()
}

struct CartRow: View {
    let item: CartItem
    var body: some View { Text("Item") }
}

@Observable final class CartModel {}

struct TagList: View {
    let tags: [String]
    var body: some View { Text(tags.joined(separator: ", ")) }
}

struct ItemRow: View {
    var body: some View { Text("Item") }
}
