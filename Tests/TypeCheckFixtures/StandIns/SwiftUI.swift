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

public struct Section<Header: View, Content: View>: PrimitiveView {
    public init(header: Header, @ViewBuilder content: () -> Content) {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

/// What every modifier returns: the modified view, drawn by SwiftUI.
public struct ModifiedContent<Content: View>: PrimitiveView {
    nonisolated public init() {}
}

extension View {
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
    public init() {}
    public var isEnabled: Bool { true }
    /// Custom values: what `@Entry` and a hand-written `EnvironmentKey` accessor read and write.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { K.defaultValue }
        set {}
    }
    public var dismiss: DismissAction { DismissAction() }
}

public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

@MainActor @preconcurrency
public struct DismissAction {
    nonisolated init() {}
    public func callAsFunction() {}
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

// MARK: What the fixes rewrite
//
// The SDK signatures the `auto` fixes touch (Xcode 16 SDK, iOS 18), so a fix that does not type-check here
// would not in Xcode either. Where the SDK's result type depends on the deployment target, the harness builds
// a second copy of this module with `-D SWIFTUI_BELOW_IOS_17` (see `TypeCheckHarness.Variant`).

public protocol ShapeStyle: Sendable {}

/// The type `foregroundStyle(.red)` resolves `.red` to; `Color?` is not a `ShapeStyle`, which is what makes
/// `foregroundColor(optional)` → `foregroundStyle(optional)` stop compiling.
public struct Color: ShapeStyle, Hashable {
    public init(_ name: String, bundle: Bundle? = nil) {}
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public init(white: Double, opacity: Double = 1) {}
    public func opacity(_ opacity: Double) -> Color { self }

    public static let black = Color(white: 0), blue = Color(white: 0), brown = Color(white: 0), clear = Color(white: 0)
    public static let cyan = Color(white: 0), gray = Color(white: 0), green = Color(white: 0), indigo = Color(white: 0)
    public static let mint = Color(white: 0), orange = Color(white: 0), pink = Color(white: 0), purple = Color(white: 0)
    public static let red = Color(white: 0), teal = Color(white: 0), white = Color(white: 1), yellow = Color(white: 0)
    public static let primary = Color(white: 0), secondary = Color(white: 0)
    public static var accentColor: Color { Color(white: 0) }
}

/// `.red` where a generic `ShapeStyle` is expected (`foregroundStyle(.red)`), as the SDK declares it.
extension ShapeStyle where Self == Color {
    public static var black: Color { .black }
    public static var blue: Color { .blue }
    public static var brown: Color { .brown }
    public static var clear: Color { .clear }
    public static var cyan: Color { .cyan }
    public static var gray: Color { .gray }
    public static var green: Color { .green }
    public static var indigo: Color { .indigo }
    public static var mint: Color { .mint }
    public static var orange: Color { .orange }
    public static var pink: Color { .pink }
    public static var purple: Color { .purple }
    public static var red: Color { .red }
    public static var teal: Color { .teal }
    public static var white: Color { .white }
    public static var yellow: Color { .yellow }
}

/// `.primary` and `.secondary` as shape styles are hierarchical styles, not colours.
public struct HierarchicalShapeStyle: ShapeStyle {
    public static let primary = HierarchicalShapeStyle(), secondary = HierarchicalShapeStyle()
    public static let tertiary = HierarchicalShapeStyle(), quaternary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle.primary }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle.tertiary }
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle.quaternary }
}

public struct Font: Sendable, Hashable {
    public static let largeTitle = Font(), title = Font(), headline = Font(), body = Font(), callout = Font()
    public static let caption = Font(), footnote = Font()

    public struct Weight: Sendable, Hashable {
        public static let regular = Weight(), semibold = Weight(), bold = Weight()
    }
}

public enum ColorScheme: Sendable, Hashable { case light, dark }

extension Text {
    /// A formatted value: `Text(elapsed, format: .number)`.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {}

    /// Only `Text` concatenates: `Text(a) + Text(b).foregroundColor(.red)` needs both sides to be `Text`.
    public static func + (lhs: Text, rhs: Text) -> Text { lhs }

    public func foregroundColor(_ color: Color?) -> Text { self }
    public func font(_ font: Font?) -> Text { self }
    public func bold() -> Text { self }
    // Views have `bold()` and `fontWeight(_:)` too from iOS 16 (macOS 13), which these stand-ins, written for the
    // older SDKs the rules' examples name, leave out.
    public func fontWeight(_ weight: Font.Weight?) -> Text { self }

    // `Text.foregroundStyle` returning `Text` is new in iOS 17 (macOS 14): below, `foregroundStyle` on a `Text` is
    // `View.foregroundStyle`, whose `some View` no longer concatenates. The SDK marks the overload with
    // `@available(iOS 17, *)`, which the solver ranks below an available one and reports when it must pick it;
    // `unavailable` does the same on Linux, where iOS availability means nothing.
    #if SWIFTUI_BELOW_IOS_17
    @available(*, unavailable, message: "only available in iOS 17.0 or newer")
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
    #else
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
    #endif
}

