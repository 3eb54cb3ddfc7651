import SwiftUI

final class Counter: ObservableObject {
    @Published var count = 0
}

struct ObjectInspector<Object: ObservableObject>: View {
    @ObservedObject var object: Object

    var body: some View {
        Text("\(Object.self)")
    }
}

struct CounterScreen: View {
    @StateObject private var counter = Counter()

    var body: some View {
        ObjectInspector(object: counter)
    }
}
