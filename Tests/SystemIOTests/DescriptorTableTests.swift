import Foundation
import SystemIO
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DescriptorTableTests {
    @Test func reserveGrowsTheTableAndLeavesNothingOpen() throws {
        let before = try #require(Self.tableSize())
        let probe = Int(DescriptorTable.reserved) - 1
        let openBefore = fcntl(Int32(probe), F_GETFD) != -1
        DescriptorTable.reserve()
        let after = try #require(Self.tableSize())
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        // The table holds the highest descriptor it was asked for (or the limit's), and the
        // descriptor placed there to grow it is closed again.
        #expect(after >= min(Int(DescriptorTable.reserved), Int(limit.rlim_cur)))
        #expect(after >= before)
        if !openBefore { #expect(fcntl(Int32(probe), F_GETFD) == -1) }
    }

    /// The table's current size, from `/proc/self/status` (`FDSize`); nil where there is none.
    static func tableSize() -> Int? {
        // try?: no /proc, no answer.
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("FDSize:") }
        return line.flatMap { Int($0.dropFirst(7).filter(\.isNumber)) }
    }
}
