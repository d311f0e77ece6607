import FolioCore
import Foundation
import SystemIO
import YAML

/// What a user asks for when making a record.
public struct NewRecord: Sendable {
    public var kind: String
    public var title: String?
    /// `KEY=VALUE` pairs as typed; checked against the kind's declared types.
    public var fields: [(String, String)]
    public var tags: [String]
    public var body: String?
    public var parent: String?
    /// A date or date-time to use as `created` instead of now.
    public var date: String?
    /// Media already in `media/` that the record lists and links.
    public var media: [MediaEntry] = []
    /// Media files new to the vault, committed with the record.
    var mediaPaths: [String] = []
    /// Whether `fields` may hold keys the kind does not declare (`--extra`).
    public var allowsExtraKeys = false

    public init(
        kind: String, title: String? = nil, fields: [(String, String)] = [], tags: [String] = [],
        body: String? = nil, parent: String? = nil, date: String? = nil
    ) {
        self.kind = kind
        self.title = title
        self.fields = fields
        self.tags = tags
        self.body = body
        self.parent = parent
        self.date = date
    }
}

extension Vault {
    // MARK: - Finding

    /// The record a user's reference names.
    /// - Throws: ``FolioError`` `.recordNotFound`, `.ambiguousReference` or `.pathOutsideVault`.
    public func resolve(_ reference: String, in set: RecordSet, workingDirectory: URL? = nil) throws(FolioError) -> Record {
        let text = try referenceText(reference, workingDirectory: workingDirectory)
        if text.contains("/") || text.hasSuffix(".md"), let problem = set.problems.first(where: { $0.file == text }) { throw problem }
        switch RecordReference.resolve(text, in: set.records) {
        case .found(let index): return set.records[index]
        case .notFound: throw FolioError(.recordNotFound(reference))
        case .ambiguous(let indexes): throw Self.ambiguity(reference, indexes.map { set.records[$0] })
        }
    }

    /// A reference as ``RecordReference`` compares it: a path typed from `workingDirectory` (or
    /// absolute) made vault-relative, anything else as typed.
    func referenceText(_ reference: String, workingDirectory: URL?) throws(FolioError) -> String {
        guard reference.contains("/") || reference.hasSuffix(".md") else { return reference }
        let base = workingDirectory ?? root
        let candidate = absoluteURL(reference, from: base)
        if reference.hasPrefix("/") || reference.hasPrefix(".") || FileManager.default.fileExists(atPath: candidate.path) {
            return try relativePath(of: reference, from: base)
        }
        return reference
    }

    /// The candidates by path, so the catalog and a scan list them alike.
    static func ambiguity(_ reference: String, _ records: [some Referable]) -> FolioError {
        FolioError(
            .ambiguousReference(
                reference,
                records.sorted { $0.path < $1.path }.map { record in
                    "\(record.shortID)  \(record.kind ?? "?")  \(record.title)  (\(record.path))"
                }))
    }

    /// `profile.md` when it is a profile record, read alone.
    public func profileFile() -> Record? {
        guard case .record(let record) = Self.parse(path: "profile.md", rootPath: root.path, limits: frontMatterLimits),
            record.kind == "profile"
        else { return nil }
        return record
    }

    /// Refuses to write to a vault without an owner, saying how to make one; reads `profile.md` only,
    /// which must be a profile record.
    public func requireProfile() throws(FolioError) {
        guard profileFile() != nil else { throw FolioError(.noProfile) }
    }

    // MARK: - Creating

    /// Writes a new record of any kind the vault defines.
    /// - Throws: ``FolioError`` for an unknown kind, a value of the wrong type, a missing required
    ///   key or parent; nothing is written then.
    @discardableResult
    public func create(_ request: NewRecord, records set: RecordSet? = nil) throws(FolioError) -> Record {
        try checkInput(request)
        if let title = request.title { try checkTitle(title) }
        let kind = try kindForWriting(request.kind)
        let draft = try recordRules.draft(
            RecordRequest(
                kind: kind.name, title: request.title, fields: request.fields, tags: request.tags, body: request.body,
                date: request.date, media: request.media.map(\.node), allowsExtraKeys: request.allowsExtraKeys),
            kind: kind, id: newRecordID(), parent: request.parent
        ) { reference, kind throws(FolioError) in try parentRecordID(reference, for: kind, set: set) }
        let (resolvedTitle, created, body, fieldsToWrite) = (draft.title, draft.created, draft.body, draft.fields)
        return try withLock { () throws(FolioError) -> Record in
            // A file another program makes at the chosen name meanwhile is never replaced: the
            // record takes the next free name (a fixed path, such as the profile's, is refused).
            let (path, document) = try redoingOnChange { () throws(FolioError) -> (String, FrontMatterDocument) in
                let path = try freePath(for: kind, title: resolvedTitle, created: created)
                let linkedBody = request.media.isEmpty ? body : bodyWithMediaLinks(body, media: request.media, recordPath: path)
                let document: FrontMatterDocument
                do throws(FrontMatterError) {
                    document = try FrontMatterDocument.make(fields: fieldsToWrite, body: linkedBody)
                } catch {
                    throw FolioError(error, file: kind.source, text: nil)
                }
                try makeFolders(for: path)
                try writeFile(document.text, at: path, expecting: .absent)
                return (path, document)
            }
            let record = Record(path: path, document: document)
            recordChange([path] + request.mediaPaths, Self.describe("add", record))
            return record
        }
    }

