import Hummingbird
import NIOCore

/// Hummingbird's basic context, and the connection the request came on: an upload refused for its
/// size closes it instead of reading the rest (Hummingbird would read a body to its end before
/// the next request; a refused 2 GB video must not be).
struct WebRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel
    /// The paired browser's session, set by ``WebDoor`` before any route runs.
    var session: WebSession?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
