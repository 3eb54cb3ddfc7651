import SwiftUI

@Observable final class Player {
    var track: String

    init(track: String) {
        self.track = track
    }
}

struct PlayerView: View {
    @State private var player: Player

    init(track: String) {
        _player = State(initialValue: Player(track: track))
    }

    var body: some View {
        Text(player.track)
    }
}
