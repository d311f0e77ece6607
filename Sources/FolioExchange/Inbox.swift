import FolioCore
import FolioStore
import Foundation
import Markdown
import YAML

#if canImport(Glibc)
    import Glibc
#endif

/// What adopting `inbox/` would do: the records to make, the inbox files they take away, and what
/// is left where it is (each named with why).
public struct InboxPlan {
    /// The records to create, one per note, in the order of the notes' paths.
    public var entries: [ImportEntry]
    /// The inbox files (notes, and the media they link) the adoption removes, vault-relative.
    public var removals: [String]
    /// Notes whose record the vault already has (the same path and bytes adopted before, on this
    /// or another device): only removed.
    public var alreadyAdopted: [String]
    /// Files left where they are and links kept as written, each with its inbox path and the reason.
    public var notices: [FolioError]

    /// How many media files the new records bring, each counted once.
    public var mediaCount: Int { Importer.mediaSources(entries, extraMedia: []).count }
    /// Whether there is nothing to write or remove.
    public var isEmpty: Bool { entries.isEmpty && alreadyAdopted.isEmpty }
}

/// What an adoption did.
public struct InboxResult: Sendable {
    /// The records written, vault-relative.
    public var written: [String]
    /// The inbox file each record of ``written`` was made from, in the same order.
    public var sources: [String]
    /// The inbox files removed.
    public var removed: [String]
    public var newMedia: Int
    public var notices: [FolioError]

    public init(written: [String] = [], sources: [String] = [], removed: [String] = [], newMedia: Int = 0, notices: [FolioError] = []) {
        self.written = written
        self.sources = sources
        self.removed = removed
        self.newMedia = newMedia
        self.notices = notices
    }
}

/// `inbox/`: the capture path for other apps. Each plain-text or Markdown file dropped there
/// becomes a record of the `inbox.kind` kind (or of the kind its front matter names), its media
/// imported content-addressed, all in one commit that also removes the inbox files.
///
/// Everything a record gets is decided by the inbox file alone (its path, its bytes, the time of the
/// commit that added it), never by the device or the hour of adoption: two devices that adopt the
/// same file write the same record byte for byte, and their histories merge without a conflict.
public enum Inbox {
    /// The folder, at the vault's root.
    public static let folder = "inbox"
    /// The names of notes: Markdown and plain text.
    public static let noteExtensions: Set<String> = ["md", "markdown", "txt", "text"]

    /// Reads `inbox/` and decides what to adopt. Files that cannot be adopted are named in the
    /// plan's notices and left alone, never removed.
    /// - Parameter addedAt: when a file (vault-relative) was added: the author time of the commit
    ///   that added it; nil for a file no commit holds (its modification time is used then).
    /// - Throws: ``FolioError`` `.inbox(.badKindSetting)` when `inbox.kind` names a kind no new record can be of.
    public static func plan(_ vault: Vault, addedAt: (String) -> Timestamp?) throws(FolioError) -> InboxPlan {
        var plan = InboxPlan(entries: [], removals: [], alreadyAdopted: [], notices: [])
        let inbox = vault.url(folder)
        let (notes, others) = walk(inbox, notices: &plan.notices)
        guard !notes.isEmpty else {
            for other in others { plan.notices.append(FolioError(.inbox(.notANote), file: "\(folder)/\(other)")) }
            return plan
        }
        let kind = try inboxKind(vault)
        var byName: [String: [String]] = [:]
        for path in others { byName[(path as NSString).lastPathComponent.lowercased(), default: []].append(path) }
        // The records the vault has (the catalog never reads inbox/).
        let existing = Set(vault.catalog().summaries.compactMap { $0.id?.lowercased() })
        let mediaLimit = vault.lfsPolicy.map { max($0.maximumBytes, vault.maxMediaBytes) } ?? vault.maxMediaBytes
        var linked = Set<String>()
        var keptLinked = Set<String>()
        for relative in notes {
            let file = "\(folder)/\(relative)"
            let outcome = note(relative, in: vault, kind: kind, addedAt: addedAt, existing: existing)
            switch outcome {
            case .left(let problem):
                plan.notices.append(problem)
                // The media a note left in place links stay with it.
                if let text = Vault.readFile(inbox.appendingPathComponent(relative).path) {
                    for link in MarkdownLinks.links(in: String(decoding: text, as: UTF8.self)) {
                        if let target = MediaLinks.resolve(link.destination, fromRecord: relative) { keptLinked.insert(target) }
                    }
                }
            case .adopted:
                plan.alreadyAdopted.append(file)
            case .new(var entry):
                let (media, attachments) = MarkdownImport.media(
                    in: entry, relative: relative, folder: inbox, byName: byName, kind: kind)
                var kept: [String] = attachments.map { String($0.path.dropFirst(kind.directory.count + 1)) }
                entry.media = []
                for item in media {
                    let target = String(item.url.path.dropFirst(inbox.path.count + 1))
                    let size = fileSize(item.url)
                    if size > mediaLimit {
                        plan.notices.append(FolioError(.inbox(.tooLarge(bytes: size, limit: mediaLimit)), file: "\(folder)/\(target)"))
                        kept.append(target)
                        continue
                    }
                    entry.media.append(item)
                    linked.insert(target)
                }
                for link in keptLinks(in: entry, relative: relative, adopted: entry.media, inbox: inbox) {
                    plan.notices.append(FolioError(.inbox(.linkKept(link)), file: file))
                }
                for target in kept where !linked.contains(target) { keptLinked.insert(target) }
                plan.entries.append(entry)
            }
        }
        plan.removals = plan.entries.map(\.source) + plan.alreadyAdopted
        plan.removals += linked.subtracting(keptLinked).sorted().map { "\(folder)/\($0)" }
        for other in others where !linked.contains(other) && !keptLinked.contains(other) {
            plan.notices.append(FolioError(.inbox(.notANote), file: "\(folder)/\(other)"))
        }
        return plan
    }

