import FolioCore
import FolioStore
import Foundation

/// Where `folio import` reads from.
public enum ImportSource: Sendable {
    /// A jrnl journal: its text file, a folder journal, or its `--export json` file.
    case jrnl(URL, shown: String)
    /// Day One's export: the zip, its unzipped folder, or its `Journal.json`; with `journalTags`
    /// each entry is tagged with its journal's name.
    case dayOne(URL, shown: String, journalTags: Bool = false)
    /// A folder of Markdown files.
    case markdown(URL, shown: String)
    /// folio's own `export json` file, or a JSON list of records with folio's keys.
    case folioJSON(URL, shown: String)

    var formatName: String {
        switch self {
        case .jrnl: "jrnl"
        case .dayOne: "Day One"
        case .markdown: "Markdown"
        case .folioJSON: "folio JSON"
        }
    }
}

/// What an import would do: the records it would create, those already in the vault, and what
/// it noticed on the way (media missing from the export, links it leaves alone).
/// One part of an import's source (a Day One journal) and what becomes of its entries.
public struct ImportGroup: Sendable, Equatable {
    public var name: String
    public var new = 0
    public var skipped = 0
}

public struct ImportPlan {
    public var source: ImportSource
    /// The source's parts (each journal of a Day One export), for a report by part.
    public var groups: [ImportGroup] = []
    /// The records to create, in the source's order.
    public var entries: [ImportEntry]
    /// Records the vault already has (the same id): left as they are.
    public var skipped: Int
    /// Media files that come with the import besides the records' own (folio JSON's `media`).
    public var extraMedia: [MediaSource]
    public var warnings: [FolioError]
    /// The unzipped export or decoded media, kept until the import is done.
    var scratch: ScratchFolder?

    /// Links of the new records to files the source does not have: left as written.
    public var unresolvedLinks: [ImportLink] { entries.flatMap(\.unresolvedLinks) }
    /// Wikilinks of the new records whose name several files have, and the one taken.
    public var ambiguousLinks: [ImportLink] { entries.flatMap(\.ambiguousLinks) }

    /// How many media files the new records bring, each counted once.
    public var mediaCount: Int {
        Set(entries.flatMap { $0.media.map(\.url.path) } + extraMedia.map(\.url.path)).count
    }
}

/// How far an import has come.
public enum ImportProgress: Sendable {
    case media(done: Int, total: Int)
    case records(done: Int, total: Int)
}

/// What an import did.
public struct ImportResult {
    /// The source's parts (each journal of a Day One export) and what became of their entries.
    public var groups: [ImportGroup] = []
    public var written: [String]
    public var newMedia: Int
    public var skipped: Int
    /// By the path a record was written at: its links to files the source does not have.
    public var unresolvedLinks: [String: [ImportLink]] = [:]
    /// By the path a record was written at: its wikilinks whose name several files have.
    public var ambiguousLinks: [String: [ImportLink]] = [:]
}