    /// The rules records are built and changed by, with this vault's kinds, settings and time.
    public var recordRules: RecordRules {
        RecordRules(kinds: kinds, now: clock.timestamp, zone: clock.zone, language: settings.language, maxTitleLength: maxTitleLength)
    }

    /// A new record's id: a random UUID, in lower case as the apps write it.
    func newRecordID() -> String { UUID().uuidString.lowercased() }

    /// Tags as given, normalised, each refused unless it is one line (``RecordRules/checkedTags(_:)``).
    public func checkedTags(_ tags: [String]) throws(FolioError) -> [String] { try recordRules.checkedTags(tags) }

    /// Tags as plain words (``RecordRules/normalisedTags(_:)``).
    public static func normalisedTags(_ tags: [String]) -> [String] { RecordRules.normalisedTags(tags) }

    /// A file name for a new record that no file has yet: `-2`, `-3` … on a clash.
    func freePath(for kind: Kind, title: String, created: Timestamp) throws(FolioError) -> String {
        if let fixed = kind.fixedPath {
            return fixed
        }
        // In NFC, and never a name another device would take for one already there.
        let folder = PortablePath.composed("\(kind.directory)/\(String(format: "%04d/%02d", created.year, created.month))")
        let stem = "\(created.day10)-\(Slug.make(title))"
        var candidate = "\(folder)/\(stem).md"
        var counter = 2
        while nameTaken(candidate) {
            candidate = "\(folder)/\(stem)-\(counter).md"
            counter += 1
        }
        return candidate
    }

    func parentRecordID(_ reference: String, for kind: Kind, set: RecordSet?) throws(FolioError) -> String {
        guard let parentKind = kind.parentKind else { throw FolioError(.notAChildKind(kind.name)) }
        // Without the records at hand, the parent is found as `show` finds a record (the catalog),
        // not by reading the whole vault.
        let parent: Record
        if let set { parent = try resolve(reference, in: set) } else { parent = try findRecord(reference) }
        guard parent.kind == parentKind else {
            throw FolioError(.parentKindMismatch(child: kind.name, expected: parentKind, found: parent.kind ?? "?"))
        }
        guard let id = parent.id else { throw FolioError(.checkMissingID(parent.path)) }
        return id
    }

    // MARK: - Rules of a kind

    /// The longest title folio writes, in characters (`record.max_title_length`, default 200).
    public var maxTitleLength: Int { limit("record.max_title_length") ?? 200 }

    /// Refuses a title that cannot be one (``RecordRules/checkTitle(_:)``).
    public func checkTitle(_ title: String) throws(FolioError) { try recordRules.checkTitle(title) }

    /// A title made from longer text (a question, a diary's first words): one line, spaces for
    /// line breaks, tabs and control characters, cut to ``maxTitleLength`` with `…`.
    public func title(from text: String) -> String {
        Self.oneLineTitle(text, limit: maxTitleLength)
    }

    /// `text` on one line, at most `limit` characters (``RecordRules/oneLineTitle(_:limit:)``).
    public static func oneLineTitle(_ text: String, limit: Int) -> String { RecordRules.oneLineTitle(text, limit: limit) }

    /// The keys a change of true/false keys stamps or clears (``RecordRules/stampChanges(_:of:kind:)``).
    func stampChanges(_ changes: [(String, Node?)], of record: Record?, kind: Kind?) -> [(String, Node?)] {
        recordRules.stampChanges(changes, of: record, kind: kind)
    }

    // MARK: - Changing

