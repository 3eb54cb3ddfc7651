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

final class Shop {
    let cart = Cart()
}

struct CheckoutView: View {
    let shop: Shop

    var body: some View {
        badge(for: shop)
    }

    func badge(for shop: Shop) -> some View {
        CartBadge().environment(shop.cart)
    }
}
