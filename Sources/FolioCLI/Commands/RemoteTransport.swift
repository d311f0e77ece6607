import FolioCore
import FolioStore
import FolioSync
import Foundation
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
        let fetching: @Sendable (TransferProgress) -> Void = { progress in
            guard progress.totalObjects > 200 else { return }
            Console.errInline("\r\u{1B}[2K↓ \(progress.receivedObjects)/\(progress.totalObjects) (\(progress.receivedBytes / 1024) KiB)")
        }
        let pushing: @Sendable (PushProgress) -> Void = { progress in
            guard progress.total > 200 else { return }
            Console.errInline("\r\u{1B}[2K↑ \(progress.current)/\(progress.total) (\(progress.bytes / 1024) KiB)")
        }
        return SyncTransport(
            environment: environment, sshKey: sshKey, timeout: .seconds(timeoutSeconds),
            transferProgress: showProgress ? fetching : nil, pushProgress: showProgress ? pushing : nil,
            shouldCancel: { interrupt.fired })
    }

    /// Clears the progress line, if one was drawn.
    static func endProgress(_ context: Context) { endProgress(context.terminal) }

    static func endProgress(_ terminal: Terminal) {
        if terminal.isInteractive { Console.errInline("\r\u{1B}[2K") }
    }
}
