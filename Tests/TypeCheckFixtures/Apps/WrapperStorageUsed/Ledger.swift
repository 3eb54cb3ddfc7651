import SwiftUI

final class Ledger: ObservableObject {
    @Published var balance = 0

    /// `$balance` spelt through the wrapper's storage, which `@Observable` turns into the plain value.
    var balanceChanges: Published<Int>.Publisher { _balance.projectedValue }
}

struct LedgerView: View {
    @StateObject private var ledger = Ledger()

    var body: some View { Text("\(ledger.balance)") }
}
