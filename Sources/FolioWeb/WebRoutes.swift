import FolioApp
import FolioCore
import FolioSite
import FolioStore
import Foundation
import Hummingbird
import NIOCore

/// The writes: each parses its form, checks the form's token, calls one use case of the journal
/// and answers with a redirect to the page to look at next (or a page saying why not).
struct WebRoutes: Sendable {
    let journal: WebJournal
    let guardian: WebGuard
    var language: Language { journal.language }

    struct IdeaForm: Decodable {
        var token: String?
        var title: String
        var tags: String?
    }

    struct DoneForm: Decodable {
        var token: String?
        var record: String
        var done: String
    }

    struct AskForm: Decodable {
        var token: String?
        var question: String
    }

    struct CompanionForm: Decodable {
        var token: String?
        var record: String
        var message: String?
        /// Set by the page's script: answer with the reply's text as it streams in, not a redirect.
        var stream: String?
    }

    struct RetryForm: Decodable {
        var token: String?
        var record: String
        var step: String
        var stream: String?
    }

    /// The settings page's form: a switch that is off is not sent at all.
    struct SettingsForm: Decodable {
        var token: String?
        var tone: String
        var autoTitle: String?
        var autoTags: String?
        var sendMedia: String?
        var shareLocation: String?
        var sendPastPages: String?
    }

    struct EditForm: Decodable {
        var token: String?
        var record: String
        var version: String
        var text: String?
        var tags: String?
    }

