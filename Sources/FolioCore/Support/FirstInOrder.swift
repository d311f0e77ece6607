extension Sequence {
    /// The first `count` elements in the order `areInIncreasingOrder` gives, without sorting them
    /// all: `list -n 20` of 100,000 records keeps 20 in order instead of sorting 100,000.
    /// The order must be total (ties broken), so the answer is the one a full sort gives.
    // @inlinable: specialised where it is called, for the element and the order it is given (called
    // unspecialised, each of 100,000 comparisons went through a generic witness).
    @inlinable
    public func firstInOrder(_ count: Int, by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> [Element] {
        guard count > 0 else { return [] }
        var kept: [Element] = []
        kept.reserveCapacity(Swift.min(count, 1024))
        for element in self {
            if kept.count == count, let last = kept.last, !(try areInIncreasingOrder(element, last)) { continue }
            // Binary search for the first kept element that comes after this one.
            var low = 0
            var high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if try areInIncreasingOrder(element, kept[middle]) { high = middle } else { low = middle + 1 }
            }
            kept.insert(element, at: low)
            if kept.count > count { kept.removeLast() }
        }
        return kept
    }
}
