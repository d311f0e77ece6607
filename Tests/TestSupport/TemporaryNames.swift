import Foundation

/// Whether `write`, which puts `target` in place through a temporary renamed over it, leaves alone
/// the files at `shared`: the temporaries' names every writer of one process used before, standing
/// for other writers' half-written files (`folio serve` answers two requests at once). The folder
/// holds no other temporary afterwards.
public func leavesOtherTemporariesAlone(target: URL, shared: [URL], write: () throws -> Void) throws -> Bool {
    let half = Data("another writer's half".utf8)
    for url in shared { try half.write(to: url) }
    try write()
    let names = try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path)
    return try shared.allSatisfy { try Data(contentsOf: $0) == half } && FileManager.default.fileExists(atPath: target.path)
        && names.filter { $0.hasSuffix(".tmp") }.sorted() == shared.map(\.lastPathComponent).sorted()
}
