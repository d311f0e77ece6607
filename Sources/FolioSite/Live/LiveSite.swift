import FolioCore

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

    /// The Content-Security-Policy of a served page: the export's, with forms that post to the app.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; media-src 'self' blob:; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
}

extension LiveSite {
    /// The version a form names: a hash of the file's text as the page showed it.
    public static func version(of text: String) -> String { String(sha256Hex(text).prefix(32)) }
}
