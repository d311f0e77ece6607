import FolioCompanion
import FolioCore
import FolioSecrets
import FolioStore
import FolioSync

/// `folio status`: what is changed (and held back from commits, and why), conflict copies, AI steps
/// that failed, and the remote with the last sync; or all of it as JSON.
struct StatusPrinter {
    /// A record whose last AI step failed on this device.
    struct PendingAI {
        var id: String
        var step: String
        /// The record as the catalog lists it; nil when no record has the id any more.
        var record: RecordSummary?
    }

    let status: VaultStatus
    let heldBack: [String: Message]
    let pendingAI: [PendingAI]
    /// LFS media by where their bytes are; nil without LFS.
    var media: LFSMediaCounts?

    /// The failures kept on this device, each with its record, in the order records are listed
    /// (newest first); failures of records that are gone come last.
    static func pending(_ failures: [String: AIState.Failure], in catalog: Catalog) -> [PendingAI] {
        let wanted = Set(failures.keys.map { $0.lowercased() })
        var byID: [String: RecordSummary] = [:]
        for summary in catalog.summaries {
            if let id = summary.id?.lowercased(), wanted.contains(id), byID[id] == nil { byID[id] = summary }
        }
        return failures.map { id, failure in PendingAI(id: id, step: failure.step, record: byID[id.lowercased()]) }
            .sorted { a, b in
                let ta = a.record?.sortTime?.epochSeconds ?? Int.min
                let tb = b.record?.sortTime?.epochSeconds ?? Int.min
                return ta != tb ? ta > tb : a.id < b.id
            }
    }

    func print(json: Bool, context: Context) {
        if json { return context.json(self.json(context.language)) }
        let terminal = context.terminal
        if status.changed.isEmpty {
            context.say(.statusClean)
        } else {
            Console.out(terminal.bold(Message.statusChanged(status.changed.count).text(context.language)))
            for path in status.changed {
                Console.out("  " + path.quotedPath + (heldBack[path].map { "  " + terminal.warn($0.text(context.language)) } ?? ""))
            }
        }
        if !status.ignored.isEmpty {
            Console.out(terminal.warn(Message.file(.ignoredHeading(status.ignored.count)).text(context.language)))
            for path in status.ignored { Console.out("  " + path.quotedPath) }
        }
        if !status.conflicts.isEmpty {
            Console.out(terminal.warn(Message.statusConflicts(status.conflicts.count).text(context.language)))
            for path in status.conflicts { Console.out("  " + path.quotedPath) }
        }
        if !pendingAI.isEmpty {
            Console.out(terminal.warn(Message.ai(.pendingAI(pendingAI.count)).text(context.language)))
            for pending in pendingAI {
                let reference = pending.record?.shortID ?? String(pending.id.prefix(8))
                let title = pending.record?.title.oneLine ?? pending.id
                Console.out(
                    "  " + Message.ai(.pendingAIRecord(reference: reference, title: title, step: pending.step)).text(context.language))
            }
        }
        if let media {
            context.say(
                .lfs(
                    .statusCounts(
                        local: media.local, localBytes: media.localBytes, remoteOnly: media.remoteOnly, remoteBytes: media.remoteOnlyBytes,
                        unpushed: media.unpushed, unpushedBytes: media.unpushedBytes)))
        }
        guard let url = status.remote.url else { return context.say(.noRemote) }
        context.say(.statusRemote(ConfiguredSecrets.redact(url)))
        context.say(.statusAheadBehind(ahead: status.ahead, behind: status.behind))
        if let last = status.remote.lastSync { context.say(.statusLastSync(last)) }
        if let error = status.remote.lastError { Console.out(terminal.warn(Message.statusLastError(error).text(context.language))) }
    }

    private func json(_ language: Language) -> JSONWriter.JSON {
        .object([
            ("changed", .array(status.changed.map { .string($0) })),
            ("held_back", .object(heldBack.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.text(language))) })),
            ("ahead", .int(status.ahead)),
            ("behind", .int(status.behind)),
            ("conflicts", .array(status.conflicts.map { .string($0) })),
            ("ignored", .array(status.ignored.map { .string($0) })),
            ("pending_ai", .array(pendingAI.map { .string($0.id) })),
            (
                "pending_ai_records",
                .array(
                    pendingAI.map { pending in
                        .object([
                            ("id", .string(pending.id)), ("step", .string(pending.step)),
                            ("title", pending.record.map { .string($0.title) } ?? .null),
                            ("path", pending.record.map { .string($0.path) } ?? .null),
                        ])
                    })
            ),
            (
                "media",
                media.map { media in
                    .object([
                        ("local", .int(media.local)), ("local_bytes", .int(Int(clamping: media.localBytes))),
                        ("remote_only", .int(media.remoteOnly)), ("remote_only_bytes", .int(Int(clamping: media.remoteOnlyBytes))),
                        ("unpushed", .int(media.unpushed)), ("unpushed_bytes", .int(Int(clamping: media.unpushedBytes))),
                    ])
                } ?? .null
            ),
            (
                "remote",
                .object([
                    // A password put into git's configuration by hand is masked here as in the text.
                    ("url", status.remote.url.map { .string(ConfiguredSecrets.redact($0)) } ?? .null),
                    ("last_sync", status.remote.lastSync.map { .string($0) } ?? .null),
                    ("last_error", status.remote.lastError.map { .string(ConfiguredSecrets.redact($0)) } ?? .null),
                ])
            ),
        ])
    }
}
