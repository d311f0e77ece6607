import Clibgit2
import Crypto
import Foundation
import Git
import GitIndex
import SystemIO

extension FuzzTarget {
    /// GitIndex's reader of `.git/index` on any bytes, with libgit2 as the oracle. The input is an
    /// index without its trailer; the harness appends the SHA-1 libgit2 checks, so the fuzzer
    /// explores the entries and extensions rather than the checksum.
    ///
    /// Promises: what GitIndex accepts, libgit2 reads too, with the same entries (path, object,
    /// mode, size, times, inode); an accepted index of version 2 or 3, written back by GitIndex,
    /// reads the same again in both. Anything GitIndex refuses is libgit2's to read, as folio does.
    static let gitIndex = FuzzTarget(
        name: "git-index",
        summary: "IndexFile.parse of a .git/index (SHA-1 appended) against libgit2's git_index_open, and its writer round trip",
        generatedSeeds: { GitIndexFuzz.seeds() }
    ) { bytes throws(InvariantFailure) in
        try GitIndexFuzz.run(bytes)
    }
}

/// The index harness's check and seeds, public for GitIndexTests' differential runs.
public enum GitIndexFuzz {
    /// `body` with git's trailer: the SHA-1 of everything before it.
    public static func sealed(_ body: [UInt8]) -> [UInt8] {
        body + Array(Insecure.SHA1.hash(data: body))
    }

    public static func run(_ body: [UInt8]) throws(InvariantFailure) {
        let file = sealed(body)
        let stamp = FileStamp(size: UInt64(file.count), modifiedNanoseconds: 1, changedNanoseconds: 1, inode: 1)
        guard let ours = IndexFile.parse(file, stamp: stamp) else { return }
        let scratch = ScratchFile()
        guard scratch.write(file) else { throw InvariantFailure("could not write the scratch index") }
        let theirs = IndexOracle.libgit2Entries(indexAt: scratch.url.path)
        try expect(theirs != nil, "GitIndex accepted \(body.count) bytes that libgit2 refuses")
        try expect(
            theirs == IndexOracle.entries(of: ours),
            "GitIndex and libgit2 read different entries: \(IndexOracle.entries(of: ours)) against \(theirs ?? [])")
        guard ours.version != 4 else { return }
        let written = ours.serialized()
        let again = IndexFile.parse(written, stamp: stamp)
        try expect(again.map(IndexOracle.entries(of:)) == IndexOracle.entries(of: ours), "GitIndex does not read back what it wrote")
        guard scratch.write(written) else { throw InvariantFailure("could not write the scratch index") }
        try expect(IndexOracle.libgit2Entries(indexAt: scratch.url.path) == theirs, "libgit2 reads GitIndex's rewrite differently")
    }

    /// Indexes GitIndex itself writes (version 2 and 3, files, an executable, a link, Chinese and
    /// nested names, a cache tree), without their trailers.
    public static func seeds() -> [[UInt8]] {
        let paths: [(String, UInt32)] = [
            ("README.md", 0o100644), ("diary/2026/11/2026-11-24-下雨.md", 0o100644), ("ideas/a.md", 0o100644),
            ("media/ab/ab12.jpg", 0o100644), ("scripts/run", 0o100755), ("link", 0o120000),
        ]
        var seeds: [[UInt8]] = []
        for version: UInt32 in [2, 3] {
            var index = IndexFile.empty()
            index.version = version
            for (number, (path, mode)) in paths.sorted(by: { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }).enumerated() {
                let start = index.names.count
                index.names += Array(path.utf8)
                var stat = IndexStat()
                stat.mode = mode
                stat.size = UInt32(number * 100 + 7)
                stat.mtimeSeconds = 1_795_000_000 + UInt32(number)
                stat.inode = UInt32(number + 1)
                var oid = git_oid()
                withUnsafeMutableBytes(of: &oid) { raw in
                    for position in 0..<20 { raw[position] = UInt8(truncatingIfNeeded: number * 31 + position + 1) }
                }
                index.entries.append(IndexEntry(stat: stat, oid: oid, name: start..<index.names.count))
            }
            seeds.append(Array(index.serialized().dropLast(20)))
        }
        return seeds
    }
}
