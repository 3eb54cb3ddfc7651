#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Locks and threads on POSIX's, not Foundation's: on Linux the library imports only FoundationEssentials, so that a run
// does not load Foundation's libraries (and ICU's) before it does anything (docs/PERFORMANCE.md).

/// A mutual-exclusion lock (`pthread_mutex_t`) for the few tables threads share.
final class Lock: @unchecked Sendable {
    /// `Condition` waits on it.
    fileprivate let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }
}

/// A lock with a condition threads wait on (`pthread_cond_t`).
final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() { pthread_cond_init(condition, nil) }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    func lock() { mutex.lock() }

    func unlock() { mutex.unlock() }

    /// Wakes one waiting thread; called with the lock held.
    func signal() { pthread_cond_signal(condition) }

    /// Waits, the lock given up meanwhile, until signalled (or woken spuriously: callers loop on their state).
    func wait() { pthread_cond_wait(condition, mutex.mutex) }

    /// As `wait()`, or until the wall clock passes `deadline` (seconds since 1970).
    func wait(untilSecondsSince1970 deadline: Double) {
        let seconds = deadline.rounded(.down)
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((deadline - seconds) * 1e9))
        _ = pthread_cond_timedwait(condition, mutex.mutex, &time)
    }
}

/// Runs `body` on a new detached thread with a stack of `stackSize` bytes.
func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    let created = pthread_create(&thread, &attributes, { context in
        Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }, work)
    #else
    var thread = pthread_t()
    let created = pthread_create(&thread, &attributes, { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }, work)
    #endif
    precondition(created == 0, "cannot start a thread (error \(created))")
}

/// A reference each thread holds for itself (`pthread_key_t`): set and read by the thread, never shared.
final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()

    init() { precondition(pthread_key_create(&key, nil) == 0, "cannot make a thread-local key") }

    /// The calling thread's value; nil where it set none. The thread keeps it alive while it is set.
    var value: Value? {
        get { pthread_getspecific(key).map { Unmanaged<Value>.fromOpaque($0).takeUnretainedValue() } }
        set {
            if let old = pthread_getspecific(key) { Unmanaged<Value>.fromOpaque(old).release() }
            pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
        }
    }
}
