/// Everything `folio check` says about the values of a record's common keys, and about `check --fix`.
public enum CheckMessage: Sendable, Equatable {
    /// `created` or `modified` that does not read as a date.
    case notADate(key: String, value: String)
    /// `tags` written as something other than a list.
    case notAList(key: String, value: String)
    /// A key the kind declares, holding a value of another type.
    case wrongType(key: String, type: String, value: String)
    /// `check --fix` off a terminal without `--yes`.
    case fixNeedsYes
    /// `check --fix` asks whether to keep an orphan whose kind keeps it, clearing its `parent`.
    case clearParentPrompt(String)
    /// The repository lacks an object its history needs.
    case objectMissing(id: String, kind: String, neededBy: String)
    /// The history is shallow, cut at these commits.
    case shallowHistory(cutAt: [String])
    /// A part of the check could not be done: said, never taken for "nothing found".
    indirect case notChecked(CheckPart, because: Message)
    /// A key the template writes into the body kept beside the body's words: the same words, or
    /// (`older`) words the body was edited from since.
    case keptTwice(key: String, older: Bool)
    /// `check --fix` removed such a copy.
    case copyRemoved(path: String, key: String)

    public var pair: (String, String) {
        switch self {
        case .notADate(let key, let value):
            (
                "「\(key)」必須是日期（例如 2026-11-22 或 2026-11-22T18:04:11+08:00），這裡是「\(value)」。",
                "'\(key)' must be a date (such as 2026-11-22 or 2026-11-22T18:04:11+08:00), not '\(value)'."
            )
        case .notAList(let key, let value):
            (
                "「\(key)」應該是清單（例如 \(key): [rain, walk]），這裡是「\(value)」。",
                "'\(key)' must be a list (such as \(key): [rain, walk]), not '\(value)'."
            )
        case .wrongType(let key, let type, let value):
            (
                "「\(key)」必須是\(FieldType(rawValue: type)?.names.0 ?? type)，這裡是「\(value)」。",
                "'\(key)' must be \(FieldType(rawValue: type)?.names.1 ?? type), not '\(value)'."
            )
        case .fixNeedsYes:
            (
                "不在終端機上時，check --fix 需要加上 --yes 才會修改（先不加 --fix 看看會修什麼）。",
                "not on a terminal: check --fix needs --yes to change anything (run it without --fix to see what it would fix)."
            )
        case .objectMissing(let id, let kind, let neededBy):
            (
                "儲存庫少了 \(kind) \(id)（\(neededBy) 需要它）：含有它的歷史無法讀取、復原或同步。其他裝置或遠端還有它：在那裡重新複製資料庫（folio clone），再把這台裝置上改過的檔案搬過去。",
                "the repository is missing the \(kind) \(id) (needed by \(neededBy)): the history that holds it cannot be read, undone or synced. Another device or the remote still has it: clone the vault again (folio clone) and move the files you changed here over."
            )
        case .shallowHistory(let roots):
            (
                "歷史是淺的（在提交 \(roots.joined(separator: "、")) 之前被截斷）：folio log、folio undo、folio show --at 和同步的合併都看不到更早的部分。把其餘的歷史取回來：git fetch --unshallow",
                "the history is shallow (cut at commit \(roots.joined(separator: ", "))): log, undo, show --at and sync's merges cannot see before it. Fetch the rest: git fetch --unshallow"
            )
        case .notChecked(let part, let reason):
            ("無法檢查\(part.pair.0)：\(reason.pair.0)", "could not check \(part.pair.1): \(reason.pair.1)")
        case .keptTwice(let key, false):
            (
                "「\(key)」重複了頁面本文的文字：文字只存在本文裡。folio check --fix 會拿掉這份重複的（folio undo 可以還原）。",
                "'\(key)' repeats the words of the page's body, where the words now live alone: folio check --fix removes the copy (folio undo brings it back)."
            )
        case .keptTwice(let key, true):
            (
                "「\(key)」是頁面文字較舊的一份：本文之後改過了，搜尋卻還會找到舊的文字。folio check --fix 會拿掉它，以本文為準（舊的文字留在歷史裡，folio undo 可以還原）。",
                "'\(key)' is an older copy of the page's words: the body was edited since, but search still finds the old words. folio check --fix removes it and keeps the body (the old words stay in the history; folio undo brings them back)."
            )
        case .copyRemoved(let path, let key):
            ("\(path.quotedPath)：拿掉了重複的「\(key)」，文字留在本文。", "\(path.quotedPath): removed the copy in '\(key)'; the words stay in the body.")
        case .clearParentPrompt(let path):
            ("\(path.quotedPath)：保留這筆紀錄並清除它的 `parent`？[y/N] ", "\(path.quotedPath): keep it and clear its parent? [y/N] ")
        }
    }
}

