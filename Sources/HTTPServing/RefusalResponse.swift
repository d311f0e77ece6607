import HTTPTypes
import Hummingbird
import NIOCore

/// Hummingbird's basic context, and the connection the request came on: a request refused before
/// its body is read closes it (``RefusalResponse``) instead of reading the rest.
public struct ConnectionContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// The answer to a request refused before its body was read (a 200 MB body on a 1 MB limit, a
/// stranger's upload), shared by `folio serve` and `folio mcp --http`: the answer, then the
/// connection ended without reading the rest of the body.
///
/// Closing a socket whose receive buffer still holds bytes makes the system send a reset, which can
/// destroy the answer before the client has read it (seen under load: curl's "Connection reset by
/// peer" instead of the 413). So the output is closed first (the client reads the answer and the
/// end), then what still arrives is read and dropped, at most `drainBytes` or `drainTime`, and only
/// then is the connection closed. Nothing past that is read: a client that never stops sending is
/// cut off.
public enum RefusalResponse {
    public static let drainBytes = 8 << 20
    public static let drainTime: TimeAmount = .milliseconds(500)

    public static func make(status: HTTPResponse.Status, headers: HTTPFields, body: ByteBuffer, channel: any Channel) -> Response {
        var headers = headers
        headers[.connection] = "close"
        return Response(
            status: status, headers: headers,
            body: ResponseBody(contentLength: body.readableBytes) { writer in
                try await writer.write(body)
                try await writer.finish(nil)
                endLingering(channel)
            })
    }

    /// Closes `channel`'s output now and the whole connection once the client stopped sending,
    /// sent `drainBytes` more, or `drainTime` passed.
    static func endLingering(_ channel: any Channel) {
        channel.eventLoop.execute {
            do {
                // First in the pipeline: the bytes still coming never reach the HTTP decoder.
                try channel.pipeline.syncOperations.addHandler(DrainThenClose(limit: drainBytes), position: .first)
            } catch {
                channel.close(promise: nil)  // a channel already closing has no pipeline to add to
                return
            }
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: drainTime) { channel.close(promise: nil) }
        }
    }
}

/// Reads and drops what arrives, closing the connection past `limit` bytes or when the client ends.
final class DrainThenClose: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private var left: Int

    init(limit: Int) {
        left = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        left -= unwrapInboundIn(data).readableBytes
        if left <= 0 { context.close(promise: nil) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client closed its side: nothing more will come.
        if let event = event as? ChannelEvent, case .inputClosed = event { context.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        context.fireChannelInactive()
    }
}
