import SystemIO
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DescriptorTableTests {
    @Test func reserveGrowsTheTableAndLeavesNothingOpen() throws {
        let before = try #require(DescriptorTable.size())
        let probe = Int(DescriptorTable.reserved) - 1
        let openBefore = fcntl(Int32(probe), F_GETFD) != -1
        DescriptorTable.reserve()
        let after = try #require(DescriptorTable.size())
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        // The table holds the highest descriptor it was asked for (or the limit's), and the
        // descriptor placed there to grow it is closed again.
        #expect(after >= min(Int(DescriptorTable.reserved), Int(limit.rlim_cur)))
        #expect(after >= before)
        if !openBefore { #expect(fcntl(Int32(probe), F_GETFD) == -1) }
    }
}
