import FolioCore
import Foundation

/// What a page served by `folio serve` adds to the page `export html` writes: forms that post to
/// the app. The pages themselves are the export's, rendered by the same code; only these blocks
/// differ, and only when the export is asked for them (``SiteOptions/live``).
public struct LiveSite: Sendable, Hashable {
    /// Stands where each form's anti-forgery token goes. The server puts the token of the request
    /// in its place as it sends the page, so the pages on disk hold no secret. It cannot come
    /// from a record: text from a record reaches a page only through ``HTML/escape(_:)``, which
    /// writes every `<` as `&lt;`, and cmark's safe mode drops raw HTML.
    public static let tokenMarker = "<folio-token>"

    public init() {}

    /// Stands in a diary page's companion box, naming the page: the server puts there what the
    /// box says at each load (a step that failed and its retry button, a companion that only
    /// listens), which changes without the page's file changing. Like ``tokenMarker`` it cannot
    /// come from a record's text. The reference is percent-encoded, so no `-->` ends it early.
    public static func companionMarker(_ reference: String) -> String {
        companionMarkerStart + (reference.addingPercentEncoding(withAllowedCharacters: markerCharacters) ?? "") + companionMarkerEnd
    }

    public static let companionMarkerStart = "<!--folio-companion:"
    public static let companionMarkerEnd = "-->"
    private static let markerCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")

    /// The Content-Security-Policy of a served page: the export's, with forms that post to the app.
    /// A page carries it in a meta element, where the server's address is not known yet, so it
    /// names scripts by `'self'`; the server's header (``contentSecurityPolicy(origin:)``) narrows
    /// them to ``scriptPaths``, and a browser keeps to both.
    /// `frame-ancestors` is not in it: a browser ignores it in a meta element, with an error on its
    /// console; the server's header adds it.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; media-src 'self' blob:; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'"

    /// Every script a served page loads, by its path on the server: the app's, the site's and the
    /// search terms, all made by folio. Nothing under `/vault/` (a file that arrived by sync) is
    /// ever one of them.
    public static let scriptPaths = ["/assets/app.js", "/assets/site.js", "/search.js", "/sw.js"]

    /// The policy the server sends with a page it serves at `origin` (`http://127.0.0.1:8400`):
    /// ``contentSecurityPolicy`` with scripts allowed from ``scriptPaths`` only. Nil `origin` (a
    /// request that named no host of this server): no script at all.
    public static func contentSecurityPolicy(origin: String?) -> String {
        let scripts = origin.map { origin in scriptPaths.map { origin + $0 }.joined(separator: " ") } ?? "'none'"
        let narrowed = contentSecurityPolicy.replacingOccurrences(of: "script-src 'self'", with: "script-src " + scripts)
        return narrowed + "; frame-ancestors 'none'"
    }

    /// The site's stylesheet and script as the export writes them, by path: the server answers
    /// them from here, never from a file of the site's folder.
    public static let siteAssets: [String: (type: String, text: String)] = [
        "/assets/site.css": ("text/css; charset=utf-8", SiteAssets.css),
        "/assets/site.js": ("text/javascript; charset=utf-8", SiteAssets.js),
    ]
}

extension LiveSite {
    /// The version a form names: a hash of the file's text as the page showed it.
    public static func version(of text: String) -> String { String(sha256Hex(text).prefix(32)) }
}
