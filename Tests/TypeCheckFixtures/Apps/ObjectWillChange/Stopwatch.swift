import SwiftUI

final class Stopwatch: ObservableObject {
    var elapsed = 0 {
        willSet { objectWillChange.send() }
    }
}

struct StopwatchView: View {
    @ObservedObject var stopwatch: Stopwatch

    var body: some View {
        Text("\(stopwatch.elapsed)")
    }
}
