import FolioCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import TestSupport
import Testing

@testable import FolioWeb

/// Every answer the app gives carries the same guard headers, including the ones the router
/// makes itself when no route answers: a path that is not there, a method a route does not take.
@Suite("The headers of every answer")
struct DoorHeadersTests {
    @Test("a path no route answers gets the app's own page, in the vault's language, with every guard header")
    func routerAnswers() async throws {
        let served = try ServedVault()
        let guardian = WebGuard(
            pairing: PairingSecret("s3cret"), devices: PairedDevices(localDirectory: served.root.appendingPathComponent(".folio/local")),
            hosts: ["127.0.0.1"], port: BoundPort(8400))
        let time = try #require(Timestamp("2026-11-22T09:00:00+08:00"))
        let browser = try guardian.devices.pair(name: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1", at: time)
        let responder = WebServer.makeRouter(journal: served.journal, guardian: guardian).buildResponder()
        let cookie = "\(WebGuard.cookieName)=\(browser.token)"

        for (path, method, status) in [
            ("/no-such-page", HTTPRequest.Method.get, HTTPResponse.Status.notFound),
            ("/no-such-page", .head, .notFound),
            ("/ideas/x/y", .get, .notFound),
        ] {
            let request = Request(
                head: HTTPRequest(
                    method: method, scheme: "http", authority: "127.0.0.1:8400", path: path, headerFields: [.cookie: cookie]),
                body: RequestBody(buffer: ByteBuffer()))
            let context = WebRequestContext(
                source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: Logger(label: "test")))
            let response = try await responder.respond(to: request, context: context)
            #expect(response.status == status, "\(method) \(path)")
            #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(method) \(path)")
            #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(method) \(path)")
            #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true, "\(method) \(path)")
            #expect(response.headers[.cacheControl] == "no-store", "\(method) \(path)")
            if let frame = HTTPField.Name.xFrameOptions { #expect(response.headers[frame] == "DENY", "\(method) \(path)") }
        }
    }
}
