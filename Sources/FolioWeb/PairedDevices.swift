import Crypto
import FolioCore
import FolioStore
import Foundation
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// One browser paired with `folio serve`: what `folio serve devices` lists and revokes.
public struct PairedDevice: Sendable, Equatable {
    /// Eight hex digits, the start of the session's hash: how `folio serve devices --revoke` names it.
    public var id: String
    /// SHA-256 of the session token, in hex: the token itself is kept only by the browser.
    var tokenHash: String
    /// When it was paired, as the server's clock said.
    public var paired: Timestamp
    /// What the browser said it was (from its `User-Agent`), shortened: for people, never trusted.
    public var name: String
}

/// The browsers paired with `folio serve` on this device: `.folio/local/serve-devices`, which
/// never syncs, mode 0600, one `hash paired name` line each.
///
/// A phone paired once stays paired when the server restarts (the home computer rebooted) until
/// its pairing is revoked; each browser has a session of its own, so one can be cut off without
/// the others. Only the hash of a session token is stored: the file names no cookie a browser
/// could be given. A running server reads the file again when it changes, so a revocation from
/// the command line takes effect at the next request.
public final class PairedDevices: Sendable {
    public let file: URL
    private let state = Mutex<(stamp: FileStamp?, devices: [PairedDevice])>((nil, []))
    /// The most devices kept; the oldest pairing goes first past it (a pairing link used over and over by a script).
    static let limit = 64

    public init(localDirectory: URL) {
        file = localDirectory.appendingPathComponent("serve-devices")
    }

    /// The paired devices, oldest first.
    public func list() -> [PairedDevice] {
        refresh()
        return state.withLock { $0.devices }
    }

    /// The device whose session token is `token`; nil for none (or a revoked one).
    func device(forToken token: String) -> PairedDevice? {
        let hash = Self.hash(token)
        refresh()
        return state.withLock { state in
            state.devices.first { WebGuard.equalInConstantTime($0.tokenHash, hash) }
        }
    }

    /// Pairs a new browser: its session token (for its cookie) and the device as listed.
    func pair(name: String, at time: Timestamp) throws(FolioError) -> (token: String, device: PairedDevice) {
        let token = WebGuard.randomToken()
        let hash = Self.hash(token)
        let device = PairedDevice(id: String(hash.prefix(8)), tokenHash: hash, paired: time, name: Self.shortName(name))
        try change { devices in
            devices.append(device)
            if devices.count > Self.limit { devices.removeFirst(devices.count - Self.limit) }
        }
        return (token, device)
    }

    /// Revokes the devices whose id starts with `id` (or all with `all`): their browsers must pair again.
    /// - Returns: the devices revoked.
    /// - Throws: ``FolioError`` when the file cannot be written, or `id` names no device or several.
    public func revoke(_ id: String?, all: Bool = false) throws(FolioError) -> [PairedDevice] {
        var revoked: [PairedDevice] = []
        try change { (devices: inout [PairedDevice]) throws(FolioError) in
            if all {
                revoked = devices
                devices = []
                return
            }
            let wanted = (id ?? "").lowercased()
            let matching = devices.filter { !wanted.isEmpty && $0.id.hasPrefix(wanted) }
            guard matching.count == 1 else {
                throw FolioError(.web(matching.isEmpty ? .noSuchDevice(wanted) : .ambiguousDevice(wanted)))
            }
            revoked = matching
            devices.removeAll { $0.id == matching[0].id }
        }
        return revoked
    }

    // MARK: - The file

    /// Reads the file again when it changed since it was last read.
    private func refresh() {
        let stamp = Self.stamp(file)
        if state.withLock({ $0.stamp == stamp && stamp != nil }) { return }
        let devices = Self.parse(LocalFile.text(file, maxBytes: 1 << 20) ?? "")
        state.withLock { $0 = (stamp, devices) }
    }

    /// Reads, changes and writes the list, refusing to write over a change made meanwhile (the
    /// command line revoking while the server pairs): then it reads again and redoes the change.
    private func change(_ body: (inout [PairedDevice]) throws(FolioError) -> Void) throws(FolioError) {
        for _ in 0..<8 {
            // blocking: the paired devices' list, a line per device, read when a browser pairs or is revoked.
            let read = AtomicFile.read(file)
            var devices = Self.parse(read.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "")
            try body(&devices)
            let text = devices.map { "\($0.tokenHash) \($0.paired.text) \($0.name)\n" }.joined()
            do throws(FolioError) {
                try AtomicFile.write(Array(text.utf8), to: file, mode: 0o600, expecting: read.map { .version($0.version) } ?? .absent)
            } catch {
                if case .file(.changedWhileWriting) = error.message { continue }  // read again, change again
                throw error
            }
            state.withLock { $0 = (Self.stamp(file), devices) }
            return
        }
        throw FolioError(.file(.changedWhileWriting(kept: nil)), file: file.path)
    }

    /// The file's stamp (size, times, inode), nil when there is none: a change or a replacement shows in it.
    static func stamp(_ file: URL) -> FileStamp? {
        var status = stat()
        guard stat(file.path, &status) == 0 else { return nil }
        return FileStamp(status)
    }

    static func parse(_ text: String) -> [PairedDevice] {
        var devices: [PairedDevice] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[0].count == 64, parts[0].allSatisfy(\.isHexDigit), let paired = Timestamp(String(parts[1]))
            else { continue }
            let hash = parts[0].lowercased()
            devices.append(
                PairedDevice(id: String(hash.prefix(8)), tokenHash: hash, paired: paired, name: parts.count == 3 ? String(parts[2]) : ""))
        }
        return devices
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A browser's `User-Agent` as a few words a person recognises: the device and the browser
    /// (`iPhone · Safari`), one line, at most 60 characters.
    static func shortName(_ userAgent: String) -> String {
        let agent = userAgent.oneLine
        let devices = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Macintosh", "Mac"), ("Windows", "Windows"),
            ("CrOS", "ChromeOS"), ("Linux", "Linux"),
        ]
        // In this order: Edge and Chrome on iOS also say Chrome and Safari; Chrome also says Safari.
        let browsers = [
            ("Edg/", "Edge"), ("Firefox/", "Firefox"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"), ("Safari/", "Safari"),
            ("curl/", "curl"),
        ]
        let device = devices.first { agent.contains($0.0) }?.1
        let browser = browsers.first { agent.contains($0.0) }?.1
        let words = [device, browser].compactMap { $0 }
        let name = String((words.isEmpty ? agent : words.joined(separator: " · ")).prefix(60))
        return name.isEmpty ? "?" : name
    }
}
