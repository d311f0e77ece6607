import FolioCore
import FolioSite
import FolioStore
import Foundation
import HTTPServing
import HTTPTypes
import Hummingbird
import NIOCore

/// The first thing every request meets: the `Host` check, the pairing link, the pairing cookie,
/// and for a write its `Origin`; then the headers every answer carries (a policy that allows no
/// request elsewhere, no framing, no sniffing, no referrer to another site). The referrer stays
/// within the app (`same-origin`): under `no-referrer` a browser sends `Origin: null` with a
/// form's POST, which the door cannot tell from a sandboxed page of another site.
struct WebDoor: RouterMiddleware {
    typealias Context = WebRequestContext
    let guardian: WebGuard
    let language: Language
    /// When a browser is paired (for `folio serve devices`).
    let clock: Clock
    /// Told of each browser paired, with the secret of the link for the next one.
    let paired: @Sendable (PairedDevice, String) async -> Void

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await decide(request, context: context, next: next)
        } catch let error as any HTTPResponseError {
            // A path no route answers, or a method the route does not take, is thrown past the
            // door by the router: answered here, in the user's language and with every header
            // below, not as the framework's bare page.
            response = try Self.answer(to: error, request: request, context: context, language: language)
        }
        // A file's answer keeps its own, stricter policy; every other answer gets the pages'
        // policy, its scripts narrowed to the app's own paths on this server.
        if response.headers[.contentSecurityPolicy] != FileAnswer.policy {
            response.headers[.contentSecurityPolicy] = policy(request.head.authority)
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        if let name = HTTPField.Name.xFrameOptions { response.headers[name] = "DENY" }
        if let name = HTTPField.Name.referrerPolicy { response.headers[name] = "same-origin" }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    static func answer(to error: any HTTPResponseError, request: Request, context: Context, language: Language) throws -> Response {
        switch error.status {
        case .notFound: WebResponse.page(.notFound, .notFound, language)
        case .methodNotAllowed: WebResponse.page(.methodNotAllowed, .methodNotAllowed, language)
        default: try error.response(from: request, context: context)
        }
    }

    /// The pages' policy for a request to `authority`: scripts only from the app's own paths on
    /// this server. A policy cannot name an IPv6 address, so there scripts stay `'self'` (the
    /// `nosniff` and the types of every file answer already keep a file of the vault from
    /// running as one); a host that is not this server's gets no script at all.
    private func policy(_ authority: String?) -> String {
        guard let authority, guardian.acceptsHost(authority) else { return LiveSite.contentSecurityPolicy(origin: nil) }
        if authority.hasPrefix("[") { return LiveSite.contentSecurityPolicy + "; frame-ancestors 'none'" }
        return LiveSite.contentSecurityPolicy(origin: guardian.scheme + "://" + authority)
    }

    private func decide(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let host = request.head.authority
        guard let host, guardian.acceptsHost(host) else { return WebResponse.text(.misdirectedRequest, .wrongHost, language) }
        guard request.method == .get || request.method == .head || request.method == .post else {
            return WebResponse.text(.methodNotAllowed, .methodNotAllowed, language)
        }
        let path = request.uri.path
        guard WebPath.isSafe(path) else { return WebResponse.page(.notFound, .notFound, language) }
        if path == "/pair" {
            guard request.method == .get, let next = guardian.pairing.spend(request.uri.queryParameters["secret"].map(String.init)) else {
                return WebResponse.page(.forbidden, .wrongPairingSecret, language)
            }
            let session: (token: String, device: PairedDevice)
            do throws(FolioError) {
                session = try guardian.devices.pair(name: request.headers[.userAgent] ?? "", at: clock.timestamp)
            } catch {
                return WebResponse.failure(.internalServerError, error, language)
            }
            await paired(session.device, next)
            var response = WebResponse.redirect(to: "/")
            // The session lasts a year, across restarts of the server, until it is revoked.
            // Over HTTPS the cookie is Secure: a browser never sends it over plain HTTP.
            let secure = guardian.scheme == "https" ? "; Secure" : ""
            response.headers[.setCookie] =
                "\(WebGuard.cookieName)=\(session.token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000\(secure)"
            return response
        }
        // What a home screen fetches without the cookie (a manifest is fetched without
        // credentials): nothing of the journal is in them.
        if request.method == .get || request.method == .head, let asset = AppAsset(path: path) {
            return asset.response(language: language, head: request.method == .head)
        }
        guard let session = guardian.session(cookie: request.cookies[WebGuard.cookieName]?.value) else {
            return WebResponse.page(.unauthorized, .notPaired, language)
        }
        var context = context
        context.session = session
        if request.method == .post {
            guard
                guardian.acceptsOrigin(
                    request.headers[.origin], fetchSite: HTTPField.Name.secFetchSite.flatMap { request.headers[$0] }, host: host)
            else {
                return WebResponse.page(.forbidden, .forged, language)
            }
        }
        return try await next(request, context)
    }
}

/// What a request's path may be: absolute, no `..`, no hidden component, no backslash or NUL.
enum WebPath {
    static func isSafe(_ path: String) -> Bool {
        guard path.hasPrefix("/"), let decoded = path.removingPercentEncoding, decoded.utf8.count <= 1024 else { return false }
        for component in decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            if component.hasPrefix(".") || component.contains("\\") || component.utf8.contains(0) { return false }
        }
        return true
    }
}

extension HTTPField.Name {
    // Names HTTPTypes does not list; each is a valid token, so the optionals are never nil.
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")
    static let refresh = HTTPField.Name("Refresh")
}

