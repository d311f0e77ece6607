import Foundation
import SystemIO
import Testing

@Suite("What /proc tells of the running processes")
struct ProcessFactsTests {
    /// GitLocks asks for `git` processes only: the name is read for every process, the working
    /// folder (a readlink that may be refused for another user's process) only for those asked for.
    @Test("runningProcesses names this process with its working folder, and only the names asked for")
    func runningProcesses() throws {
        // try?: no /proc, no answer; the test then has nothing to compare.
        let comm = try #require(try? String(contentsOfFile: "/proc/self/comm", encoding: .utf8)).trimmingCharacters(
            in: .newlines)
        let here = try #require(ProcessFacts.link("/proc/self/cwd"))
        let all = try #require(ProcessFacts.runningProcesses())
        #expect(all.contains { $0.name == comm && $0.workingFolder == here }, "\(comm) in \(here)")
        let asked = try #require(ProcessFacts.runningProcesses(named: { $0 == comm }))
        #expect(!asked.isEmpty && asked.allSatisfy { $0.name == comm })
        #expect(ProcessFacts.runningProcesses(named: { _ in false })?.isEmpty == true)
    }
}
