import FolioCore

/// The frame every page shares: the policy, the viewport, the stylesheet and the script.
enum PageShell {
    /// A whole page `depth` folders below the site's root; `content` is HTML built with ``HTML``.
    static func page(
        title: String, context: SiteContext, depth: Int, bodyClass: String, scripts: [String] = [],
        content: SafeHTML, root: String? = nil
    ) -> SafeHTML {
        head(title: title, context: context, depth: depth, bodyClass: bodyClass, scripts: scripts, root: root) + content + tail
    }

    /// What closes every page, after its content.
    static let tail: SafeHTML = "\n</main>\n</body>\n</html>\n"

    /// Everything before a page's content, up to `<main>` and its line: a page written as it is
    /// made (the index, tens of megabytes) writes this, its content, then ``tail``.
    static func head(
        title: String, context: SiteContext, depth: Int, bodyClass: String, scripts: [String] = [], root: String? = nil
    ) -> SafeHTML {
        // A page the app makes at any address (`/edit`) names the site's files from its root.
        let up = root ?? String(repeating: "../", count: depth)
        // trusted: folio's own constant, with no double quote in it.
        let policy = SafeHTML.trusted(context.live == nil ? HTML.contentSecurityPolicy : LiveSite.contentSecurityPolicy)
        var html: SafeHTML = """
            <!DOCTYPE html>
            <html lang="\(context.language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="referrer" content="\(context.live == nil ? "no-referrer" : "same-origin")">
            <meta name="generator" content="folio">
            <title>\(HTML.escape(title))</title>
            <link rel="stylesheet" href="\(up)assets/site.css">

            """
        for script in scripts { html += "<script src=\"\(up)\(script)\" defer></script>\n" }
        if context.live != nil {
            // The app's own: its forms' look, its enhancing script, and what puts it on a home screen.
            html += "<link rel=\"stylesheet\" href=\"/assets/app.css\">\n<script src=\"/assets/app.js\" defer></script>\n"
            html +=
                "<link rel=\"manifest\" href=\"/manifest.webmanifest\">\n<link rel=\"apple-touch-icon\" href=\"/assets/icon-192.png\">\n"
            html += "<link rel=\"icon\" type=\"image/png\" href=\"/assets/icon-192.png\">\n"
            html += "<meta name=\"theme-color\" content=\"#b4541e\">\n"
        }
        html += """
            <script src="\(up)assets/site.js" defer></script>
            </head>
            <body class="\(bodyClass)"\(context.live == nil ? SafeHTML() : " data-live=\"1\" data-unsent=\"\(LiveText.unsent.text(context.language))\" data-kept=\"\(LiveText.keptForLater.text(context.language))\"") data-unplayable="\(HTML.escape(context.text(.mediaUnplayable)))">
            <main>

            """
        return html
    }
}
