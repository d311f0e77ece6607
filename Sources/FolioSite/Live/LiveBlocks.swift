import FolioCore
import FolioStore
import Foundation

/// The forms of the pages `folio serve` answers with; nothing on an exported page. Each is a plain
/// form POST that works without JavaScript; the token field holds ``LiveSite/tokenMarker`` until
/// the server sends the page.
enum LiveBlocks {
    /// The home screen's one way to write: a "＋" that opens the new-page sheet (a photo or video,
    /// a few words, a voice note). A `details` element, so it opens without a script; the script
    /// adds the swipe from right to left and opens it again when a draft is kept in it.
    static func home(context: SiteContext) -> SafeHTML {
        guard context.live != nil else { return "" }
        let t = { (words: LiveText) in HTML.escape(words.text(context.language)) }
        var html: SafeHTML = "<details class=\"compose\" id=\"compose\">"
        html += "<summary aria-label=\"\(t(.newPage))\"><span aria-hidden=\"true\">＋</span></summary>\n"
        html += "<form method=\"post\" action=\"/pages\" enctype=\"multipart/form-data\" class=\"new-page\" data-retry>\n"
        html += "<h2>\(t(.newPage))</h2>\n"
        html += tokenField
        html += "<label class=\"pick\">\(t(.photoOrVideo)) <input type=\"file\" name=\"media\" accept=\"image/*,video/*\"></label>\n"
        html += "<label>\(t(.whatHappened)) <textarea name=\"text\" rows=\"3\" data-draft=\"new-page\"></textarea></label>\n"
        html += "<label class=\"pick\">\(t(.voiceNote)) <input type=\"file\" name=\"voice\" accept=\"audio/*\"></label>\n"
        html += "<button type=\"submit\">\(t(.save))</button>\n"
        html += offlineNote(context.language)
        html += "</form>\n</details>\n"
        return html
    }

    /// Said where a browser runs no service worker (plain HTTP to another computer): what works
    /// without the server. Hidden until the app's script finds that so.
    static func offlineNote(_ language: Language) -> SafeHTML {
        "<p class=\"note offline-note\" hidden>\(HTML.escape(LiveText.offlineWithoutHTTPS.text(language)))</p>\n"
    }

    /// The form at the head of a kind's section on the home screen: ideas are added in the ideas'
    /// tab, the 8 ball is asked in its own; other kinds have none.
    static func sectionForm(kind: String, context: SiteContext) -> SafeHTML {
        guard context.live != nil else { return "" }
        let t = { (words: LiveText) in HTML.escape(words.text(context.language)) }
        switch kind {
        case "idea": return inlineForm(action: "/ideas", field: "title", label: t(.idea), button: t(.add), draft: "new-idea")
        case "qa": return inlineForm(action: "/ask", field: "question", label: t(.question), button: t(.ask), draft: nil)
        default: return ""
        }
    }

    /// One line of text and its button, posted to `action` (an idea, a question for the 8 ball).
    private static func inlineForm(action: String, field: String, label: SafeHTML, button: SafeHTML, draft: String?) -> SafeHTML {
        var html: SafeHTML = "<form method=\"post\" action=\"\(action)\" class=\"inline section-form\">\n" + tokenField
        let keep: SafeHTML = draft.map { " data-draft=\"\($0)\"" } ?? ""
        html += "<label>\(label) <input type=\"text\" name=\"\(field)\" required maxlength=\"500\"\(keep)></label>"
        return html + "<button type=\"submit\">\(button)</button>\n</form>\n"
    }

    /// The kinds whose section the app's home screen always shows, with or without records: the
    /// journal, and the two the home screen writes.
    static let homeKinds = ["diary", "idea", "qa"]

    /// Edit the page's text (the part before its conversation) and tags; tick an idea off. The
    /// form names the version of the file it was made from, so a save made elsewhere since (a
    /// second tab, another device, an editor) is never overwritten.
    static func record(_ record: Record, context: SiteContext) -> SafeHTML {
        guard context.live != nil else { return "" }
        let t = { (words: LiveText) in HTML.escape(words.text(context.language)) }
        let reference = record.id ?? record.path
        var html: SafeHTML = record.kind == "diary" ? companion(record, reference: reference, context: context) : ""
        html += "<section class=\"edit\">\n"
        if record.document.value("done") != nil {
            let done = record.document.value("done") == .bool(true)
            html += "<form method=\"post\" action=\"/done\" class=\"inline\">\n"
            html += tokenField
            html += "<input type=\"hidden\" name=\"record\" value=\"\(reference)\">"
            html += "<input type=\"hidden\" name=\"done\" value=\"\(done ? "false" : "true")\">"
            html += "<button type=\"submit\">\(t(done ? .reopen : .tickOff))</button>\n</form>\n"
        }
        html += "<details class=\"edit-page\"><summary>\(t(.edit))</summary>\n"
        html += editForm(
            record, text: pageText(of: record), tags: record.tags.joined(separator: ", "), label: .text, token: .marker,
            draft: true, language: context.language)
        html += "</details>\n</section>\n"
        return html
    }

