import FolioStore
import Foundation

/// Remembers, per device, which network endpoints the user has been told about, so the notice of
/// what is sent where comes once (`.folio/local/ai-endpoints`, one URL a line; never synced).
public enum FirstUseNotice {
    /// The endpoints not announced yet on this device; each is marked as announced.
    public static func takeNew(_ endpoints: [(label: String, url: String)], localDirectory: URL) -> [(label: String, url: String)] {
        let file = localDirectory.appendingPathComponent("ai-endpoints")
        let known = Set((LocalFile.text(file) ?? "").split(separator: "\n").map(String.init))
        var seen = Set<String>()
        let fresh = endpoints.filter { !known.contains($0.url) && seen.insert($0.url).inserted }
        guard !fresh.isEmpty else { return [] }
        let text = (known.sorted() + fresh.map(\.url)).joined(separator: "\n") + "\n"
        // try?: remembering that the notice was shown; at worst it is shown again.
        try? AtomicFile.write(text, to: file)
        return fresh
    }
}
