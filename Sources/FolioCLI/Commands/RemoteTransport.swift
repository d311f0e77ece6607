import Foundation
import FolioCore
import FolioStore
import FolioSync
import Git

/// Builds what a sync needs to reach its remote: credentials, host-key checks, progress on a terminal.
enum RemoteTransport {
    static func make(context: Context, interrupt: Interrupt) -> SyncTransport {
        let settings = context.vault.settings
        let timeout = settings.value("sync.timeout").flatMap { Double($0.plainText) } ?? 60
        return make(
            environment: context.environment, terminal: context.terminal, sshKey: settings.string("sync.ssh_key"),
            timeoutSeconds: timeout, interrupt: interrupt)
    }

    static func make(
        environment: [String: String], terminal: Terminal, sshKey: String?, timeoutSeconds: Double, interrupt: Interrupt
    ) -> SyncTransport {
        let showProgress = terminal.isInteractive
        var callbacks = RemoteCallbacks()
        callbacks.shouldCancel = { interrupt.fired }
        if showProgress {
            callbacks.transferProgress = { progress in
                guard progress.totalObjects > 200 else { return }
                Console.errInline("\r\u{1B}[2K↓ \(progress.receivedObjects)/\(progress.totalObjects) (\(progress.receivedBytes / 1024) KiB)")
            }
            callbacks.pushProgress = { progress in
                guard progress.total > 200 else { return }
                Console.errInline("\r\u{1B}[2K↑ \(progress.current)/\(progress.total) (\(progress.bytes / 1024) KiB)")
            }
        }
        return SyncTransport(callbacks: callbacks, timeout: .seconds(timeoutSeconds)) { error, url in
            explain(error, url: url)
        }
    }

    static func explain(_ error: any Error, url: String) -> FolioError {
        if let folio = error as? FolioError { return folio }
        guard let git = error as? GitError else { return FolioError(.syncFailed(String(describing: error))) }
        switch git.code {
        case .auth:
            return FolioError(.authenticationFailed(url: url, reason: git.message))
        case .certificate:
            return FolioError(.unknownHost(host: url, key: git.message, command: "ssh-keyscan HOST >> ~/.ssh/known_hosts"))
        default:
            return FolioError(.remoteUnreachable(url: url, reason: git.message))
        }
    }

    /// Clears the progress line, if one was drawn.
    static func endProgress(_ context: Context) { endProgress(context.terminal) }

    static func endProgress(_ terminal: Terminal) {
        if terminal.isInteractive { Console.errInline("\r\u{1B}[2K") }
    }
}
