import Foundation
import TestSupport
import Testing

@testable import GitIndex

#if canImport(Glibc)
    import Glibc
#endif

@Suite("git's remembered folder listings, written whole")
struct TemporaryNameTests {
    @Test("the listings are written through a temporary of their own, leaving another writer's alone")
    func listingsUseTheirOwnTemporary() throws {
        let scratch = try Scratch()
        let url = RememberedListings.url(gitDirectory: scratch.url)
        #expect(
            try leavesOtherTemporariesAlone(target: url, shared: [URL(fileURLWithPath: url.path + ".\(getpid()).tmp")]) {
                RememberedListings.write([:], to: url)
            })
        let written = try Data(contentsOf: url)
        #expect(RememberedListings.read(url).isEmpty && written.count > 32)
    }
}
