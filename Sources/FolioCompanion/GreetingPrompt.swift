import FolioAI
import FolioCore
import Foundation

/// How the media of a page is put to a vision model.
enum AnalysisPrompt {
    static func system(language: Language) -> String {
        "You look at the photos or video frames of the user's diary page and say what you see, for a diary "
            + "companion that will chat with them about it. Write two to four plain sentences in \(PromptWords.language(language)): "
            + "the scene, people and things, light and mood. Do not guess who people are; do not invent what is not visible."
    }

    static func messages(_ request: AnalysisRequest, language: Language) -> [ChatMessage] {
        var lines = request.media.map(\.facts)
        if let text = request.text { lines.append("What they wrote: \(text)") }
        let parts: [ChatMessage.ContentPart] =
            [.text(lines.joined(separator: "\n"))]
            + request.media.flatMap(\.images).map { .image($0.data, mediaType: $0.mediaType) }
        return [.system(system(language: language)), .user(parts)]
    }
}

/// How the first line of a page is asked of a chat model.
enum GreetingPrompt {
    static func messages(_ request: GreetingRequest, language: Language, tone: String) -> [ChatMessage] {
        var lines = [
            "You are the user's diary companion. They have just started today's diary page. Greet them in one or two short "
                + "sentences, \(PromptWords.tone(tone)), in \(PromptWords.language(language)), drawing on what their photo or video "
                + "shows and on the moment, and end with a question that invites them to tell more. Mention the weather or the "
                + "place only if they are given below; never guess them."
        ]
        lines += request.environment
        if let analysis = request.analysis { lines.append("What their photo or video shows: \(analysis)") }
        if let text = request.text { lines.append("What they wrote: \(text)") }
        lines += JournalRetrieval.promptLines(request.related)
        return [.system(lines.joined(separator: "\n")), .user(language == .zhHant ? "（開始寫今天的日記）" : "(starting today's page)")]
    }
}
