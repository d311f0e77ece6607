import Crypto
import Foundation
import GitIndex
import SystemIO

extension FuzzTarget {
    /// The status's memory of folder listings (`.git/folio-listings`) on any bytes. The input is
    /// the file's body; the harness adds the magic line and the SHA-256 the reader checks, so the
    /// fuzzer explores the folders and names rather than the checksum.
    ///
    /// Promises: what is accepted has each folder's other names in byte order (the merge with
    /// the index's files relies on it), and written back it reads the same; the same body with
    /// any byte of its checksum changed is refused.
    static let rememberedListings = FuzzTarget(
        name: "remembered-listings",
        summary: "RememberedListings.parse of a status's memory of folder listings, its order promise and writer round trip",
        generatedSeeds: { RememberedListingsFuzz.seeds() }
    ) { bytes throws(InvariantFailure) in
        try RememberedListingsFuzz.run(bytes)
    }
}

/// The harness's check and seeds, public for the regression tests.
public enum RememberedListingsFuzz {
    static let magic = Array("folio listings 1\n".utf8)

    public static func sealed(_ body: [UInt8]) -> [UInt8] {
        magic + body + Array(SHA256.hash(data: body))
    }

    public static func run(_ body: [UInt8]) throws(InvariantFailure) {
        let file = sealed(body)
        var tampered = file
        tampered[tampered.count - 1] ^= 0x80
        try expect(RememberedListings.parse(tampered) == nil, "a file whose checksum does not match was accepted")
        guard let folders = RememberedListings.parse(file) else { return }
        for (path, folder) in folders {
            try expect(
                zip(folder.others, folder.others.dropFirst()).allSatisfy { $0.name.lexicographicallyPrecedes($1.name) },
                "the names of \(path) are accepted out of order")
        }
        let written = RememberedListings.serialized(folders)
        try expect(RememberedListings.parse(written) == folders, "what was written does not read back the same")
    }

    /// Files the writer makes: none, a root with a subfolder and an untracked file, Chinese names.
    public static func seeds() -> [[UInt8]] {
        let stamp = FileStamp(
            size: 0, modifiedNanoseconds: 1_795_000_000_000_000_000, changedNanoseconds: 1_795_000_000_000_000_001, inode: 42)
        let examples: [[[UInt8]: RememberedFolder]] = [
            [:],
            [
                []: RememberedFolder(
                    stamp: stamp, trackedDigest: 7,
                    others: [.init(name: Array("diary".utf8), isFolder: true), .init(name: Array("notes.txt".utf8), isFolder: false)]),
                Array("日記/下雨".utf8): RememberedFolder(stamp: stamp, trackedDigest: 0, others: []),
            ],
        ]
        return examples.map { Array(RememberedListings.serialized($0).dropFirst(magic.count).dropLast(32)) }
    }
}
