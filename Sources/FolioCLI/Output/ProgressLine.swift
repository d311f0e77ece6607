import FolioCore
import FolioSync

/// The progress line a long fetch or push draws on a terminal's stderr (`↓ 1200/5000 (830 KiB)`,
/// or a bar of bytes for media), redrawn in place at most ten times a second
/// (``Console/progressLine(_:isFinal:)``); nothing off a terminal.
enum ProgressLine {
    static func sync(on terminal: Terminal) -> (@Sendable (SyncProgress) -> Void)? {
        guard terminal.isInteractive else { return nil }
        return { progress in
            switch progress {
            case .receiving(let done, let total, let bytes):
                Console.progressLine("↓ \(done)/\(total) (\(bytes / 1024) KiB)", isFinal: done == total)
            case .sending(let done, let total, let bytes):
                Console.progressLine("↑ \(done)/\(total) (\(bytes / 1024) KiB)", isFinal: done == total)
            case .receivingMedia(let bytes, let total): media("↓", bytes, total)
            case .sendingMedia(let bytes, let total): media("↑", bytes, total)
            }
        }
    }

    /// `↓ [#####     ] 120.0 MiB / 578.0 MiB`: bytes of all the media of one transfer.
    static func media(_ arrow: String, _ bytes: UInt64, _ total: UInt64) {
        let fraction = total == 0 ? 1 : min(1, Double(bytes) / Double(total))
        let filled = Int(fraction * 30)
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
        Console.progressLine("\(arrow) [\(bar)] \(LFSMessage.size(bytes)) / \(LFSMessage.size(total))", isFinal: bytes >= total)
    }

    /// Clears the progress line, if one was drawn.
    static func end(on terminal: Terminal) {
        if terminal.isInteractive { Console.clearStatusLine() }
    }
}
