#if canImport(SwiftUI)
import SwiftUI

/// Edits a name. The text being typed is this form's own visual state; whether a name is acceptable
/// and what saving does are decided by the caller.
public struct RenameForm: View {
    let isAcceptable: (String) -> Bool
    let onSave: (String) -> Void
    let onCancel: () -> Void
    @State private var draft: String

    public init(
        currentName: String,
        isAcceptable: @escaping (String) -> Bool,
        onSave: @escaping (String) -> Void,
        onCancel: @escaping () -> Void
    ) {
        self.isAcceptable = isAcceptable
        self.onSave = onSave
        self.onCancel = onCancel
        _draft = State(initialValue: currentName)
    }

    public var body: some View {
        NavigationStack {
            Form {
                TextField("Name", text: $draft)
            }
            .navigationTitle("Rename")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel", action: onCancel)
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") { onSave(draft) }
                        .disabled(!isAcceptable(draft))
                }
            }
        }
    }
}

#Preview {
    RenameForm(currentName: "Grace Hopper", isAcceptable: { !$0.isEmpty }, onSave: { _ in }, onCancel: {})
}
#endif
