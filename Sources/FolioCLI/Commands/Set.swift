import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change keys of a record; only those lines and `modified` change.",
        discussion: "Example: folio set 5b0c title=\"新標題\" tags=rain,walk --unset done_at")

    @Argument(help: "The record: id, id prefix, path or slug.", completion: .custom(Completions.records)) var record: String
    @Argument(help: "KEY=VALUE assignments.") var assignments: [String] = []
    @Option(help: "A key to remove (repeat for more).") var unset: [String] = []
    @Flag(help: "Take keys the kind does not declare (your own keys, on purpose).") var extra = false
    @Flag(help: "Print the changed record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let found = try context.record(record)
        let updated = try context.vault.update(found, set: try assignments.map(keyValue), unset: unset, allowExtraKeys: extra)
        if json { return context.json(JSONWriter.record(updated, body: false)) }
        context.say(updated.document.text == found.document.text ? .nothingChanged : .updated(title: updated.title, path: updated.path))
    }
}

struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Tick off an idea.", discussion: "Example: folio done 5b0c")

    @Argument(help: "The idea: id, id prefix, path or slug.", completion: .custom(Completions.records)) var record: String
    @Flag(help: "Print the changed record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let found = try context.record(record)
        let updated = try context.vault.markDone(found, done: true)
        if json { return context.json(JSONWriter.record(updated, body: false)) }
        context.say(.markedDone(updated.title))
    }
}

struct Undone: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark an idea open again.", discussion: "Example: folio undone 5b0c")

    @Argument(help: "The idea: id, id prefix, path or slug.", completion: .custom(Completions.records)) var record: String
    @Flag(help: "Print the changed record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let found = try context.record(record)
        let updated = try context.vault.markDone(found, done: false)
        if json { return context.json(JSONWriter.record(updated, body: false)) }
        context.say(.markedOpen(updated.title))
    }
}
