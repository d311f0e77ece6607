import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Texts an export holds for every record until it writes them out (search terms, first lines),
/// kept on disk instead of in memory: a scratch file in the site's marker folder, unlinked as soon
/// as it is opened, so a killed export leaves nothing behind. Each text is read back by its place.
final class ScratchFile {
    /// Where a text lies in the file.
    struct Place: Sendable, Equatable {
        var offset: Int
        var count: Int32
    }

    private let folder: String
    /// The file the site's error names when writing or reading fails.
    private let shownName: String
    private var descriptor: Int32 = -1
    private var end = 0

    init(folder: String, shownName: String) {
        self.folder = folder
        self.shownName = shownName
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Keeps `text`; where it lies.
    func append(_ text: String) throws(FolioError) -> Place {
        if descriptor < 0 {
            // A name of its own: an export keeps several at once.
            let path = folder + "/.tmp-scratch-" + TemporaryName.unique()
            descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: path) }
            unlink(path)
        }
        var text = text
        let count = text.utf8.count
        guard count <= Int(Int32.max) else { throw FolioError(.writeFailed(SystemReason(errno: EFBIG)), file: shownName) }
        let written = text.withUTF8 { Descriptor.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        guard written else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: shownName) }
        defer { end += count }
        return Place(offset: end, count: Int32(count))
    }

    /// The text at `place`.
    func text(_ place: Place) throws(FolioError) -> String {
        try Self.text(at: place, in: descriptor, shownName: shownName)
    }

    /// The text at `place` of the open file `descriptor` (this one's or another's).
    static func text(at place: Place, in descriptor: Int32, shownName: String) throws(FolioError) -> String {
        guard place.count > 0 else { return "" }
        var bytes = [UInt8](repeating: 0, count: Int(place.count))
        let read = bytes.withUnsafeMutableBytes { Descriptor.read(descriptor, into: $0, at: off_t(place.offset)) }
        guard read == Int(place.count) else {
            throw FolioError(.writeFailed(SystemReason(errno: read < 0 ? errno : EIO)), file: shownName)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