/// Everything folio says about conflict copies: `folio conflicts` and `folio conflicts resolve`.
public enum ConflictMessage: Sendable, Equatable {
    case none
    case header(Int)
    /// The record a copy was kept beside is gone.
    case recordGone
    case keptMine(record: String, copy: String)
    case keptTheirs(record: String, copy: String)
    case keptBoth(record: String, copy: String, keys: [String])
    /// A reference that names neither a conflict copy nor a record that has one.
    case notACopy(String)
    /// A record with several copies: the user names one.
    case severalCopies(record: String, copies: [String])
    /// The copy does not read as a record, so it cannot replace or join the record.
    case copyNotARecord(copy: String)
    /// The heading `--keep both` writes above the other version: its device and local time.
    case otherVersionHeading(device: String, time: String)
    /// The line before the keys whose values differed in the other version.
    case differingKeys
    /// `folio rm COPY`: the conflict copies that will go.
    case willRemove(Int)
    case removed(Int)
    /// A file holding conflict markers another git client committed (first hunk at the error's line).
    case markers(path: String, hunks: Int)
    /// `folio conflicts`: how many files hold conflict markers.
    case markedHeader(Int)
    /// `folio conflicts`: how many hunks a file's markers hold.
    case hunkCount(Int)
    /// `folio conflicts resolve FILE`: the markers merged key by key; `copy` when a key differed on
    /// both sides and the other side's version was kept beside the record.
    case markersMerged(path: String, hunks: Int, keys: [String], copy: String?)
    /// `folio conflicts resolve FILE --keep mine|theirs`: one side of the markers kept whole.
    case markersSideKept(path: String, hunks: Int, mine: Bool)
    /// `folio conflicts resolve` without `--keep`, naming a file that holds no conflict markers.
    case noMarkers(String)
    /// A side rebuilt from the markers does not read as a record: merged by hand only.
    case markersNotARecord(path: String)
    /// `folio status`: a changed file that commits leave out while it holds conflict markers.
    case heldBackMarkers(path: String, line: Int)

