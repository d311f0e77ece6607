import FolioCore
import FolioStore
import Foundation
import Markdown
import YAML

#if canImport(Glibc)
    import Glibc
#endif

/// A folder of `.md` files (Obsidian, zk, nb, plain): each becomes a record at
/// `<kind dir>/<its path in the folder>`, so links between notes still work.
///
/// Front matter the file has is kept byte for byte; folio adds only `id`, `kind`, `created` and
/// `modified` when missing (at its top), and turns `tags` written as one string (`a, b` or
/// `#a #b`) into a list, as Obsidian reads it. Links and `![[embeds]]` to photos, videos and audio
/// in the folder are imported as media and pointed at `media/`; wikilinks to files of any other
/// sort are kept by content in `media/` too; links to files the folder lacks are listed.
enum MarkdownImport {
    /// The largest note read (16 MiB).
    static let maxFileBytes: UInt64 = 16 << 20
    static let skippedFolders: Set<String> = ["node_modules"]

    static func entries(
        _ folder: URL, displayName: String, kind: Kind, vault: Vault,
        warnings: inout [FolioError]
    ) throws(FolioError) -> [ImportEntry] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw FolioError(.exchange(.sourceMissing(displayName)))
        }
        guard isDirectory.boolValue else {
            throw FolioError(.exchange(.notAnExport(format: "Markdown", file: displayName, problem: .notAFolder)))
        }
        let (notes, others, skipped) = walk(folder)
        var byName: [String: [String]] = [:]
        for path in others { byName[(path as NSString).lastPathComponent.lowercased(), default: []].append(path) }
        let noteSet = Set(notes)
        let noteNames = Set(notes.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased() })
        var result: [ImportEntry] = []
        for relative in notes {
            let file = "\(displayName)/\(relative)"
            func bad(_ problem: EntryProblem) -> FolioError {
                FolioError(.exchange(.badEntry(file: displayName, entry: .named(relative), problem: problem)))
            }
            let url = folder.appendingPathComponent(relative)
            let data = try FileInput.read(url, displayName: file, maxBytes: maxFileBytes)
            guard let text = String(data: data, encoding: .utf8) else { throw bad(.notUTF8) }
            if text.utf8.contains(0) { throw bad(.notUTF8) }
            let path = "\(kind.directory)/\(relative)"
            guard Vault.isSafeRecordPath(path) else { throw bad(.nameLeavesFolder(relative)) }
            let mtime = modificationTime(url, zone: vault.clock.zone) ?? vault.clock.timestamp
            var entry = try note(
                text, relative: relative, path: path, kind: kind, zone: vault.clock.zone, mtime: mtime,
                limits: vault.frontMatterLimits, bad: bad)
            entry.source = file
            let bodyBytes: Int
            switch entry.content {
            case .text(_, let body): bodyBytes = body.utf8.count
            case .fields(_, let body): bodyBytes = body.utf8.count
            }
            let firstLine = 1 + text.utf8.prefix(text.utf8.count - bodyBytes).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let found = linkedFiles(
                in: entry, relative: relative, folder: folder, byName: byName, kind: kind, noteNames: noteNames, notes: noteSet,
                firstLine: firstLine)
            (entry.media, entry.attachments, entry.fileLinks) = (found.media, found.attachments, found.fileLinks)
            (entry.unresolvedLinks, entry.ambiguousLinks) = (found.unresolved, found.ambiguous)
            result.append(entry)
        }
        // Every file the import does not bring is named: a canvas, a link, a file no note links.
        var brought = Set<String>()
        for entry in result {
            for item in entry.media { brought.insert(item.url.path) }
            for attachment in entry.attachments { brought.insert(attachment.source.path) }
        }
        let left = (others.filter { !brought.contains(folder.appendingPathComponent($0).path) } + skipped).sorted()
        if !left.isEmpty {
            warnings.append(FolioError(.exchange(.filesNotImported(source: displayName, count: left.count, first: Array(left.prefix(10))))))
        }
        return result
    }

    /// The `.md` files and the other files of a folder, relative to it, sorted; hidden files and
    /// folders (`.obsidian`, `.git`, `.trash`) are left out, and links and special files are
    /// `skipped` (never followed, named by the import).
    static func walk(_ folder: URL) -> (notes: [String], others: [String], skipped: [String]) {
        var notes: [String] = []
        var others: [String] = []
        var skipped: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return ([], [], []) }
        while let path = walker.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            var info = stat()
            guard lstat(folder.appendingPathComponent(path).path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if name.hasPrefix(".") || skippedFolders.contains(name) {
                if type == S_IFDIR { walker.skipDescendants() }
                continue
            }
            guard type == S_IFREG else {
                if type != S_IFDIR { skipped.append(path) }
                continue
            }
            if name.lowercased().hasSuffix(".md") { notes.append(path) } else { others.append(path) }
        }
        return (notes.sorted(), others.sorted(), skipped.sorted())
    }

    static func modificationTime(_ url: URL, zone: TimeZone) -> Timestamp? {
        // try?: a note without a readable time takes the import's time, and the import says so.
        guard let date = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date else { return nil }
        return Timestamp(date: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)), zone: zone)
    }

    /// One note as a record: its own front matter with what folio needs added, or a new one.
    /// - Parameters:
    ///   - id: the id a note that names none gets (default: a stable id of its path in the folder).
    ///   - title: a title to add when the note names none (default: none added; its file name is shown).
    ///   - datesFromName: whether a date at the start of the file's name (`2026-11-22 …`) dates it.
    static func note(
        _ text: String, relative: String, path: String, kind: Kind, zone: TimeZone, mtime: Timestamp,
        limits: FrontMatterLimits, id fallbackID: String? = nil, title addedTitle: String? = nil, datesFromName: Bool = true,
        bad: (EntryProblem) -> FolioError
    ) throws(FolioError) -> ImportEntry {
        let stem = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
        let fromName = datesFromName ? dateInName(stem, zone: zone) : nil
        let document: FrontMatterDocument?
        do throws(FrontMatterError) {
            document = try FrontMatterDocument(parsing: text, limits: limits)
        } catch {
            guard error.kind == .missing else {
                throw bad(.frontMatter(FolioError(error, file: relative, text: nil).message, line: error.line))
            }
            document = nil
        }
        guard var document else {
            let id = fallbackID ?? StableID.named("markdown\n\(relative)")
            let created = fromName ?? mtime
            let title = headingTitle(text) ?? addedTitle ?? stem
            let fields: [(String, Node)] = [
                ("id", .string(id)), ("kind", .string(kind.name)), ("title", .string(title)),
                ("created", .raw(created.text)), ("modified", .raw(mtime.text)),
            ]
            // try?: only the preview of a dry run; the write below makes the same lines with try.
            let head = (try? FrontMatterDocument.make(fields: fields, body: ""))?.text ?? ""
            return ImportEntry(source: relative, id: id, kind: kind.name, title: title, path: path, content: .text(head: head, body: text))
        }
        let id = document.string("id") ?? fallbackID ?? StableID.named("markdown\n\(relative)")
        var added: [(String, Node)] = []
        if document.string("id") == nil { added.append(("id", .string(id))) }
        if document.string("kind") == nil { added.append(("kind", .string(kind.name))) }
        if let addedTitle, document.string("title") == nil { added.append(("title", .string(addedTitle))) }
        if document.string("created").flatMap(Timestamp.init) == nil, document.string("created") == nil {
            let own = ["date", "created"].lazy.compactMap { document.string($0) }.compactMap { ImportDates.timestamp($0, zone: zone) }.first
            added.append(("created", .raw((own ?? fromName ?? mtime).text)))
        }
        if document.string("modified") == nil {
            let own = ["updated", "modified"].lazy.compactMap { document.string($0) }.compactMap { ImportDates.timestamp($0, zone: zone) }
                .first
            added.append(("modified", .raw((own ?? mtime).text)))
        }
        if document["tags"] == nil, let single = document["tag"], let tags = obsidianTags(single) {
            added.append(("tags", .sequence(tags.map { .string($0) })))
        }
        // A key the note has without a value (`id:`) gets one where it stands.
        for (key, value) in added where document[key] != nil {
            do throws(FrontMatterError) { try document.set(key, value) } catch { throw bad(.frontMatterTakesNoKeys) }
        }
        let new = added.filter { document[$0.0] == nil }
        if !new.isEmpty {
            // The new keys go right after the opening `---` line; every byte after it stays.
            // try?: the failure is the refusal thrown in the else.
            guard let lines = try? FrontMatterDocument.make(fields: new, body: "") else { throw bad(.frontMatterTakesNoKeys) }
            let utf8 = Array(document.text.utf8)
            let opening = document.yamlStart
            let spliced =
                String(decoding: utf8[..<opening], as: UTF8.self) + lines.yamlText + String(decoding: utf8[opening...], as: UTF8.self)
            // try?: the failure is the refusal thrown in the else.
            guard let reparsed = try? FrontMatterDocument(parsing: spliced, limits: limits) else { throw bad(.frontMatterTakesNoKeys) }
            document = reparsed
        }
        // A front matter that cannot take them (its root is not a plain block mapping: a `!` tag
        // before it, a list) is refused: written as it is, the note would be a record without an id.
        guard document.string("id") == id, document.string("kind") != nil else { throw bad(.frontMatterTakesNoKeys) }
        if let tags = document["tags"], tags.scalarText != nil, let list = obsidianTags(tags) {
            // try?: tags Obsidian wrote as one string stay as written when they cannot be made a list; nothing is dropped.
            try? document.set("tags", .sequence(list.map { .string($0) }))
        }
        let title = document.string("title") ?? stem
        let head = String(decoding: Array(document.text.utf8)[..<document.bodyStart], as: UTF8.self)
        return ImportEntry(
            source: relative, id: id, kind: document.string("kind") ?? kind.name, title: title, path: path,
            content: .text(head: head, body: document.body))
    }

    /// Tags as Obsidian reads a `tags` value: a list, or one string of words split by commas or spaces, `#` dropped.
    static func obsidianTags(_ node: Node) -> [String]? {
        if let items = node.items { return RecordRules.normalisedTags(items.compactMap(\.scalarText)) }
        guard let text = node.scalarText, !text.isEmpty else { return nil }
        let words = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        return RecordRules.normalisedTags(words)
    }

    /// A date at the start of a note's name: `2026-11-22 …` (daily notes) or zk's `202611221804…`.
    static func dateInName(_ stem: String, zone: TimeZone) -> Timestamp? {
        let head = String(stem.prefix(10))
        if head.utf8.count == 10, let stamp = ImportDates.timestamp(head, zone: zone) { return stamp }
        let digits = stem.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 12 else { return nil }
        let d = Array(digits)
        let text = "\(String(d[0..<4]))-\(String(d[4..<6]))-\(String(d[6..<8]))T\(String(d[8..<10])):\(String(d[10..<12]))"
        return ImportDates.timestamp(text, zone: zone)
    }

    /// A first-level heading at the top of a note without front matter.
    static func headingTitle(_ text: String) -> String? {
        guard let first = text.split(separator: "\n", omittingEmptySubsequences: true).first, first.hasPrefix("# ") else { return nil }
        let title = first.dropFirst(2).trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }

    /// What a note's links to other files of the folder come to.
    struct LinkedFiles {
        var media: [ImportMediaItem] = []
        var attachments: [NewAttachment] = []
        /// Wikilinks (as written) to files copied beside the notes → the copy's path in the vault.
        var fileLinks: [String: String] = [:]
        var unresolved: [ImportLink] = []
        var ambiguous: [ImportLink] = []
    }

    /// The photos, videos and audio a note links or embeds that lie in the folder, and the other
    /// files it links there (copied to the same place under the kind's folder, links unchanged).
    static func media(
        in entry: ImportEntry, relative: String, folder: URL, byName: [String: [String]],
        kind: Kind
    ) -> ([ImportMediaItem], [NewAttachment]) {
        let found = linkedFiles(in: entry, relative: relative, folder: folder, byName: byName, kind: kind, contentAddressed: false)
        return (found.media, found.attachments)
    }

    /// The files of the folder a note links, by Markdown links and by Obsidian's wikilinks
    /// (`[[manual.pdf]]`, `![[scan.png|200]]`), and the links to files the folder does not have.
    /// - Parameters:
    ///   - noteNames: the notes' file names without `.md`, lower case: `[[Dr. Who]]` names a note.
    ///   - firstLine: the note's file line its body starts on.
    ///   - contentAddressed: whether a file of another sort a wikilink names is kept by its content
    ///     in `media/` and the wikilink rewritten to it (else copied beside the note, the wikilink kept).
    static func linkedFiles(
        in entry: ImportEntry, relative: String, folder: URL, byName: [String: [String]],
        kind: Kind, noteNames: Set<String> = [], notes: Set<String> = [], firstLine: Int = 1, contentAddressed: Bool = true
    ) -> LinkedFiles {
        var found = LinkedFiles()
        let body: String
        switch entry.content {
        case .text(_, let text): body = text
        case .fields(_, let text): body = text
        }
        var items: [String: ImportMediaItem] = [:]
        var order: [String] = []
        func add(_ target: String, destination: String?, embed: String?) {
            let url = folder.appendingPathComponent(target)
            if items[target] == nil {
                items[target] = ImportMediaItem(url: url, name: (target as NSString).lastPathComponent)
                order.append(target)
            }
            if let destination { items[target]?.destinations.insert(destination) }
            if let embed { items[target]?.embeds.append(embed) }
        }
        func note(_ line: Int, _ written: String, chosen: String? = nil, candidates: Int = 0) -> ImportLink {
            ImportLink(file: entry.source, line: firstLine + line - 1, link: written, chosen: chosen, candidates: candidates)
        }
        for link in MarkdownLinks.located(in: body) {
            guard let target = MediaLinks.resolve(link.link.destination, fromRecord: relative) else { continue }
            guard isRegularFile(folder.appendingPathComponent(target)) else {
                if !notes.contains(target) {
                    let written = link.bytes.map { String(decoding: Array(body.utf8)[$0], as: UTF8.self) } ?? link.link.destination
                    found.unresolved.append(note(link.link.line, written))
                }
                continue
            }
            guard !target.lowercased().hasSuffix(".md") else { continue }
            guard isMedia(target) else {
                found.attachments.append(NewAttachment(path: "\(kind.directory)/\(target)", source: folder.appendingPathComponent(target)))
                continue
            }
            add(target, destination: link.link.destination, embed: nil)
        }
        for link in Wikilinks.links(in: body) where link.namesFile {
            let candidates = files(named: link.path, from: relative, folder: folder, byName: byName)
            guard let target = candidates.first else {
                if !noteNames.contains(link.path.lowercased()) && !noteNames.contains(link.path.lowercased() + ".md") {
                    found.unresolved.append(note(link.line, link.written))
                }
                continue
            }
            if candidates.count > 1 { found.ambiguous.append(note(link.line, link.written, chosen: target, candidates: candidates.count)) }
            guard isMedia(target) else {
                let source = folder.appendingPathComponent(target)
                if contentAddressed, let path = Vault.contentAddressedPath(of: source) {
                    found.attachments.append(NewAttachment(path: path, source: source))
                    found.fileLinks[link.written] = path
                } else {
                    found.attachments.append(NewAttachment(path: "\(kind.directory)/\(target)", source: source))
                }
                continue
            }
            add(target, destination: nil, embed: link.written)
        }
        found.media = order.compactMap { items[$0] }
        found.attachments = Array(Set(found.attachments)).sorted { $0.path < $1.path }
        return found
    }

    /// The files of the folder a wikilink's name means, the one Obsidian takes first: the name read
    /// from the note's folder, else every file whose path ends with it (any case), shortest path
    /// first, then in byte order.
    static func files(named name: String, from relative: String, folder: URL, byName: [String: [String]]) -> [String] {
        let wanted = name.lowercased()
        let candidates = (byName[(wanted as NSString).lastPathComponent] ?? []).filter {
            $0.lowercased() == wanted || $0.lowercased().hasSuffix("/" + wanted)
        }.sorted { ($0.utf8.count, $0) < ($1.utf8.count, $1) }
        if let direct = MediaLinks.resolve(name, fromRecord: relative), isRegularFile(folder.appendingPathComponent(direct)) {
            return [direct] + candidates.filter { $0 != direct }
        }
        return candidates
    }

    static func isMedia(_ path: String) -> Bool {
        MediaNaming.noun(forExtension: (path as NSString).pathExtension.lowercased()) != nil
    }

    static func isRegularFile(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
