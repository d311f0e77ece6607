import Dispatch
import Foundation

/// `body(i)` for every i in 0..<count, on all cores, in order.
///
/// Indexes are handed out in chunks of at least `minimumChunk`: many for small items such as
/// records, one for large ones such as media files.
public func parallelMap<T: Sendable>(_ count: Int, minimumChunk: Int = 256, _ body: @Sendable (Int) -> T) -> [T] {
    parallelMap(count, minimumChunk: minimumChunk, state: { () }) { _, i in body(i) }
}

/// `body(state, i)` for every i in 0..<count, on all cores, in order; each worker's contiguous
/// chunk of indexes shares one `state` made by `state()`.
public func parallelMap<T: Sendable, State>(
    _ count: Int, minimumChunk: Int = 256, state makeState: @Sendable () -> State,
    _ body: @Sendable (State, Int) -> T
) -> [T] {
    guard count > 0 else { return [] }
    var results = [T?](repeating: nil, count: count)
    results.withUnsafeMutableBufferPointer { buffer in
        let out = DisjointSlots(buffer)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = max(1, minimumChunk, (count + workers * 4 - 1) / (workers * 4))
        let chunks = (count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let state = makeState()
            for i in (c * chunk)..<min(count, (c + 1) * chunk) { out.buffer[i] = body(state, i) }
        }
    }
    return results.compactMap { $0 }
}

/// One buffer whose disjoint slots concurrent workers fill, each its own: the one way folio's
/// parallel loops share a buffer.
// @unchecked: holds a pointer into a buffer that outlives the loop; no two workers touch one slot.
public struct DisjointSlots<Element>: @unchecked Sendable {
    public let buffer: UnsafeMutableBufferPointer<Element>
    public init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
