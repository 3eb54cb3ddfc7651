// Test-only stand-in for Apple's SwiftUI: just the API surface the type-check fixtures use, with the real
// generic constraints (`StateObject` and `.environmentObject` need `ObservableObject`, `Bindable` and
// `.environment(_:)` need `AnyObject & Observable`). Bodies are placeholders; nothing here ever runs.
@_exported import Combine
@_exported import Foundation
@_exported import Observation

/// Storage that outlives a view value, as SwiftUI's graph keeps it.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

// MARK: Views

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// A view SwiftUI draws itself: it has no body of its own.
public protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
    public var body: Never { fatalError() }
}

public struct EmptyView: PrimitiveView { public init() {} }
public struct TupleView<T>: PrimitiveView { public init(_ value: T) {} }
public struct ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {}
public struct OptionalContent<Wrapped: View>: PrimitiveView {}

@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> OptionalContent<Content> { OptionalContent() }
    public static func buildEither<T: View, F: View>(first: T) -> ConditionalContent<T, F> { ConditionalContent() }
    public static func buildEither<T: View, F: View>(second: F) -> ConditionalContent<T, F> { ConditionalContent() }
}

public struct Text: PrimitiveView {
    public init(_ content: String) {}
    public init(verbatim content: String) {}
}

public struct TextField: PrimitiveView {
    public init(_ title: String, text: Binding<String>) {}
}

public struct Toggle: PrimitiveView {
    public init(_ title: String, isOn: Binding<Bool>) {}
}

public struct Button<Label: View>: PrimitiveView {
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

extension Button where Label == Text {
    public init(_ title: String, action: @escaping @MainActor () -> Void) {}
}

public struct VStack<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

public struct List<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

/// What every modifier returns: the modified view, drawn by SwiftUI.
public struct ModifiedContent<Content: View>: PrimitiveView {}

extension View {
    public func task(_ action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self> { ModifiedContent() }
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> ModifiedContent<Self>
        where P.Failure == Never { ModifiedContent() }
    public func environmentObject<T: ObservableObject>(_ object: T) -> ModifiedContent<Self> { ModifiedContent() }
    public func environment<T: AnyObject & Observable>(_ object: T?) -> ModifiedContent<Self> { ModifiedContent() }
}

// MARK: Dynamic properties

public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let read: () -> Value
    private let write: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        read = get
        write = set
    }
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }
    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

/// A binding into a reference's property: what `$object.property` makes.
func referenceBinding<Root: AnyObject, Subject>(_ root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Subject>) -> Binding<Subject> {
    Binding(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 })
}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let storage: Box<Value>

    public init(wrappedValue value: Value) { storage = Box(value) }
    public init(initialValue value: Value) { storage = Box(value) }

    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }
    public var projectedValue: Binding<Value> { Binding(get: { storage.value }, set: { storage.value = $0 }) }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    @dynamicMemberLookup
    public struct Wrapper {
        let root: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            referenceBinding(root, keyPath)
        }
    }

    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { wrappedValue = initialValue }

    public var projectedValue: Wrapper { Wrapper(root: wrappedValue) }
}

@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let make: () -> ObjectType

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }

    public var wrappedValue: ObjectType { make() }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject(wrappedValue: make()).projectedValue }
}

@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    @dynamicMemberLookup
    public struct Wrapper {
        let root: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            referenceBinding(root, keyPath)
        }
    }

    public init() {}

    public var wrappedValue: ObjectType { fatalError("No ObservableObject of type \(ObjectType.self) found") }
    public var projectedValue: Wrapper { Wrapper(root: wrappedValue) }
}

public struct EnvironmentValues {
    public var isEnabled: Bool { true }
}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {}

    public var wrappedValue: Value { fatalError("No Observable object of type \(Value.self) found") }
}

@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value>: DynamicProperty {
    public var wrappedValue: Value

    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(projectedValue: Bindable<Value>) { self = projectedValue }

    public var projectedValue: Bindable<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
        where Value: AnyObject { referenceBinding(wrappedValue, keyPath) }
}

@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    private let storage: Box<Value>

    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }
    public var projectedValue: Binding<Value> { Binding(get: { storage.value }, set: { storage.value = $0 }) }
}

extension AppStorage where Value == String {
    public init(wrappedValue: String, _ key: String, store: UserDefaults? = nil) { storage = Box(wrappedValue) }
}

extension AppStorage where Value == Bool {
    public init(wrappedValue: Bool, _ key: String, store: UserDefaults? = nil) { storage = Box(wrappedValue) }
}

extension AppStorage where Value == Int {
    public init(wrappedValue: Int, _ key: String, store: UserDefaults? = nil) { storage = Box(wrappedValue) }
}

// MARK: Apps and scenes

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    init()
}

extension App {
    public static func main() {}
}

@MainActor @preconcurrency
public protocol Scene {}

@resultBuilder
public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
}
