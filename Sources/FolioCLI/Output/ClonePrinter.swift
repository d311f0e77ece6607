import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

/// Where the vault now is, in its own language (or `--lang`'s), and that it is locked when it is;
/// or JSON `{"vault", "remote", "locked"}`.
enum ClonePrinter {
    static func print(_ cloned: History.ClonedVault, json: Bool, language: Language) {
        if json {
            return Console.out(
                JSONWriter.render(
                    .object([
                        ("vault", .string(cloned.vault.path)), ("remote", .string(ConfiguredSecrets.redact(cloned.remote))),
                        ("locked", .bool(cloned.locked)),
                    ])))
        }
        MessageLanguage.shared.set(language)
        Console.out(Message.cloned(cloned.vault.path).text(MessageLanguage.shared.current))
        if cloned.locked { Console.err(Message.crypt(.clonedLocked(cloned.vault.path)).text(MessageLanguage.shared.current)) }
        if cloned.passwordNotKept {
            let endpoint = RemoteEndpoint(url: cloned.remote)
            let host = endpoint.port.map { "\(endpoint.host):\($0)" } ?? endpoint.host
            Console.err(Message.clonePasswordNotKept(host: host).text(MessageLanguage.shared.current))
        }
        if let fetch = cloned.mediaFetch {
            let language = MessageLanguage.shared.current
            if !fetch.fetched.isEmpty { Console.out(Message.lfs(.fetched(count: fetch.fetched.count, bytes: fetch.bytes)).text(language)) }
            for failure in fetch.failed {
                Console.err(
                    FolioError(.lfs(.fetchFailed(path: failure.path, reason: failure.reason))).rendered(in: language, asWarning: true))
            }
        }
    }
}
