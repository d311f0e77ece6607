import ArgumentParser
import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

/// The `folio` command: a journal store in plain Markdown files, synced with git.
public struct Folio: ParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "folio",
            abstract: bilingual(
                "A journal store in plain files: diary pages, ideas and magic 8 ball questions as Markdown with YAML front matter.",
                "用一般檔案保存的日記：日記頁、想法和魔術 8 球的問答，都是帶 YAML front matter 的 Markdown。"),
            discussion: bilingual(
                """
                A record is named by its id, a unique id prefix (4+ characters), its path, its slug, its title or an alias.
                The options every command takes (-C, --vault, --lang, --no-color, --allow-secret) go before \
                the command or after it: folio --vault ~/journal list, folio -C ~/journal list (as git -C), \
                folio list --lang en.
                Help and messages are in the vault's language (--lang first; outside a vault, the locale's).
                folio help dates and folio help query say how days and searches are written.

                Exit status:
                  0    success (check: no problems; list and search that find nothing too)
                  1    the command failed and said why; check found problems; config get
                       of a key not set; config of an unknown setting or a value it does
                       not take; a change was written but could not be committed; sync,
                       clone, media fetch or export when media did not come (each named;
                       folio media fetch tries again)
                  2    a usage error: an unknown command, option or value
                  3    sync, clone or media fetch could not reach the remote or its LFS
                       server (everything is committed here; the next sync sends it)
                  130  sync --watch stopped by a second Ctrl-C; embed stopped by Ctrl-C
                """,
                """
                紀錄可以用它的 id、不重複的 id 開頭（至少 4 個字元）、路徑、slug、標題或別名指定。
                每個指令都接受的選項（-C、--vault、--lang、--no-color、--allow-secret）可以放在指令前面或後面：
                folio --vault ~/journal list、folio -C ~/journal list（和 git -C 一樣）、folio list --lang en。
                說明和訊息使用資料庫的語言（--lang 優先；不在資料庫裡時依地區設定）。
                folio help dates 和 folio help query 說明日期和搜尋的寫法。

                結束狀態：
                  0    成功（check：沒有問題；list 和 search 找不到東西也算成功）
                  1    指令失敗並說明原因；check 找到問題；config get 的設定沒有設；
                       config 給了不認識的設定或它不接受的值；修改已寫入但無法提交；
                       sync、clone、media fetch 或 export 有媒體沒有下載（逐一列出；用 folio media fetch 再試）
                  2    用法錯誤：不認識的指令、選項或值
                  3    sync、clone 或 media fetch 連不上遠端或它的 LFS 伺服器
                       （所有修改都已在本機提交，下次同步會送出）
                  130  sync --watch 被第二次 Ctrl-C 停止；embed 被 Ctrl-C 停止
                """),
            version: "0.1.0",
            subcommands: [
                Init.self, CloneCommand.self, New.self, Idea.self, Diary.self, Ask.self, Chat.self, Summarize.self, Analyze.self,
                Transcribe.self, List.self, Search.self, Embed.self, Show.self, Links.self, Edit.self, SetCommand.self,
                Done.self, Undone.self, Remove.self, Attach.self, GarbageCollect.self, Tags.self, Cal.self, Stats.self, Check.self,
                Recall.self,
                ConfigCommand.self, ProfileCommand.self, Kinds.self,
                Conflicts.self, CommitCommand.self, SyncCommand.self, Status.self, Log.self, Undo.self, InboxCommand.self,
                ImportCommand.self,
                ExportCommand.self,
                CryptCommand.self, MediaCommand.self, MCPCommand.self, Serve.self, WatchCommand.self, CompletionsCommand.self,
            ])
    }

    /// The options every command takes, before the command's name or after it: each command reads
    /// them from here (`@ParentCommand`), and ArgumentParser reads a parent's options anywhere.
    @OptionGroup public var global: GlobalOptions

    public init() {}

    /// A word where a command made of subcommands expects one (`folio config frob`), with that
    /// command's name and its subcommands: said as such, not as an argument the default one does
    /// not take. Options are passed over, with the value of each that takes one.
    static func unknownSubcommand(_ arguments: [String]) -> UsageMessage? {
        var subcommands: [any ParsableCommand.Type] = configuration.subcommands
        var path: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" { return nil }
            if word.hasPrefix("-") {
                if ["-C", "--vault", "--lang"].contains(word) {
                    index += 1
                } else if !path.isEmpty, word != "-", !word.contains("="), !parses(path + [word]) {
                    // An option of the command's own that takes a value (`serve --port 0`): it
                    // does not parse alone, and the next word is its value, not a subcommand.
                    // Only the option is parsed, never a word that reads standard input (`-`).
                    index += 1
                }
                continue
            }
            guard !subcommands.isEmpty, !(path.isEmpty && word == "help") else { return nil }
            guard let found = subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) else {
                // An unknown command is ArgumentParser's to say, with its suggestion.
                if path.isEmpty { return nil }
                return .unknownSubcommand(command: path.joined(separator: " "), word: word, known: subcommands.map { $0._commandName })
            }
            subcommands = found.configuration.subcommands
            path.append(word)
            // A command of no subcommands takes the rest as its own words.
            if subcommands.isEmpty { return nil }
        }
        return nil
    }

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

    /// Whether ArgumentParser takes `arguments` as they are (a command and an option alone: whether
    /// the option needs no value).
    static func parses(_ arguments: [String]) -> Bool {
        do {
            _ = try parseAsRoot(arguments)
            return true
        } catch {
            return false
        }
    }

    /// Runs folio with `arguments` and returns the process exit status.
    ///
    /// SIGPIPE is ignored for the whole process first: a remote that drops the connection while
    /// folio sends, or a reader that closes folio's output, must give folio an error it handles
    /// (exit 3 and everything committed; output dropped), never end it in the middle of a write.
    public static func run(_ arguments: [String]) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        ConfiguredSecrets.shared.install(configuredSecrets)
        // Help and usage errors are made in the vault's language: chosen before the commands' texts are read.
        MessageLanguage.shared.set(HelpLanguage.choose(for: arguments))
        if let topic = HelpTopic.asked(in: arguments) {
            Console.out(topic.text)
            return 0
        }
        if let unknown = unknownHelpTopic(arguments) {
            Console.err(FolioError(.unknownCommand(unknown)).rendered(in: MessageLanguage.shared.current))
            return 2
        }
        if let usage = unknownSubcommand(arguments), case .unknownSubcommand(let command, _, _) = usage {
            // In ArgumentParser's shape, as every other usage error, and in the same words.
            let language = MessageLanguage.shared.current
            Console.err(
                ParserWords.localized(
                    """
                    Error: \(Message.usage(usage).text(language))
                    Usage: folio \(command) <subcommand>
                      See 'folio \(command) --help' for more information.
                    """, language))
            return 2
        }
        // Said once, whichever part of the command asked, and even when it failed otherwise: a
        // watcher that answers badly slows every command until it is stopped.
        defer {
            if let reason = WatchClient.takeFailure() {
                Console.err(FolioError(.watch(.unanswered(reason: reason))).rendered(in: MessageLanguage.shared.current, asWarning: true))
            }
            // Once its own work is done and said: a large vault it found unwatched is watched from now on.
            WatchLauncher.startAutomaticallyAndSay()
        }
        do {
            let command = try parseAsRoot(arguments)
            try await CommandThread.run(command)
            return ExitStatus.reportUncommitted() ? 1 : 0
        } catch {
            // `--body -` past the cap fails the parse; the reason is the input's, not the syntax's.
            if let failure = StandardInput.failure { return ExitStatus.report(failure, arguments: arguments) }
            return ExitStatus.report(error, arguments: arguments)
        }
    }

    /// The keys and tokens configured on this device, masked in everything folio says: the AI key
    /// (`FOLIO_AI_KEY`, `OPENAI_API_KEY`, `ai_key`) and the git tokens (`FOLIO_GIT_TOKEN`,
    /// `git_tokens`, `git_token`) of the environment and `~/.config/folio/credentials.yaml`.
    @Sendable static func configuredSecrets() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        var secrets = ["FOLIO_AI_KEY", "OPENAI_API_KEY", "FOLIO_GIT_TOKEN"].compactMap { environment[$0] }
        // try?: only what to mask; a credentials file that cannot be read is refused by whatever uses it.
        guard let credentials = try? Credentials.load(home: home) else { return secrets }
        if let key = credentials.aiKey { secrets.append(key) }
        // try?: only what to mask; a credentials file that cannot be read is refused by whatever uses it.
        if let file = try? CredentialsFile(credentials) { secrets += Array(file.tokens.values) + [file.fallback].compactMap { $0 } }
        return secrets
    }
}
