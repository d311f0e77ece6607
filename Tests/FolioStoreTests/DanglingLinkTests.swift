import FolioCore
import Foundation
import Testing

@testable import FolioStore

/// A link out of the vault is named whether or not its target is there: one to nothing passed for
/// a link inside the vault, and was never said.
@Suite("Links out of the vault to nothing")
struct DanglingLinkTests {
    @Test("the catalog names a dangling link that leads out, not one that leads to a file inside not written yet; isInside agrees")
    func named() throws {
        let t = try TemporaryVault()
        let ideas = t.vault.root.appendingPathComponent("ideas")
        try FileManager.default.createDirectory(at: ideas, withIntermediateDirectories: true)
        let outside = t.outside("elsewhere").path + "/none.md"
        try FileManager.default.createSymbolicLink(atPath: ideas.path + "/away.md", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: ideas.path + "/up.md", withDestinationPath: "../../elsewhere/none.md")
        try FileManager.default.createSymbolicLink(atPath: ideas.path + "/later.md", withDestinationPath: "later-note.md")

        let catalog = t.vault.catalog()
        #expect(catalog.escapingLinks.sorted() == ["ideas/away.md", "ideas/up.md"], "\(catalog.escapingLinks)")
        #expect(!t.vault.isInside(ideas.path + "/away.md"))
        #expect(!t.vault.isInside(ideas.path + "/up.md"))
        #expect(t.vault.isInside(ideas.path + "/later.md"))
    }
}