    /// The companion on a diary page: a greeting to start the talk, then a message box and
    /// "done", which turns the talk into the page with its tags.
    static func companion(_ record: Record, reference: String, context: SiteContext) -> SafeHTML {
        let t = { (words: LiveText) in HTML.escape(words.text(context.language)) }
        let hasTalk = FirstLine.mayHaveConversation(record.document.body) && Conversation.split(record.document.body).hasSection
        var html: SafeHTML = "<section class=\"companion\" id=\"companion\">\n<div class=\"talk\"></div>\n"
        // trusted: folio's own marker (the reference inside it percent-encoded), replaced as the page is sent.
        html += .trusted(LiveSite.companionMarker(reference)) + "\n"
        let recordField: SafeHTML = "<input type=\"hidden\" name=\"record\" value=\"\(reference)\">\n"
        if !hasTalk {
            html += "<form method=\"post\" action=\"/greet\" data-stream>\n"
            html += tokenField + recordField
            html += "<button type=\"submit\">\(t(.startTalk))</button>\n</form>\n"
        } else {
            html += "<form method=\"post\" action=\"/chat\" data-stream>\n"
            html += tokenField + recordField
            html +=
                "<label>\(t(.message)) <textarea name=\"message\" rows=\"2\" required data-draft=\"chat-\(reference)\"></textarea></label>\n"
            html += "<button type=\"submit\">\(t(.send))</button>\n</form>\n"
            html += "<form method=\"post\" action=\"/finish\">\n"
            html += tokenField + recordField
            html += "<button type=\"submit\" class=\"quiet\">\(t(.done))</button>\n</form>\n"
        }
        return html + "</section>\n"
    }

    /// The form that saves a page's text and tags, naming the version of the file `record` is,
    /// with `text` and `tags` in its fields: the page's own, or what was typed in a form that came
    /// too late (kept as a draft on the phone only in the page's own form). `token` is the form
    /// token, or ``LiveSite/tokenMarker`` in a page the server puts the token into as it sends it.
    static func editForm(
        _ record: Record, text: String, tags: String, label: LiveText, token: FormToken, draft: Bool, language: Language
    ) -> SafeHTML {
        let t = { (words: LiveText) in HTML.escape(words.text(language)) }
        let reference = record.id ?? record.path
        var html: SafeHTML = "<form method=\"post\" action=\"/edit\">\n"
        html += "<input type=\"hidden\" name=\"token\" value=\"\(token.markup)\">\n"
        html += "<input type=\"hidden\" name=\"record\" value=\"\(reference)\">"
        html += "<input type=\"hidden\" name=\"version\" value=\"\(HTML.escape(LiveSite.version(of: record.document.text)))\">\n"
        let keep: SafeHTML = draft ? " data-draft=\"edit-\(reference)\"" : ""
        html += "<label>\(t(label)) <textarea name=\"text\" rows=\"8\"\(keep)>\(HTML.escape(text))</textarea></label>\n"
        html += "<label>\(t(.tags)) <input type=\"text\" name=\"tags\" value=\"\(HTML.escape(tags))\"></label>\n"
        return html + "<button type=\"submit\">\(t(.save))</button>\n</form>\n"
    }

    /// A page's own words: the part before its conversation, without the paragraphs that are only
    /// links to its media (an edit puts those back after the new text).
    static func pageText(of record: Record) -> String {
        let body = record.document.body
        return MediaLinks.splitPage(FirstLine.mayHaveConversation(body) ? Conversation.split(body).before : body, recordPath: record.path)
            .words
    }

    private static let tokenField: SafeHTML = "<input type=\"hidden\" name=\"token\" value=\"\(FormToken.marker.markup)\">\n"
}

/// A form's token field: the session's token, or the marker the server replaces with it as it
/// sends a page (written as it is, so the marker stays whole to be found).
public enum FormToken: Sendable {
    case marker
    case value(String)

    var markup: SafeHTML {
        switch self {
        // trusted: folio's own marker, kept whole so the server finds and replaces it.
        case .marker: .trusted(LiveSite.tokenMarker)
        case .value(let token): "\(token)"
        }
    }
}

