import FolioCore
import Foundation
import Testing

@testable import FolioStore

/// The whole-vault reading the commands that look at each record once use (`export`, `list
/// --json`, `conflicts`, `stats`, `check`'s callers): the same files as `loadRecords`, a batch at a time.
@Suite("Reading every record a batch at a time")
struct RecordBatchTests {
    /// A vault of one batch and a half of ideas, a plain note and a record that does not read.
    static func vault() throws -> (TemporaryVault, records: Int) {
        let t = try TemporaryVault()
        let count = Vault.recordsPerBatch + Vault.recordsPerBatch / 2
        for index in 0..<count {
            try t.write(
                String(format: "ideas/2025/%02d/idea-%05d.md", index % 12 + 1, index),
                "---\nid: \(UUID().uuidString.lowercased())\nkind: idea\ntitle: idea \(index)\ncreated: 2025-01-01T10:00:00+08:00\n---\nbody \(index)\n"
            )
        }
        try t.write("notes/readme.md", "just a note\n")
        try t.write("ideas/broken.md", "---\nkind: [idea\n---\n")
        return (t, count + 1)  // and the profile
    }

    @Test("every batch is at most recordsPerBatch files, and together they are what loadRecords reads")
    func batchesAreTheWholeVault() throws {
        let (t, records) = try Self.vault()
        var sizes: [Int] = []
        var paths: [String] = []
        var plain: [String] = []
        var problems: [String] = []
        t.vault.forEachRecordBatch { batch in
            sizes.append(batch.records.count + batch.plainFiles.count + batch.problems.count)
            paths += batch.records.map(\.path)
            plain += batch.plainFiles
            problems += batch.problems.compactMap(\.file)
        }
        #expect(sizes.count == 2)
        #expect(sizes.allSatisfy { $0 <= Vault.recordsPerBatch })
        #expect(paths.count == records)
        #expect(plain == ["notes/readme.md"])
        #expect(problems == ["ideas/broken.md"])
        let whole = t.vault.loadRecords()
        #expect(paths == whole.records.map(\.path))
        #expect(Set(paths).count == paths.count, "no file is read twice")
    }

    @Test("a selection is read in its own order, without the files that are gone")
    func selectionInOrder() throws {
        let (t, _) = try Self.vault()
        let wanted = (0..<(Vault.recordsPerBatch + 10)).reversed().map { String(format: "ideas/2025/%02d/idea-%05d.md", $0 % 12 + 1, $0) }
        try FileManager.default.removeItem(at: t.root.appendingPathComponent(wanted[5]))
        let batches = Array(t.vault.recordBatches(at: wanted))
        #expect(batches.map(\.count) == [Vault.recordsPerBatch - 1, 10])
        #expect(batches.joined().map(\.path) == wanted.enumerated().filter { $0.offset != 5 }.map(\.element))
    }

    @Test("a vault with no record is one empty batch")
    func emptyVault() throws {
        let t = try TemporaryVault(owner: false)
        var batches: [RecordSet] = []
        t.vault.forEachRecordBatch { batches.append($0) }
        #expect(batches.count == 1)
        #expect(batches.first?.records.isEmpty == true)
    }
}
