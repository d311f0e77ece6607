import Foundation

/// Whether `write`, which puts `target` in place through a temporary renamed over it, leaves alone
/// the file at `shared`: the temporary's name every writer of one process used before, standing
/// for another writer's half-written file (`folio serve` answers two requests at once). The
/// folder holds no other temporary afterwards.
public func leavesOtherTemporariesAlone(target: URL, shared: URL, write: () throws -> Void) throws -> Bool {
    let half = Data("another writer's half".utf8)
    try half.write(to: shared)
    try write()
    let names = try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path)
    return try Data(contentsOf: shared) == half && FileManager.default.fileExists(atPath: target.path)
        && names.filter { $0.hasSuffix(".tmp") } == [shared.lastPathComponent]
}
