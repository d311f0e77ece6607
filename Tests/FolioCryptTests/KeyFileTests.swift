import Foundation
import TestSupport
import Testing

@testable import FolioCrypt

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A git-crypt key written privately")
struct KeyFileTests {
    @Test("the key is written through a temporary of its own, leaving another writer's alone, and readable by its owner only")
    func keyUsesItsOwnTemporary() throws {
        let scratch = try Scratch()
        let url = scratch.path("default")
        #expect(
            try leavesOtherTemporariesAlone(target: url, shared: [scratch.path(".default.\(getpid()).tmp")]) {
                try GitCryptKeyStore.writePrivately(Array("key".utf8), to: url)
            })
        #expect(try Data(contentsOf: url) == Data("key".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
