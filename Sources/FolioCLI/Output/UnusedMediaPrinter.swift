import FolioCore
import FolioStore

/// `folio gc`: the media no record uses, with their sizes, then what was removed; or JSON
/// `[{"file", "bytes"}]`.
struct UnusedMediaPrinter {
    let json: Bool
    let context: Context

    func files(_ files: [StoredMedia]) {
        context.json(.array(files.map { .object([("file", .string($0.path)), ("bytes", .int(Int($0.bytes)))]) }))
    }

    func none() {
        json ? context.json(.array([])) : context.say(.media(.unreferencedNone))
    }

    func unused(_ unused: [StoredMedia]) {
        guard !json else { return }
        context.say(.media(.unreferencedHeader(count: unused.count, bytes: unused.reduce(UInt64(0)) { $0 + $1.bytes })))
        for file in unused { Console.out("  \(file.path.quotedPath)  \(ByteCount.text(file.bytes))") }
    }

    func removed(_ removed: [StoredMedia]) {
        if json { return files(removed) }
        context.say(.media(.removed(count: removed.count, bytes: removed.reduce(UInt64(0)) { $0 + $1.bytes })))
    }
}
