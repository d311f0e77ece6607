/// Interns word terms (UTF-8 bytes) to integer ids with open addressing over one byte arena.
///
/// Words are stored once in `arena`; lookups compare bytes, so building an index never allocates a
/// String per token.
struct WordTable: Sendable {
    private(set) var slots: [UInt32]  // 0 = empty, otherwise entry index + 1
    private(set) var mask: Int
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

    /// A table read back from a cache, already checked by the caller (``IndexStorage/decode``).
    init(slots: [UInt32], hashes: [UInt64], starts: [UInt32], lengths: [UInt8], ids: [Int32], arena: [UInt8]) {
        self.slots = slots
        self.mask = slots.count - 1
        self.hashes = hashes
        self.starts = starts
        self.lengths = lengths
        self.ids = ids
        self.arena = arena
    }

    /// The id of `bytes`, inserting it with `newID` when absent; `inserted` tells which happened.
    @inline(__always)
    mutating func findOrInsert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, newID: Int32)
        -> (id: Int32, inserted: Bool)
    {
        let (_, id, inserted) = findOrInsertEntry(bytes, hash: hash, newID: newID)
        return (id, inserted)
    }

    /// Like `findOrInsert`, also returning the entry index (insertion order).
    @inline(__always)
    mutating func findOrInsertEntry(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, newID: Int32)
        -> (entry: Int, id: Int32, inserted: Bool)
    {
        if let entry = find(bytes, hash: hash) { return (entry, ids[entry], false) }
        let entry = ids.count
        insertNew(bytes, hash: hash, id: newID)
        return (entry, newID, true)
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

/// Interns integer term keys (short words and CJK grams, see `TermKey`) to ids with open addressing.
///
/// Key, id and the build-time counts share one slot so a token touches one cache line; key 0 marks an
/// empty slot, which no `TermKey` produces.
struct KeyTable: Sendable {
    struct Slot: Sendable {
        var key: UInt64
        var id: Int32
        /// Occurrences seen while building (unused once the index is built).
        var count: UInt32 = 0
    }

    private(set) var slots: [Slot]
    private var mask: Int
    private(set) var count = 0

    /// A table read back from a cache, already checked by the caller (``IndexStorage/decode``).
    init(slots: [Slot], count: Int) {
        self.slots = slots
        self.mask = slots.count - 1
        self.count = count
    }

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Slot](repeating: Slot(key: 0, id: 0), count: size)
        mask = size - 1
    }

    /// Finds or inserts `key` and counts one occurrence of it.
    @inline(__always)
    mutating func record(_ key: UInt64, newID: Int32) -> (id: Int32, inserted: Bool) {
        var index = Int(truncatingIfNeeded: TermKey.hash(key)) & mask
        let found: Int32? = slots.withUnsafeMutableBufferPointer { slots in
            while true {
                let k = slots[index].key
                if k == key {
                    slots[index].count &+= 1
                    return slots[index].id
                }
                if k == 0 { return nil }
                index = (index &+ 1) & mask
            }
        }
        if let found { return (found, false) }
        slots[index] = Slot(key: key, id: newID, count: 1)
        count += 1
        if count * 2 > slots.count { grow() }
        return (newID, true)
    }

    @inline(__always)
    mutating func findOrInsert(_ key: UInt64, newID: Int32) -> (id: Int32, inserted: Bool) {
        var index = Int(truncatingIfNeeded: TermKey.hash(key)) & mask
        let found: Int32? = slots.withUnsafeBufferPointer { slots in
            while true {
                let slot = slots[index]
                if slot.key == key { return slot.id }
                if slot.key == 0 { return nil }
                index = (index &+ 1) & mask
            }
        }
        if let found { return (found, false) }
        slots[index] = Slot(key: key, id: newID)
        count += 1
        if count * 2 > slots.count { grow() }
        return (newID, true)
    }

    func find(_ key: UInt64) -> Int32? {
        guard key != 0 else { return nil }
        var index = Int(truncatingIfNeeded: TermKey.hash(key)) & mask
        while true {
            let slot = slots[index]
            if slot.key == key { return slot.id }
            if slot.key == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(key: 0, id: 0), count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot.key != 0 {
            var index = Int(truncatingIfNeeded: TermKey.hash(slot.key)) & mask
            while slots[index].key != 0 { index = (index &+ 1) & mask }
            slots[index] = slot
        }
    }

    /// Ids of every short word starting with `prefix` (which must be at most 7 bytes).
    func shortWordIDs(withPrefix prefix: [UInt8]) -> [Int32] {
        guard prefix.count <= TermKey.maxShortWordBytes else { return [] }
        var packed: UInt64 = 0
        for (k, b) in prefix.enumerated() { packed |= UInt64(b) << (8 * UInt64(k)) }
        let mask: UInt64 = prefix.count == 0 ? 0 : (1 << (8 * UInt64(prefix.count))) - 1
        var result: [Int32] = []
        for slot in slots where TermKey.isShortWord(slot.key) {
            if slot.key >> 56 >= UInt64(prefix.count) && slot.key & mask == packed { result.append(slot.id) }
        }
        return result
    }
}