    /// Writes the plan's records and media and removes its inbox files, as one commit.
    /// - Throws: ``FolioError``; nothing of the adoption stays then, and every inbox file is where it was.
    public static func adopt(_ plan: InboxPlan, into vault: Vault) throws(FolioError) -> InboxResult {
        guard !plan.isEmpty else { return InboxResult(notices: plan.notices) }
        return try vault.withLock { () throws(FolioError) -> InboxResult in
            let sources = Importer.mediaSources(plan.entries, extraMedia: [])
            let imported = try vault.importMediaConcurrently(sources)
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
            let count = plan.entries.count + plan.alreadyAdopted.count
            let message = "inbox: adopt \(count) file\(count == 1 ? "" : "s")"
            let written = try vault.writeNewRecords(files, newMedia: imported, message: message, removing: plan.removals)
            return InboxResult(
                written: written, sources: plan.entries.map(\.source), removed: plan.removals, newMedia: imported.filter(\.isNew).count,
                notices: plan.notices)
        }
    }

    /// The kind `inbox.kind` names, when a new record can be of it.
    static func inboxKind(_ vault: Vault) throws(FolioError) -> Kind {
        let name = vault.settings.string("inbox.kind") ?? "diary"
        let bad = FolioError(.inbox(.badKindSetting(name, known: vault.inboxKindChoices)), file: ".folio/config.yaml")
        if let problem = vault.inboxKindProblem() { throw problem }
        guard let kind = vault.kindNamed(name) else { throw bad }
        do {
            return try vault.kindForWriting(kind.name)
        } catch {
            throw bad
        }
    }

    enum Outcome {
        case new(ImportEntry)
        case adopted
        case left(FolioError)
    }