/// `folio import`: reads a source whole, checks every entry before anything is written, leaves
/// out what the vault already has, and writes the rest (records and media) as one commit.
public enum Importer {
    /// Reads `source` and decides what to create.
    /// - Parameter kind: the kind of the new records (jrnl and Day One: `diary`; Markdown: `note`).
    /// - Throws: ``FolioError`` naming the file, the entry and what is wrong; nothing is written.
    public static func plan(_ source: ImportSource, kind: String?, into vault: Vault) throws(FolioError) -> ImportPlan {
        let zone = vault.clock.zone
        var warnings: [FolioError] = []
        var entries: [ImportEntry] = []
        var extraMedia: [MediaSource] = []
        var scratch: ScratchFolder?
        switch source {
        case .jrnl(let url, let shown):
            let builder = EntryBuilder(vault: vault, kind: try vault.kindForWriting(kind ?? "diary"))
            entries = try JrnlImport.read(url, shown: shown, builder: builder, zone: zone)
        case .dayOne(let url, let shown, let journalTags):
            let builder = EntryBuilder(vault: vault, kind: try vault.kindForWriting(kind ?? "diary"))
            // The export's JSON at most what folio reads of one, each other file what the vault takes of one.
            let mediaLimit = vault.lfsPolicy.map { max($0.maximumBytes, vault.maxMediaBytes) } ?? vault.maxMediaBytes
            let located = try DayOneImport.locate(url, displayName: shown) { name in
                name.lowercased().hasSuffix(".json") ? JSONInput.maxBytes : mediaLimit
            }
            scratch = located.keep
            for file in located.files {
                let name = located.files.count == 1 ? shown : "\(shown)/\(file.lastPathComponent)"
                entries += try DayOneImport.entries(
                    try JSONInput.read(file, displayName: name, maxString: ImportEntry.maxTextBytes), file: name,
                    journal: DayOneImport.journalName(of: file),
                    journalTag: journalTags ? DayOneImport.journalName(of: file) : nil, folder: located.folder,
                    builder: builder, zone: zone, warnings: &warnings)
            }
        case .markdown(let url, let shown):
            entries = try MarkdownImport.entries(
                url, displayName: shown, kind: try vault.kindForWriting(kind ?? "note"),
                vault: vault, warnings: &warnings)
        case .folioJSON(let url, let shown):
            let json = try JSONInput.read(url, displayName: shown)
            if let items = json.array {
                entries = try FolioJSON.listEntries(items, file: shown, vault: vault, defaultKind: kind)
            } else {
                let folder = try ScratchFolder()
                scratch = folder
                (entries, extraMedia) = try FolioJSON.entries(json, file: shown, scratch: folder)
            }
        }
        try checkUnique(entries)
        let existing = vault.existingIDs()
        let hasProfile = vault.profileFile() != nil
        let fresh = entries.filter { entry in
            !existing.contains(entry.id.lowercased()) && !(hasProfile && entry.kind == "profile") && !alreadyThere(entry, in: vault)
        }
        // The refusals the import itself would make, made now: a dry run says what it would do
        // only when the import would do it.
        try vault.checkMedia(mediaSources(fresh, extraMedia: extraMedia))
        var files: [NewRecordFile] = []
        for entry in fresh {
            let text = try entry.text(at: entry.path, stored: [:], vault: vault)
            guard text.utf8.count <= ImportEntry.maxTextBytes else {
                throw FolioError(
                    .exchange(
                        .badEntry(
                            file: entry.source, entry: .named(String(entry.title.prefix(80))),
                            problem: .tooLarge(bytes: text.utf8.count, limit: ImportEntry.maxTextBytes))))
            }
            files.append(NewRecordFile(path: entry.path, text: text, source: entry.source))
        }
        try vault.checkNewRecords(files, attachments: attachments(of: fresh))
        var plan = ImportPlan(
            source: source, entries: fresh, skipped: entries.count - fresh.count, extraMedia: extraMedia,
            warnings: warnings, scratch: scratch)
        plan.groups = groups(of: entries, fresh: fresh)
        return plan
    }

    /// Each part of the source (a Day One journal) in the order it came: its new entries and those
    /// the vault has. Empty when the source has no parts.
    static func groups(of entries: [ImportEntry], fresh: [ImportEntry]) -> [ImportGroup] {
        let new = Set(fresh.map { $0.id.lowercased() })
        var groups: [ImportGroup] = []
        for entry in entries {
            guard let name = entry.group else { continue }
            if groups.last?.name != name, !groups.contains(where: { $0.name == name }) { groups.append(ImportGroup(name: name)) }
            guard let index = groups.firstIndex(where: { $0.name == name }) else { continue }
            if new.contains(entry.id.lowercased()) { groups[index].new += 1 } else { groups[index].skipped += 1 }
        }
        return groups
    }

    /// The media files of `entries` and the export's own, each once.
    static func mediaSources(_ entries: [ImportEntry], extraMedia: [MediaSource]) -> [MediaSource] {
        var sources: [MediaSource] = []
        var seen = Set<String>()
        for item in entries.flatMap(\.media) where seen.insert(item.url.path).inserted {
            sources.append(MediaSource(url: item.url, displayName: item.url.lastPathComponent))
        }
        for source in extraMedia where seen.insert(source.url.path).inserted { sources.append(source) }
        return sources
    }

