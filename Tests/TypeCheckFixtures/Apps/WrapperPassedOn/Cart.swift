import SwiftUI

final class Cart: ObservableObject {
    @Published var isGift = false
}

struct GiftToggle: View {
    let cart: ObservedObject<Cart>.Wrapper

    var body: some View {
        Toggle("Gift", isOn: cart.isGift)
    }
}

struct CartView: View {
    @ObservedObject var cart: Cart

    var body: some View {
        GiftToggle(cart: $cart)
    }
}
