import Synchronization

/// A value shared between threads (a library's callback thread, a task and the thread waiting
/// for it), behind a ``Mutex``: a class, so closures and callbacks can hold it by reference.
public final class LockedState<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    public func withValue<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try mutex.withLock { value in try body(&value) }
    }

    public var current: Value { withValue { $0 } }
}
