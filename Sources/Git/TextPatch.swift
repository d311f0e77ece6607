import Clibgit2
import Foundation

/// A unified diff of two texts in memory, as `git diff` prints it; needs no repository.
public enum TextPatch {
    /// The patch turning `old` (nil: the file is new) into `new` at `path`, with three lines of
    /// context; empty when they are the same.
    public static func unified(from old: Data?, to new: Data, path: String) throws -> String {
        try initializeLibrary()
        try requireNoNUL(path, "git_patch_from_buffers")
        var patch: OpaquePointer?
        defer { git_patch_free(patch) }
        let oldPath = old == nil ? nil : "a/" + path
        try (oldPath ?? "").withCString { oldName in
            try ("b/" + path).withCString { newName in
                try (old ?? Data()).withUnsafeBytes { oldBytes in
                    try new.withUnsafeBytes { newBytes in
                        _ = try check(
                            git_patch_from_buffers(
                                &patch, old == nil ? nil : oldBytes.baseAddress, old?.count ?? 0, old == nil ? nil : oldName,
                                newBytes.baseAddress, newBytes.count, newName, nil),
                            "git_patch_from_buffers")
                    }
                }
            }
        }
        guard let patch else { return "" }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        try check(git_patch_to_buf(&buffer, patch), "git_patch_to_buf")
        guard let bytes = buffer.ptr else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: buffer.size), as: UTF8.self)
    }
}