    /// One note: the record it becomes, or why it stays where it is.
    static func note(
        _ relative: String, in vault: Vault, kind inboxKind: Kind, addedAt: (String) -> Timestamp?, existing: Set<String>
    ) -> Outcome {
        let file = "\(folder)/\(relative)"
        func left(_ message: InboxMessage) -> Outcome { .left(FolioError(.inbox(message), file: file)) }
        let url = vault.url(file)
        let size = fileSize(url)
        let limit = UInt64(ImportEntry.maxTextBytes)
        guard size > 0 else { return left(.emptyFile) }
        guard size <= limit else { return left(.tooLarge(bytes: size, limit: limit)) }
        guard let bytes = Vault.readFile(url.path, atMost: Int(limit)) else { return left(.notText) }
        guard let text = String(bytes: bytes, encoding: .utf8), !bytes.contains(0) else { return left(.notText) }
        guard text.contains(where: { !$0.isWhitespace }) else { return left(.emptyFile) }
        // A note holding a key or a token stays where it is, named at its line; the others go on.
        if let refusal = vault.secretRefusal(in: text, file: file) { return .left(refusal) }
        let zone = vault.clock.zone
        let added = addedAt(file) ?? MarkdownImport.modificationTime(url, zone: zone) ?? vault.clock.timestamp
        // The same path (in NFC, as any device spells it) and bytes give the same id on every device.
        let digest = MediaNaming.hex(SHA256Digest.of(Data(bytes)))
        let id = StableID.named("inbox\n\(relative.precomposedStringWithCanonicalMapping)\n\(digest)")
        let stem = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
        var kind = inboxKind
        var ownID: String?
        var body = text
        do throws(FrontMatterError) {
            let document = try FrontMatterDocument(parsing: text, limits: vault.frontMatterLimits)
            body = document.body
            if let named = document.string("kind") {
                guard let known = vault.kindNamed(named), known.fixedPath == nil, known.parentKind == nil else {
                    let fit = vault.kinds.values.filter { $0.fixedPath == nil && $0.parentKind == nil }.map(\.name).sorted()
                    return left(.unknownKind(named, known: fit))
                }
                kind = known
            }
            ownID = document.string("id")
            if let written = document.string("created"), Timestamp(written) == nil {
                return .left(
                    FolioError(.exchange(.badEntry(file: file, entry: .named(relative), problem: .badDate(key: "created", value: written))))
                )
            }
        } catch {
            guard error.kind == .missing else {
                // Named where the YAML breaks, with the line and a caret, as `check` names a record.
                var problem = FolioError(error, file: file, text: text)
                problem.message = .inbox(.unparsable(problem.message))
                return .left(problem)
            }
        }
        if let ownID, existing.contains(ownID.lowercased()) { return left(.idTaken(ownID)) }
        if ownID == nil, existing.contains(id) { return .adopted }
        let title = vault.title(from: ImportDates.title(fromText: body) ?? stem)
        var entry: ImportEntry
        do throws(FolioError) {
            entry = try MarkdownImport.note(
                text, relative: relative, path: "", kind: kind, zone: zone, mtime: added, limits: vault.frontMatterLimits,
                id: id, title: title, datesFromName: false
            ) { problem in FolioError(.exchange(.badEntry(file: file, entry: .named(relative), problem: problem))) }
        } catch {
            return .left(error)
        }
        let cannot = FolioError(.exchange(.badEntry(file: file, entry: .named(relative), problem: .frontMatterTakesNoKeys)))
        guard case .text(let head, let noteBody) = entry.content else { return .left(cannot) }
        // try?: the head was just made from a parsed note; should it not read back, the note stays where it is.
        guard let document = try? FrontMatterDocument(parsing: head, limits: vault.frontMatterLimits),
            let created = document.string("created").flatMap(Timestamp.init)
        else { return .left(cannot) }
        entry.source = file
        entry.title = document.string("title") ?? title
        entry.path = "\(vault.folder(for: kind, created: created))/\(created.day10)-\(Slug.make(entry.title)).md"
        entry.content = .text(head: head, body: noteBody)
        // Whatever writing the record would refuse (its title from the file's name holding a token,
        // front matter past the limits, a path leaving its folder) leaves this note where it is
        // now, named, instead of stopping the adoption of every other note. Its media links are
        // rewritten only when written; they change no check.
        do throws(FolioError) {
            let record = try entry.text(at: entry.path, stored: [:], vault: vault)
            try vault.checkNewRecords([NewRecordFile(path: entry.path, text: record, source: file)])
        } catch {
            return .left(
                FolioError(
                    error.message, file: file, line: error.file == file ? error.line : nil, column: error.file == file ? error.column : nil)
            )
        }
        return .new(entry)
    }

    /// Relative links of a note that lead to no media it brings: kept as written, and said.
    static func keptLinks(in entry: ImportEntry, relative: String, adopted: [ImportMediaItem], inbox: URL) -> [String] {
        guard case .text(_, let body) = entry.content else { return [] }
        let taken = Set(adopted.flatMap(\.destinations))
        var kept: [String] = []
        for link in MarkdownLinks.links(in: body) where !taken.contains(link.destination) && isRelative(link.destination) {
            if !kept.contains(link.destination) { kept.append(link.destination) }
        }
        return kept
    }

    /// Whether a link destination names a file beside the note: no scheme, not absolute, not an anchor.
    static func isRelative(_ destination: String) -> Bool {
        guard !destination.isEmpty, !destination.hasPrefix("/"), !destination.hasPrefix("#") else { return false }
        if let colon = destination.firstIndex(of: ":"), !destination[..<colon].contains("/") { return false }
        return true
    }

    /// The notes and the other files of `inbox/`, relative to it and sorted; hidden files are named
    /// in `notices` and left out, as are links and folders that start with a dot.
    static func walk(_ inbox: URL, notices: inout [FolioError]) -> (notes: [String], others: [String]) {
        var notes: [String] = []
        var others: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: inbox.path) else { return ([], []) }
        while let path = walker.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            var info = stat()
            guard lstat(inbox.appendingPathComponent(path).path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                if name.hasPrefix(".") { walker.skipDescendants() }
                continue
            }
            if name.hasPrefix(".") {
                // A write another program has under way (folio's own `.name.tmp-…`) is no news.
                if type == S_IFREG && !name.contains(".tmp-") { notices.append(FolioError(.inbox(.hidden), file: "\(folder)/\(path)")) }
                continue
            }
            guard type == S_IFREG else { continue }
            if noteExtensions.contains((name as NSString).pathExtension.lowercased()) {
                notes.append(path)
            } else {
                others.append(path)
            }
        }
        return (notes.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }, others.sorted())
    }

    static func fileSize(_ url: URL) -> UInt64 {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return 0 }
        return UInt64(max(0, info.st_size))
    }
}
