import FolioCore
import FolioMedia
import Foundation
import SystemIO
import YAML

#if canImport(Glibc)
    import Glibc
#endif

/// A file a user wants in the vault, and how they named it (for messages).
public struct MediaSource: Sendable {
    public var url: URL
    public var displayName: String

    public init(url: URL, displayName: String) {
        self.url = url
        self.displayName = displayName
    }
}

extension Vault {
    public var mediaDirectory: URL { root.appendingPathComponent("media") }

    /// The largest media file the vault accepts (`media.max_bytes`).
    public var maxMediaBytes: UInt64 { UInt64(limit("media.max_bytes") ?? 104_857_600) }

    /// Copies files into `media/`, each read once; the same bytes are stored once.
    ///
    /// Either every file is imported or none stays: when one fails, the files this call added are removed.
    /// - Throws: ``FolioError`` `.media(.required)` for no files, `.media(.unreadable)` naming the file and why.
    public func importMedia(_ sources: [MediaSource]) throws(FolioError) -> [ImportedMedia] {
        guard !sources.isEmpty else { throw FolioError(.media(.required)) }
        try requireInside(folderOf: "media/file")
        let lfs = lfsPolicy
        return try withLock { () throws(FolioError) -> [ImportedMedia] in
            var imported: [ImportedMedia] = []
            do throws(FolioError) {
                for source in sources {
                    imported.append(
                        try MediaImporter.importFile(
                            source.url, displayName: source.displayName, into: mediaDirectory, maxBytes: maxMediaBytes, lfs: lfs,
                            keepAside: { (path: String) throws(FolioError) in
                                _ = try Self.keepAside(path, root: root, stamp: Self.keptStamp(clock))
                            }))
                }
            } catch {
                discardNewMedia(imported)
                throw error
            }
            rememberVerified(imported)
            return imported
        }
    }

    /// Checks media files as ``importMedia(_:)`` would, writing nothing: a dry run refuses what
    /// the import refuses (too large, not a regular file, not a photo, video or sound).
    public func checkMedia(_ sources: [MediaSource]) throws(FolioError) {
        let lfs = lfsPolicy
        let maxBytes = maxMediaBytes
        for source in sources {
            let inspected = try MediaImporter.inspect(source.url, displayName: source.displayName, maxBytes: maxBytes, lfs: lfs)
            close(inspected.input)
        }
    }

    /// Removes files an import added that no record came to use.
    public func discardNewMedia(_ media: [ImportedMedia]) {
        for item in media where item.isNew { unlink(url(item.path).path) }
    }

    /// When the first photo that says so was taken, in the vault's form (`2026-11-22T18:04:11+08:00`):
    /// the camera's own offset when it wrote one, else this device's zone.
    public func takenTime(_ facts: MediaFacts) -> Timestamp? {
        guard let taken = facts.taken else { return nil }
        if let offset = facts.takenOffset, let stamp = Timestamp(taken + offset) { return stamp }
        return FieldType.datetime.node(from: taken, zone: clock.zone)?.scalarText.flatMap(Timestamp.init)
    }

    /// Writes a new record around media files: they are imported first, the record lists them under
    /// `media` and links them in its body, and all of it is one commit.
    ///
    /// With `dateFromMedia` the record is dated when the first photo was taken.
    /// - Throws: ``FolioError``; nothing stays behind then (no record, no media this call added).
    @discardableResult
    public func create(
        _ request: NewRecord, importing sources: [MediaSource], dateFromMedia: Bool = false,
        records set: RecordSet? = nil
    ) throws(FolioError) -> Record {
        if sources.isEmpty && !dateFromMedia { return try create(request, records: set) }
        // What the user typed is checked before a media file is copied.
        try checkInput(request)
        return try withLock { () throws(FolioError) -> Record in
            let imported = try importMedia(sources)
            var request = request
            request.media = imported.map { MediaEntry($0, taken: takenTime($0.facts)) }
            request.mediaPaths = imported.filter(\.needsCommit).map(\.path)
            do throws(FolioError) {
                request.mediaPaths += try trackInLFS(imported)
            } catch {
                discardNewMedia(imported)
                throw error
            }
            if dateFromMedia, request.date == nil {
                if let taken = request.media.lazy.compactMap(\.taken).first {
                    request.date = taken
                } else {
                    warnings.append(FolioError(.media(.noDateTaken)))
                }
            }
            return try createOrDiscard(request, imported: imported, set: set)
        }
    }