    /// `GET /search?q=…[&tag=…][&from=N]`: reads only.
    func search(_ request: Request, context: WebRequestContext) async -> Response {
        let parameters = request.uri.queryParameters
        let query = parameters["q"].map(String.init) ?? ""
        let tag = parameters["tag"].map { String($0).lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        let from = max(0, min(parameters["from"].flatMap { Int(String($0)) } ?? 0, 10_000))
        do throws(FolioError) {
            return WebResponse.html(.ok, try await journal.search(query, tag: tag, from: from))
        } catch {
            return WebResponse.failure(.badRequest, error, language)
        }
    }

    /// `GET /list?kind=…&tag=…&day=…&otd=MM-DD&year=…&from=N`: a page of one of the app's lists;
    /// with `part=1`, only its lines (the app's script adds them under those it shows).
    func list(_ request: Request, context: WebRequestContext) async -> Response {
        let parameters = request.uri.queryParameters
        let query = LiveListQuery { name in parameters[name[...]].map(String.init) }
        do throws(FolioError) {
            let page = try await journal.list(query)
            if parameters["part"] == "1" { return WebResponse.html(.ok, LivePages.listPart(page, query: query, language: language)) }
            return WebResponse.html(.ok, LivePages.list(page, query: query, kindNames: await journal.kindNames, language: language))
        } catch {
            return WebResponse.failure(.internalServerError, error, language)
        }
    }

    /// `GET /settings`: the companion's provider and the choices a person may change.
    func settings(_ request: Request, context: WebRequestContext) async -> Response {
        do throws(FolioError) {
            let model = try await journal.settingsModel()
            return WebResponse.html(.ok, LivePages.settings(model, token: context.session?.formToken ?? "", language: language))
        } catch {
            return WebResponse.failure(.internalServerError, error, language)
        }
    }

    /// The settings saved: the keys that changed, one commit; the page again.
    func saveSettings(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await form(SettingsForm.self, request, context: context) { (form: SettingsForm) async throws(FolioError) -> Response in
            let on = { (value: String?) in value == "true" }
            try await journal.setPreferences(
                CompanionPreferences(
                    tone: form.tone, autoTitle: on(form.autoTitle), autoTags: on(form.autoTags), sendMedia: on(form.sendMedia),
                    shareLocation: on(form.shareLocation), sendPastPages: on(form.sendPastPages)))
            return WebResponse.redirect(to: "/settings#saved")
        }
    }

    func addIdea(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await form(IdeaForm.self, request, context: context) { (form: IdeaForm) async throws(FolioError) -> Response in
            let record = try await journal.addIdea(title: form.title, tags: TextRule.splitTags(form.tags ?? ""))
            return try await redirect(toPageOf: record)
        }
    }

    func markDone(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await form(DoneForm.self, request, context: context) { (form: DoneForm) async throws(FolioError) -> Response in
            let record = try await journal.markDone(form.record, done: form.done == "true")
            return try await redirect(toPageOf: record)
        }
    }

    func ask(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await form(AskForm.self, request, context: context) { (form: AskForm) async throws(FolioError) -> Response in
            let record = try await journal.ask(form.question)
            return try await redirect(toPageOf: record)
        }
    }

    func edit(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await form(EditForm.self, request, context: context) { (form: EditForm) async throws(FolioError) -> Response in
            let text = form.text ?? ""
            switch try await journal.edit(form.record, version: form.version, text: text, tags: TextRule.splitTags(form.tags ?? "")) {
            case .saved(let record):
                return try await redirect(toPageOf: record)
            case .changedSince(let current):
                let notice = Message.web(.changedSince(current.title)).text(language)
                return WebResponse.html(
                    .conflict,
                    LivePages.editAgain(
                        current, typedText: text, typedTags: form.tags ?? "", notice: notice, token: context.session?.formToken ?? "",
                        language: language)
                )
            }
        }
    }

    /// The companion's greeting (after it looks at the page's media): one commit.
    func greet(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await form(CompanionForm.self, request, context: context) { (form: CompanionForm) async throws(FolioError) -> Response in
            let journal = self.journal
            return try await companionAnswer(streamed: form.stream == "1") { onPiece async throws(FolioError) in
                CompanionStepOutcome(page: try await journal.greet(form.record, onPiece: onPiece), failure: nil)
            }
        }
    }

    /// A chat turn: the message and the companion's reply, one commit.
    func chat(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await form(CompanionForm.self, request, context: context) { (form: CompanionForm) async throws(FolioError) -> Response in
            let journal = self.journal
            let message = (form.message ?? "").replacingOccurrences(of: "\r\n", with: "\n")
            return try await companionAnswer(streamed: form.stream == "1") { onPiece async throws(FolioError) in
                try await journal.chat(form.record, message: message, onPiece: onPiece)
            }
        }
    }

    /// "Done": the page in the writer's voice with its tags.
    func finish(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await form(CompanionForm.self, request, context: context) { (form: CompanionForm) async throws(FolioError) -> Response in
            let journal = self.journal
            return try await companionAnswer(streamed: false) { _ async throws(FolioError) in try await journal.finish(form.record) }
        }
    }

    /// A page's retry button: the companion step that failed on it, tried again.
    func retry(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await form(RetryForm.self, request, context: context) { (form: RetryForm) async throws(FolioError) -> Response in
            guard let step = CompanionRetryStep(rawValue: form.step) else { return WebResponse.page(.badRequest, .badForm, language) }
            let journal = self.journal
            return try await companionAnswer(streamed: form.stream == "1") { onPiece async throws(FolioError) in
                try await journal.retry(form.record, step: step, onPiece: onPiece)
            }
        }
    }

    /// Runs a companion step. Without the page's script: when it is done, the page again, which
    /// says what failed and offers to try again (``CompanionStatus``): what the step wrote before
    /// it failed is saved, so it is never answered "not saved". With the script: the reply's text
    /// as it arrives (`text/plain`), then the script loads the page, which says what failed.
    /// The step goes on to its end (and its commit) even when the browser goes away: a reply is
    /// never lost.
    private func companionAnswer(
        streamed: Bool, _ step: @escaping @Sendable (@escaping @Sendable (String) -> Void) async throws(FolioError) -> CompanionStepOutcome
    ) async throws(FolioError) -> Response {
        guard streamed else { return try await redirect(toPageOf: try await step { _ in }.page) }
        let (pieces, continuation) = AsyncStream<String>.makeStream()
        let language = self.language
        Task {
            do throws(FolioError) {
                // A step's failure is kept for the page, which the script loads next and which
                // says it in the web's words with its retry button (not a terminal's command).
                _ = try await step { continuation.yield($0) }
            } catch {
                continuation.yield("\n\n" + error.rendered(in: language))
            }
            continuation.finish()
        }
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody { writer in
                for await piece in pieces { try await writer.write(ByteBuffer(string: piece)) }
                try await writer.finish(nil)
            })
    }

