/// Interns word terms (UTF-8 bytes) to integer ids with open addressing over one byte arena.
///
/// Words are stored once in `arena`; lookups compare bytes, so building an index never allocates a
/// String per token.
struct WordTable: Sendable {
    private var slots: [UInt32]          // 0 = empty, otherwise entry index + 1
    private var mask: Int
    private(set) var hashes: [UInt64] = []
    private(set) var starts: [UInt32] = []
    private(set) var lengths: [UInt8] = []
    private(set) var ids: [Int32] = []
    private(set) var arena: [UInt8] = []

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt32](repeating: 0, count: size)
        mask = size - 1
    }

    var count: Int { ids.count }

    /// The id of `bytes`, inserting it with `newID` when absent; `inserted` tells which happened.
    @inline(__always)
    mutating func findOrInsert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, newID: Int32)
        -> (id: Int32, inserted: Bool)
    {
        if let entry = find(bytes, hash: hash) { return (ids[entry], false) }
        insertNew(bytes, hash: hash, id: newID)
        return (newID, true)
    }

    /// The entry index holding `bytes`, if present.
    @inline(__always)
    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let s = slots[slot]
            if s == 0 { return nil }
            let entry = Int(s &- 1)
            if hashes[entry] == hash, Int(lengths[entry]) == bytes.count, equals(entry, bytes) {
                return entry
            }
            slot = (slot &+ 1) & mask
        }
    }

    @inline(__always)
    private func equals(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[entry])
        return arena.withUnsafeBufferPointer { a in
            for k in 0..<bytes.count where a[start &+ k] != bytes[k] { return false }
            return true
        }
    }

    private mutating func insertNew(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, id: Int32) {
        let entry = ids.count
        hashes.append(hash)
        starts.append(UInt32(truncatingIfNeeded: arena.count))
        lengths.append(UInt8(truncatingIfNeeded: bytes.count))
        ids.append(id)
        arena.append(contentsOf: bytes)
        place(entry)
        if ids.count * 2 > slots.count { grow() }
    }

    private mutating func place(_ entry: Int) {
        var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
        while slots[slot] != 0 { slot = (slot &+ 1) & mask }
        slots[slot] = UInt32(entry + 1)
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for entry in 0..<ids.count { place(entry) }
    }

    /// Calls `body` with the bytes of one entry.
    func withBytes<R>(of entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let start = Int(starts[entry])
        let length = Int(lengths[entry])
        return arena.withUnsafeBufferPointer { a in
            body(UnsafeBufferPointer(rebasing: a[start..<(start + length)]))
        }
    }

    /// Ids of every word that starts with `prefix`, by one pass over the arena (no sorted copy to keep).
    func ids(withPrefix prefix: [UInt8]) -> [Int32] {
        var result: [Int32] = []
        arena.withUnsafeBufferPointer { a in
            for entry in 0..<ids.count where Int(lengths[entry]) >= prefix.count {
                let start = Int(starts[entry])
                var same = true
                for k in 0..<prefix.count where a[start + k] != prefix[k] {
                    same = false
                    break
                }
                if same { result.append(ids[entry]) }
            }
        }
        return result
    }
}

/// Interns CJK gram keys to integer ids with open addressing.
struct GramTable: Sendable {
    private var slots: [UInt32]          // 0 = empty, otherwise entry index + 1
    private var mask: Int
    private(set) var keys: [UInt64] = []
    private(set) var ids: [Int32] = []

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt32](repeating: 0, count: size)
        mask = size - 1
    }

    var count: Int { ids.count }

    @inline(__always)
    mutating func findOrInsert(_ key: UInt64, newID: Int32) -> (id: Int32, inserted: Bool) {
        var slot = Int(truncatingIfNeeded: GramKey.hash(key)) & mask
        while true {
            let s = slots[slot]
            if s == 0 { break }
            let entry = Int(s &- 1)
            if keys[entry] == key { return (ids[entry], false) }
            slot = (slot &+ 1) & mask
        }
        keys.append(key)
        ids.append(newID)
        slots[slot] = UInt32(keys.count)
        if keys.count * 2 > slots.count { grow() }
        return (newID, true)
    }

    func find(_ key: UInt64) -> Int32? {
        var slot = Int(truncatingIfNeeded: GramKey.hash(key)) & mask
        while true {
            let s = slots[slot]
            if s == 0 { return nil }
            let entry = Int(s &- 1)
            if keys[entry] == key { return ids[entry] }
            slot = (slot &+ 1) & mask
        }
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for entry in 0..<keys.count {
            var slot = Int(truncatingIfNeeded: GramKey.hash(keys[entry])) & mask
            while slots[slot] != 0 { slot = (slot &+ 1) & mask }
            slots[slot] = UInt32(entry + 1)
        }
    }
}
