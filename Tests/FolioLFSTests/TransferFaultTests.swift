import Crypto
import FolioLFS
import Foundation
import LFSStore
import TestSupport
import Testing

/// The batch API client against a loopback LFS server that fails on demand.
@Suite("LFS transfers when the server fails")
struct TransferFaultTests {
    /// A store holding `count` objects of a few kilobytes each, and their pointers.
    static func objects(_ count: Int, in scratch: Scratch, name: String = "a") throws -> (LFSObjectStore, [LFSPointer]) {
        let store = LFSObjectStore(gitDirectory: scratch.path("\(name)/.git"))
        var pointers: [LFSPointer] = []
        for index in 0..<count {
            let bytes = Array("media file \(index) ".utf8) + [UInt8](repeating: UInt8(index), count: 5_000 + index)
            let writer = try store.writer()
            bytes.withUnsafeBytes { writer.write($0) }
            pointers.append(try writer.commit(hash: writer.finishHash()))
        }
        return (store, pointers)
    }

    static func client(_ server: LFSFaultServer, token: String? = nil) -> LFSClient {
        var client = LFSClient(endpoint: .server(url: server.url), token: token, idleTimeout: 2)
        client.backoff = 0.01
        return client
    }

    static func leftovers(_ store: LFSObjectStore) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: store.temporaryDirectory.path)) ?? []
    }

    @Test("upload sends what the server lacks (PUT, then verify); download brings it back whole")
    func roundTrip() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try Self.objects(3, in: scratch)
        server.store(pointers[0].oid, [UInt8](try Data(contentsOf: store.url(of: pointers[0].oid))))
        let sent = try await Self.client(server).upload(pointers, from: store)
        #expect(Set(sent) == Set(pointers.dropFirst().map(\.oid)), "the server had the first one")
        #expect(server.requests.filter { $0.method == "PUT" }.count == 2)
        #expect(server.requests.filter { $0.path.hasSuffix("/verify") }.count == 2)
        let other = LFSObjectStore(gitDirectory: scratch.path("b/.git"))
        let got = try await Self.client(server).download(pointers, into: other)
        #expect(Set(got.fetched) == Set(pointers.map(\.oid)) && got.failed.isEmpty)
        for pointer in pointers { #expect(try other.verify(pointer.oid)) }
    }

    @Test("401: without a token it asks for one; with one it is sent after LFS-Authenticate, and a wrong one is refused")
    func credentials() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try Self.objects(1, in: scratch)
        let good = "Basic " + Data("x-access-token:tok-right".utf8).base64EncodedString()
        server.requireAuthorization(good)
        await #expect(throws: LFSTransferFailure.unauthorized(sentCredentials: false)) {
            try await Self.client(server).upload(pointers, from: store)
        }
        await #expect(throws: LFSTransferFailure.unauthorized(sentCredentials: true)) {
            try await Self.client(server, token: "tok-wrong").upload(pointers, from: store)
        }
        let sent = try await Self.client(server, token: "tok-right").upload(pointers, from: store)
        #expect(sent == [pointers[0].oid])
        #expect(server.object(pointers[0].oid) != nil)
    }

    @Test("403 is forbidden, 413 names the object, neither is retried")
    func refusals() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try Self.objects(2, in: scratch)
        server.failBatches([.status(403)])
        await #expect(throws: LFSTransferFailure.forbidden) { try await Self.client(server).upload(pointers, from: store) }
        #expect(server.requests.count == 1)
        server.fail(object: pointers[1].oid, .status(413))
        do {
            try await Self.client(server).upload(pointers, from: store)
            Issue.record("a 413 went unnoticed")
        } catch {
            guard case .refused(let oid, let status, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(oid == pointers[1].oid && status == 413)
        }
        #expect(server.object(pointers[1].oid) == nil)
    }

    @Test("429 with Retry-After and 503 are retried with back-off until the server answers; a 500 that stays ends the attempts")
    func retries() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try Self.objects(1, in: scratch)
        server.failBatches([.status(429, retryAfter: 0), .status(503)])
        server.failTransfers([.status(502)])
        let sent = try await Self.client(server).upload(pointers, from: store)
        #expect(sent == [pointers[0].oid])
        #expect(server.requests.filter { $0.path.hasSuffix("/objects/batch") }.count == 3)
        #expect(server.requests.filter { $0.method == "PUT" }.count == 2)
        server.failBatches(Array(repeating: .status(500), count: 10))
        let other = LFSObjectStore(gitDirectory: scratch.path("b/.git"))
        await #expect(throws: LFSTransferFailure.serverBusy(status: 500)) { try await Self.client(server).download(pointers, into: other) }
    }

    @Test("404 for one object: the others come, that one is named missing")
    func missingObject() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try Self.objects(3, in: scratch)
        for pointer in pointers.dropLast() { server.store(pointer.oid, [UInt8](try Data(contentsOf: store.url(of: pointer.oid)))) }
        let other = LFSObjectStore(gitDirectory: scratch.path("b/.git"))
        let got = try await Self.client(server).download(pointers, into: other)
        #expect(Set(got.fetched) == Set(pointers.dropLast().map(\.oid)))
        #expect(got.failed[pointers[2].oid] == .missingOnServer(oids: [pointers[2].oid]))
        #expect(other.size(of: pointers[2].oid) == nil)
    }

    @Test("a truncated body and bytes of the wrong hash never enter the store, and leave nothing behind")
    func badBodies() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try Self.objects(2, in: scratch)
        for pointer in pointers { server.store(pointer.oid, [UInt8](try Data(contentsOf: store.url(of: pointer.oid)))) }
        server.fail(object: pointers[0].oid, .truncate(100))
        server.fail(object: pointers[1].oid, .wrongBytes)
        let other = LFSObjectStore(gitDirectory: scratch.path("b/.git"))
        let got = try await Self.client(server).download(pointers, into: other)
        #expect(got.fetched.isEmpty)
        #expect(got.failed.count == 2)
        if case .wrongBytes(let oid, _)? = got.failed[pointers[1].oid] {
            #expect(oid == pointers[1].oid)
        } else {
            Issue.record("\(got.failed)")
        }
        for pointer in pointers { #expect(other.size(of: pointer.oid) == nil) }
        #expect(Self.leftovers(other).isEmpty)
    }

    @Test("a body longer than the pointer's size is stopped at the size: nothing past it written, nothing kept")
    func bodyLongerThanItsSize() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try Self.objects(1, in: scratch)
        let pointer = pointers[0]
        // The object's own bytes and more after them, as a server (or a proxy) that sends what it
        // likes would. Few enough to be written whole before the client hangs up: the fault server
        // writes with write(2), and a peer gone mid-write would raise SIGPIPE in the test process.
        let bytes = [UInt8](try Data(contentsOf: store.url(of: pointer.oid)))
        server.store(pointer.oid, bytes + [UInt8](repeating: 0x41, count: 1_000))
        let other = LFSObjectStore(gitDirectory: scratch.path("b/.git"))
        let got = try await Self.client(server).download(pointers, into: other)
        #expect(got.fetched.isEmpty)
        guard case .wrongBytes(let oid, .wrongSize(let expected, let actual))? = got.failed[pointer.oid] else {
            Issue.record("\(got.failed)")
            return
        }
        #expect(oid == pointer.oid && expected == pointer.size)
        #expect(actual <= pointer.size, "\(actual) bytes written for an object of \(pointer.size)")
        #expect(other.size(of: pointer.oid) == nil)
        #expect(Self.leftovers(other).isEmpty)
    }

    @Test("a server that stalls gives up after the idle timeout, as unreachable")
    func stall() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try Self.objects(1, in: scratch)
        server.failBatches([.stall, .stall])
        var client = LFSClient(endpoint: .server(url: server.url), idleTimeout: 1)
        client.attempts = 2
        client.backoff = 0.01
        do {
            try await client.upload(pointers, from: store)
            Issue.record("a stalled server went unnoticed")
        } catch {
            guard case .unreachable = error else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test("the token goes to the LFS host only: an action on another host gets only the headers the server gave")
    func tokenStaysOnItsHost() async throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (store, pointers) = try Self.objects(1, in: scratch)
        let good = "Basic " + Data("x-access-token:tok-secret".utf8).base64EncodedString()
        server.requireAuthorization(good)
        // "localhost" is another host name for the same server: a storage host of its own, to the client.
        server.pointActions(at: "http://localhost:\(server.port)/me/vault.git/info/lfs")
        try await Self.client(server, token: "tok-secret").upload(pointers, from: store)
        let put = try #require(server.requests.first { $0.method == "PUT" })
        #expect(put.authorization == nil, "the token went to another host")
        #expect(server.requests.filter { $0.path.hasSuffix("/objects/batch") }.last?.authorization == good)
    }

    @Test(
        "a token is never sent over plain HTTP to another machine",
        arguments: [
            ("https://lfs.example.com/x", true), ("http://127.0.0.1:8080/x", true), ("http://localhost/x", true),
            ("http://[::1]:80/x", true),
            ("http://lfs.example.com/x", false), ("http://10.0.0.1/x", false), ("ftp://lfs.example.com/x", false),
            ("http://127.0.0.1.example.com/x", false),
        ])
    func noCleartextOffLoopback(_ url: String, _ allowed: Bool) {
        #expect(LFSClient.mayCarryCredential(url) == allowed)
    }
}
