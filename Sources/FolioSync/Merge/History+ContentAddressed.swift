import Crypto
import FolioStore
import Foundation
import Git

/// Media files are named by the sha256 of their bytes, so only one version of such a path is
/// right: the one whose bytes hash to its name. A sync never lets a damaged copy from the other
/// device (changed or corrupted after it was stored, then committed by another program) replace a
/// good one here, whichever side changed it.
extension History {
    /// Which side's version of a content-addressed path a merge keeps.
    enum MediaChoice {
        case mine, theirs
    }

    /// For a media path named by its hash that both sides hold, changed on at least one: the side
    /// whose bytes match the name when the other's do not; nil when the usual merge applies (not
    /// such a path, a side removed it, or both or neither match).
    func mediaChoice(path: String, mine: OID?, other: OID?, local: OID, remote: OID) throws -> MediaChoice? {
        guard let sha = MediaNaming.promisedSHA(ofPath: path), let mine, let other else { return nil }
        let mineGood = try blob(mine, path: path, hashesTo: sha)
        let otherGood = try blob(other, path: path, hashesTo: sha)
        if mineGood == otherGood { return nil }
        return mineGood ? .mine : .theirs
    }

    /// Whether taking `target` as it is (a fast-forward from `current`) would put a media file whose
    /// bytes do not match its name where `current` holds one that does.
    func replacesGoodMedia(from current: OID, to target: OID) throws -> Bool {
        let media = try repository.differingFiles(from: current, to: target).compactMap { path, incoming in
            incoming.flatMap { oid in MediaNaming.promisedSHA(ofPath: path).map { (path, oid, $0) } }
        }
        guard !media.isEmpty else { return false }
        let present = try repository.files(in: current)
        for (path, incoming, sha) in media.sorted(by: { $0.0 < $1.0 }) {
            guard let mine = present[path] else { continue }
            if try !blob(incoming, path: path, hashesTo: sha), try blob(mine, path: path, hashesTo: sha) { return true }
        }
        return false
    }

    private func blob(_ oid: OID, path: String, hashesTo sha: String) throws -> Bool {
        MediaNaming.hex(SHA256.hash(data: try repository.blob(oid, path: path))) == sha
    }
}
