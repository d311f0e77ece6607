import ArgumentParser
import Foundation

/// The text given to an option, or, for `-`, what comes on standard input (`--body -`,
/// `-m -`), as `git commit -F -` and `jrnl` read it. A literal `-` is never stored.
struct InputText: ExpressibleByArgument, Sendable {
    let text: String

    init?(argument: String) {
        guard argument == "-" else {
            text = argument
            return
        }
        // Standard input can be read once: a second `-` in one command is refused.
        guard let read = StandardInput.readOnce() else { return nil }
        text = read
    }

    static var defaultValueDescription: String { "text, or - for standard input" }
}

/// Standard input, read whole at most once per process.
enum StandardInput {
    private final class Once: @unchecked Sendable {
        let lock = NSLock()
        var used = false
    }
    private static let once = Once()

    /// Everything on standard input without its final line breaks; nil when it was read already.
    static func readOnce() -> String? {
        once.lock.lock()
        defer { once.lock.unlock() }
        guard !once.used else { return nil }
        once.used = true
        var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}
