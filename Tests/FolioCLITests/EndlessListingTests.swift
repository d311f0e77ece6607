import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback server that answers a fetch with a list of branches that never ends: over `git://`
/// after the request, or over HTTP as the body of `info/refs`. No real server does this on
/// request; it writes until the client closes the connection.
final class EndlessListingServer: @unchecked Sendable {
    enum Scheme: String, Sendable { case git, http }

    let scheme: Scheme
    private let listener: Listener
    /// Bytes written to all clients so far.
    let written = Locked<Int>(0)

    var url: String { "\(scheme.rawValue)://127.0.0.1:\(listener.port)/remote.git" }

    init(_ scheme: Scheme) throws {
        self.scheme = scheme
        let listener = try Listener()
        self.listener = listener
        let written = self.written
        Thread.detachNewThread {
            while true {
                let client = accept(listener.descriptor, nil, nil)
                if client < 0 { return }
                Thread.detachNewThread { Self.serve(client, scheme: scheme, written: written) }
            }
        }
    }

    deinit { shutdown(listener.descriptor, Int32(SHUT_RDWR)) }

    static func packetLine(_ text: String) -> [UInt8] {
        let hex = String(text.utf8.count + 4, radix: 16)
        return Array((String(repeating: "0", count: 4 - hex.count) + hex + text).utf8)
    }

    private static func serve(_ client: Int32, scheme: Scheme, written: Locked<Int>) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = read(client, &buffer, buffer.count)
        var head: [UInt8] = []
        if scheme == .http {
            head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/x-git-upload-pack-advertisement\r\nConnection: close\r\n\r\n".utf8)
            head += packetLine("# service=git-upload-pack\n") + Array("0000".utf8)
        }
        let id = String(repeating: "a", count: 40)
        head += packetLine("\(id) HEAD\0multi_ack side-band-64k ofs-delta\n")
        guard send(client, head) else { return }
        var batch: [UInt8] = []
        var branch = 0
        while true {
            batch.removeAll(keepingCapacity: true)
            for _ in 0..<1_000 {
                batch += packetLine("\(id) refs/heads/branch-\(branch)\n")
                branch += 1
            }
            guard send(client, batch) else { return }
            written.withValue { $0 += batch.count }
        }
    }

    private static func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return false }
            done += count
        }
        return true
    }
}

@Suite("A remote whose list of branches never ends", .serialized)
struct EndlessListingTests {
    @Test(
        "sync and clone stop after 64 MiB of branches, over git:// and HTTP, saying why; the vault stays as it was",
        .timeLimit(.minutes(2)), arguments: [EndlessListingServer.Scheme.git, .http])
    func endlessListing(scheme: EndlessListingServer.Scheme) throws {
        let server = try EndlessListingServer(scheme)
        let folio = try FolioProcess.vault()
        #expect(try folio.run("config", "set", "sync.remote", server.url).status == 0)
        #expect(try folio.run("idea", "留在本機").status == 0)
        let sync = try folio.run("sync")
        #expect(sync.status == 3, "\(scheme): \(sync.stderr)")
        #expect(sync.stderr.contains("reading the remote's list of branches: more than 64.0 MiB arrived"), "\(scheme): \(sync.stderr)")
        // Nothing near what an unbounded read would take was sent before the connection ended.
        let written = server.written.withValue { $0 }
        #expect(written < 512 << 20, "\(scheme): \(written) bytes written")
        #expect(try folio.run("list").stdout.contains("留在本機"))
        #expect(try folio.run("status").status == 0)

        let clone = try FolioProcess(directory: folio.directory.deletingLastPathComponent()).run("clone", server.url, "copy")
        #expect(clone.status != 0)
        #expect(clone.stderr.contains("reading the remote's list of branches"), "\(scheme): \(clone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folio.directory.deletingLastPathComponent().appendingPathComponent("copy").path))
    }
}
