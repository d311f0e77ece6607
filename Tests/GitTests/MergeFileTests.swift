import Foundation
import TestSupport
import Testing

@testable import Git

@Suite struct MergeFileTests {
    @Test func separateEditsMergeCleanly() throws {
        let result = try MergeFile.merge(
            ancestor: Data("title: a\nbody\nend\n".utf8),
            ours: Data("title: A\nbody\nend\n".utf8),
            theirs: Data("title: a\nbody\nEND\n".utf8))
        #expect(result.automergeable)
        #expect(String(decoding: result.data, as: UTF8.self) == "title: A\nbody\nEND\n")
    }

    @Test func overlappingEditsConflictWithLabelledMarkers() throws {
        let result = try MergeFile.merge(
            ancestor: Data("line\n".utf8), ours: Data("mine\n".utf8), theirs: Data("yours\n".utf8),
            ancestorLabel: "base", oursLabel: "laptop", theirsLabel: "phone")
        #expect(!result.automergeable)
        let text = String(decoding: result.data, as: UTF8.self)
        #expect(text == "<<<<<<< laptop\nmine\n=======\nyours\n>>>>>>> phone\n")

        let diff3 = try MergeFile.merge(
            ancestor: Data("line\n".utf8), ours: Data("mine\n".utf8), theirs: Data("yours\n".utf8), style: .diff3)
        #expect(String(decoding: diff3.data, as: UTF8.self).contains("||||||| base\nline\n"))
    }

    @Test func missingAncestorAndEmptyInputs() throws {
        let same = try MergeFile.merge(ancestor: nil, ours: Data("x\n".utf8), theirs: Data("x\n".utf8))
        #expect(same.automergeable)
        #expect(same.data == Data("x\n".utf8))

        let added = try MergeFile.merge(ancestor: nil, ours: Data("x\n".utf8), theirs: Data("y\n".utf8))
        #expect(!added.automergeable)

        let empty = try MergeFile.merge(ancestor: Data(), ours: Data(), theirs: Data("new\n".utf8))
        #expect(empty.automergeable)
        #expect(empty.data == Data("new\n".utf8))
    }
}