    /// The files `entries` attach, each once.
    static func attachments(of entries: [ImportEntry]) -> [NewAttachment] {
        var attachments: [NewAttachment] = []
        var copied = Set<String>()
        for attachment in entries.flatMap(\.attachments) where copied.insert(attachment.path).inserted {
            attachments.append(attachment)
        }
        return attachments
    }

    /// Whether the vault holds the entry's file as it is, at its path: a record without an id
    /// imported before (folio JSON writes such a record as it was).
    static func alreadyThere(_ entry: ImportEntry, in vault: Vault) -> Bool {
        guard case .text(let head, let body) = entry.content, entry.media.isEmpty,
            let bytes = Vault.readFile(vault.url(entry.path).path)
        else { return false }
        return bytes.elementsEqual((head + body).utf8)
    }

    /// Two entries of one source with the same id: the source is refused.
    static func checkUnique(_ entries: [ImportEntry]) throws(FolioError) {
        var seen = Set<String>()
        for entry in entries where !seen.insert(entry.id.lowercased()).inserted {
            throw FolioError(.exchange(.badEntry(file: entry.source, entry: .named(entry.title), problem: .duplicateID(entry.id))))
        }
    }

    /// Imports the plan's media (several files at once) and writes its records, as one commit.
    /// - Parameter progress: told of each media file stored and each record written (done, total).
    /// - Throws: ``FolioError``; nothing of the import stays then.
    public static func run(_ plan: ImportPlan, into vault: Vault, progress: (@Sendable (ImportProgress) -> Void)? = nil) throws(FolioError)
        -> ImportResult
    {
        guard !plan.entries.isEmpty || !plan.extraMedia.isEmpty else {
            // The writers' lock all the same: an import killed before its commit is committed now
            // (``PendingCommit``), and this one, finding its records there, says so.
            try vault.withLock { () throws(FolioError) in }
            var result = ImportResult(written: [], newMedia: 0, skipped: plan.skipped)
            result.groups = plan.groups
            return result
        }
        return try vault.withLock { () throws(FolioError) -> ImportResult in
            let sources = mediaSources(plan.entries, extraMedia: plan.extraMedia)
            var mediaProgress: (@Sendable (Int, Int) -> Void)?
            var recordProgress: ((Int, Int) -> Void)?
            if let progress {
                mediaProgress = { done, total in progress(.media(done: done, total: total)) }
                recordProgress = { done, total in progress(.records(done: done, total: total)) }
            }
            let imported = try vault.importMediaConcurrently(sources, progress: mediaProgress)
            plan.scratch?.remove()
            var stored: [String: ImportedMedia] = [:]
            for (source, item) in zip(sources, imported) { stored[source.url.path] = item }
            var files: [NewRecordFile] = []
            do throws(FolioError) {
                for entry in plan.entries {
                    files.append(
                        NewRecordFile(
                            path: entry.path, text: try entry.text(at: entry.path, stored: stored, vault: vault), source: entry.source))
                }
            } catch {
                vault.discardNewMedia(imported)
                throw error
            }
            let count = files.count
            let message = "import: \(count) record\(count == 1 ? "" : "s") from \(plan.source.formatName)"
            let attachments = attachments(of: plan.entries)
            let written = try vault.writeNewRecords(
                files, attachments: attachments, newMedia: imported, message: message,
                progress: recordProgress)
            var result = ImportResult(written: written, newMedia: imported.filter(\.isNew).count, skipped: plan.skipped)
            result.groups = plan.groups
            // The records come first in `written`, in the plan's order.
            for (entry, path) in zip(plan.entries, written) {
                if !entry.unresolvedLinks.isEmpty { result.unresolvedLinks[path] = entry.unresolvedLinks }
                if !entry.ambiguousLinks.isEmpty { result.ambiguousLinks[path] = entry.ambiguousLinks }
            }
            return result
        }
    }
}
