import FolioSite
import Foundation

extension FuzzTarget {
    /// The site's manifest (`.folio-site/manifest`) on any bytes, read a chunk at a time (the
    /// chunk's size taken from the input's length, from 1 byte up) and as the outline an export
    /// with nothing to do reads. Promises: the manifest read in chunks is the one its text decoded
    /// whole gives, and the outline is what it holds, or none when it names a record twice.
    static let siteManifest = FuzzTarget(
        name: "site-manifest",
        summary: "the site manifest read in chunks and as an outline, against the manifest decoded whole",
        generatedSeeds: { SiteManifestFuzzing.seeds() }
    ) { bytes throws(InvariantFailure) in
        let scratch = ScratchFile()
        if let broken = SiteManifestFuzzing.brokenPromise(in: bytes, scratch: scratch.url, chunkSize: bytes.count % 13 + 1) {
            throw InvariantFailure(broken)
        }
    }
}
