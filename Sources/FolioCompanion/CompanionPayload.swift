import FolioCore

/// A step of the companion that talks to a provider.
public enum CompanionStep: Sendable, Equatable {
    /// Looking at the page's media and greeting (`folio diary`, the browser's "和夥伴聊聊").
    case greeting
    /// One chat turn; `withMedia` when the session also sends the page's photos (a diary session
    /// that opened with them).
    case chat(withMedia: Bool)
    /// The talk turned into the page (`folio summarize`, the browser's "完成").
    case summary
}

extension AIPayload {
    /// What a step sends to a new provider, for the first-use notice: said here once, beside the
    /// requests (``DiaryEntry``), so the terminal and the browser tell the same. The place goes
    /// with every step's moment when `privacy.share_location` allows; past pages with the
    /// greeting and the chat when `privacy.send_past_pages` allows; the summary sends neither
    /// media nor past pages.
    public static func companion(_ step: CompanionStep, _ configuration: AIConfiguration) -> AIPayload {
        switch step {
        case .greeting:
            .entry(media: configuration.sendMedia, location: configuration.shareLocation, pastPages: configuration.sendPastPages)
        case .chat(let withMedia):
            .entry(
                media: withMedia && configuration.sendMedia, location: configuration.shareLocation, pastPages: configuration.sendPastPages
            )
        case .summary:
            .entry(media: false, location: configuration.shareLocation, pastPages: false)
        }
    }
}
