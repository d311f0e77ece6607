import Foundation
import SystemIO
import Testing

@Suite("Free memory given back to the system")
struct ProcessMemoryTests {
    /// Reads this process's resident memory in kB from /proc (Linux).
    static func residentKilobytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    @Test("the free memory between blocks still in use leaves the process once it is returned")
    func holesReturned() throws {
        // 8,000 blocks of 16 KiB (under malloc's mmap threshold, so in the heap), then every other
        // one freed: 64 MiB of holes that glibc keeps, since blocks still in use lie above them.
        var blocks: [[UInt8]] = []
        for index in 0..<8_000 { blocks.append([UInt8](repeating: UInt8(truncatingIfNeeded: index | 1), count: 16 << 10)) }
        for index in stride(from: 1, to: blocks.count, by: 2) { blocks[index] = [] }
        let before = try #require(Self.residentKilobytes())
        ProcessMemory.returnFreeMemory()
        let after = try #require(Self.residentKilobytes())
        #expect(before - after > 32 << 10, "\(before) kB → \(after) kB")
        #expect(blocks.count == 8_000 && blocks[0].count == 16 << 10 && blocks[0][0] == 1)
    }
}
