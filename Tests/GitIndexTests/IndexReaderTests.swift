import FuzzTargets
import SystemIO
import TestSupport
import Testing

@testable import GitIndex

/// GitIndex's reader on damaged indexes, with libgit2 as the oracle (the fuzz harness's promise,
/// run on a fixed sample in every `make test`), and the racy-clean rule it shares with the catalog.
@Suite("GitIndex reads what libgit2 reads")
struct IndexReaderTests {
    /// Seeded mutations of the harness's seeds: flipped bytes, cut tails, repeated spans. Each is
    /// refused by GitIndex or read exactly as libgit2 reads it.
    @Test("damaged indexes are refused or read as libgit2 reads them", arguments: 0..<8)
    func damagedIndexes(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        for base in GitIndexFuzz.seeds() {
            for round in 0..<60 {
                var bytes = base
                for _ in 0...random.below(3) { bytes = Self.mutate(bytes, &random) }
                do {
                    try GitIndexFuzz.run(bytes)
                } catch {
                    Issue.record("seed \(seed), round \(round): \(error)")
                }
            }
        }
    }

    static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        guard !bytes.isEmpty else { return [0] }
        var bytes = bytes
        let at = random.below(bytes.count)
        switch random.below(4) {
        case 0: bytes[at] ^= UInt8(truncatingIfNeeded: 1 << random.below(8))
        case 1: bytes[at] = UInt8(truncatingIfNeeded: random.next())
        case 2: bytes.removeSubrange(at...)
        default:
            let length = min(bytes.count - at, 1 + random.below(16))
            bytes.insert(contentsOf: bytes[at..<at + length], at: at)
        }
        return bytes
    }

    @Test("a file that changed no earlier than the index was written is racy; one before it is not")
    func racyClean() {
        var entry = IndexStat()
        entry.mtimeSeconds = 1_795_000_000
        entry.mtimeNanoseconds = 500
        entry.ctimeSeconds = 1_795_000_000
        entry.ctimeNanoseconds = 400
        let written = { (nanoseconds: Int64) in
            FileStamp(size: 1, modifiedNanoseconds: nanoseconds, changedNanoseconds: nanoseconds, inode: 1)
        }
        let entryTime: Int64 = 1_795_000_000 * 1_000_000_000 + 500
        #expect(entry.isRacy(since: written(entryTime)))
        #expect(entry.isRacy(since: written(entryTime - 1)))
        #expect(!entry.isRacy(since: written(entryTime + 1)))
        #expect(!entry.isRacy(since: written(entryTime + 1_000_000_000)))
        // The change time counts too: a rewrite that restores the modification time moves it.
        entry.ctimeSeconds = 1_795_000_001
        #expect(entry.isRacy(since: written(entryTime + 1)))
        #expect(!entry.isRacy(since: nil), "no index file read: no entry was written against one")
    }

    @Test("an entry's stamp is its stat data in nanoseconds, to the last second an index can hold")
    func stampOfEntry() {
        var entry = IndexStat()
        entry.mtimeSeconds = .max
        entry.mtimeNanoseconds = 999_999_999
        entry.ctimeSeconds = .max
        entry.size = .max
        entry.inode = 7
        let stamp = entry.stamp
        #expect(stamp.modifiedNanoseconds == Int64(UInt32.max) * 1_000_000_000 + 999_999_999)
        #expect(stamp.changedNanoseconds == Int64(UInt32.max) * 1_000_000_000)
        #expect(stamp.size == UInt64(UInt32.max))
        #expect(stamp.inode == 7)
    }
}
