import ArgumentParser

/// The one record a command acts on, named as a user would: its id, an id prefix of 4 or more
/// characters, its path, its slug or its title. `Noun` says in the help what kind of record
/// the command expects.
struct RecordArgument<Noun: HelpText>: ParsableArguments {
    @Argument(help: ArgumentHelp(Noun.help), completion: .custom(Completions.records)) var record: String
}

/// Any record.
enum AnyRecord: HelpText {
    static let help = "The record: id, id prefix, path or slug."
}

/// A to-do (`done`, `undone`).
enum AnIdea: HelpText {
    static let help = "The idea: id, id prefix, path or slug."
}

/// A page of the companion diary (`chat`, `summarize`, `analyze`).
enum ADiaryPage: HelpText {
    static let help = "The diary page: id, id prefix, path or slug."
}

/// A record, or a conflict copy sync kept beside one (`show`).
enum ARecordOrCopy: HelpText {
    static let help = "The record: id, id prefix, path or slug, or a conflict copy's path."
}
