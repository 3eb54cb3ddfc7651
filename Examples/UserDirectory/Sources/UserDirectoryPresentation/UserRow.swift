#if canImport(SwiftUI)
import SwiftUI

/// One member in the list. It receives finished display text; how a name is shown is decided by the
/// model's formatting, not here.
public struct UserRow: View {
    let name: String
    let detail: String
    let initials: String

    public init(name: String, detail: String, initials: String) {
        self.name = name
        self.detail = detail
        self.initials = initials
    }

    public var body: some View {
        HStack {
            Avatar(initials: initials)
            VStack(alignment: .leading) {
                Text(name)
                Text(detail)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

#Preview {
    List {
        UserRow(name: "★ Ada Lovelace", detail: "Premium member", initials: "AL")
        UserRow(name: "Alan Turing", detail: "Standard member", initials: "AT")
    }
}
#endif
