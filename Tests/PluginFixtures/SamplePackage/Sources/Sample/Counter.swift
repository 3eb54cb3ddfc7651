// Stand-ins for SwiftUI, so the package compiles on Linux: mvlint reads syntax, not types.
public protocol View {}

@propertyWrapper
public struct State<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

public struct CounterView: View {
    @State var count = 0
    public var body: Int { count }
}