    /// A new diary page: the photo or video streams to disk (the token must come before it,
    /// as the page's form sends it), then the page is made around it in one commit.
    func newPage(_ request: Request, context: WebRequestContext) async throws -> Response {
        let limit = await journal.maxUploadBytes
        if let length = request.headers[.contentLength].flatMap({ UInt64($0) }), length > limit + (1 << 20) {
            return WebResponse.closing(.contentTooLarge, .uploadTooLarge(limit: limit), language, context.channel)
        }
        let session = context.session
        let receiver = UploadReceiver(folder: journal.uploadFolder, maxFileBytes: limit) { [guardian] fields in
            guardian.acceptsForm(token: fields["token"], session: session)
        }
        let received: ReceivedForm
        do throws(FormRefusal) {
            received = try await receiver.receive(request.body, contentType: request.headers[.contentType] ?? "")
        } catch {
            switch error {
            case .tooLarge(let limit):
                return WebResponse.closing(.contentTooLarge, .uploadTooLarge(limit: limit), language, context.channel)
            case .forged: return WebResponse.page(.forbidden, .forged, language)
            case .notAForm: return WebResponse.page(.badRequest, .badForm, language)
            case .storage(let reason):
                return WebResponse.failure(.internalServerError, FolioError(.writeFailed(.other(reason))), language)
            }
        }
        guard guardian.acceptsForm(token: received.fields["token"], session: context.session) else {
            received.discard()
            return WebResponse.page(.forbidden, .forged, language)
        }
        do throws(FolioError) {
            let record = try await journal.newPage(
                upload: received.files["media"], voice: received.files["voice"], text: received.fields["text"] ?? "")
            return try await redirect(toPageOf: record)
        } catch {
            received.discard()
            return WebResponse.failure(.unprocessableContent, error, language)
        }
    }

    // MARK: - Helpers

    /// Reads a URL-encoded form (at most 1 MiB), checks its token, and runs `action`; a use
    /// case's refusal becomes a page that says why, in the vault's language.
    private func form<Form: Decodable & Sendable>(
        _ type: Form.Type, _ request: Request, context: WebRequestContext,
        _ action: (Form) async throws(FolioError) -> Response
    ) async throws -> Response where Form: TokenCarrying {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: 1 << 20)
        } catch {
            return WebResponse.page(.contentTooLarge, .badForm, language)
        }
        let parsed: Form
        do {
            parsed = try URLEncodedFormDecoder().decode(Form.self, from: String(buffer: body))
        } catch {
            return WebResponse.page(.badRequest, .badForm, language)
        }
        guard guardian.acceptsForm(token: parsed.token, session: context.session) else {
            return WebResponse.page(.forbidden, .forged, language)
        }
        do throws(FolioError) {
            return try await action(parsed)
        } catch {
            return WebResponse.failure(.unprocessableContent, error, language)
        }
    }

    /// The record's page after a write; `#saved` tells the page's script that what was typed is
    /// saved (its kept draft can go).
    private func redirect(toPageOf record: Record) async throws(FolioError) -> Response {
        let page = try await journal.page(ofRecordAt: record.path)
        return WebResponse.redirect(to: (page.map { "/" + HTML.pathURL($0) } ?? "/") + "#saved")
    }
}

protocol TokenCarrying {
    var token: String? { get }
}

extension WebRoutes.IdeaForm: TokenCarrying, Sendable {}
extension WebRoutes.DoneForm: TokenCarrying, Sendable {}
extension WebRoutes.AskForm: TokenCarrying, Sendable {}
extension WebRoutes.EditForm: TokenCarrying, Sendable {}
extension WebRoutes.CompanionForm: TokenCarrying, Sendable {}
extension WebRoutes.RetryForm: TokenCarrying, Sendable {}
extension WebRoutes.SettingsForm: TokenCarrying, Sendable {}
