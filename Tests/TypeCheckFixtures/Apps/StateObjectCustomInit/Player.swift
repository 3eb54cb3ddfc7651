import SwiftUI

final class Player: ObservableObject {
    @Published var track: String

    init(track: String) {
        self.track = track
    }
}

struct PlayerView: View {
    @StateObject private var player: Player

    init(track: String) {
        _player = StateObject(wrappedValue: Player(track: track))
    }

    var body: some View {
        Text(player.track)
    }
}
