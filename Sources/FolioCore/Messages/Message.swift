/// Every sentence folio says to a user, with its zh-Hant and English text in one place.
public enum Message: Sendable, Equatable {
    // Words used around messages.
    case errorWord, warningWord

    // Finding the vault.
    case noVaultFound
    case notAVault(String)
    case vaultAlreadyExists(String)
    /// The settings file could not be read; `problem` says why (nil: no detail).
    indirect case configDamaged(Message?)
    /// A settings file or template larger than folio reads (it is not read at all).
    case fileTooLarge(bytes: Int, limit: Int)
    /// This device's `.folio/local/limits.yaml` is there and cannot be read.
    case deviceLimitsDamaged(DeviceLimitsProblem)
    case gitDataMissing
    /// `-C FOLDER` names a folder folio cannot enter.
    case cannotEnterFolder(path: String, reason: String)

    // Record files.
    case noFrontMatter
    case frontMatterUnclosed
    case frontMatterSyntax(String)
    case duplicateKey(String)
    case frontMatterNotMapping
    case notUTF8
    case unsupportedLayout(String)
    case fileUnreadable(String)
    /// A folder that is there and cannot be listed.
    case folderUnreadable(SystemReason)
    case fileNameNotUTF8(String)
    case nameNotPortable(PortablePath.NameProblem)
    case skippedBadRecords(Int)
    /// Notices past the first ones an answer names (an MCP tool's `notes`).
    case moreNotices(Int)

    // References.
    case recordNotFound(String)
    case ambiguousReference(String, [String])
    case pathOutsideVault(String)
    case symlinkOutsideVault(String)

    // Kinds and fields.
    case unknownKind(String, [String])
    case missingRequired(key: String, kind: String)
    case badFieldValue(key: String, type: String, value: String)
    case valueNotAllowed(key: String, value: String, allowed: [AllowedValue])
    case fieldNeedsKeyValue(String)
    case fixedKey(String)
    /// A key the kind's template writes as the body's first words, given with a body as well: the
    /// words would live twice.
    case wordsGivenTwice(key: String, kind: String)
    /// `set` of a key whose words live in the body (``Kind/bodyFallbackKeys``).
    case wordsLiveInBody(key: String, kind: String)
    /// A key the kind computes from the record (a player's `level`): shown, never written.
    case computedKey(key: String, kind: String, from: [String])
    case templateInvalid(TemplateProblem)
    /// `edit`: the file changed on disk between opening the editor and saving.
    case changedWhileEditing
    indirect case templateBlocksWriting(kind: String, problem: Message)
    case parentKindMismatch(child: String, expected: String, found: String)
    case parentRequired(kind: String, parentKind: String)
    case notAChildKind(String)
    case unknownExample(String, [String])
    case exampleInstalled(String, [String])

    // Profile.
    case noProfile
    case profileSaved(String)
    case profileReplaced(removed: Int, name: String)

    // Writes.
    case created(kind: String, title: String, path: String)
    case updated(title: String, path: String)
    /// `set title=…` left the file's name, which no longer says the title.
    case titleKeepsFileName(String)
    case markedDone(String)
    case markedOpen(String)
    case nothingChanged
    case lockBusy
    case writeFailed(SystemReason)

    // Deleting.
    case deletePlanHeader(Int)
    case deleteRefusedByRule(child: String, kind: String, parent: String)
    case confirmDelete(Int)
    case needsYes
    case deleted(Int)
    case cancelled
    case orphanUnlinked(String)

    // Editing.
    /// The editor could not be started at all (`editor` is the command as set).
    case editorFailed(String)
    /// The editor ran and ended with a non-zero status (Vim's `:cq`): the edit is abandoned.
    case editorExited(editor: String, status: Int32)
    /// The shell could not find the editor's command (status 127) or could not run it (126).
    case editorNotFound(String)
    /// The editor was ended by a signal.
    case editorKilled(editor: String, signal: Int32)
    case editLeftInvalid
    case editReopenPrompt
    case editDiscarded(String)

    // Settings.
    case unknownSettingKey(String, [String])
    /// A value a setting does not take: typed for `config set` (`value`), or nil when unknown.
    case badSettingValue(key: String, expected: SettingExpectation, value: String? = nil)
    /// A value of the synced settings file a setting does not take: the default applies instead
    /// (`fallback`, nil when the setting has none) until the file is fixed.
    case settingFallsBack(key: String, value: String, expected: SettingExpectation, fallback: String?)
    case settingSet(key: String, value: String)
    case settingUnset(String)
    /// `clone` of a URL with a password: it was used for the clone and kept nowhere.
    case clonePasswordNotKept(host: String)
    /// `config trust KEY`: the vault's value of `key` is confirmed on this device.
    case settingTrusted(key: String, value: String)
    /// `config trust KEY` for a setting that needs no confirmation.
    case settingNeedsNoTrust(String)
    /// `config trust KEY` for a setting that is not set.
    case settingNotSet(String)
    /// `config set` or `unset` of a setting whose effect lives in files a command writes with it
    /// (`.gitattributes`, git's configuration): the value alone would change nothing, so that command does it.
    case settingSetByCommand(key: String, command: String)
    /// `config set` or `unset` turning off what no folio command turns off (LFS, encryption).
    case settingCannotBeTurnedOff(String)

    // Checking.
    case checkClean(Int)
    case checkOrphan(path: String, parent: String)
    case checkDuplicateID(id: String, paths: [String])
    case checkUnknownKind(path: String, kind: String)
    case checkMissingID(String)
    case checkProblems(Int)

    // Listing.
    case noRecords
    /// An import's media were not all copied in; nothing was written.
    case mediaImportUnfinished
    /// `folio help NAME` for a command that does not exist.
    case unknownCommand(String)
    /// `show`: the heading over a record's children (a baby's sleeps).
    case childrenHeading(count: Int)
    /// `show`: the heading over the values a kind computes from the record (never written to it).
    case computedHeading