    public var pair: (String, String) {
        switch self {
        case .none:
            ("沒有衝突副本。", "no conflict copies.")
        case .header(let count):
            ("\(count) 個衝突副本（副本 → 它旁邊的紀錄）：", "\(count) conflict cop\(count == 1 ? "y" : "ies") (copy → the record it was kept beside):")
        case .recordGone:
            ("（紀錄已不存在）", "(the record is gone)")
        case .keptMine(let record, let copy):
            (
                "保留 \(record.quotedPath) 現在的版本，已刪除衝突副本 \(copy.quotedPath)。",
                "kept \(record.quotedPath) as it is; removed the conflict copy \(copy.quotedPath)."
            )
        case .keptTheirs(let record, let copy):
            (
                "\(record.quotedPath) 改用衝突副本的版本，已刪除衝突副本 \(copy.quotedPath)。",
                "\(record.quotedPath) now holds the conflict copy's version; removed \(copy.quotedPath)."
            )
        case .keptBoth(let record, let copy, let keys):
            (
                "已把衝突副本的內文接在 \(record.quotedPath) 後面" + (keys.isEmpty ? "" : "（不同的欄位：\(keys.joined(separator: "、"))）")
                    + "，已刪除 \(copy.quotedPath)。",
                "appended the conflict copy's body to \(record.quotedPath)"
                    + (keys.isEmpty ? "" : " (keys that differ: \(keys.joined(separator: ", ")))") + "; removed \(copy.quotedPath)."
            )
        case .notACopy(let reference):
            (
                "「\(reference)」不是衝突副本，也不是有衝突副本的紀錄（`folio conflicts` 會列出所有衝突副本）。",
                "'\(reference)' is neither a conflict copy nor a record that has one (`folio conflicts` lists them)."
            )
        case .severalCopies(let record, let copies):
            (
                "\(record.quotedPath) 有 \(copies.count) 個衝突副本，請指定其中一個：\n" + copies.map { "  " + $0.quotedPath }.joined(separator: "\n"),
                "\(record.quotedPath) has \(copies.count) conflict copies; name one of them:\n"
                    + copies.map { "  " + $0.quotedPath }.joined(separator: "\n")
            )
        case .copyNotARecord(let copy):
            (
                "衝突副本 \(copy.quotedPath) 讀不成紀錄，所以不能取代或併入紀錄；請手動合併，再用 `--keep mine` 刪除它。",
                "the conflict copy \(copy.quotedPath) does not read as a record, so it cannot replace or join the record; merge it by hand, then remove it with `--keep mine`."
            )
        case .removed(let count):
            ("已刪除 \(count) 個衝突副本。", "removed \(count) conflict cop\(count == 1 ? "y" : "ies").")
        case .otherVersionHeading(let device, let time):
            ("## 另一個版本（\(device)，\(time)）", "## The other version (\(device), \(time))")
        case .differingKeys:
            ("那個版本不同的欄位：", "Keys that differed in that version:")
        case .willRemove(let count):
            ("將刪除 \(count) 個衝突副本：", "\(count) conflict cop\(count == 1 ? "y" : "ies") will be removed:")
        case .markers(let path, let hunks):
            (
                "這個檔案有別的 git 程式提交的衝突標記（\(hunks) 處，`<<<<<<<` 到 `>>>>>>>`），兩邊的版本都還在檔案裡。`folio conflicts resolve \(path.quotedPath)` 會逐欄位合併兩邊，一行也不會少，並提交一次；在那之前同步不會提交這個檔案的修改。",
                "conflict markers another git client committed (\(hunks) hunk\(hunks == 1 ? "" : "s"), `<<<<<<<` to `>>>>>>>`); both versions are still in the file. `folio conflicts resolve \(path.quotedPath)` merges them key by key, losing no line, in one commit; until then sync does not commit changes to this file."
            )
        case .markedHeader(let count):
            (
                "\(count) 個檔案有別的 git 程式提交的衝突標記（`folio conflicts resolve 檔案` 會合併它們）：",
                "\(count) file\(count == 1 ? "" : "s") with conflict markers another git client committed (`folio conflicts resolve FILE` merges them):"
            )
        case .hunkCount(let count):
            ("\(count) 處衝突", "\(count) hunk\(count == 1 ? "" : "s")")
        case .markersMerged(let path, let hunks, let keys, let copy):
            (
                "已合併 \(path.quotedPath) 裡的 \(hunks) 處衝突標記，兩邊的每一行都保留了"
                    + (copy.map {
                        "；兩邊都改了的地方（\(keys.map { Self.conflictPart($0).0 }.joined(separator: "、"))）採用較新的版本，另一個版本保留在 \($0.quotedPath)"
                    } ?? "") + "。",
                "merged the \(hunks) conflict hunk\(hunks == 1 ? "" : "s") of \(path.quotedPath), every line of both sides kept"
                    + (copy.map {
                        "; what both sides changed (\(keys.map { Self.conflictPart($0).1 }.joined(separator: ", "))) takes the newer version, the other is kept as \($0.quotedPath)"
                    } ?? "")
                    + "."
            )
        case .markersSideKept(let path, let hunks, let mine):
            (
                "\(path.quotedPath) 的 \(hunks) 處衝突標記，保留了" + (mine ? "這台裝置這一邊（`<<<<<<<` 之後）" : "另一邊（`=======` 之後）")
                    + "的內容；另一邊的版本仍在歷史裡（`folio undo` 可以復原）。",
                "kept \(mine ? "this device's side (after `<<<<<<<`)" : "the other side (after `=======`)") of the \(hunks) conflict hunk\(hunks == 1 ? "" : "s") in \(path.quotedPath); the other side stays in the history (`folio undo` brings it back)."
            )
        case .noMarkers(let reference):
            (
                "「\(reference)」沒有衝突標記。要處理衝突副本，請加上 `--keep mine`、`--keep theirs` 或 `--keep both`（`folio conflicts` 會列出全部）。",
                "'\(reference)' holds no conflict markers. To settle a conflict copy, add `--keep mine`, `--keep theirs` or `--keep both` (`folio conflicts` lists them all)."
            )
        case .heldBackMarkers(let path, let line):
            (
                "（不會提交：第 \(line) 行起有衝突標記；`folio conflicts resolve \(path.quotedPath)` 會合併它們）",
                "(held back: conflict markers from line \(line); `folio conflicts resolve \(path.quotedPath)` merges them)"
            )
        case .markersNotARecord(let path):
            (
                "從 \(path.quotedPath) 的衝突標記還原出的版本讀不成紀錄，所以無法逐欄位合併；請用編輯器手動合併，刪掉 `<<<<<<<`、`=======`、`>>>>>>>` 這幾行。檔案沒有被修改。",
                "a version rebuilt from the conflict markers of \(path.quotedPath) does not read as a record, so it cannot be merged key by key; merge it by hand in an editor, removing the `<<<<<<<`, `=======` and `>>>>>>>` lines. The file is unchanged."
            )
        }
    }

    /// A key, or the body or whole file a merge could not join, as a message names it.
    static func conflictPart(_ part: String) -> (String, String) {
        switch part {
        case "body": ("內文的同幾行", "the same body lines")
        case "file": ("同幾行", "the same lines")
        default: (part, part)
        }
    }
}

/// A part of `folio check` that can fail on its own, leaving the rest to run.
public enum CheckPart: Sendable, Equatable {
    case nameCollisions, ignoredFiles, mediaFiles, lfsObjects
    /// A text file too large to look for keys and tokens in.
    case secrets

    var pair: (String, String) {
        switch self {
        case .nameCollisions: ("會和別的檔名相撞的檔名", "names that collide")
        case .ignoredFiles: ("被 git 忽略的紀錄", "records git ignores")
        case .mediaFiles: ("媒體檔", "media files")
        case .lfsObjects: ("本機的 LFS 物件", "the LFS objects here")
        case .secrets: ("檔案裡有沒有金鑰或權杖", "the file for keys and tokens")
        }
    }
}
