import FolioCore
import FolioStore

/// `folio links`: the records a record links to, the links that find none, the records that link
/// to it; each with the line the link is written on. Or JSON.
enum LinksPrinter {
    static func print(_ links: RecordLinks, of record: Record, json: Bool, context: Context) {
        context.warn(unread: links.problems)
        if json { return context.json(links.json(of: record)) }
        context.say(.links(.outgoing(links.linkedRecords)))
        for link in links.outgoing { Console.out("  \(link.path.quotedPath):\(link.line)  \(link.title)") }
        if !links.unresolved.isEmpty {
            context.say(.links(.unresolved(links.unresolved.count)))
            for link in links.unresolved { Console.out("  \(link.line)  \(link.written)") }
        }
        context.say(.links(.backlinks(links.linkingRecords)))
        for link in links.backlinks { Console.out("  \(link.path.quotedPath):\(link.line)  \(link.title)") }
    }
}