    // History and sync.
    case committedByHand(Int)
    case nothingToCommit
    case leftOutOfCommit
    case commitFailed(SystemReason)
    case credentialsFileUnreadable(path: String, reason: String)
    case sshKeyMissing(path: String)
    /// Git failed while folio did `operation`; said as that command's failure, in the user's words
    /// when the disk is why.
    case gitFailed(GitOperation, SystemReason)
    case noRemote
    case remoteUnreachable(url: String, reason: String)
    /// The remote is a path on this machine, and nothing is there (a drive not mounted, a typo).
    case remoteFolderMissing(url: String)
    case syncDone(received: Int, sent: Int)
    case syncUpToDate
    case syncConflict(path: String, copy: String)
    case syncParentKept(path: String, child: String)
    case syncRenamed(path: String, renamed: String)
    case unknownHost(host: String, key: String, command: String)
    case hostKeyChanged(host: String, key: String)
    case hostKeyRevoked(host: String)
    case authenticationFailed(url: String, reason: String)
    case credentialsFileTooOpen(path: String)
    case pushRejected(String)
    case syncGaveUp(Int)
    case mergeBlockedByUnparsable([String])
    case staleLockRemoved(String)
    /// git's own settings (`.git/config`) for git-crypt's and LFS's filters were missing or stale
    /// and are written now, so a stock `git` encrypts and stores media as folio does.
    case stockGitConfigured([String])
    case interruptedSyncFinished
    /// The commit of a command that was killed after writing its files (an import), made now.
    case interruptedCommitFinished(summary: String, files: Int)
    /// A sync killed between writing files and moving the branch could not be finished.
    case interruptedSyncNotFinished(reason: String)
    /// `check`: a temporary file a killed write left beside the records.
    case strayTemporaryFile(String)
    case undone(String)
    case wouldUndo(String)
    case nothingToUndo
    case undoWouldRevertOthers(summary: String, later: Int)
    case undoConflicts(String)
    case noHistory
    case notInHistoryAt(record: String, at: String)
    case unknownRevision(String)
    case statusChanged(Int)
    case statusAheadBehind(ahead: Int, behind: Int)
    case statusConflicts(Int)
    case statusRemote(String)
    case statusLastSync(String)
    case statusLastError(String)
    case statusClean
    case watching(Int)
    case watchStopped
    case cloned(String)
    case targetNotEmpty(String)

    // Search.
    /// Nothing matched; `tags` are the tags the search was scoped to (none: the whole vault).
    case searchNoMatch(tags: [String], diaryOnly: Bool)
    /// A tag the search was scoped to that no record carries.
    case searchTagUnused(String, diaryOnly: Bool)
    case queryUnclosedQuote(column: Int)
    case queryTooLong(limit: Int)
    case queryUnknownFilter(name: String, column: Int, known: [String])
    case queryBadDate(text: String, column: Int)
    case queryEmpty
    case queryDanglingOperator(column: Int)
    case queryMissingFilterValue(name: String, column: Int)
    case queryInvalidFilterValue(filter: String, value: String, column: Int)

    // Tags, calendar and statistics.
    /// The first line of `folio tags`: every record, like the companion diary's "All" tile.
    case tagsAll
    case calMonthTitle(year: Int, month: Int)
    /// A month's name in the year view, with its number of records when there are any.
    case calMonthHeading(month: Int, records: Int)
    case calYearTitle(Int)
    /// A weekday's short name, 0 for Sunday.
    case calWeekday(Int)
    case calMonthSummary(records: Int, days: Int)
    case calDayCount(day: Int, count: Int)
    case calYearSummary(records: Int, days: Int)
    case calNoRecords
    case badCalendarArgument(String)
    case statsByKind, statsByMonth, statsTopTags
    /// Beside a search hit found by meaning: how close its best passage is (a cosine, `0.84`).
    case searchCloseInMeaning(String)
    case statsKeyHeading, statsSamplesHeading, statsSumHeading, statsAvgHeading, statsMinHeading, statsMaxHeading
    case statsRateHeading, statsMatchedHeading, statsRecordsHeading
    case statsDayHeading, statsMonthHeading, statsWeekHeading, statsYearHeading
    case statsNoValues(String)

    // Init.
    case initialised(String)
    case askName, askBirthday, askGender

    // Media: photos, videos, voice notes.
    case media(MediaMessage)

    // The magic 8 ball and removing by filter.
    case ask(AskMessage)
    /// Questions put to the journal: `folio recall`.
    case journal(JournalMessage)
    case ai(AIMessage)
    case lock(LockMessage)
    /// Files as files: saves that landed during a write, what commits leave out, colliding names, standard input.
    case file(FileMessage)
    case recordLimit(RecordLimitMessage)
    case recordInput(RecordInputMessage)
    /// Keys and tokens, control bytes, links out of the vault, conflict copies.
    case guarded(GuardMessage)
    case remote(RemoteMessage)
    /// `folio check`'s findings about common keys, and `check --fix`.
    case check(CheckMessage)
    case links(LinkMessage)
    /// Conflict copies: `folio conflicts`.
    case conflict(ConflictMessage)
    /// Drafts `folio edit` left behind.
    case draft(DraftMessage)
    /// `folio import` and `folio export`.
    case exchange(ExchangeMessage)
    /// `folio inbox`, and `sync` adopting what other apps dropped into `inbox/`.
    case inbox(InboxMessage)
    /// The browsable site `folio export html` writes.
    case site(SiteMessage)
    /// An encrypted vault: `folio crypt`, `clone --key`, a device without the key.
    case crypt(CryptMessage)
    /// Media through Git LFS: sending, fetching, not downloaded yet.
    case lfs(LFSMessage)
    /// A transfer of which a part did not happen: said as the command's failure.
    case transfer(TransferMessage)
    /// `folio watch`: the server that tells commands which files changed.
    case watch(WatchMessage)
    /// A command line folio cannot take.
    case usage(UsageMessage)
    /// `folio mcp`: requests and arguments an AI assistant sent that folio refuses.
    case mcp(MCPMessage)
    /// `folio serve`: the web app, what it says on its pages and on standard error.
    case web(WebMessage)
    /// Search by meaning: `folio embed`, and what `folio search` says of its vectors.
    case embed(EmbedMessage)

    /// The sentence in `language`. What it quotes of a file or a server (a title, a reason) cannot
    /// drive the terminal: control characters but newline and tab show as their pictures.
    public func text(_ language: Language) -> String {
        let (zh, en) = pair
        return (language == .zhHant ? zh : en).withVisibleControls
    }

    private static func portabilityPair(_ problem: PortablePath.NameProblem) -> (String, String) {
        let rest = (
            "其他裝置（例如 Windows）寫不出這個檔名，整個同步都會失敗；請改名。",
            "another device (Windows, for one) could not write it and would fail to sync the whole vault; rename it."
        )
        let (zh, en): (String, String) =
            switch problem {
            case .notUTF8: ("檔名不是 UTF-8", "the name is not UTF-8")
            case .emptyComponent: ("路徑裡有空的名字", "the path has an empty name in it")
            case .tooLong(let start): ("「\(start)」超過 255 位元組", "'\(start)' is longer than 255 bytes")
            case .controlCharacter(let value):
                ("名字裡有控制字元 \(GuardMessage.codePoint(value))", "the name holds the control character \(GuardMessage.codePoint(value))")
            case .windowsCharacter(let character):
                ("名字裡有 Windows 不允許的「\(character)」", "the name holds '\(character)', which Windows does not allow")
            case .endsWithDotOrSpace(let name): ("「\(name)」以句點或空格結尾", "'\(name)' ends with a dot or a space")
            case .windowsDeviceName(let name): ("「\(name)」是 Windows 保留的裝置名稱", "'\(name)' is a device name Windows reserves")
            }
        return (zh + "，" + rest.0, en + ", so " + rest.1)
    }

    /// What `config trust` confirms of where data goes: the endpoint settings and `.lfsconfig`'s server.
    private static var endpointKeys: [String] { SettingKey.all.filter(\.isEndpoint).map(\.name) + ["lfs.url"] }

