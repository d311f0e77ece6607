import Crypto
import Foundation
import LFSStore
import TestSupport
import Testing

/// The local object store as git-lfs lays it out, with no git and no network.
@Suite("The local LFS object store")
struct ObjectStoreTests {
    @Test("an object lands at lfs/objects/aa/bb/<oid>; wrong bytes never land")
    func objectsWholeOrNot() throws {
        let scratch = try Scratch()
        let store = LFSObjectStore(gitDirectory: scratch.path(".git"))
        let bytes = Array("a photo's bytes".utf8)
        let oid = LFSObjectStore.hex(SHA256.hash(data: bytes))
        let writer = try store.writer()
        bytes.withUnsafeBytes { writer.write($0) }
        let pointer = try writer.commit(hash: writer.finishHash())
        #expect(pointer.oid == oid)
        let place = scratch.path(".git/lfs/objects/\(oid.prefix(2))/\(oid.dropFirst(2).prefix(2))/\(oid)")
        #expect(try Data(contentsOf: place) == Data(bytes))
        #expect(try store.verify(oid))

        let wrong = try store.writer()
        Array("other bytes".utf8).withUnsafeBytes { wrong.write($0) }
        let expected = try #require(LFSPointer(oid: String(repeating: "c", count: 64), size: 11))
        #expect(throws: LFSStoreProblem.self) { try wrong.commit(hash: wrong.finishHash(), expected: expected) }
        #expect(store.size(of: expected.oid) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.temporaryDirectory.path).isEmpty)
    }
}
