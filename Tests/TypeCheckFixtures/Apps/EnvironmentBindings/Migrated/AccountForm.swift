import SwiftUI

struct AccountForm: View {
    @Environment(Account.self) var account: Account

    var body: some View {
        @Bindable var account = account
        VStack {
            TextField("Email", text: $account.email)
            options
            nicknameField(title: "Nickname")
            Text(account.email)
        }
    }

    @ViewBuilder
    private var options: some View {
        @Bindable var account = account
        Toggle("Newsletter", isOn: $account.newsletter)
    }

    @ViewBuilder
    private func nicknameField(title: String) -> some View {
        @Bindable var account = account
        TextField(title, text: $account.nickname)
    }
}
