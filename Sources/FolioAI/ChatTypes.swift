import Foundation

/// Where an OpenAI-compatible API lives and how to talk to it: ChatGPT
/// (`https://api.openai.com/v1`) or a local server (`http://127.0.0.1:11434/v1` for Ollama).
public struct OpenAIConfiguration: Sendable, Equatable {
    /// The API root; `chat/completions` and `audio/transcriptions` are appended to it. A trailing
    /// slash is fine.
    public var baseURL: String
    /// Sent as `Authorization: Bearer …` only when present and not blank: local servers need none.
    public var apiKey: String?
    /// How long a request may stall (no reply, or no new bytes of a stream) before it fails with
    /// ``OpenAIError/timedOut(seconds:)``, and the spell over which a reply must arrive at
    /// ``minimumBytesPerSecond`` at least (``OpenAIError/tooSlow(bytesPerSecond:seconds:)``), and
    /// the longest it may go without progress: the reply's head whole, a reply that is not
    /// streamed whole, the next line of a stream (``OpenAIError/timedOut(seconds:)`` too, however
    /// many stray bytes came). Used in whole seconds, at least 1.
    public var timeout: TimeInterval
    /// How long one request may take in all, name resolution and connecting included, however
    /// steadily the reply arrives (``OpenAIError/deadlinePassed(seconds:)``).
    public var deadline: TimeInterval
    /// The most bytes a reply's body may hold, streamed or not; past it the transfer stops with
    /// ``FolioCore/AIReplyTrouble/tooLarge(limit:)``. A hostile or broken server cannot fill the memory.
    public var maxReplyBytes: Int

    /// 16 MiB: a chat completion or a transcription is a few kilobytes.
    public static let defaultMaxReplyBytes = 16 << 20

    /// The least a reply must bring over each `timeout` spell: any real stream is far above it (a
    /// token is a hundred bytes of event; servers that think for minutes send keep-alive comments
    /// of a few bytes every few seconds), a server trickling a byte every two seconds is below.
    public static let minimumBytesPerSecond = 1

    public init(
        baseURL: String, apiKey: String? = nil, timeout: TimeInterval = 60, deadline: TimeInterval = 600,
        maxReplyBytes: Int = defaultMaxReplyBytes
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.timeout = timeout
        self.deadline = deadline
        self.maxReplyBytes = maxReplyBytes
    }
}

/// One message of a chat conversation.
public struct ChatMessage: Sendable, Equatable {
    public enum Role: String, Sendable, Equatable {
        case system, user, assistant
    }

    /// A plain string, or parts (text and images) for a model that sees images.
    public enum Content: Sendable, Equatable {
        case text(String)
        case parts([ContentPart])
    }

    public enum ContentPart: Sendable, Equatable {
        case text(String)
        /// An `https:` URL or a `data:` URL of the image itself.
        case imageURL(String)

        /// An image sent inline as a `data:` URL (base64), so the server needs no access to files.
        public static func image(_ data: Data, mediaType: String = "image/jpeg") -> ContentPart {
            .imageURL("data:\(mediaType);base64,\(data.base64EncodedString())")
        }
    }

    public var role: Role
    public var content: Content

    public init(role: Role, content: Content) {
        self.role = role
        self.content = content
    }

    public static func system(_ text: String) -> ChatMessage { ChatMessage(role: .system, content: .text(text)) }
    public static func user(_ text: String) -> ChatMessage { ChatMessage(role: .user, content: .text(text)) }
    public static func user(_ parts: [ContentPart]) -> ChatMessage { ChatMessage(role: .user, content: .parts(parts)) }
    public static func assistant(_ text: String) -> ChatMessage { ChatMessage(role: .assistant, content: .text(text)) }
}

/// What to ask a chat model.
public struct ChatRequest: Sendable, Equatable {
    /// `text` is the default; `jsonObject` asks the server to reply with one JSON object (the
    /// prompt must still say what shape, as the OpenAI API requires the word "JSON" in it).
    public enum ResponseFormat: String, Sendable, Equatable {
        case text
        case jsonObject = "json_object"
    }

    public var model: String
    public var messages: [ChatMessage]
    /// Left out of the request when nil (or not a finite number), so the server's default applies.
    public var temperature: Double?
    /// Left out of the request when nil (plain text).
    public var responseFormat: ResponseFormat?

    public init(model: String, messages: [ChatMessage], temperature: Double? = nil, responseFormat: ResponseFormat? = nil) {
        self.model = model
        self.messages = messages
        self.temperature = temperature
        self.responseFormat = responseFormat
    }
}

/// Token counts, as far as the server reports them.
public struct TokenUsage: Sendable, Equatable {
    public var promptTokens: Int?
    public var completionTokens: Int?
    public var totalTokens: Int?

    public init(promptTokens: Int? = nil, completionTokens: Int? = nil, totalTokens: Int? = nil) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.totalTokens = totalTokens
    }
}

/// A chat model's answer: the first choice's text, never empty.
public struct ChatReply: Sendable, Equatable {
    public var content: String
    /// The model that answered, as the server names it (may differ from the one asked for).
    public var model: String?
    public var usage: TokenUsage?
    /// Why the model stopped (`stop`, `length`…), when the server says.
    public var finishReason: String?

    public init(content: String, model: String? = nil, usage: TokenUsage? = nil, finishReason: String? = nil) {
        self.content = content
        self.model = model
        self.usage = usage
        self.finishReason = finishReason
    }
}

/// Audio to turn into text.
public struct TranscriptionRequest: Sendable, Equatable {
    public var model: String
    public var audio: Data
    /// The server guesses the format from the name's extension, so keep the real one (`memo.m4a`).
    public var filename: String
    public var contentType: String
    /// An ISO-639-1 code (`en`, `zh`); nil lets the model detect it.
    public var language: String?

    public init(model: String, audio: Data, filename: String, contentType: String = "application/octet-stream", language: String? = nil) {
        self.model = model
        self.audio = audio
        self.filename = filename
        self.contentType = contentType
        self.language = language
    }
}
