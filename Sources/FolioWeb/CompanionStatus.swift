import FolioApp
import FolioCore
import FolioSite
import Foundation

/// What a served diary page's companion box says at this load, besides what the page holds: the
/// step that failed on it, with its reason and a button that tries it again (no terminal
/// needed), or that the built-in companion only listens.
enum CompanionStatus: Sendable, Equatable {
    /// `step` is nil for a step kept under a name no button retries (a newer folio's).
    case failed(step: CompanionRetryStep?, stepName: String, reason: String)
    case onlyListens

    /// The block that stands in the page's companion box, with the session's form `token`.
    func block(reference: String, token: String, language: Language) -> SafeHTML {
        let say = { (message: WebMessage) in HTML.escape(Message.web(message).text(language)) }
        switch self {
        case .onlyListens:
            return "<p class=\"listens\" role=\"note\">\(say(.companionOnlyListens))</p>\n"
        case .failed(let step, let stepName, let reason):
            var html: SafeHTML = "<div class=\"step-failed\" role=\"status\">\n<p>\(say(.companionStepFailed(step: stepName)))</p>\n"
            if !reason.isEmpty { html += "<p class=\"reason\">\(reason)</p>\n" }
            if let step {
                // A reply to the last message streams in as a chat turn's does.
                let streams: SafeHTML = step == .chat ? " data-stream" : ""
                html += "<form method=\"post\" action=\"/retry\"\(streams)>\n"
                html += "<input type=\"hidden\" name=\"token\" value=\"\(token)\">\n"
                html += "<input type=\"hidden\" name=\"record\" value=\"\(reference)\">\n"
                html += "<input type=\"hidden\" name=\"step\" value=\"\(step.rawValue)\">\n"
                html += "<button type=\"submit\">\(say(.tryAgain))</button>\n</form>\n"
            }
            return html + "</div>\n"
        }
    }
}
