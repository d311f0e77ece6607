import Testing

@testable import FolioWeb

/// The memory a burst of requests took goes back once the burst is over: once per burst, never
/// while requests keep coming, never on a server nobody asked anything.
@Suite("Memory given back after a burst of requests")
struct MemoryAfterLoadTests {
    @Test("due once requests came and then none for the quiet time; once per burst")
    func oncePerBurst() {
        let memory = MemoryAfterLoad(quiet: .seconds(2))
        let start = ContinuousClock.now
        #expect(!memory.isDue(at: start + .seconds(60)), "an idle server returns nothing")
        memory.noteRequest(at: start)
        memory.noteRequest(at: start + .seconds(1))
        #expect(!memory.isDue(at: start + .seconds(2)), "a request came a second ago")
        #expect(memory.isDue(at: start + .seconds(3)))
        #expect(!memory.isDue(at: start + .seconds(4)), "the same burst is not returned twice")
        #expect(!memory.isDue(at: start + .seconds(600)))
        memory.noteRequest(at: start + .seconds(700))
        #expect(!memory.isDue(at: start + .milliseconds(701_500)))
        #expect(memory.isDue(at: start + .seconds(702)), "the next burst")
    }

    @Test("requests that keep coming hold it off")
    func steadyLoad() {
        let memory = MemoryAfterLoad(quiet: .seconds(2))
        let start = ContinuousClock.now
        for second in 0..<100 {
            memory.noteRequest(at: start + .seconds(second))
            #expect(!memory.isDue(at: start + .seconds(second) + .milliseconds(1_500)))
        }
    }
}
