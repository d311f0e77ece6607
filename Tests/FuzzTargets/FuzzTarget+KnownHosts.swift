import FolioSync
import Foundation

extension FuzzTarget {
    /// The `known_hosts` reader on any text, and host key verdicts against what it read.
    ///
    /// Promises: every entry and skipped line names a line of the text; a host written literally
    /// on a line without negations, with a key, is trusted with that key unless a revocation
    /// covers it — never unknown or changed.
    static let knownHosts = FuzzTarget(
        name: "known-hosts",
        summary: "KnownHosts(text) and verdict(host:…): literal hosts trusted with their key unless revoked"
    ) { bytes throws(InvariantFailure) in
        let text = String(decoding: bytes, as: UTF8.self)
        let hosts = KnownHosts(text, source: "known_hosts")
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for entry in hosts.entries {
            try expect(entry.line >= 1 && entry.line <= lineCount, "an entry on line \(entry.line) of \(lineCount)")
        }
        for skipped in hosts.skippedLines {
            try expect(skipped.line >= 1 && skipped.line <= lineCount, "a skipped line \(skipped.line) of \(lineCount)")
        }
        for entry in hosts.entries.prefix(8) where entry.marker == .none {
            guard case .patterns(let patterns) = entry.hosts, !patterns.contains(where: { $0.hasPrefix("!") }) else { continue }
            for pattern in patterns.prefix(4) where !pattern.contains(where: { "*?".contains($0) }) {
                let verdict = hosts.verdict(host: pattern, port: nil, keyType: entry.keyType, key: entry.key)
                try expect(
                    verdict == .trusted || verdict == .revoked,
                    "\(excerpt(pattern)) is listed on line \(entry.line) with its key, but the verdict is \(verdict)")
                _ = hosts.verdict(
                    host: pattern, port: 2222, keyType: entry.keyType,
                    sha256Fingerprint: KnownHosts.fingerprint(of: entry.key))
            }
        }
        _ = hosts.verdict(host: "example.com", port: nil, keyType: "ssh-ed25519", key: Data(bytes.prefix(51)))
    }
}