    /// Sets and removes keys of one record, then stamps `modified`; only those lines change.
    /// A key the kind does not declare is refused unless the record already has it, the kind says
    /// `extra_keys: allow`, or `allowExtraKeys` (`--extra`).
    /// - Throws: ``FolioError`` for a key of the wrong type or a key that is the record's identity.
    @discardableResult
    public func update(
        _ record: Record, set assignments: [(String, String)], unset: [String] = [], allowExtraKeys: Bool = false
    ) throws(FolioError) -> Record {
        try checkInput(assignments.flatMap { key, text in [(.field(UserInput.oneLine(key)), key), (Self.inputName(key), text)] })
        let changes = try recordRules.changes(to: record, set: assignments, unset: unset, allowExtraKeys: allowExtraKeys) {
            reference, kind throws(FolioError) in try parentRecordID(reference, for: kind, set: nil)
        }
        let keys = (assignments.map(\.0) + unset).joined(separator: ", ")
        return try apply(changes, to: record, verb: "set \(keys)")
    }

    /// Marks an idea (or any record with a `done` key) done or open again; `done_at` follows the
    /// kind's `set_when` rule, as `set done=true` does. Done again: the time it was done stays.
    @discardableResult
    public func markDone(_ record: Record, done: Bool) throws(FolioError) -> Record {
        let changes: [(String, Node?)] = [("done", .raw(done ? "true" : "false"))]
        return try apply(
            changes + stampChanges(changes, of: record, kind: kinds[record.kind ?? ""]), to: record, verb: done ? "done" : "undone")
    }

    /// The record at `path` as the file holds it now (a hand edit may have come since it was listed).
    /// - Throws: ``FolioError`` when the file no longer parses, has no front matter, or is gone.
    func reread(_ path: String) throws(FolioError) -> Record {
        try readForWriting(path).record
    }

    /// The record at `path` as the file holds it now, with the version a write of it expects (see
    /// ``writeFile(_:at:expecting:)``): a save landing after this read is never overwritten.
    /// - Throws: ``FolioError`` when the file no longer parses, has no front matter, or is gone.
    func readForWriting(_ path: String) throws(FolioError) -> (record: Record, version: FileVersion) {
        guard let (bytes, version) = AtomicFile.read(url(path)) else {
            if errno == ENOENT { throw FolioError(.recordNotFound(path)) }
            throw FolioError(.fileUnreadable(String(cString: strerror(errno))), file: path)
        }
        switch Self.parse(read: bytes, path: path, rootPath: root.path, limits: frontMatterLimits, prefix: nil) {
        case .record(let parsed): return (parsed, version)
        case .problem(let error): throw error
        case .plain: throw FolioError(.noFrontMatter, file: path)
        case .none: throw FolioError(.recordNotFound(path))
        }
    }

    /// Applies key changes to a record's file under the lock, re-reading it first so a hand edit
    /// made since it was listed is never overwritten.
    /// Changes keys and, through `body`, the body of a record, in one write and one commit; the
    /// file is re-read under the lock first, so `body` sees any hand edit made since.
    @discardableResult
    public func update(_ record: Record, keys changes: [(String, Node?)], body: (@Sendable (String) -> String)? = nil, verb: String)
        throws(FolioError) -> Record
    {
        try apply(changes, body: body, to: record, verb: verb)
    }

    @discardableResult
    func apply(_ changes: [(String, Node?)], body: (@Sendable (String) -> String)? = nil, to record: Record, verb: String)
        throws(FolioError) -> Record
    {
        // A kind whose template override is broken is not written, whatever the change.
        if let name = record.kind, brokenTemplates[name] != nil { _ = try kindForWriting(name) }
        let order = kinds[record.kind ?? ""]?.keyOrder ?? Kind.commonKeys
        return try withLock { () throws(FolioError) -> Record in
            try redoingOnChange { () throws(FolioError) -> Record in
                try apply(changes, body: body, to: record.path, order: order, verb: verb)
            }
        }
    }

    /// One attempt of ``apply(_:body:to:verb:)`` under the lock: the file read, changed, and written
    /// only if it is still the version read.
    private func apply(
        _ changes: [(String, Node?)], body: (@Sendable (String) -> String)?, to path: String, order: [String], verb: String
    ) throws(FolioError) -> Record {
        let (fresh, version) = try readForWriting(path)
        var document = fresh.document
        do throws(FrontMatterError) {
            guard try Self.apply(changes, body: body, to: &document, order: order, modified: clock.timestamp) else { return fresh }
        } catch {
            throw FolioError(error, file: path, text: document.text)
        }
        try writeFile(document.text, at: path, expecting: .version(version))
        let changed = Record(path: path, document: document)
        recordChange([path], Self.describe(verb, changed))
        return changed
    }

