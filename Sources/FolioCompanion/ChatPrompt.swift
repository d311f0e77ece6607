import FolioAI
import FolioCore
import Foundation

/// How a turn of the conversation is put to a chat model.
enum ChatPrompt {
    /// Characters of history sent with a turn, about 8,000 tokens of Chinese or 6,000 of English:
    /// within every current chat model's context with room for the reply. The oldest turns go first;
    /// the analysis of the media and the user's text are always sent.
    static let historyBudget = 24_000

    static func system(_ request: ChatTurnRequest, language: Language, tone: String) -> String {
        var lines = [
            "You are the user's diary companion. You chat with them about today's diary page, \(PromptWords.tone(tone)), in \(PromptWords.language(language)), "
                + "in one to three short sentences, ending most replies with a question that helps them remember or reflect. "
                + "Never invent facts about their day."
        ]
        lines += request.environment
        if let analysis = request.analysis { lines.append("What their photo or video shows: \(analysis)") }
        if let text = request.text { lines.append("What they wrote when starting the page: \(text)") }
        lines += JournalRetrieval.promptLines(request.related)
        return lines.joined(separator: "\n")
    }

    static func messages(_ request: ChatTurnRequest, language: Language, tone: String) -> [ChatMessage] {
        [.system(system(request, language: language, tone: tone))]
            + trimmed(request.history).map { message in
                message.speaker == .folio ? .assistant(message.text) : .user(message.text)
            }
    }

    /// The newest messages that fit the budget, always at least the last one.
    static func trimmed(_ history: [ConversationMessage]) -> [ConversationMessage] {
        var kept: [ConversationMessage] = []
        var used = 0
        for message in history.reversed() {
            used += message.text.count
            if used > historyBudget && !kept.isEmpty { break }
            kept.append(message)
        }
        return kept.reversed()
    }
}
