import SwiftUI

@Observable final class Cart {
    var items: [String] = []
}

struct ShopView: View {
    var body: some View {
        CartBadge()
            .environment(Cart())
    }
}

struct CartBadge: View {
    @Environment(Cart.self) var cart: Cart

    var body: some View {
        Text("\(cart.items.count)")
    }
}
