import ArgumentParser

/// The one record a command acts on, named as a user would: its id, an id prefix of 4 or more
/// characters, its path, its slug or its title. `Noun` says in the help what kind of record
/// the command expects.
struct RecordArgument<Noun: HelpText>: ParsableArguments {
    @Argument(help: ArgumentHelp(Noun.help), completion: .custom(Completions.records)) var record: String
}

/// Any record.
enum AnyRecord: HelpText {
    static var help: String { bilingual("The record: id, id prefix, path, slug, title or alias.", "紀錄：id、id 開頭、路徑、slug、標題或別名。") }
}

/// A to-do (`done`, `undone`).
enum AnIdea: HelpText {
    static var help: String { bilingual("The idea: id, id prefix, path, slug, title or alias.", "想法：id、id 開頭、路徑、slug、標題或別名。") }
}

/// A page of the companion diary (`chat`, `summarize`, `analyze`).
enum ADiaryPage: HelpText {
    static var help: String { bilingual("The diary page: id, id prefix, path, slug, title or alias.", "日記頁：id、id 開頭、路徑、slug、標題或別名。") }
}

/// A record, or a conflict copy sync kept beside one (`show`).
enum ARecordOrCopy: HelpText {
    static var help: String {
        bilingual(
            "The record: id, id prefix, path, slug, title or alias, or a conflict copy's path.", "紀錄：id、id 開頭、路徑、slug、標題或別名，或衝突副本的路徑。")
    }
}
