import FolioCore

/// `folio analyze`: what the AI saw, with who saw it on stderr; or the record as JSON.
struct AnalysisPrinter {
    let json: Bool
    let context: Context

    /// The page's analysis as it was, and that `--again` analyses anew.
    func already(_ analysis: String, of record: Record) {
        if json { return context.json(JSONWriter.record(record, body: true, kinds: context.vault.kinds)) }
        Console.out(analysis.withVisibleControls)
        Console.err(context.terminal.dim(Message.ai(.alreadyAnalyzed(reference: record.shortID)).text(context.language)))
    }

    func analyzed(_ record: Record, by provider: String) {
        if json { return context.json(JSONWriter.record(record, body: true, kinds: context.vault.kinds)) }
        Console.out((record.document.string("analysis") ?? "").withVisibleControls)
        Console.err(context.terminal.dim(Message.ai(.analyzedBy(provider)).text(context.language)))
    }
}
