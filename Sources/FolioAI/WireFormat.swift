import Foundation
import MultipartKit
import NIOCore
import NIOHTTP1

// try? in this file: a field of the server's JSON is tried in each shape the API has used (text, number,
// object); one that fits none is left out, and a reply without what it must hold is refused elsewhere.

// The JSON shapes of the OpenAI API, kept internal so the public types stay plain Swift.

struct ChatCompletionBody: Encodable {
    struct Format: Encodable {
        let type: String
    }

    let model: String
    let messages: [WireMessage]
    let temperature: Double?
    let responseFormat: Format?
    let stream: Bool?

    enum CodingKeys: String, CodingKey {
        case model, messages, temperature, stream
        case responseFormat = "response_format"
    }

    init(_ request: ChatRequest, stream: Bool) {
        model = request.model
        messages = request.messages.map(WireMessage.init)
        // JSON has no NaN or infinity: such a temperature is left out, so the server's default applies.
        temperature = request.temperature.flatMap { $0.isFinite ? $0 : nil }
        responseFormat = request.responseFormat.map { Format(type: $0.rawValue) }
        self.stream = stream ? true : nil
    }
}

struct WireMessage: Encodable {
    let message: ChatMessage

    enum CodingKeys: String, CodingKey {
        case role, content
    }

    enum PartKeys: String, CodingKey {
        case type, text
        case imageURL = "image_url"
    }

    enum ImageKeys: String, CodingKey {
        case url
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message.role.rawValue, forKey: .role)
        switch message.content {
        case .text(let text):
            try container.encode(text, forKey: .content)
        case .parts(let parts):
            var list = container.nestedUnkeyedContainer(forKey: .content)
            for part in parts {
                var object = list.nestedContainer(keyedBy: PartKeys.self)
                switch part {
                case .text(let text):
                    try object.encode("text", forKey: .type)
                    try object.encode(text, forKey: .text)
                case .imageURL(let url):
                    try object.encode("image_url", forKey: .type)
                    var image = object.nestedContainer(keyedBy: ImageKeys.self, forKey: .imageURL)
                    try image.encode(url, forKey: .url)
                }
            }
        }
    }
}

/// A chat completion, or one chunk of a streamed one (`delta` instead of `message`). Every field
/// is optional: what is missing is judged by the caller, never by a decoding failure.
struct ChatCompletionReply: Decodable {
    struct Choice: Decodable {
        let message: Message?
        let delta: Message?
        let finishReason: String?

        enum CodingKeys: String, CodingKey {
            case message, delta
            case finishReason = "finish_reason"
        }
    }

    struct Message: Decodable {
        let content: FlexibleContent?
    }

    let model: String?
    let choices: [Choice]?
    let usage: Usage?
    let error: ErrorObject?

    struct Usage: Decodable {
        let promptTokens: Int?
        let completionTokens: Int?
        let totalTokens: Int?

        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case completionTokens = "completion_tokens"
            case totalTokens = "total_tokens"
        }

        var tokenUsage: TokenUsage {
            TokenUsage(promptTokens: promptTokens, completionTokens: completionTokens, totalTokens: totalTokens)
        }
    }
}

/// Message content as a string, or (some servers) as a list of `{"type":"text","text":…}` parts.
struct FlexibleContent: Decodable {
    let text: String

    private struct Part: Decodable {
        let text: String?
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self.text = text
        } else {
            text = try container.decode([Part].self).compactMap(\.text).joined()
        }
    }
}

/// `{"error":{"message":…,"type":…,"code":…}}`, or `{"error":"…"}` as some local servers send.
struct ErrorObject: Decodable {
    let message: String?
    let type: String?
    let code: String?

    private enum CodingKeys: String, CodingKey {
        case message, type, code
    }

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            message = text
            type = nil
            code = nil
            return
        }
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            // Something else entirely (a number): still an error, just without words.
            message = nil
            type = nil
            code = nil
            return
        }
        message = try? container.decodeIfPresent(String.self, forKey: .message)
        type = try? container.decodeIfPresent(String.self, forKey: .type)
        if let text = try? container.decodeIfPresent(String.self, forKey: .code) {
            code = text
        } else if let number = try? container.decodeIfPresent(Int.self, forKey: .code) {
            code = String(number)
        } else {
            code = nil
        }
    }
}

struct ErrorEnvelope: Decodable {
    let error: ErrorObject?
}

struct TranscriptionReply: Decodable {
    let text: String?
}

/// A `multipart/form-data` body, laid out by multipart-kit's serializer (the parser `folio serve`
/// reads uploads with); folio only keeps each header's values inside their quotes and lines.
struct MultipartForm {
    let boundary = "folio-\(UUID().uuidString)"
    private var parts: [MultipartPart] = []
    private(set) var body = Data()

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func addField(_ name: String, _ value: String) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Disposition", value: "form-data; name=\"\(Self.quoted(name))\"")
        parts.append(MultipartPart(headers: headers, body: value))
    }

    mutating func addFile(_ name: String, filename: String, contentType: String, data: Data) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Disposition", value: "form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(filename))\"")
        headers.add(name: "Content-Type", value: Self.quoted(contentType))
        parts.append(MultipartPart(headers: headers, body: data))
    }

    /// Closes the form; call once, after the last part.
    mutating func finish() throws {
        var buffer = ByteBuffer()
        try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &buffer)
        body = Data(buffer.readableBytesView)
    }

    /// A header parameter value that cannot break out of its quotes or its line.
    private static func quoted(_ value: String) -> String {
        value.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: "\n", with: "")
    }
}
