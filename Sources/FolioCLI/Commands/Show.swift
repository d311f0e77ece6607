import ArgumentParser
import Foundation
import FolioCore
import FolioStore

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one record.",
        discussion: "Examples: folio show 測試想法 · folio show 5b0c · folio show ideas/2026/11/2026-11-22-測試想法.md --json")

    @Argument(help: "The record: id, id prefix, path or slug.") var record: String
    @Flag(help: "Print the record as JSON, with its body.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let set = context.records(quiet: true)
        let found = try context.vault.resolve(record, in: set, workingDirectory: context.workingDirectory)
        if json {
            context.json(JSONWriter.record(found, body: true))
        } else {
            Console.page(found.document.text, terminal: context.terminal, environment: context.environment)
        }
    }
}
