import SwiftUI

final class Cart: ObservableObject {
    @Published var items: [String] = []
}

struct ShopView: View {
    var body: some View {
        CartBadge()
            .environmentObject(Cart())
    }
}

struct CartBadge: View {
    @EnvironmentObject var cart: Cart

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
        CartBadge().environmentObject(shop.cart)
    }
}
