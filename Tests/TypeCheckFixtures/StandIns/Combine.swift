// Test-only stand-in for Apple's Combine: just the API surface the type-check fixtures use, with the real
// generic constraints, so `swiftc -typecheck` on Linux catches a migration that would not compile.
// Bodies are placeholders; nothing here ever runs.
import Foundation

public protocol Cancellable {
    func cancel()
}

public final class AnyCancellable: Cancellable, Hashable {
    public init(_ cancel: @escaping () -> Void) {}
    public func cancel() {}
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

public protocol Subject<Output, Failure>: AnyObject, Publisher {
    func send(_ value: Output)
}

extension Subject where Output == Void {
    public func send() { send(()) }
}

/// The scheduler `debounce` needs; `RunLoop` is one, as in Combine.
public protocol Scheduler {
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: ExpressibleByFloatLiteral
}

extension RunLoop: Scheduler {
    public struct SchedulerTimeType: Strideable {
        public var date: Date
        public func distance(to other: SchedulerTimeType) -> Double { other.date.timeIntervalSince(date) }
        public func advanced(by interval: Double) -> SchedulerTimeType { SchedulerTimeType(date: date + interval) }
    }
}

public struct AnyPublisher<Output, Failure: Error>: Publisher {}

extension Publisher {
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher() }
    public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> { AnyPublisher() }
    public func removeDuplicates() -> AnyPublisher<Output, Failure> where Output: Equatable { AnyPublisher() }
    public func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S) -> AnyPublisher<Output, Failure> {
        AnyPublisher()
    }
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable {} }
}

extension Publisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable {} }
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable { AnyCancellable {} }
    public func assign(to published: inout Published<Output>.Publisher) {}
}

public enum Subscribers {
    public enum Completion<Failure: Error> { case finished, failure(Failure) }
}

public final class PassthroughSubject<Output, Failure: Error>: Subject {
    public init() {}
    public func send(_ value: Output) {}
}

public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    public var value: Output
    public init(_ value: Output) { self.value = value }
    public func send(_ value: Output) { self.value = value }
}

public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public init(_ output: Output) {}
}

public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
    public func send() {}
}

public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where ObjectWillChangePublisher.Failure == Never
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// As in Combine: usable in any class (the enclosing-instance subscript), unavailable in structs.
@propertyWrapper
public struct Published<Value> {
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
    }

    private var value: Value

    public init(wrappedValue: Value) { value = wrappedValue }
    public init(initialValue: Value) { value = initialValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public var projectedValue: Publisher {
        mutating get { Publisher() }
        set {}
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set { object[keyPath: storageKeyPath].value = newValue }
    }
}