/// The answers the app makes itself.
enum WebResponse {
    static func html(_ status: HTTPResponse.Status, _ html: SafeHTML) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html.text)))
    }

    static func page(_ status: HTTPResponse.Status, _ message: WebMessage, _ language: Language) -> Response {
        html(status, saying(Message.web(message).text(language), status, language))
    }

    static func failure(_ status: HTTPResponse.Status, _ error: FolioError, _ language: Language) -> Response {
        html(status, saying(error.rendered(in: language, asWarning: false), status, language))
    }

    /// While the first pages are written: a page saying how far they are, which reloads itself
    /// every two seconds (`Refresh`, so it works without JavaScript), never cached.
    static func preparing(_ progress: (done: Int, total: Int), _ language: Language) -> Response {
        let message = WebMessage.preparingPages(done: progress.done, total: progress.total)
        let title = language == .zhHant ? "準備中" : "Preparing"
        let page = LivePages.message(Message.web(message).text(language), title: title, language: language)
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        if let refresh = HTTPField.Name.refresh { headers[refresh] = "2" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page.text)))
    }

    static func text(_ status: HTTPResponse.Status, _ message: WebMessage, _ language: Language) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: Message.web(message).text(language) + "\n")))
    }

    /// A refusal of a request whose body is not read: the page, then the connection closed, so
    /// the rest of the body (a 2 GB video on a 100 MB limit) is never read.
    static func closing(_ status: HTTPResponse.Status, _ message: WebMessage, _ language: Language, _ channel: any Channel) -> Response {
        let page = ByteBuffer(string: saying(Message.web(message).text(language), status, language).text)
        return RefusalResponse.make(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: page, channel: channel)
    }

    /// The page that says `text`, titled by what `status` means to the person reading it.
    private static func saying(_ text: String, _ status: HTTPResponse.Status, _ language: Language) -> SafeHTML {
        LivePages.message(text, title: titleOf(status, language), language: language)
    }

    /// After a write: the page to look at next (POST, then redirect, then GET).
    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    private static func titleOf(_ status: HTTPResponse.Status, _ language: Language) -> String {
        let zh = language == .zhHant
        switch status {
        case .notFound: return zh ? "找不到" : "Not found"
        case .unauthorized: return zh ? "還沒有配對" : "Not paired"
        case .forbidden: return zh ? "沒有接受" : "Refused"
        case .conflict, .unprocessableContent, .badRequest, .contentTooLarge: return zh ? "沒有存" : "Not saved"
        default: return zh ? "出了問題" : "Something went wrong"
        }
    }
}

/// The app's files that are the same for everyone: its stylesheet, script, manifest and icons.
enum AppAsset {
    case css, js, manifest
    case icon(Int)
    /// The service worker, and the page it answers offline with.
    case serviceWorker, offline
    /// The site's own stylesheet and script (``LiveSite/siteAssets``): a page that says "not
    /// paired yet" loads them too, and they hold nothing of the journal.
    case site(type: String, bytes: ByteBuffer)

    init?(path: String) {
        switch path {
        case "/assets/app.css": self = .css
        case "/assets/app.js": self = .js
        case "/manifest.webmanifest": self = .manifest
        case "/sw.js": self = .serviceWorker
        case "/offline.html": self = .offline
        // A browser asks for /favicon.ico on its own, whatever the page names.
        case "/assets/icon-192.png", "/favicon.ico": self = .icon(192)
        case "/assets/icon-512.png": self = .icon(512)
        default:
            guard let asset = Self.siteAssets[path] else { return nil }
            self = .site(type: asset.type, bytes: asset.bytes)
        }
    }

    func response(language: Language, head: Bool = false) -> Response {
        let (type, bytes): (String, ByteBuffer) =
            switch self {
            case .css: ("text/css; charset=utf-8", Self.stylesheet)
            case .js: ("text/javascript; charset=utf-8", Self.script)
            case .manifest: ("application/manifest+json", ByteBuffer(string: LiveAssets.manifest(language: language)))
            case .icon(let size): ("image/png", size == 512 ? Self.icon512 : Self.icon192)
            case .site(let type, let bytes): (type, bytes)
            case .serviceWorker: ("text/javascript; charset=utf-8", Self.worker)
            case .offline: ("text/html; charset=utf-8", ByteBuffer(string: LivePages.offline(language: language).text))
            }
        let body = head ? ResponseBody() : ResponseBody(byteBuffer: bytes)
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"], body: body)
    }

    // Made once: the stylesheet and script are strings; the icons are files built into folio.
    private static let stylesheet = ByteBuffer(string: LiveAssets.css)
    private static let script = ByteBuffer(string: LiveAssets.js)
    private static let siteAssets = LiveSite.siteAssets.mapValues { (type: $0.type, bytes: ByteBuffer(string: $0.text)) }
    /// The worker names its cache by what it keeps: a new folio's stylesheets and scripts
    /// replace the kept ones at its next start.
    private static let worker = ByteBuffer(
        string:
            "var VERSION = \"\(LiveSite.version(of: LiveAssets.css + LiveAssets.js + LiveSite.siteAssets.keys.sorted().map { LiveSite.siteAssets[$0]?.text ?? "" }.joined()).prefix(16))\";\n"
            + LiveAssets.serviceWorker)
    static let icon192 = ByteBuffer(bytes: PackageResources.icon_192_png)
    static let icon512 = ByteBuffer(bytes: PackageResources.icon_512_png)
}
