import Clibgit2
import Foundation

/// The outcome of a three-way file merge.
public struct MergeFileResult: Sendable, Hashable {
    /// Whether the sides combined without conflict; when false, `data` holds conflict markers.
    public var automergeable: Bool
    /// The merged contents.
    public var data: Data
}

/// Three-way merge of file contents in memory, as `git merge-file` does; needs no repository.
public enum MergeFile {
    /// How conflicting regions are written.
    public enum Style: Sendable, Hashable {
        /// `<<<<<<<`, `=======`, `>>>>>>>`.
        case merge
        /// Also shows the ancestor's version between `|||||||` and `=======`.
        case diff3
    }

    /// What a conflicting region holds.
    public enum Favor: Sendable, Hashable {
        /// Both sides between conflict markers.
        case normal
        /// Our side's lines alone (`git merge-file --ours`): the result has no marker, and every
        /// region that did not conflict is merged as usual.
        case ours
    }

    /// Merges `ours` and `theirs`, both descended from `ancestor` (nil when the file was added on both sides).
    ///
    /// Labels name the sides in conflict markers. Never fails because of a conflict: check
    /// ``MergeFileResult/automergeable`` (with `favor: .ours` a conflict is settled for our side
    /// and the result says automergeable; merge without it first to learn whether one was met).
    public static func merge(
        ancestor: Data?, ours: Data, theirs: Data,
        ancestorLabel: String = "base", oursLabel: String = "ours", theirsLabel: String = "theirs",
        style: Style = .merge, favor: Favor = .normal
    ) throws -> MergeFileResult {
        try initializeLibrary()
        for label in [ancestorLabel, oursLabel, theirsLabel] { try requireNoNUL(label, "git_merge_file") }
        var options = git_merge_file_options()
        try check(git_merge_file_options_init(&options, UInt32(GIT_MERGE_FILE_OPTIONS_VERSION)), "git_merge_file_options_init")
        options.flags = (style == .diff3 ? GIT_MERGE_FILE_STYLE_DIFF3 : GIT_MERGE_FILE_STYLE_MERGE).rawValue
        options.favor = favor == .ours ? GIT_MERGE_FILE_FAVOR_OURS : GIT_MERGE_FILE_FAVOR_NORMAL

        var result = git_merge_file_result()
        defer { git_merge_file_result_free(&result) }
        try ancestorLabel.withCString { ancestorLabel in
            try oursLabel.withCString { oursLabel in
                try theirsLabel.withCString { theirsLabel in
                    options.ancestor_label = ancestorLabel
                    options.our_label = oursLabel
                    options.their_label = theirsLabel
                    try withInput(ancestor) { ancestorInput in
                        try withInput(ours) { oursInput in
                            try withInput(theirs) { theirsInput in
                                _ = try check(
                                    git_merge_file(&result, ancestorInput, oursInput, theirsInput, &options),
                                    "git_merge_file")
                            }
                        }
                    }
                }
            }
        }
        let data = result.ptr.map { Data(bytes: $0, count: result.len) } ?? Data()
        return MergeFileResult(automergeable: result.automergeable != 0, data: data)
    }

    /// Runs `body` with a C merge input over `data`'s bytes, or with NULL for a missing side.
    private static func withInput<R>(_ data: Data?, _ body: (UnsafePointer<git_merge_file_input>?) throws -> R) throws -> R {
        guard let data else { return try body(nil) }
        var input = git_merge_file_input()
        try check(git_merge_file_input_init(&input, UInt32(GIT_MERGE_FILE_INPUT_VERSION)), "git_merge_file_input_init")
        return try data.withUnsafeBytes { bytes in
            // An empty buffer may have no address; libgit2 wants a pointer even for zero bytes.
            try "".withCString { empty in
                input.ptr = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? empty
                input.size = bytes.count
                return try body(&input)
            }
        }
    }
}
