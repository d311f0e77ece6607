import FolioCore
import FolioExchange
import FolioSearch
import FolioSite
import FolioStore
import Foundation
import Markdown

extension FuzzTarget {
    /// Every reader of a record's text, timed on the same pattern at two lengths: a page is
    /// whatever its writer typed or pasted, and one that costs more per byte the longer it is
    /// (a quadratic scan) stalls every command that reads it.
    ///
    /// Promise: the time per byte at 8 times the length is at most 4 times the time per byte at
    /// the shorter one, for each reader (the least of three timings, past a floor of a few
    /// milliseconds, so noise is not a finding). A linear reader stays near 1.
    static let scannerGrowth = FuzzTarget(
        name: ScannerGrowth.name,
        summary: "every reader of record text on a pattern repeated to 4 KiB and 32 KiB: the time per byte grows at most 4 times",
        generatedSeeds: {
            [
                "![a](", "#", "> ", "*", "_", "[", "](", "<", "`", "[[", "#tag ", "[a]: ", "**me** · 09:00\n", "- [", "\n", " \n", "{{#a}}",
                "下雨的傍晚", "[2026-11-22 09:15] a. ", "[2026-11-22", "@a @", "[[[", ". . ",
                // Nested: the part before U+001F repeated, then the part after it as often.
                "![\u{1F}](x.png)", "[![\u{1F}](x.png)](y)", "![\u{1F}](../../../media/ab/x.jpg)", "[\u{1F}](x)", "**\u{1F}**",
                "> [\u{1F}](x)\n", "<\u{1F}>", "[\u{1F}]", "```\u{1F}```",
            ]
            .map { Array($0.utf8) }
        }
    ) { bytes throws(InvariantFailure) in
        try ScannerGrowth.run(bytes)
    }
}

enum ScannerGrowth {
    static let tokenizer = Tokenizer()

    /// The readers, each given a body.
    static let readers: [(name: String, read: @Sendable (String) -> Void)] = [
        ("the site's first line", { _ = FirstLine.ofPage($0) }),
        ("Markdown links", { _ = MarkdownLinks.located(in: $0) }),
        ("Markdown as HTML", { _ = MarkdownHTML.render($0) { destination, _ in .keep(destination) } }),
        ("inline tags", { _ = InlineTags.extract(from: $0) }),
        ("the conversation", { _ = Conversation.split("## Conversation\n\n**me** · 09:00\n" + $0) }),
        ("readable text", { _ = ReadableText.plain($0, language: .zhHant) }),
        ("search tokens", { _ = tokenizer.tokens(in: $0) }),
        ("jrnl's text journal", { _ = ExchangeFuzzing.jrnlTextEntries($0) }),
        ("links into media/ (check, attach, summaries)", { _ = MediaLinks.mediaLinkLines(in: $0, recordPath: "diary/2026/11/x.md") }),
        ("links as export and import rewrite them", { _ = ExchangeFuzzing.linkReaders($0) }),
    ]

    static let name = "scanner-growth"
    static let shortBytes = 4_096
    static let longBytes = 32_768
    /// Below this a timing is noise, whatever the ratio.
    static let floor: Duration = .milliseconds(4)

    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        let pattern = String(decoding: bytes.prefix(32), as: UTF8.self)
        guard !pattern.isEmpty else { return }
        let short = repeated(pattern, to: shortBytes)
        let long = repeated(pattern, to: longBytes)
        // Replayed by `make test` (no timed promises there: a loaded machine is not a finding),
        // each reader only has to finish; under libFuzzer (`folio-fuzz` names its harness in the
        // environment) the growth is measured.
        guard ProcessInfo.processInfo.environment["FOLIO_FUZZ_HARNESS"] == name else {
            for reader in readers { reader.read(long) }
            return
        }
        for reader in readers {
            let longTime = fastest(of: 3) { reader.read(long) }
            guard longTime > floor else { continue }
            let shortTime = fastest(of: 3) { reader.read(short) }
            let perByteShort = shortTime / Double(short.utf8.count)
            let perByteLong = longTime / Double(long.utf8.count)
            try expect(
                perByteLong <= perByteShort * 4,
                "\(reader.name) on \(excerpt(pattern)) repeated: \(shortTime) for \(short.utf8.count) bytes, \(longTime) for \(long.utf8.count)"
            )
        }
    }

    /// The pattern repeated to about `bytes`; a pattern holding U+001F is a nesting: what is
    /// before it repeated, then what is after it as often (`![![![a](x)](x)](x)`).
    static func repeated(_ pattern: String, to bytes: Int) -> String {
        let parts = pattern.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return String(repeating: pattern, count: max(1, bytes / max(1, pattern.utf8.count))) }
        let count = max(1, bytes / max(1, pattern.utf8.count))
        return String(repeating: String(parts[0]), count: count) + "a" + String(repeating: String(parts[1]), count: count)
    }

    static func fastest(of runs: Int, _ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        var best = Duration.seconds(3_600)
        for _ in 0..<runs { best = min(best, clock.measure(body)) }
        return best
    }
}
