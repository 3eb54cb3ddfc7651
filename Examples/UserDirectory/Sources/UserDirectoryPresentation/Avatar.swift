#if canImport(SwiftUI)
import SwiftUI

/// A member's initials in a tinted circle.
public struct Avatar: View {
    let initials: String

    public init(initials: String) {
        self.initials = initials
    }

    public var body: some View {
        Text(initials)
            .font(.headline)
            .frame(width: 44, height: 44)
            .background(Color.accentColor.opacity(0.2), in: Circle())
            .accessibilityHidden(true)
    }
}

#Preview {
    Avatar(initials: "AL")
}
#endif
