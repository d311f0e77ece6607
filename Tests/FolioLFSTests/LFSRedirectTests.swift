import FolioLFS
import Foundation
import LFSStore
import TestSupport
import Testing

/// The batch API client against an LFS server that redirects (to another origin that records what
/// it receives, or to itself) and one that sends a byte now and then.
@Suite("LFS servers that redirect or trickle")
struct LFSRedirectTests {
    static let token = "tok-redirect-secret"
    static let authorization = "Basic " + Data("x-access-token:\(token)".utf8).base64EncodedString()

    /// The fault server, asking for the token, and another origin holding the same objects (so a
    /// followed redirect would succeed there and be seen).
    static func servers() throws -> (server: LFSFaultServer, other: LFSFaultServer) {
        let server = try LFSFaultServer()
        server.requireAuthorization(authorization)
        return (server, try LFSFaultServer())
    }

    static func elsewhere(_ other: LFSFaultServer, _ path: String) -> String {
        "http://localhost:\(other.port)/me/vault.git/info/lfs\(path)"
    }

    @Test("a batch answered by 302, to another origin or to itself: not followed, the URLs named, nothing sent or stored")
    func batchRedirects() async throws {
        let scratch = try Scratch()
        let (server, other) = try Self.servers()
        let (store, pointers) = try TransferFaultTests.objects(2, in: scratch)
        for pointer in pointers { other.store(pointer.oid, [UInt8](try Data(contentsOf: store.url(of: pointer.oid)))) }
        let batchURL = server.url + "/objects/batch"
        let client = TransferFaultTests.client(server, token: Self.token)

        server.failBatches([.redirect(Self.elsewhere(other, "/objects/batch"))])
        await #expect(throws: LFSTransferFailure.redirected(url: batchURL, location: Self.elsewhere(other, "/objects/batch"))) {
            try await client.upload(pointers, from: store)
        }
        #expect(server.requests.contains { $0.authorization == Self.authorization }, "the redirect came after the token was asked for")
        let fresh = LFSObjectStore(gitDirectory: scratch.path("b/.git"))
        server.failBatches([.redirect(Self.elsewhere(other, "/objects/batch"))])
        await #expect(throws: LFSTransferFailure.redirected(url: batchURL, location: Self.elsewhere(other, "/objects/batch"))) {
            try await client.download(pointers, into: fresh)
        }
        #expect(other.requests.isEmpty, "the other origin was asked: \(other.requests.map(\.path))")

        // To itself: one request, not a loop.
        let before = server.requests.count
        server.failBatches([.redirect(batchURL), .redirect(batchURL)])
        await #expect(throws: LFSTransferFailure.redirected(url: batchURL, location: batchURL)) {
            try await client.download(pointers, into: fresh)
        }
        #expect(server.requests.count == before + 1)
        for pointer in pointers {
            #expect(fresh.size(of: pointer.oid) == nil)
            #expect(server.object(pointer.oid) == nil)
        }
        #expect(TransferFaultTests.leftovers(fresh).isEmpty)
    }

    @Test("a PUT or GET answered by 302: not followed, no credential or byte to the other origin, nothing partial stored")
    func transferRedirects() async throws {
        let scratch = try Scratch()
        let (server, other) = try Self.servers()
        let (store, pointers) = try TransferFaultTests.objects(2, in: scratch)
        let (up, down) = (pointers[0], pointers[1])
        let client = TransferFaultTests.client(server, token: Self.token)

        // The upload: its PUT carries the token (its own origin), and is told to go elsewhere.
        server.fail(object: up.oid, .redirect(Self.elsewhere(other, "/objects/\(up.oid)")))
        await #expect(
            throws: LFSTransferFailure.redirected(
                url: server.url + "/objects/\(up.oid)", location: Self.elsewhere(other, "/objects/\(up.oid)"))
        ) {
            try await client.upload([up], from: store)
        }
        #expect(server.requests.filter { $0.method == "PUT" }.count == 1, "not retried")
        #expect(server.object(up.oid) == nil && other.object(up.oid) == nil)

        // The download: the other origin holds the right bytes, so following would have worked.
        let bytes = [UInt8](try Data(contentsOf: store.url(of: down.oid)))
        server.store(down.oid, bytes)
        other.store(down.oid, bytes)
        server.fail(object: down.oid, .redirect(Self.elsewhere(other, "/objects/\(down.oid)")))
        let fresh = LFSObjectStore(gitDirectory: scratch.path("b/.git"))
        let got = try await client.download([down], into: fresh)
        #expect(got.fetched.isEmpty)
        #expect(
            got.failed[down.oid]
                == .redirected(url: server.url + "/objects/\(down.oid)", location: Self.elsewhere(other, "/objects/\(down.oid)")))
        #expect(other.requests.isEmpty, "the other origin was asked: \(other.requests.map(\.path))")

        // To itself: one GET, not a loop.
        let selfURL = server.url + "/objects/\(down.oid)"
        server.fail(object: down.oid, .redirect(selfURL))
        let again = try await client.download([down], into: fresh)
        #expect(again.failed[down.oid] == .redirected(url: selfURL, location: selfURL))
        #expect(server.requests.filter { $0.method == "GET" }.count == 2)
        #expect(fresh.size(of: down.oid) == nil)
        #expect(TransferFaultTests.leftovers(fresh).isEmpty)
    }

    @Test("a Location holding control characters is shown without them")
    func locationControls() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try TransferFaultTests.objects(1, in: scratch)
        server.failBatches([.redirect("http://x.example/\u{1B}[2Jcleared")])
        await #expect(throws: LFSTransferFailure.redirected(url: server.url + "/objects/batch", location: "http://x.example/[2Jcleared")) {
            try await TransferFaultTests.client(server).upload(pointers, from: store)
        }
    }

    /// A client with a one-second silence limit and `total` seconds in all.
    static func slowClient(_ server: LFSFaultServer, total: Double?) -> LFSClient {
        var client = LFSClient(endpoint: .server(url: server.url), idleTimeout: 1)
        client.backoff = 0.25
        client.totalLimit = total
        return client
    }

    @Test("a download trickled a byte every 0.3 s ends within the call's bound, as unreachable, nothing kept")
    func trickledDownload() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try TransferFaultTests.objects(1, in: scratch)
        let pointer = pointers[0]
        server.store(pointer.oid, [UInt8](try Data(contentsOf: store.url(of: pointer.oid))))
        // 3 bytes a second: above the silence limit's byte a second, far below any real transfer.
        server.fail(object: pointer.oid, .trickle(every: 0.3))
        let fresh = LFSObjectStore(gitDirectory: scratch.path("b/.git"))
        let started = Date()
        let got = try await Self.slowClient(server, total: 3).download([pointer], into: fresh)
        let took = Date().timeIntervalSince(started)
        guard case .unreachable(let reason)? = got.failed[pointer.oid] else {
            Issue.record("\(got.failed)")
            return
        }
        // The bound ended it, not the attempts (four of 2 s each and their back-offs, about 10 s);
        // no time is asserted here: other suites of this process may hold its threads.
        #expect(reason.contains("sync.deadline"), "took \(took) s with 3 s in all; \(reason)")
        #expect(got.fetched.isEmpty && fresh.size(of: pointer.oid) == nil)
        #expect(TransferFaultTests.leftovers(fresh).isEmpty)
    }

    @Test("an upload whose answer trickles ends within the call's bound, as unreachable; the server keeps nothing")
    func trickledUploadAnswer() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try TransferFaultTests.objects(1, in: scratch)
        server.fail(object: pointers[0].oid, .trickle(every: 0.3))
        let started = Date()
        do {
            try await Self.slowClient(server, total: 3).upload(pointers, from: store)
            Issue.record("a trickled answer went unnoticed")
        } catch {
            guard case .unreachable(let reason) = error else {
                Issue.record("\(error)")
                return
            }
            let took = Date().timeIntervalSince(started)
            #expect(reason.contains("sync.deadline"), "took \(took) s with 3 s in all; \(reason)")
        }
        #expect(server.object(pointers[0].oid) == nil)
    }
}