    /// Sets and removes `changes` in `document` (``RecordRules/apply(_:body:to:order:modified:)``).
    public static func apply(
        _ changes: [(String, Node?)], body: ((String) -> String)?, to document: inout FrontMatterDocument, order: [String],
        modified: Timestamp
    ) throws(FrontMatterError) -> Bool {
        try RecordRules.apply(changes, body: body, to: &document, order: order, modified: modified)
    }

    /// Replaces a record's whole text after an edit (in an editor, a page of `folio serve`, an
    /// assistant's `edit_body`), checking that it still parses and that what the edit adds is
    /// fit to keep (``checkAdded(_:to:)``).
    public func replaceText(of record: Record, with text: String, expecting original: String) throws(FolioError) -> Record {
        if text.utf8.contains(0) { throw FolioError(.guarded(.nulInInput(.editedRecord)), file: record.path) }
        try checkAdded(text, to: original, path: record.path)
        var document: FrontMatterDocument
        do {
            document = try FrontMatterDocument(parsing: text, limits: frontMatterLimits)
        } catch {
            throw FolioError(error, file: record.path, text: text)
        }
        if let id = record.id, document.string("id") != id { throw FolioError(.fixedKey("id")) }
        if let kind = document.string("kind"), kinds[kind] == nil { throw FolioError(.unknownKind(kind, kinds.keys.sorted())) }
        return try withLock { () throws(FolioError) -> Record in
            let current = AtomicFile.read(url(record.path))
            guard let current, current.bytes.elementsEqual(original.utf8) else { throw FolioError(.changedWhileEditing, file: record.path) }
            if document.string("modified") == record.document.string("modified") {
                do throws(FrontMatterError) {
                    try document.set("modified", .raw(clock.timestamp.text), preceding: ["id", "kind", "title", "created"])
                } catch {
                    throw FolioError(error, file: record.path, text: text)
                }
            }
            do throws(FolioError) {
                try writeFile(document.text, at: record.path, expecting: .version(current.version))
            } catch {
                // An edit cannot be made again on the new text: the editor's session is what changed.
                if case .file(.changedWhileWriting(nil)) = error.message { throw FolioError(.changedWhileEditing, file: record.path) }
                throw error
            }
            let changed = Record(path: record.path, document: document)
            recordChange([record.path], Self.describe("edit", changed))
            return changed
        }
    }

    // MARK: - Deleting

    /// Throws when a child whose rule is `refuse` blocks the plan.
    /// Refuses a plan a child's `refuse` rule blocks, naming the child and its parent.
    public func checkRefusals(_ plan: DeletePlan, among records: [some ParentLinked]) throws(FolioError) {
        guard let refusal = plan.refusals.first else { return }
        let child = records[refusal.child]
        throw FolioError(.deleteRefusedByRule(child: child.title, kind: child.kind ?? "?", parent: records[refusal.parent].title))
    }

    /// What removing `roots` would do, following each child kind's delete rule.
    public func planDelete(_ roots: [Record], in set: RecordSet) -> DeletePlan {
        planDelete(rootPaths: roots.map(\.path), among: set.records)
    }

    /// The same, planned among `records` (the catalog's summaries, or every parsed record); the
    /// plan's indexes are positions in `records`.
    public func planDelete(rootPaths: [String], among records: [some ParentLinked]) -> DeletePlan {
        var position: [String: Int] = [:]
        for (index, record) in records.enumerated() { position[record.path] = index }
        let indexes = rootPaths.compactMap { position[$0] }
        return DeletePlan(removing: indexes, from: records) { [kinds] kind in kinds[kind]?.onParentDelete ?? .cascade }
    }

    /// Carries out a delete plan: files removed, `keep` children unlinked.
    /// - Throws: ``FolioError`` `.deleteRefusedByRule` when a child refuses, before anything changes.
    public func execute(_ plan: DeletePlan, in set: RecordSet) throws(FolioError) {
        try execute(plan, among: set.records)
    }

    /// Carries out a plan made among `records`; a child to unlink is read from its file first.
    public func execute(_ plan: DeletePlan, among records: [some ParentLinked]) throws(FolioError) {
        try checkRefusals(plan, among: records)
        let removed = plan.removals.map { records[$0] }
        var message = removed.first.map { Self.describe("remove", $0) } ?? "remove"
        if removed.count > 1 { message += " and \(removed.count - 1) more" }
        try inOneCommit(message) { () throws(FolioError) in
            for index in plan.unlinks {
                try apply([("parent", nil)], to: try reread(records[index].path), verb: "unlink")
            }
            try withLock { () throws(FolioError) in
                var done: [String] = []
                defer { recordChange(done, message) }
                for record in removed {
                    try removeFile(at: record.path)
                    done.append(record.path)
                }
            }
        }
    }
}
