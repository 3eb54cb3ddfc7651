#if canImport(SwiftUI)
import SwiftUI

/// A member's details and the two things one can do with them.
public struct UserDetailView: View {
    let name: String
    let email: String
    let initials: String
    let membership: String
    let memberSince: Date
    let isPremium: Bool
    let onTogglePremium: () -> Void
    let onRename: () -> Void

    public init(
        name: String,
        email: String,
        initials: String,
        membership: String,
        memberSince: Date,
        isPremium: Bool,
        onTogglePremium: @escaping () -> Void,
        onRename: @escaping () -> Void
    ) {
        self.name = name
        self.email = email
        self.initials = initials
        self.membership = membership
        self.memberSince = memberSince
        self.isPremium = isPremium
        self.onTogglePremium = onTogglePremium
        self.onRename = onRename
    }

    public var body: some View {
        Form {
            Section {
                HStack {
                    Avatar(initials: initials)
                    VStack(alignment: .leading) {
                        Text(name)
                            .font(.title2)
                        Text(email)
                            .foregroundStyle(.secondary)
                    }
                }
            }
            Section("Membership") {
                LabeledContent("Plan", value: membership)
                LabeledContent("Member since") {
                    Text(memberSince, format: .dateTime.month(.wide).year())
                }
            }
            Section {
                Button(isPremium ? "End Premium" : "Upgrade to Premium", action: onTogglePremium)
                Button("Rename", action: onRename)
            }
        }
        .navigationTitle(name)
    }
}

#Preview {
    NavigationStack {
        UserDetailView(
            name: "Ada Lovelace",
            email: "ada@example.com",
            initials: "AL",
            membership: "Premium member",
            memberSince: Date(timeIntervalSince1970: 1_577_836_800),
            isPremium: true,
            onTogglePremium: {},
            onRename: {}
        )
    }
}
#endif
