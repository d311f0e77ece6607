import FolioSearch
import Foundation
import FuzzTargets
import Testing

/// Every input the fuzzer ever found a crash, a hang or a broken promise with, replayed through the
/// same harness libFuzzer drives (`make fuzz`), without libFuzzer. Findings live in
/// `FuzzRegressions/<harness>/`, named for what they broke; the seeds in `Fuzz/Seeds/<harness>/`
/// run too, so every harness is exercised by `make test`.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let names = FuzzTarget.all.map(\.name)

    @Test("saved findings replay without a crash or a broken promise", .timeLimit(.minutes(2)), arguments: names)
    func findings(harness: String) throws {
        let target = try #require(FuzzTarget.named(harness))
        guard let folder = Bundle.module.url(forResource: "FuzzRegressions/\(harness)", withExtension: nil) else { return }
        try replay(target, folder: folder)
    }

    @Test("seeds and generated seeds pass every harness", .timeLimit(.minutes(2)), arguments: names)
    func seeds(harness: String) throws {
        let target = try #require(FuzzTarget.named(harness))
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds/\(harness)")
        try replay(target, folder: folder)
        for (n, seed) in target.generatedSeeds().enumerated() {
            do { try target.run(seed) } catch { Issue.record("\(harness) generated seed \(n): \(error)") }
        }
    }

    @Test("every harness has seeds", arguments: names)
    func everyHarnessHasSeeds(harness: String) throws {
        let target = try #require(FuzzTarget.named(harness))
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds/\(harness)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(!files.isEmpty || !target.generatedSeeds().isEmpty)
    }

    @Test("every entry of FuzzRegressions is a folder named for a harness")
    func regressionFoldersNameHarnesses() throws {
        let root = try #require(Bundle.module.url(forResource: "FuzzRegressions", withExtension: nil))
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) where !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory)
            #expect(isDirectory.boolValue && FuzzTarget.named(name) != nil, "FuzzRegressions/\(name)")
        }
    }

    @Test("the generated index and catalog seeds are accepted, so the fuzzer starts from files folio wrote")
    func cacheSeedsAreAccepted() throws {
        let rain = try QueryParser().parse("rain")
        for seed in IndexFuzz.seeds() {
            let index = try #require(IndexFuzz.snapshot(seed))
            #expect(index.documentCount == 3 && !index.search(rain).isEmpty)
        }
        for seed in IndexFuzz.cacheSeeds() {
            let contents = try #require(IndexFuzz.cacheContents(seed))
            #expect(contents.records.map(\.title) == IndexFuzz.sampleRecords.map(\.title))
            #expect(contents.records.allSatisfy { $0.allTags == ["rain", "walk"] && $0.sortTime != nil })
            #expect(contents.paths.count == 4)
        }
        #expect(!IndexFuzz.seeds().isEmpty && !IndexFuzz.cacheSeeds().isEmpty)
    }

    private func replay(_ target: FuzzTarget, folder: URL) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            do {
                try target.run(Array(data))
            } catch {
                Issue.record("\(target.name)/\(name): \(error)")
            }
        }
    }
}
