import Testing

@testable import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A temporary's name of its own")
struct TemporaryNameTests {
    @Test("each write's part differs; a clean-up reads back its process, and an older folio's pid alone")
    func namesAndTheirProcess() {
        let parts = (0..<1_000).map { _ in TemporaryName.unique() }
        #expect(Set(parts).count == parts.count)
        #expect(parts.allSatisfy { TemporaryName.process(in: Substring($0)) == getpid() })
        #expect(TemporaryName.process(in: "4242.tmp") == 4242 && TemporaryName.process(in: "4242-7-fetch-ab.tmp") == 4242)
        #expect(
            TemporaryName.process(in: "abc-1") == nil && TemporaryName.process(in: "0-1") == nil && TemporaryName.process(in: "") == nil)
    }

    @Test("a writer is gone only when no process has its id: never this one, nor its parent")
    func goneWriters() {
        #expect(!TemporaryName.isGone(getpid()) && !TemporaryName.isGone(getppid()))
        #expect(TemporaryName.isGone(4_194_305))  // above the kernel's limit of process ids
    }
}