/// The served pages' own words, zh-Hant first.
public enum LiveText: Sendable {
    case write, newPage, photoOrVideo, whatHappened, save, idea, add, question, ask, edit, text, tags, tickOff, reopen
    case nowText, yourText, startTalk, message, send, done, unsent, voiceNote, searchAll
    case settings, provider, builtinProvider, providerOnComputer, tone, settingsSync
    case keptForLater, offlineWithoutHTTPS, offline, offlineText

    /// A tone of `ai.tone` as the settings page names it.
    static func toneName(_ tone: String, _ language: Language) -> String {
        let (zh, en): (String, String) =
            switch tone {
            case "warm": ("溫暖療癒", "Warm")
            case "minimal": ("極簡客觀", "Minimal")
            case "humorous": ("幽默風趣", "Humorous")
            case "empathetic": ("共情理解", "Empathetic")
            default: (tone, tone)
            }
        return language == .zhHant ? zh : en
    }

    /// A switch of the settings page by its form field.
    static func switchName(_ field: String, _ language: Language) -> String {
        let (zh, en): (String, String) =
            switch field {
            case "autoTitle": ("自動產生標題", "Title pages automatically")
            case "autoTags": ("自動加上標籤", "Tag pages automatically")
            case "sendMedia": ("讓 AI 看照片和影片", "Let the AI see photos and videos")
            case "shareLocation": ("告訴 AI 地點和天氣", "Tell the AI the place and the weather")
            case "sendPastPages": ("讓 AI 記得相關的舊日記（只有文字）", "Remind the AI of related earlier pages (text only)")
            default: (field, field)
            }
        return language == .zhHant ? zh : en
    }

    public func text(_ language: Language) -> String {
        let (zh, en) = pair
        return language == .zhHant ? zh : en
    }

    var pair: (String, String) {
        switch self {
        case .write: ("寫", "Write")
        case .newPage: ("寫一頁新日記", "A new diary page")
        case .photoOrVideo: ("照片或影片", "Photo or video")
        case .whatHappened: ("發生了什麼", "What happened")
        case .save: ("儲存", "Save")
        case .idea: ("想法", "Idea")
        case .add: ("記下", "Add")
        case .question: ("問 8 號球", "Ask the 8 ball")
        case .ask: ("搖一搖", "Shake")
        case .edit: ("編輯這一頁", "Edit this page")
        case .text: ("內容", "Text")
        case .tags: ("標籤（以逗號分開）", "Tags (separated by commas)")
        case .tickOff: ("完成", "Tick off")
        case .reopen: ("改回未完成", "Open again")
        case .nowText: ("這一頁現在的內容", "The page as it is now")
        case .yourText: ("你打的內容", "What you typed")
        case .voiceNote: ("語音（選填，會轉成文字）", "A voice note (optional, turned into text)")
        case .searchAll: ("搜尋全部日記", "Search the whole journal")
        case .settings: ("設定", "Settings")
        case .provider: ("回答你的 AI", "Who answers")
        case .builtinProvider: ("內建的夥伴（離線，只聽不答）", "The built-in companion (offline; it listens and does not answer)")
        case .providerOnComputer:
            (
                "要換 AI 供應商，請在電腦上用 folio config set ai.provider 設定並確認。",
                "To change the AI provider, set and confirm it on the computer: folio config set ai.provider."
            )
        case .tone: ("夥伴的口吻", "The companion's tone")
        case .settingsSync: ("這些設定存在日記庫裡，會同步到你所有的裝置。", "These settings are kept in the journal and sync to all your devices.")
        case .startTalk: ("和夥伴聊聊這一頁", "Talk about this page with the companion")
        case .message: ("想說的話", "Your message")
        case .send: ("送出", "Send")
        case .done: ("完成：整理成日記", "Done: write it up")
        case .unsent: ("沒有送出（連線中斷了嗎？）。內容還在，再按一次就好。", "Not sent (a dropped connection?). Nothing is lost; press it again.")
        case .keptForLater:
            ("連不上電腦：這一頁先存在手機上，連上時會自動送出。", "The computer cannot be reached: this page is kept on the phone and sent when it is back.")
        case .offlineWithoutHTTPS:
            (
                "這個連線不是 HTTPS：連不上電腦時這個應用程式打不開，但你打的字和選的照片會留在手機上。",
                "This connection is not HTTPS: the app does not open while the computer cannot be reached, but what you type and the photos you choose stay on this phone."
            )
        case .offline: ("離線", "Offline")
        case .offlineText:
            (
                "連不上電腦，這一頁也沒有存在手機上。看過的頁面和首頁可以離線打開；新寫的一頁會先存在手機上，連上時送出。",
                "The computer cannot be reached, and this page is not kept on the phone. Pages you have read and the home page open offline; a new page is kept on the phone and sent when the computer is back."
            )
        }
    }
}