public struct Image: PrimitiveView {
    public init(_ name: String) {}
    public init(systemName: String) {}
}

public struct Label: PrimitiveView {
    public init(_ title: String, systemImage: String) {}
}

public struct Group<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

public struct Form<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

public struct TextEditor: PrimitiveView {
    public init(text: Binding<String>) {}
}

public struct Slider: PrimitiveView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1) where V.Stride: BinaryFloatingPoint {}
}

public struct Stepper: PrimitiveView {
    public init<V: Strideable>(_ title: String, value: Binding<V>, step: V.Stride = 1) {}
}

extension List {
    /// `List(items) { row }`: the SDK's `List<SelectionValue, Content>` with a `ForEach` inside.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
        where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init { ForEach(data, content: rowContent) }
    }
}

// MARK: Navigation

/// Deprecated since iOS 16: `navigation-view` rewrites it.
public struct NavigationView<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

/// A path of values the stack pushes; the default `Data` of `NavigationStack { … }`.
public struct NavigationPath {
    public init() {}
}

/// `NavigationStack { root }`: the trailing closure is the `root:` parameter.
public struct NavigationStack<Data, Root: View>: PrimitiveView {
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {}
}

public protocol NavigationViewStyle {}
public struct StackNavigationViewStyle: NavigationViewStyle { public init() {} }
public struct DoubleColumnNavigationViewStyle: NavigationViewStyle { public init() {} }
public struct DefaultNavigationViewStyle: NavigationViewStyle { public init() {} }

extension NavigationViewStyle where Self == StackNavigationViewStyle {
    public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() }
}

extension NavigationViewStyle where Self == DoubleColumnNavigationViewStyle {
    public static var columns: DoubleColumnNavigationViewStyle { DoubleColumnNavigationViewStyle() }
}

// MARK: Modifiers

/// The SDK declares view modifiers `nonisolated`; closures they take are isolated as the SDK says: `onAppear`'s
/// runs on the main actor (it is not `Sendable`, so it keeps the isolation of `body`), `task`'s is `@Sendable` and
/// `@_inheritActorContext`, so written in `body` it too runs on the main actor, and it cannot throw.
extension View {
    nonisolated public func foregroundColor(_ color: Color?) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func font(_ font: Font?) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func overlay<Overlay: View>(_ overlay: Overlay) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func tint(_ tint: Color?) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func padding() -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func padding(_ length: Double) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func navigationTitle(_ title: String) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func searchable(text: Binding<String>) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func preferredColorScheme(_ colorScheme: ColorScheme?) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> ModifiedContent<Self> {
        ModifiedContent()
    }

    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self> { ModifiedContent() }

    /// Deprecated in iOS 17, still what a one-parameter closure (`{ newValue in … }`) picks.
    nonisolated public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> ModifiedContent<Self> {
        ModifiedContent()
    }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                                   _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> ModifiedContent<Self> {
        ModifiedContent()
    }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> ModifiedContent<Self> {
        ModifiedContent()
    }

    /// iOS 15–18 SDKs; Xcode 26.4 relaxes the closure to `sending @escaping @isolated(any) () async -> Void`, which
    /// accepts everything this one does.
    nonisolated public func task(priority: TaskPriority = .userInitiated,
                                 @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self> {
        ModifiedContent()
    }
    nonisolated public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                               @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self> {
        ModifiedContent()
    }
}

// MARK: Previews

public enum PreviewLayout: Sendable {
    case device, sizeThatFits
    case fixed(width: Double, height: Double)
}

extension View {
    nonisolated public func previewLayout(_ value: PreviewLayout) -> ModifiedContent<Self> { ModifiedContent() }
    nonisolated public func previewDisplayName(_ value: String?) -> ModifiedContent<Self> { ModifiedContent() }
}

/// The pre-Xcode 15 preview: a type with a static `previews` view.
@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor @preconcurrency static var previews: Previews { get }
}

/// What `#Preview` expands to registers one of these (`DeveloperToolsSupport.PreviewRegistry`).
public protocol PreviewRegistry {
    @MainActor static func makePreview() throws -> _PreviewStandIn
}

/// `DeveloperToolsSupport.Preview`, whose initializer the expansion of `#Preview` calls.
public struct _PreviewStandIn {
    @MainActor public init(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) {}
}

// The two SwiftUI macros the fixes write. Their declarations are the SDK's; their expansions come from the
// test-only plugin `StandIns/Macros/StandInMacros.swift`, which writes what Apple's plugin writes (a
// `PreviewRegistry` type calling `Preview(name) { body }`; an accessor pair and a `private` key type), since the
// SwiftUI plugin ships only with Xcode.

@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View)
    = #externalMacro(module: "MVLintStandInMacros", type: "PreviewMacro")

@attached(accessor) @attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "MVLintStandInMacros", type: "EntryMacro")
