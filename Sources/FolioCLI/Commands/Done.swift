import ArgumentParser
import FolioCore
import FolioStore

/// `folio done` and `folio undone`: one command, which state it sets its only difference.
struct MarkDone<State: DoneState>: ParsableCommand {
    static var configuration: CommandConfiguration { State.configuration }

    @OptionGroup var idea: RecordArgument<AnIdea>
    @OptionGroup var output: OutputFormat<ChangedRecordJSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let updated = try context.vault.markDone(try context.record(idea.record), done: State.done)
        if output.json { return context.json(JSONWriter.record(updated, body: false, kinds: context.vault.kinds)) }
        context.say(State.said(updated.title))
    }
}

typealias Done = MarkDone<Ticked>
typealias Undone = MarkDone<Reopened>

/// The state `done` or `undone` sets, and what each says.
protocol DoneState {
    static var done: Bool { get }
    static var configuration: CommandConfiguration { get }
    static func said(_ title: String) -> Message
}

enum Ticked: DoneState {
    static let done = true
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "done", abstract: bilingual("Tick off an idea.", "把一個想法標為完成。"),
            discussion: bilingual("Example: folio done 5b0c", "例如：folio done 5b0c"))
    }
    static func said(_ title: String) -> Message { .markedDone(title) }
}

enum Reopened: DoneState {
    static let done = false
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "undone", abstract: bilingual("Mark an idea open again.", "把一個想法改回未完成。"),
            discussion: bilingual("Example: folio undone 5b0c", "例如：folio undone 5b0c"))
    }
    static func said(_ title: String) -> Message { .markedOpen(title) }
}
