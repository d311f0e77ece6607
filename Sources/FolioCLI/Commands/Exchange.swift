import ArgumentParser
import FolioCore
import FolioExchange
import FolioStore
import Foundation

/// Options every import takes.
struct ImportOptions: ParsableArguments {
    @Flag(help: "Only list what would be created; write nothing.") var dryRun = false
    @Flag(help: "Print the records created (or, with --dry-run, those that would be) as JSON.") var json = false
    @OptionGroup var global: GlobalOptions
}

/// Plans an import, says what it noticed, and writes it unless `--dry-run`.
func runImport(_ source: (Context) -> ImportSource, kind: String?, options: ImportOptions) throws {
    let context = try Context.open(options.global)
    let plan = try Importer.plan(source(context), kind: kind, into: context.vault)
    for warning in plan.warnings { context.warn(warning) }
    if options.dryRun { return ImportPrinter.dryRun(plan, json: options.json, context: context) }
    let result = try Importer.run(plan, into: context.vault, progress: ImportPrinter.progress(context))
    ImportPrinter.done(result, json: options.json, context: context)
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in entries from jrnl, Day One, a folder of Markdown files, or folio's own JSON export.",
        discussion: """
            Every entry is checked before anything is written; one that is malformed stops the whole import, \
            naming the entry. Records the vault already has (the same id) are left alone, so importing the \
            same source twice creates nothing twice. Everything is one commit, so `folio undo` takes it back.
            Examples:
              folio import jrnl journal.json
              folio import dayone ~/Downloads/Export.zip --dry-run
              folio import markdown ~/obsidian-vault --kind note
              folio import json vault.json
            """,
        subcommands: [ImportJrnl.self, ImportDayOne.self, ImportMarkdown.self, ImportJSON.self])
}

struct ImportJrnl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jrnl", abstract: "Import jrnl's `jrnl --export json` file (dates taken in this machine's time zone).")
    @Argument(help: "The JSON file jrnl wrote.") var file: String
    @Option(help: "The kind of the new records.") var kind: String = "diary"
    @OptionGroup var options: ImportOptions

    func run() throws {
        try runImport({ .jrnl($0.absoluteURL(file), shown: file) }, kind: kind, options: options)
    }
}

struct ImportDayOne: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dayone", abstract: "Import Day One's \"JSON in Zip\" export: the zip, its folder, or its Journal.json.")
    @Argument(help: "The zip, the unzipped folder, or Journal.json.") var path: String
    @Option(help: "The kind of the new records.") var kind: String = "diary"
    @OptionGroup var options: ImportOptions

    func run() throws {
        try runImport({ .dayOne($0.absoluteURL(path), shown: path) }, kind: kind, options: options)
    }
}

struct ImportMarkdown: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markdown",
        abstract: "Import a folder of .md files (Obsidian, zk, nb, plain), front matter kept, linked media imported.")
    @Argument(help: "The folder.") var folder: String
    @Option(help: "The kind of the new records.") var kind: String = "note"
    @OptionGroup var options: ImportOptions

    func run() throws {
        try runImport({ .markdown($0.absoluteURL(folder), shown: folder) }, kind: kind, options: options)
    }
}

struct ImportJSON: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json", abstract: "Import a file `folio export json` wrote: the same files, byte for byte.")
    @Argument(help: "The JSON file.") var file: String
    @OptionGroup var options: ImportOptions

    func run() throws {
        try runImport({ .folioJSON($0.absoluteURL(file), shown: file) }, kind: nil, options: options)
    }
}

/// The records an export takes: every record (the profile too) without filters, else those the filters take; by path.
func exportedRecords(_ filter: RecordFilter, context: Context) throws -> [Record] {
    let summaries = filter == RecordFilter() ? context.catalog().summaries : try context.summaries(filter)
    return context.vault.records(at: summaries.map(\.path).sorted()).compactMap { $0 }
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the vault's records out: lossless JSON, a folder of plain Markdown files, or a browsable site (html).",
        discussion: """
            Examples:
              folio export json > vault.json
              folio export json --kind diary --since 2026-01-01 --media > diary.json
              folio export markdown --out ~/leaving
              folio export html --open
            """,
        subcommands: [ExportJSON.self, ExportMarkdown.self, ExportHTML.self])
}

struct ExportJSON: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Every record as JSON on standard output: its keys, path, body and front matter as written.")
    @OptionGroup var filters: FilterOptions
    @Flag(help: "Embed the media the records use (base64), so the file alone carries everything.") var media = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let records = try exportedRecords(try filters.filter(), context: context)
        let files = media ? FolioJSON.mediaFiles(of: records, vault: context.vault) : []
        try FolioJSON.export(records, media: files, vault: context.vault, out: Console.outInline)
    }
}

struct ExportMarkdown: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markdown",
        abstract: "One .md per record (front matter kept), media copied to attachments/, links pointing there.")
    @Option(help: "The folder to write (empty or new).") var out: String
    @OptionGroup var filters: FilterOptions
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let records = try exportedRecords(try filters.filter(), context: context)
        let result = try MarkdownExport.export(records, vault: context.vault, to: context.absoluteURL(out), shown: out)
        context.say(.exchange(.exported(records: result.records, media: result.media, folder: out)))
    }
}