    /// The known setting `key` most looks like: a typo of its whole name (`ai.provder`), or its
    /// last part alone or mistyped (`provider`, `intervall`) when only one setting ends so.
    static func nearestSetting(to key: String, among known: [String]) -> String? {
        if let whole = RecordInputMessage.closest(to: key, among: known) { return whole }
        let last = key.split(separator: ".").last.map(String.init) ?? key
        let ends = known.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
        guard let near = RecordInputMessage.closest(to: last, among: ends) else { return nil }
        let matching = known.filter { ($0.split(separator: ".").last.map(String.init) ?? $0) == near }
        return matching.count == 1 ? matching[0] : nil
    }

    /// A message quoted inside another, without its closing full stop.
    private static func trimmed(_ text: String) -> String {
        text.hasSuffix(".") || text.hasSuffix("。") ? String(text.dropLast()) : text
    }

    // swiftlint:disable:next function_body_length
    var pair: (String, String) {
        switch self {
        case .errorWord: ("錯誤", "error")
        case .warningWord: ("警告", "warning")
        case .noVaultFound:
            (
                "這裡和上層目錄都沒有 folio 資料庫。請用 --vault 路徑、設定 FOLIO_VAULT，或執行 `folio init 目錄` 建立一個。",
                "no folio vault here or in any parent directory. Use --vault PATH, set FOLIO_VAULT, or create one with `folio init DIR`."
            )
        case .notAVault(let path):
            (
                "「\(path.quotedPath)」不是 folio 資料庫（沒有 .folio/）。要建立請執行 `folio init \(path.quotedPath)`。",
                "'\(path.quotedPath)' is not a folio vault (it has no .folio/). To make one, run `folio init \(path.quotedPath)`."
            )
        case .vaultAlreadyExists(let path):
            ("「\(path.quotedPath)」已經是 folio 資料庫了。", "'\(path.quotedPath)' is already a folio vault.")
        case .configDamaged(let problem):
            (
                "無法讀取 .folio/config.yaml\(problem.map { "（\(Self.trimmed($0.text(.zhHant)))）" } ?? "")，先用預設設定。修好這個檔案，或用 `git checkout .folio/config.yaml` 還原。",
                "could not read .folio/config.yaml\(problem.map { " (\(Self.trimmed($0.text(.en))))" } ?? ""); using the defaults. Fix the file, or restore it with `git checkout .folio/config.yaml`."
            )
        case .deviceLimitsDamaged(let problem):
            (
                "無法讀取 .folio/local/limits.yaml（\(problem.pair.0)），這台裝置的上限先用預設值，folio 也不會改寫它。修好這個檔案，或刪掉它再用 `folio config set` 重新設定上限。",
                "could not read .folio/local/limits.yaml (\(problem.pair.1)); this device's ceilings are the defaults until it is fixed, and folio will not write over it. Fix the file, or remove it and set the limits again with `folio config set`."
            )
        case .fileTooLarge(let bytes, let limit):
            ("檔案有 \(bytes) 位元組，超過上限 \(limit)", "the file is \(bytes) bytes, over the limit of \(limit)")
        case .gitDataMissing:
            (
                "這個資料庫沒有 git 資料（找不到 .git），紀錄照常可用，但沒有歷史也無法同步。在資料庫目錄執行 `git init` 或從遠端重新 clone 即可修復。",
                "this vault has no git data (.git is missing): records still work, but there is no history and no sync. Run `git init` in the vault, or clone it again from its remote."
            )
        case .noFrontMatter:
            (
                "檔案開頭沒有 front matter（第一行應該是 ---），folio 不會改寫它。",
                "the file has no front matter (its first line should be ---); folio will not rewrite it."
            )
        case .frontMatterUnclosed:
            ("front matter 沒有結尾的 --- 行。", "the front matter has no closing --- line.")
        case .frontMatterSyntax(let problem):
            ("front matter 不是有效的 YAML：\(YAMLProblem.zhHant(problem))", "the front matter is not valid YAML: \(problem)")
        case .duplicateKey(let key):
            ("front matter 裡「\(key)」出現了兩次。", "the key '\(key)' appears twice in the front matter.")
        case .frontMatterNotMapping:
            ("front matter 必須是「鍵: 值」的形式。", "the front matter must be keys and values (a YAML mapping).")
        case .notUTF8:
            ("檔案不是 UTF-8 編碼，folio 不會改寫它。", "the file is not UTF-8 text; folio will not rewrite it.")
        case .unsupportedLayout(let key):
            (
                "「\(key)」的寫法 folio 無法安全地只改這一項，請手動編輯。",
                "the key '\(key)' is written in a way folio cannot change on its own; edit it by hand."
            )
        case .fileNameNotUTF8(let quoted):
            (
                "檔名 \(quoted) 不是 UTF-8，folio 不讀它也不提交它；請把它改成一般的名字。",
                "the file name \(quoted) is not UTF-8; folio neither reads nor commits it. Rename it."
            )
        case .nameNotPortable(let problem):
            Self.portabilityPair(problem)
        case .fileUnreadable(let reason):
            ("無法讀取檔案：\(reason)", "could not read the file: \(reason)")
        case .folderUnreadable(let reason):
            ("無法讀取資料夾：\(reason.pair.0)", "could not read the folder: \(reason.pair.1)")
        case .skippedBadRecords(let count):
            (
                "有 \(count) 個檔案無法讀取，已略過；執行 `folio check` 查看。",
                "\(count) file\(count == 1 ? "" : "s") could not be read and \(count == 1 ? "was" : "were") skipped; run `folio check` for details."
            )
        case .moreNotices(let count):
            (
                "還有 \(count) 則提醒未列出；執行 `folio check` 查看。",
                "\(count) more notice\(count == 1 ? "" : "s") not listed; run `folio check` to see them."
            )
        case .recordNotFound(let ref):
            (
                "找不到紀錄「\(ref)」。可以用 id、id 開頭（至少 4 個字元）、路徑、slug、標題或別名指定。",
                "no record matches '\(ref)'. Name a record by its id, an id prefix (4 characters or more), its path, its slug, its title or an alias."
            )
        case .ambiguousReference(let ref, let candidates):
            (
                "「\(ref)」符合多筆紀錄，請寫得更完整：\n  " + candidates.joined(separator: "\n  "),
                "'\(ref)' matches more than one record; be more specific:\n  " + candidates.joined(separator: "\n  ")
            )
        case .pathOutsideVault(let path):
            ("路徑「\(path.quotedPath)」在資料庫之外，folio 不會讀寫它。", "the path '\(path.quotedPath)' is outside the vault; folio will not touch it.")
        case .symlinkOutsideVault(let path):
            (
                "「\(path.quotedPath)」是指向資料庫之外的符號連結，已略過。",
                "'\(path.quotedPath)' is a symbolic link that leads outside the vault; it was not followed."
            )
        case .unknownKind(let kind, let known):
            (
                "不認識的類型「\(kind)」。可用的類型：\(known.joined(separator: ", "))。自訂類型請放在 .folio/templates/\(kind).md。",
                "unknown kind '\(kind)'. Known kinds: \(known.joined(separator: ", ")). Define a kind in .folio/templates/\(kind).md."
            )
        case .missingRequired(let key, let kind):
            (
                "「\(kind)」紀錄必須有「\(key)」。用 --field \(key)=值 提供。",
                "a '\(kind)' record needs '\(key)'. Give it with --field \(key)=VALUE."
            )
        case .badFieldValue(let key, let type, let value):
            // `type` is a FieldType's name (int, date…), said in words of the language.
            (
                "「\(key)」必須是\(FieldType(rawValue: type)?.names.0 ?? type)，但收到「\(value)」。沒有寫入任何東西。",
                "'\(key)' must be \(FieldType(rawValue: type)?.names.1 ?? type), but got '\(value)'. Nothing was written."
            )
        case .valueNotAllowed(let key, let value, let allowed):
            (
                "「\(key)」不能是「\(value)」，可用的值：\(allowed.map { $0.text(.zhHant) }.joined(separator: "、"))。",
                "'\(key)' cannot be '\(value)'; allowed values: \(allowed.map { $0.text(.en) }.joined(separator: ", "))."
            )
        case .fieldNeedsKeyValue(let text):
            ("「\(text)」的格式應該是 鍵=值。", "'\(text)' should be KEY=VALUE.")
        case .computedKey(let key, let kind, let from):
            (
                "「\(key)」是「\(kind)」從\(from.map { "「\($0)」" }.joined(separator: "、"))算出來的，不寫進檔案；要改它，請改\(from.map { "「\($0)」" }.joined(separator: "、"))。沒有寫入任何東西。",
                "'\(key)' is computed by '\(kind)' from \(from.map { "'\($0)'" }.joined(separator: ", ")) and never written; change \(from.map { "'\($0)'" }.joined(separator: ", ")) instead. Nothing was written."
            )
        case .fixedKey(let key):
            ("「\(key)」是紀錄的身分，不能修改。", "'\(key)' is the record's identity and cannot be changed.")
        case .wordsGivenTwice(let key, let kind):
            (
                "\(kind)的「\(key)」就是本文開頭的文字，兩個都給會存兩份：請只給其中一個（整頁的文字放在本文）。",
                "a \(kind)'s '\(key)' is its body's first words: given both, the words would live twice. Give one of them (the whole page as the body)."
            )
        case .wordsLiveInBody(let key, let kind):
            (
                "\(kind)的「\(key)」就是本文的文字，只存在本文裡：請直接改本文，免得存成兩份。",
                "a \(kind)'s '\(key)' is its body's words, kept in the body alone: change the body instead, so the words never live twice."
            )
        case .templateInvalid(let problem):
            ("範本有錯：\(problem.pair.0)", "the template is invalid: \(problem.pair.1)")
        case .changedWhileEditing:
            (
                "寫入失敗：你編輯的時候，檔案在磁碟上被改過了。原本的檔案沒有被改動；再執行一次 folio edit 會從新的內容開始。",
                "could not write: the file changed on disk while you were editing. The original file is unchanged; run folio edit again to start from the new text."
            )
        case .templateBlocksWriting(let kind, let problem):
            (
                "「\(kind)」的範本有錯，所以沒有寫入任何東西：\(Self.trimmed(problem.text(.zhHant)))。修正範本，或刪掉它改用內建的。",
                "the template of '\(kind)' is invalid, so nothing was written: \(Self.trimmed(problem.text(.en))). Fix the template, or remove it to use the built-in one."
            )
        case .parentKindMismatch(let child, let expected, let found):
            (
                "「\(child.quotedPath)」的上層必須是「\(expected)」紀錄，但指定的是「\(found)」。",
                "the parent of a '\(child.quotedPath)' must be a '\(expected)' record, not a '\(found)'."
            )
        case .parentRequired(let kind, let parentKind):
            (
                "「\(kind)」紀錄需要上層「\(parentKind)」：用 --parent 指定。",
                "a '\(kind)' record belongs to a '\(parentKind)': name it with --parent."
            )
        case .notAChildKind(let kind):
            ("「\(kind)」類型沒有上層，不能用 --parent。", "the kind '\(kind)' has no parent kind, so --parent does not apply.")
        case .unknownExample(let name, let known):
            (
                "沒有「\(name)」這個範例。可用：\(known.joined(separator: ", "))。",
                "there is no example called '\(name)'. Available: \(known.joined(separator: ", "))."
            )
        case .exampleInstalled(let name, let kinds):
            (
                "已加入範例「\(name)」的類型：\(kinds.joined(separator: ", "))。",
                "added the kinds of the '\(name)' example: \(kinds.joined(separator: ", "))."
            )
        case .noProfile:
            (
                "這個資料庫還沒有主人。請先建立：`folio profile set --name 名字 --birthday 1995-04-02 --gender female`。",
                "this vault has no owner yet. Create one first: `folio profile set --name NAME --birthday 1995-04-02 --gender female`."
            )
        case .profileSaved(let name):
            ("已儲存主人資料：\(name)", "saved the owner's profile: \(name)")
        case .profileReplaced(let removed, let name):
            ("已清除 \(removed) 筆紀錄並建立新的主人：\(name)", "removed \(removed) record\(removed == 1 ? "" : "s") and set the new owner: \(name)")
        case .created(let kind, let title, let path):
            ("已新增 \(kind)「\(title)」：\(path.quotedPath)", "added \(kind) \"\(title)\": \(path.quotedPath)")
        case .updated(let title, let path):
            ("已更新「\(title)」：\(path.quotedPath)", "updated \"\(title)\": \(path.quotedPath)")
        case .titleKeepsFileName(let path):
            (
                "檔名不變，仍是 \(path.quotedPath)：改標題不會改檔名，連結、歷史和其他裝置都還找得到它；要改檔名請用 `git mv` 再 `folio commit`。",
                "the file keeps its name \(path.quotedPath): a new title does not rename the file, so links, history and other devices still find it; to rename it, `git mv` it, then `folio commit`."
            )
        case .markedDone(let title):
            ("已完成「\(title)」", "done: \"\(title)\"")
        case .markedOpen(let title):
            ("已改回未完成「\(title)」", "open again: \"\(title)\"")
        case .nothingChanged:
            ("沒有任何變更。", "nothing changed.")
        case .lockBusy:
            ("另一個 folio 正在寫入這個資料庫，請稍後再試。", "another folio is writing to this vault; try again in a moment.")
        case .writeFailed(let reason):
            ("寫入失敗：\(reason.pair.0)。原本的檔案沒有被改動。", "could not write: \(reason.pair.1). The original file is unchanged.")
        case .deletePlanHeader(let count):
            ("將刪除 \(count) 筆紀錄：", "\(count) record\(count == 1 ? "" : "s") will be removed:")
        case .deleteRefusedByRule(let child, let kind, let parent):
            (
                "無法刪除「\(parent)」：底下的 \(kind)「\(child.quotedPath)」設定為不可連帶刪除（refuse）。請先處理它。",
                "cannot remove \"\(parent)\": its \(kind) \"\(child.quotedPath)\" refuses to be removed with its parent (rule: refuse). Deal with it first."
            )
        case .confirmDelete(let count):
            ("確定要刪除這 \(count) 筆紀錄嗎？[y/N] ", "Remove these \(count) record\(count == 1 ? "" : "s")? [y/N] ")
        case .needsYes:
            (
                "不在終端機上時，刪除需要加上 --yes（或先用 --dry-run 看看會刪除什麼）。",
                "not on a terminal: removing needs --yes (or look first with --dry-run)."
            )
        case .deleted(let count):
            ("已刪除 \(count) 筆紀錄。", "removed \(count) record\(count == 1 ? "" : "s").")
        case .cancelled:
            ("已取消，沒有任何變更。", "cancelled; nothing changed.")
        case .orphanUnlinked(let path):
            ("已清除上層連結：\(path.quotedPath)", "cleared the parent link: \(path.quotedPath)")
        case .editorFailed(let editor):
            ("無法啟動編輯器「\(editor)」。請設定 $VISUAL 或 $EDITOR。", "could not start the editor '\(editor)'. Set $VISUAL or $EDITOR.")
        case .editorExited(let editor, let status):
            (
                "編輯器「\(editor)」以狀態 \(status) 結束，表示放棄這次編輯：沒有任何變更。",
                "the editor '\(editor)' exited with status \(status), which abandons the edit: nothing changed."
            )
        case .editorNotFound(let editor):
            (
                "找不到編輯器「\(editor)」，沒有任何變更。請把 $VISUAL 或 $EDITOR 設為可執行的編輯器。",
                "there is no editor '\(editor)'; nothing changed. Set $VISUAL or $EDITOR to an editor that runs."
            )
        case .editorKilled(let editor, let signal):
            ("編輯器「\(editor)」被訊號 \(signal) 中止，沒有任何變更。", "the editor '\(editor)' was stopped by signal \(signal); nothing changed.")
        case .editLeftInvalid:
            ("存檔後的內容無法解析，原本的檔案沒有被改動。", "the saved text does not parse; the original file is unchanged.")
        case .editReopenPrompt:
            ("要重新開啟編輯器修正嗎？[Y/n] ", "Open the editor again to fix it? [Y/n] ")
        case .editDiscarded(let path):
            (
                "修改沒有存入紀錄，原本的檔案沒有被改動；你寫的內容保留在 \(path.quotedPath)",
                "the edit was not saved and the original file is unchanged; your text is kept in \(path.quotedPath)"
            )
        case .unknownSettingKey(let key, let known):
            if let near = Self.nearestSetting(to: key, among: known) {
                (
                    "不認識的設定「\(key)」，你是指「\(near)」嗎？`folio config list` 會列出所有設定。",
                    "unknown setting '\(key)'; did you mean '\(near)'? `folio config list` shows every setting."
                )
            } else {
                (
                    "不認識的設定「\(key)」。可用的設定：\n  " + known.joined(separator: "\n  "),
                    "unknown setting '\(key)'. Known settings:\n  " + known.joined(separator: "\n  ")
                )
            }
        case .badSettingValue(let key, let expected, let value?):
            ("設定「\(key)」必須是\(expected.afterChineseWord)，不是「\(value)」。", "the setting '\(key)' must be \(expected.pair.1), not '\(value)'.")
        case .badSettingValue(let key, let expected, nil):
            ("設定「\(key)」必須是\(expected.afterChineseWord)。", "the setting '\(key)' must be \(expected.pair.1).")
        case .settingFallsBack(let key, let value, let expected, let fallback):
            (
                "設定「\(key)」是「\(value)」，但它必須是\(expected.afterChineseWord)；修好之前"
                    + (fallback.map { "先用預設值 \($0)" } ?? "當作沒有設定") + "（`folio config set \(key) …` 或 `folio config unset \(key)`）。",
                "the setting '\(key)' is '\(value)', but it must be \(expected.pair.1); "
                    + (fallback.map { "its default, \($0), applies" } ?? "it counts as not set")
                    + " until it is fixed (`folio config set \(key) …` or `folio config unset \(key)`)."
            )
        case .settingSet(let key, let value):
            ("\(key) = \(value)", "\(key) = \(value)")
        case .settingUnset(let key):
            ("已移除設定 \(key)，改用預設值。", "removed \(key); the default applies.")
        case .clonePasswordNotKept(let host):
            (
                "網址裡的密碼只用在這次複製，沒有存下來（它會以明文留在 .git/config 裡）。之後同步需要的權杖請放在 ~/.config/folio/credentials.yaml（git_tokens: \(host): …）或環境變數 FOLIO_GIT_TOKEN。",
                "the password in the URL was used for this clone only and kept nowhere (it would sit in .git/config in plain text). For later syncs, keep the token in ~/.config/folio/credentials.yaml (git_tokens: \(host): …) or FOLIO_GIT_TOKEN."
            )
        case .settingTrusted(let key, let value):
            ("這台裝置已確認 \(key) = \(value)。", "confirmed on this device: \(key) = \(value).")
        case .settingNeedsNoTrust(let key):
            (
                "設定「\(key)」不需要在這台裝置上確認：只有資料要送去的地方（\(Self.endpointKeys.joined(separator: "、"))）和網路時限（sync.timeout、sync.deadline、ai.timeout、ai.deadline）需要。",
                "the setting '\(key)' needs no confirmation on this device: only where data goes (\(Self.endpointKeys.joined(separator: ", "))) and the network limits (sync.timeout, sync.deadline, ai.timeout, ai.deadline) do."
            )
        case .settingNotSet(let key):
            ("設定「\(key)」沒有設定值，沒有什麼可以確認。", "the setting '\(key)' is not set: there is nothing to confirm.")
        case .settingSetByCommand(let key, let command):
            (
                "設定「\(key)」不能用 `folio config set` 改：它管的事寫在 .gitattributes 和 git 的設定裡，只改這個值不會有任何作用。請執行 \(command)，它會一起改好。",
                "the setting '\(key)' is not changed with config: what it governs is written in .gitattributes and git's configuration, so the value alone would change nothing. Run \(command), which changes both."
            )
        case .settingCannotBeTurnedOff(let key):
            (
                "設定「\(key)」不能關掉：已經這樣提交的檔案和 .gitattributes 還是照它存放，folio 也沒有關掉它的指令。",
                "the setting '\(key)' cannot be turned off: the files already committed this way and .gitattributes keep following it, and no folio command turns it off."
            )
        case .checkClean(let count):
            ("檢查了 \(count) 筆紀錄，沒有問題。", "checked \(count) record\(count == 1 ? "" : "s"): no problems.")
        case .checkOrphan(let path, let parent):
            ("\(path.quotedPath)：上層紀錄 \(parent) 不存在（孤兒紀錄）", "\(path.quotedPath): its parent \(parent) does not exist (orphan)")
        case .checkDuplicateID(let id, let paths):
            (
                "id \(id) 重複：\(paths.map(\.quotedPath).joined(separator: ", "))",
                "the id \(id) is used by more than one file: \(paths.map(\.quotedPath).joined(separator: ", "))"
            )
        case .checkUnknownKind(let path, let kind):
            ("\(path.quotedPath)：不認識的類型「\(kind)」", "\(path.quotedPath): unknown kind '\(kind)'")
        case .checkMissingID(let path):
            ("\(path.quotedPath)：沒有 id", "\(path.quotedPath): has no id")
        case .checkProblems(let count):
            ("發現 \(count) 個問題。", "found \(count) problem\(count == 1 ? "" : "s").")
        case .computedHeading: ("計算出來的值（不寫入檔案）", "computed (never written to the file)")
        case .childrenHeading(let count): ("子紀錄（\(count) 筆）", "Children (\(count))")
        case .unknownCommand(let name):
            ("沒有「\(name)」這個指令；`folio help` 會列出所有指令。", "there is no command '\(name)'; `folio help` lists them all.")
        case .mediaImportUnfinished:
            ("媒體沒有全部匯入完成，所以什麼都沒有寫入；請再試一次。", "the media import did not finish, so nothing was written; try again.")
        case .noRecords:
            ("沒有紀錄。", "no records.")
        case .committedByHand(let count):
            ("已提交 \(count) 個手動修改的檔案。", "committed \(count) file\(count == 1 ? "" : "s") changed by hand.")
        case .nothingToCommit:
            ("沒有需要提交的修改。", "nothing to commit.")
        case .leftOutOfCommit:
            ("這個檔案沒有提交：修正後執行 `folio commit`。", "this file was left out of the commit: fix it, then run `folio commit`.")
        case .commitFailed(let reason):
            (
                "修改已存檔，但沒有提交到歷史（\(reason.pair.0)）。請執行 `folio commit` 提交它（`folio sync` 也會補上）。",
                "the change is saved but not committed to history (\(reason.pair.1)). Run `folio commit` to commit it (`folio sync` does too)."
            )
        case .gitFailed(let operation, let reason) where reason.isDiskTrouble:
            (
                "\(reason.pair.0)：folio \(operation.rawValue) 沒有完成，已寫入的東西都沒有遺失。請先處理磁碟（騰出空間），再執行一次。",
                "\(reason.pair.1): folio \(operation.rawValue) could not finish; nothing already written is lost. Deal with the disk (free some space), then run it again."
            )
        case .gitFailed(.sync, let reason):
            ("同步失敗：\(reason.pair.0)。所有修改都已在本機提交。", "sync failed: \(reason.pair.1). Everything is committed on this device.")
        case .gitFailed(let operation, let reason):
            ("folio \(operation.rawValue) 失敗：git 說「\(reason.pair.0)」。", "folio \(operation.rawValue) failed: git says \(reason.pair.1).")
        case .noRemote:
            (
                "還沒有設定同步的遠端。用 `folio config set sync.remote 網址` 設定。",
                "no remote to sync with. Set one with `folio config set sync.remote URL`."
            )
        case .remoteFolderMissing(let url):
            (
                "遠端 \(url) 不存在：這台機器上沒有這個資料夾（磁碟沒有接上，或路徑打錯了？用 `folio config set sync.remote …` 修改）。所有修改都已在本機提交，下次同步時會一起送出。",
                "the remote \(url) does not exist: there is no such folder on this machine (a drive not mounted, or a typo? change it with `folio config set sync.remote …`). Everything is committed on this device and goes out with the next sync."
            )
        case .remoteUnreachable(let url, let reason):
            (
                "無法連上遠端 \(url)（\(reason)）。所有修改都已在本機提交，下次同步時會一起送出。",
                "could not reach the remote \(url) (\(reason)). Everything is committed on this device and goes out with the next sync."
            )
        case .syncDone(let received, let sent):
            ("已同步：收到 \(received) 個提交，送出 \(sent) 個提交。", "synced: received \(received) commit\(received == 1 ? "" : "s"), sent \(sent).")
        case .syncUpToDate:
            ("已是最新，沒有需要同步的內容。", "already up to date.")
        case .syncConflict(let path, let copy):
            (
                "衝突：兩台裝置都改了 \(path.quotedPath)。較新的版本留在原處，另一個版本保存為 \(copy.quotedPath)。",
                "conflict: both devices changed \(path.quotedPath). The newer version stays; the other is kept as \(copy.quotedPath)."
            )
        case .syncParentKept(let path, let child):
            (
                "保留了 \(path.quotedPath)：一台裝置刪除了它，但另一台裝置同時替它新增或修改了 \(child.quotedPath)。不要的話，再用 folio rm 刪除。",
                "kept \(path.quotedPath): one device removed it while the other added or changed \(child.quotedPath), which belongs to it. Remove it again with folio rm if you mean to."
            )
        case .syncRenamed(let path, let renamed):
            (
                "兩台裝置都新增了 \(path.quotedPath)：兩筆都保留，其中一筆改名為 \(renamed.quotedPath)。",
                "both devices added \(path.quotedPath): both are kept, one renamed to \(renamed.quotedPath)."
            )
        case .unknownHost(let host, let key, let command):
            (
                "不認識的 SSH 主機 \(host)（\(key)），拒絕連線。如果這是你的伺服器，用這個指令信任它：\n  \(command)",
                "unknown SSH host \(host) (\(key)); refused. If this is your server, trust it with:\n  \(command)"
            )
        case .hostKeyChanged(let host, let key):
            (
                "SSH 主機 \(host) 的金鑰和 ~/.ssh/known_hosts 記錄的不同（現在是 \(key)），拒絕連線。可能有人冒充它；確認後再更新 known_hosts。",
                "the SSH host key of \(host) differs from the one in ~/.ssh/known_hosts (now \(key)); refused. Someone may be impersonating it: check, then update known_hosts."
            )
        case .hostKeyRevoked(let host):
            (
                "SSH 主機 \(host) 的金鑰已被撤銷（known_hosts 的 @revoked），拒絕連線。",
                "the SSH host key of \(host) is marked @revoked in known_hosts; refused."
            )
        case .authenticationFailed(let url, let reason):
            (
                "無法登入遠端 \(url)（\(reason)）。SSH 依序嘗試 ssh-agent、~/.ssh/id_ed25519、~/.ssh/id_rsa 或設定 sync.ssh_key；HTTPS 使用 FOLIO_GIT_TOKEN 或 ~/.config/folio/credentials.yaml。",
                "could not log in to \(url) (\(reason)). SSH tries ssh-agent, ~/.ssh/id_ed25519, ~/.ssh/id_rsa, or the key in sync.ssh_key; HTTPS uses FOLIO_GIT_TOKEN or ~/.config/folio/credentials.yaml."
            )
        case .credentialsFileUnreadable(let path, let reason):
            ("無法使用憑證檔 \(path.quotedPath)（\(reason)）。", "cannot use the credentials file \(path.quotedPath) (\(reason)).")
        case .sshKeyMissing(let path):
            ("sync.ssh_key 設定的 SSH 金鑰 \(path.quotedPath) 不存在。", "the SSH key \(path.quotedPath) set in sync.ssh_key does not exist.")
        case .credentialsFileTooOpen(let path):
            (
                "憑證檔 \(path.quotedPath) 其他人也能讀取，不使用它。請執行 `chmod 600 \(path.quotedPath)`。",
                "the credentials file \(path.quotedPath) is readable by others, so folio will not use it. Run `chmod 600 \(path.quotedPath)`."
            )
        case .pushRejected(let reason):
            ("遠端拒絕了推送：\(reason)", "the remote refused the push: \(reason)")
        case .syncGaveUp(let attempts):
            (
                "遠端在同步期間一直有新的提交，試了 \(attempts) 次後先停下；所有修改都已在本機提交，稍後再同步。",
                "the remote kept moving during the sync; gave up after \(attempts) attempts. Everything is committed here; sync again in a moment."
            )
        case .mergeBlockedByUnparsable(let paths):
            (
                "無法合併遠端的修改：這些檔案有沒能提交的修改（無法解析、含有金鑰，或是指向資料庫外的連結），而遠端也改了它們：\(paths.map(\.quotedPath).joined(separator: ", "))。請先修正它們。",
                "cannot merge the remote's changes: these files have uncommitted edits folio left out (they do not parse, hold a key, or are links leading outside the vault) and the remote changed them too: \(paths.map(\.quotedPath).joined(separator: ", ")). Fix them first."
            )
        case .staleLockRemoved(let path):
            ("移除了當掉的程式留下的鎖 \(path.quotedPath)。", "removed the lock \(path.quotedPath) left by a process that crashed.")
        case .stockGitConfigured(let names):
            (
                "補上了 .git/config 裡缺少的 git 設定（\(names.joined(separator: "、"))），git 指令現在會像 folio 一樣加密和存放媒體。",
                "wrote the git settings .git/config lacked (\(names.joined(separator: ", "))): the git command now encrypts and stores media as folio does."
            )
        case .interruptedCommitFinished(let summary, let files):
            (
                "完成了上次被中斷的「\(summary)」：它寫好的 \(files) 個檔案現在已提交。",
                "finished \"\(summary)\", which was interrupted: the \(files) file\(files == 1 ? "" : "s") it had written are committed now."
            )
        case .interruptedSyncFinished:
            ("完成了上次被中斷的同步。", "finished a sync that was interrupted.")
        case .interruptedSyncNotFinished(let reason):
            (
                "上次中斷的同步無法完成（\(reason)）。所有已提交的修改都還在；再執行一次 folio sync。",
                "could not finish the sync that was interrupted (\(reason)). Every committed change is still there; run folio sync again."
            )
        case .strayTemporaryFile(let path):
            (
                "\(path.quotedPath)：寫入中斷留下的暫存檔（不會被提交；確認不需要後可刪除）",
                "\(path.quotedPath): a temporary file an interrupted write left (never committed; remove it once you are sure it is not needed)"
            )
        case .undone(let summary):
            ("已復原：\(summary)", "undone: \(summary)")
        case .wouldUndo(let summary):
            ("會復原：\(summary)（加 --dry-run 時不做任何變更）", "would undo: \(summary) (--dry-run changes nothing)")
        case .nothingToUndo:
            ("沒有可以復原的 folio 提交。", "there is no folio commit to undo.")
        case .undoWouldRevertOthers(let summary, let later):
            (
                "最新的 folio 提交「\(summary)」之後還有 \(later) 個其他裝置或手動的提交動到同樣的檔案。確定要復原請加上 --force。",
                "after the newest folio commit (\(summary)) come \(later) commit\(later == 1 ? "" : "s") from another device or by hand touching the same files. Add --force to undo it anyway."
            )
        case .undoConflicts(let summary):
            ("無法復原「\(summary)」：之後的修改動到了同樣的內容。", "cannot undo \(summary): later changes touch the same lines.")
        case .noHistory:
            ("還沒有任何歷史。", "no history yet.")
        case .notInHistoryAt(let record, let at):
            ("\(record) 在 \(at) 時還不存在。", "\(record) did not exist at \(at).")
        case .unknownRevision(let text):
            (
                "找不到提交或日期「\(text)」。請給提交編號（至少 4 碼）或日期 YYYY-MM-DD。",
                "no commit or date '\(text)'. Give a commit id (at least 4 characters) or a date YYYY-MM-DD."
            )
        case .statusChanged(let count):
            ("\(count) 個檔案有手動修改，尚未提交", "\(count) file\(count == 1 ? "" : "s") changed by hand, not committed yet")
        case .statusAheadBehind(let ahead, let behind):
            (
                "\(ahead) 個提交尚未送出；遠端有 \(behind) 個新提交（以上次同步時為準）",
                "\(ahead) commit\(ahead == 1 ? "" : "s") not pushed; \(behind) new on the remote (as of the last sync)"
            )
        case .statusConflicts(let count):
            ("\(count) 個衝突副本待處理（看完後刪除即可）", "\(count) conflict cop\(count == 1 ? "y" : "ies") to look at (delete once merged by hand)")
        case .statusRemote(let url):
            ("遠端：\(url)", "remote: \(url)")
        case .statusLastSync(let when):
            ("上次同步成功：\(when)", "last successful sync: \(when)")
        case .statusLastError(let error):
            ("上次同步的問題：\(error)", "last sync problem: \(error)")
        case .statusClean:
            ("所有修改都已提交。", "everything is committed.")
        case .watching(let seconds):
            ("每 \(seconds) 秒同步一次，本機有修改時立即同步；按 Ctrl-C 停止。", "syncing every \(seconds) s and right after local changes; Ctrl-C stops.")
        case .watchStopped:
            ("已停止同步。", "stopped syncing.")
        case .cloned(let path):
            ("已把資料庫複製到 \(path.quotedPath)。", "cloned the vault into \(path.quotedPath).")
        case .targetNotEmpty(let path):
            ("「\(path.quotedPath)」已存在且不是空的目錄。", "'\(path.quotedPath)' exists and is not an empty folder.")
        case .searchNoMatch(let tags, let diaryOnly):
            tags.isEmpty
                ? ("找不到符合的\(diaryOnly ? "日記" : "紀錄")。", "no matching records.")
                : (
                    "標籤" + tags.map { "「\($0)」" }.joined(separator: "、") + "裡找不到符合的\(diaryOnly ? "日記" : "紀錄")。",
                    "no matching records tagged " + tags.map { "'\($0)'" }.joined(separator: " and ") + "."
                )
        case .searchTagUnused(let tag, let diaryOnly):
            ("「\(tag)」這個分類還沒有\(diaryOnly ? "日記" : "紀錄")：沒有紀錄帶有這個標籤。", "no record is tagged '\(tag)' yet.")
        case .queryTooLong(let limit):
            ("搜尋字串超過 \(limit) 個字，請縮短。", "the query is longer than \(limit) characters; shorten it.")
        case .queryUnclosedQuote(let column):
            (
                "查詢第 \(column) 個字元的引號沒有結束，請補上結尾的引號。",
                "the quote at column \(column) of the query is not closed; add the closing quote."
            )
        case .queryUnknownFilter(let name, let column, let known):
            (
                "查詢第 \(column) 個字元：不認識的篩選「\(name):」。可用的篩選：\(known.map { $0 + ":" }.joined(separator: " "))。要搜尋這段文字本身，請加上引號。",
                "unknown filter '\(name):' at column \(column) of the query. Known filters: \(known.map { $0 + ":" }.joined(separator: " ")). To search for the text itself, put it in quotes."
            )
        case .queryBadDate(let text, let column):
            (
                "查詢第 \(column) 個字元：「\(text)」不是日期，請寫存在的日子：YYYY-MM-DD，或昨天、3 天前、上週五（見 `folio help dates`）。",
                "'\(text)' at column \(column) of the query is not a date; write a day that exists: YYYY-MM-DD, or yesterday, 3 days ago, last friday (see `folio help dates`)."
            )
        case .queryEmpty:
            (
                "沒有要搜尋的內容：請給字詞或篩選，例如 `folio search 下雨` 或 `folio search tag:工作`。",
                "nothing to search for: give words or a filter, such as `folio search rain` or `folio search tag:work`."
            )
        case .queryDanglingOperator(let column):
            (
                "查詢第 \(column) 個字元的運算子少了搜尋詞：OR 兩邊都要有詞，- 後面要緊接著詞。",
                "the operator at column \(column) of the query has no search term: OR needs a term on both sides, and - needs one right after it."
            )
        case .queryMissingFilterValue(let name, let column):
            ("查詢第 \(column) 個字元：篩選「\(name):」後面要有值。", "the filter '\(name):' at column \(column) of the query needs a value.")
        case .queryInvalidFilterValue(let filter, let value, let column):
            (
                "查詢第 \(column) 個字元：「\(value)」不是「\(filter):」可用的值" + (filter == "is" ? "，請用 is:done 或 is:open。" : "。"),
                "'\(value)' at column \(column) of the query is not a value for '\(filter):'"
                    + (filter == "is" ? "; use is:done or is:open." : ".")
            )
        case .tagsAll: ("全部", "All")
        case .calMonthTitle(let year, let month):
            ("\(year)年\(month)月", Message.calMonthHeading(month: month, records: 0).text(.en) + " \(year)")
        case .calMonthHeading(let month, let records):
            (
                "\(month)月" + (records > 0 ? "（\(records)）" : ""),
                [
                    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                    "November", "December",
                ][(month - 1) % 12] + (records > 0 ? " (\(records))" : "")
            )
        case .calYearTitle(let year): ("\(year)年", "\(year)")
        case .calWeekday(let day):
            (["日", "一", "二", "三", "四", "五", "六"][day % 7], ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"][day % 7])
        case .calMonthSummary(let records, let days):
            (
                "\(days) 天有紀錄，共 \(records) 筆：",
                "\(records) record\(records == 1 ? "" : "s") on \(days) day\(days == 1 ? "" : "s"):"
            )
        case .calDayCount(let day, let count): ("\(day)日 \(count) 筆", "\(day) (\(count))")
        case .calYearSummary(let records, let days):
            (
                "\(days) 天有紀錄（標示 *），共 \(records) 筆。",
                "\(records) record\(records == 1 ? "" : "s") on \(days) day\(days == 1 ? "" : "s") (marked *)."
            )
        case .calNoRecords: ("這段期間沒有紀錄。", "no records in this period.")
        case .badCalendarArgument(let text):
            (
                "「\(text)」不是月份或年份：請寫 YYYY-MM（例如 2026-11）或 YYYY（例如 2026）。",
                "'\(text)' is not a month or a year: write YYYY-MM (such as 2026-11) or YYYY (such as 2026)."
            )
        case .searchCloseInMeaning(let similarity): ("意思相近 \(similarity)", "close in meaning \(similarity)")
        case .statsByKind: ("類型", "by kind")
        case .statsByMonth: ("月份", "by month")
        case .statsTopTags: ("常用標籤", "top tags")
        case .statsKeyHeading: ("欄位", "key")
        case .statsSamplesHeading: ("筆數", "n")
        case .statsSumHeading: ("總和", "sum")
        case .statsAvgHeading: ("平均", "avg")
        case .statsMinHeading: ("最小", "min")
        case .statsMaxHeading: ("最大", "max")
        case .statsRateHeading: ("比例", "rate")
        case .statsMatchedHeading: ("符合", "matched")
        case .statsRecordsHeading: ("紀錄", "records")
        case .statsDayHeading: ("日期", "day")
        case .statsMonthHeading: ("月份", "month")
        case .statsWeekHeading: ("週", "week")
        case .statsYearHeading: ("年", "year")
        case .statsNoValues(let key):
            (
                "沒有任何紀錄在「\(key)」有數值；檢查鍵的名稱（例如 duration、shots.count、shots.power）。",
                "no record has a number at '\(key)'; check the key path (such as duration, shots.count, shots.power)."
            )
        case .initialised(let path):
            ("已建立 folio 資料庫：\(path.quotedPath)", "created a folio vault in \(path.quotedPath)")
        case .cannotEnterFolder(let path, let reason):
            ("無法進入資料夾 \(path.quotedPath)：\(reason)", "cannot enter the folder \(path.quotedPath): \(reason)")
        case .askName: ("你的名字：", "Your name: ")
        case .askBirthday: ("生日（YYYY-MM-DD，可留空）：", "Birthday (YYYY-MM-DD, may be empty): ")
        case .askGender: ("性別（female/male/other，可留空）：", "Gender (female/male/other, may be empty): ")
        case .media(let message): message.pair
        case .ask(let message): message.pair
        case .journal(let message): message.pair
        case .ai(let message): message.pair
        case .lock(let message): message.pair
        case .file(let message): message.pair
        case .recordLimit(let message): message.pair
        case .recordInput(let message): message.pair
        case .guarded(let message): message.pair
        case .remote(let message): message.pair
        case .check(let message): message.pair
        case .links(let message): message.pair
        case .conflict(let message): message.pair
        case .draft(let message): message.pair
        case .exchange(let message): message.pair
        case .inbox(let message): message.pair
        case .site(let message): message.pair
        case .crypt(let message): message.pair
        case .lfs(let message): message.pair
        case .transfer(let message): message.pair
        case .watch(let message): message.pair
        case .embed(let message): message.pair
        case .usage(let message): message.pair
        case .mcp(let message): message.pair
        case .web(let message): message.pair
        }
    }
}

/// Why this device's ceilings file could not be read.
public enum DeviceLimitsProblem: Sendable, Equatable {
    /// Not a regular file of at most 64 KiB.
    case unreadable
    case notYAML(String)
    case notMapping

    var pair: (String, String) {
        switch self {
        case .unreadable: ("不是 64 KiB 以內的一般檔案", "not a regular file of at most 64 KiB")
        case .notYAML(let problem): ("不是有效的 YAML：\(YAMLProblem.zhHant(problem))", "not valid YAML: \(problem)")
        case .notMapping: ("必須是「設定: 數字」的形式", "it must be setting names and whole numbers")
        }
    }
}
