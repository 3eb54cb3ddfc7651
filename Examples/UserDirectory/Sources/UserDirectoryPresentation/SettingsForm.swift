#if canImport(SwiftUI)
import SwiftUI

/// The list settings, edited in place through bindings.
public struct SettingsForm: View {
    let onDone: () -> Void
    @Binding var showsPremiumOnly: Bool
    @Binding var listsNewestFirst: Bool

    public init(showsPremiumOnly: Binding<Bool>, listsNewestFirst: Binding<Bool>, onDone: @escaping () -> Void) {
        _showsPremiumOnly = showsPremiumOnly
        _listsNewestFirst = listsNewestFirst
        self.onDone = onDone
    }

    public var body: some View {
        NavigationStack {
            Form {
                Section("Member List") {
                    Toggle("Premium members only", isOn: $showsPremiumOnly)
                    Toggle("Newest members first", isOn: $listsNewestFirst)
                }
            }
            .navigationTitle("Settings")
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done", action: onDone)
                }
            }
        }
    }
}

#Preview {
    SettingsForm(showsPremiumOnly: .constant(true), listsNewestFirst: .constant(false), onDone: {})
}
#endif
