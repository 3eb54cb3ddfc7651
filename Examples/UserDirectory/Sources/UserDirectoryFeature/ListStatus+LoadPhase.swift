#if canImport(SwiftUI)
import UserDirectoryModel
import UserDirectoryPresentation

extension ListStatus {
    /// Translates the model's loading phase into what the list shows when it has no rows. The
    /// presentation module cannot see the model, so the translation lives here.
    init(_ phase: UsersModel.LoadPhase) {
        switch phase {
        case .idle, .loading:
            self = .loading
        case .loaded:
            self = .ready
        case .failed(let message):
            self = .failed(message: message)
        }
    }
}
#endif
