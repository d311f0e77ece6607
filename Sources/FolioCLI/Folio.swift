import ArgumentParser
import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

/// The `folio` command: a journal store in plain Markdown files, synced with git.
public struct Folio: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "A journal store in plain files: diary pages, ideas and magic 8 ball questions as Markdown with YAML front matter.",
        discussion: """
            A record is named by its id, a unique id prefix (4+ characters), its path, its slug, its title or an alias.
            The options every command takes (-C, --vault, --lang, --no-color, --allow-secret) go before \
            the command or after it: folio --vault ~/journal list, folio -C ~/journal list (as git -C), \
            folio list --lang en.

            Exit status:
              0    success (check: no problems; list and search that find nothing succeed too)
              1    the command failed and said why; check found problems; config get of a key not set;
                   a change was written but could not be committed
              2    a usage error: an unknown command, option or value
              3    sync could not reach the remote (everything is committed locally)
              130  sync --watch stopped by a second Ctrl-C
            """,
        version: "0.1.0",
        subcommands: [
            Init.self, CloneCommand.self, New.self, Idea.self, Diary.self, Ask.self, Chat.self, Summarize.self, Analyze.self,
            Transcribe.self, List.self, Search.self, Show.self, Edit.self, SetCommand.self,
            Done.self, Undone.self, Remove.self, Attach.self, GarbageCollect.self, Tags.self, Cal.self, Stats.self, Check.self,
            ConfigCommand.self, ProfileCommand.self, Kinds.self,
            Conflicts.self, CommitCommand.self, SyncCommand.self, Status.self, Log.self, Undo.self, ImportCommand.self, ExportCommand.self,
            CryptCommand.self, MCPCommand.self,
        ])

    public init() {}

    /// The command `folio help NAME …` asks about when it is not one: help for an unknown command
    /// is a usage error, not the overview with exit 0.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help", arguments.count > 1 else { return nil }
        var commands: [any ParsableCommand.Type] = configuration.subcommands
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            guard let found = commands.first(where: { $0._commandName == name || $0.configuration.aliases.contains(name) }) else {
                return name
            }
            // A command without subcommands takes the rest as its own words (`help config set`).
            guard !found.configuration.subcommands.isEmpty else { return nil }
            commands = found.configuration.subcommands
        }
        return nil
    }

    /// Runs folio with `arguments` and returns the process exit status.
    ///
    /// SIGPIPE is ignored for the whole process first: a remote that drops the connection while
    /// folio sends, or a reader that closes folio's output, must give folio an error it handles
    /// (exit 3 and everything committed; output dropped), never end it in the middle of a write.
    public static func run(_ arguments: [String]) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        ConfiguredSecrets.shared.install(configuredSecrets)
        if let unknown = unknownHelpTopic(arguments) {
            Console.err(FolioError(.unknownCommand(unknown)).rendered(in: MessageLanguage.shared.current))
            return 2
        }
        do {
            var command = try parseAsRoot(GlobalOptions.movedAfterCommand(arguments, root: Folio.self))
            try command.run()
            return ExitStatus.reportUncommitted() ? 1 : 0
        } catch {
            return ExitStatus.report(error)
        }
    }

    /// The keys and tokens configured on this device, masked in everything folio says: the AI key
    /// (`FOLIO_AI_KEY`, `OPENAI_API_KEY`, `ai_key`) and the git tokens (`FOLIO_GIT_TOKEN`,
    /// `git_tokens`, `git_token`) of the environment and `~/.config/folio/credentials.yaml`.
    @Sendable static func configuredSecrets() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        var secrets = ["FOLIO_AI_KEY", "OPENAI_API_KEY", "FOLIO_GIT_TOKEN"].compactMap { environment[$0] }
        guard let credentials = try? Credentials.load(home: home) else { return secrets }
        if let key = credentials.aiKey { secrets.append(key) }
        if let file = try? CredentialsFile(credentials) { secrets += Array(file.tokens.values) + [file.fallback].compactMap { $0 } }
        return secrets
    }
}
