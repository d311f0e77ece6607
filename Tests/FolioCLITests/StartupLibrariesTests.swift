import Foundation
import TestSupport
import Testing

/// What `folio` loads before it does anything: every command pays for each shared library at its
/// start (the loader maps and relocates it), so a library only some commands use is opened by them.
/// That ICU, opened on demand, still cuts words is `WordBreakTests`' to check.
@Suite("folio's start")
struct StartupLibrariesTests {
    @Test("folio links neither libcurl (the AI client opens it, the MCP server is folio-mcp) nor ICU (opened to cut words)")
    func linksOnlyWhatEveryCommandNeeds() throws {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [FolioBinary.url.path]
        let libraries = try ldd.runToEnd()
        #expect(libraries.status == 0, "\(libraries.output)")
        for library in ["libcurl", "libicuuc", "libicudata", "libldap", "libnghttp2"] {
            #expect(!libraries.output.contains(library), "folio loads \(library) at every start:\n\(libraries.output)")
        }
    }
}