    private func createOrDiscard(_ request: NewRecord, imported: [ImportedMedia], set: RecordSet?) throws(FolioError) -> Record {
        do {
            return try create(request, records: set)
        } catch {
            discardNewMedia(imported)
            throw error
        }
    }

    /// The body of a new record with links to its media added.
    func bodyWithMediaLinks(_ body: String, media: [MediaEntry], recordPath: String) -> String {
        let links = media.map { entry in
            MediaLinks.markdown(
                name: entry.name ?? "", type: entry.type,
                target: MediaLinks.relativeTarget(fromRecord: recordPath, to: entry.file))
        }
        return MediaLinks.insert(links, into: body, recordPath: recordPath)
    }

    /// Adds media files to a record: entries under `media`, links in the body, one commit with the files.
    ///
    /// A file the record already lists is not added twice.
    /// - Returns: the record as written and how many files were added.
    /// - Throws: ``FolioError`` for a file that cannot be read or a record that cannot be rewritten;
    ///   media this call imported are removed then.
    public func attach(_ sources: [MediaSource], to record: Record) throws(FolioError) -> (record: Record, added: [ImportedMedia]) {
        try withLock { () throws(FolioError) -> (record: Record, added: [ImportedMedia]) in
            // A record the change could not be committed with is refused before a file is copied.
            try checkSecrets(try reread(record.path).document.text, at: record.path)
            let imported = try importMedia(sources)
            do throws(FolioError) {
                // Asked once: a retry below finds the line already written and would not commit it.
                let attributes = try trackInLFS(imported)
                // A save landing on the record meanwhile is kept: the media are added to it again.
                return try redoingOnChange { () throws(FolioError) -> (record: Record, added: [ImportedMedia]) in
                    try addEntries(imported, to: record.path, alsoCommitting: attributes)
                }
            } catch {
                discardNewMedia(imported)
                throw error
            }
        }
    }

    /// One attempt of ``attach(_:to:)``: the record read, the new entries and links added, and the
    /// file written only if it is still the version read.
    private func addEntries(
        _ imported: [ImportedMedia], to path: String, alsoCommitting attributes: [String]
    ) throws(FolioError) -> (record: Record, added: [ImportedMedia]) {
        let (fresh, version) = try readForWriting(path)
        var document = fresh.document
        let existing = MediaEntry.entries(of: document)
        var known = Set(existing.compactMap(\.sha256))
        var added: [ImportedMedia] = []
        for item in imported where known.insert(item.sha256).inserted { added.append(item) }
        // Every file this call stored is now used: a new one by its new entry, and one the
        // record already listed but that had gone missing by the entry it had.
        let stored = imported.filter(\.needsCommit).map(\.path) + attributes
        guard !added.isEmpty else {
            recordChange(stored, Self.describe("restore media of", fresh))
            return (fresh, [])
        }
        let entries = added.map { MediaEntry($0, taken: takenTime($0.facts)) }
        // Items the user wrote stay as written (a lone path too); the new ones follow them.
        var kept: [Node] = []
        if let current = document["media"], current.resolved != .null, current.scalarText?.isEmpty != true {
            kept = current.items?.map(\.withoutSpans) ?? [current.withoutSpans]
        }
        let order = kinds[fresh.kind ?? ""]?.keyOrder ?? Kind.commonKeys
        do throws(FrontMatterError) {
            try document.set("media", .sequence(kept + entries.map(\.node)), preceding: Array(order.prefix { $0 != "media" }))
            try document.replaceBody(bodyWithMediaLinks(document.body, media: entries, recordPath: fresh.path))
            try document.set("modified", .raw(clock.timestamp.text), preceding: ["id", "kind", "title", "created"])
        } catch {
            throw FolioError(error, file: fresh.path, text: document.text)
        }
        try writeFile(document.text, at: fresh.path, expecting: .version(version))
        let changed = Record(path: fresh.path, document: document)
        recordChange([fresh.path] + stored, Self.describe("attach \(added.count) media to", changed))
        return (changed, added)
    }
}
