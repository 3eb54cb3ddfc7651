import SwiftUI

struct AccountForm: View {
    @EnvironmentObject var account: Account

    var body: some View {
        VStack {
            TextField("Email", text: $account.email)
            options
            nicknameField(title: "Nickname")
            Text(account.email)
        }
    }

    @ViewBuilder
    private var options: some View {
        Toggle("Newsletter", isOn: $account.newsletter)
    }

    @ViewBuilder
    private func nicknameField(title: String) -> some View {
        TextField(title, text: $account.nickname)
    }
}
