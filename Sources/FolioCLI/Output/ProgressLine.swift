import FolioSync

/// The progress line a long fetch or push draws on a terminal's stderr (`↓ 1200/5000 (830 KiB)`),
/// redrawn in place; nothing off a terminal, and nothing for transfers of 200 objects or fewer.
enum ProgressLine {
    static func sync(on terminal: Terminal) -> (@Sendable (SyncProgress) -> Void)? {
        guard terminal.isInteractive else { return nil }
        return { progress in
            let (arrow, done, total, bytes) =
                switch progress {
                case .receiving(let done, let total, let bytes): ("↓", done, total, bytes)
                case .sending(let done, let total, let bytes): ("↑", done, total, bytes)
                }
            guard total > 200 else { return }
            Console.statusLine("\(arrow) \(done)/\(total) (\(bytes / 1024) KiB)")
        }
    }

    /// Clears the progress line, if one was drawn.
    static func end(on terminal: Terminal) {
        if terminal.isInteractive { Console.clearStatusLine() }
    }
}
