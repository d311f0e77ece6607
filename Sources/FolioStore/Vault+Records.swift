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

    /// The owner's profile record, if the vault has one.
    public func profile(in set: RecordSet) -> Record? {
        set.records.first { $0.kind == "profile" && $0.path == "profile.md" } ?? set.records.first { $0.kind == "profile" }
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
        let now = clock.timestamp
        var created = now
        if let date = request.date {
            guard let node = (date.utf8.count == 10 ? FieldType.date : FieldType.datetime).node(from: date, zone: clock.zone),
                let text = node.scalarText, let stamp = Timestamp(text)
            else { throw FolioError(.badFieldValue(key: "date", type: FieldType.datetime.rawValue, value: date)) }
            created = stamp
        }
        var values: [(String, Node)] = []
        var extra: [(String, Node)] = []
        var title = request.title
        var tags = request.tags
        var parentID: String?
        if let parent = request.parent {
            parentID = try parentRecordID(parent, for: kind, set: set)
        }
        for (key, text) in request.fields {
            switch key {
            case "id", "kind", "created", "modified":
                throw FolioError(.fixedKey(key))
            case "title":
                title = text
            case "tags":
                tags += text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case "parent":
                parentID = try parentRecordID(text, for: kind, set: set)
            default:
                try refuseComputed(key, of: kind)
                if kind.field(key) == nil && !kind.allowsExtraKeys && !request.allowsExtraKeys { throw Self.unknownKey(key, of: kind) }
                let node = try checkedNode(key: key, text: text, kind: kind)
                if kind.field(key) != nil {
                    values.removeAll { $0.0 == key }
                    values.append((key, node))
                } else {
                    extra.removeAll { $0.0 == key }
                    extra.append((key, node))
                }
            }
        }
        if kind.parentKind != nil && parentID == nil {
            throw FolioError(.parentRequired(kind: kind.name, parentKind: kind.parentKind ?? ""))
        }
        // The kind's dating key files the record by when it happened, unless --date says otherwise.
        if request.date == nil, let dateKey = kind.dateKey,
            let given = values.first(where: { $0.0 == dateKey })?.1.scalarText.flatMap(Timestamp.init)
        {
            created = given
        }
        values += stampChanges(values.map { ($0.0, Optional($0.1)) }, of: nil, kind: kind).compactMap { key, node in node.map { (key, $0) }
        }
        var fields: [(String, Node)] = []
        for spec in kind.fields {
            if let given = values.first(where: { $0.0 == spec.name }) {
                fields.append(given)
            } else if let fallback = spec.defaultValue {
                fields.append((spec.name, fallback))
            } else if spec.required {
                throw FolioError(.missingRequired(key: spec.name, kind: kind.name))
            }
        }
        if let title, title != request.title { try checkTitle(title) }
        let resolvedTitle = title ?? defaultTitle(kind: kind, fields: fields, created: created)
        let writtenTags = try checkedTags(tags)
        var header: [(String, Node)] = [
            ("id", .raw(UUID().uuidString.lowercased())),
            ("kind", .string(kind.name)),
            ("title", .string(resolvedTitle)),
            ("created", .raw(created.text)),
            ("modified", .raw(now.text)),
            ("tags", .sequence(writtenTags.map { .string($0) }, style: .flow)),
        ]
        if let parentID { header.append(("parent", .string(parentID))) }
        var context: [String: Any] = ["title": resolvedTitle, "created": created.text]
        for (key, node) in fields + extra { context[key] = node.resolved.plainText }
        // An empty string would count as set in Mustache and hide a template's `{{^body}}` fallback.
        if let body = request.body, !body.isEmpty { context["body"] = body }
        var body = kind.renderBody(context)
        if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { body = "" } else if !body.hasSuffix("\n") { body += "\n" }
        if !request.media.isEmpty {
            let mediaNode = Node.sequence(request.media.map(\.node))
            if let index = fields.firstIndex(where: { $0.0 == "media" }) {
                fields[index].1 = mediaNode
            } else if let position = kind.fields.firstIndex(where: { $0.name == "media" }) {
                // Where the kind declares it, so `git diff` and editors see the usual order.
                let later = Set(kind.fields[(position + 1)...].map(\.name))
                fields.insert(("media", mediaNode), at: fields.firstIndex { later.contains($0.0) } ?? fields.endIndex)
            } else if let index = extra.firstIndex(where: { $0.0 == "media" }) {
                extra[index].1 = mediaNode
            } else {
                extra.insert(("media", mediaNode), at: 0)
            }
        }
        let fieldsToWrite = header + fields + extra
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

    /// A title for a record given none: its name or question (a value by its label), else the
    /// kind's name and its first time, in the vault's language: 「睡眠 2026-11-23 20:30」.
    func defaultTitle(kind: Kind, fields: [(String, Node)], created: Timestamp) -> String {
        let language = settings.language
        for key in ["name", "question", "course", "activity", "factor"] {
            if let text = fields.first(where: { $0.0 == key })?.1.scalarText, !text.isEmpty {
                return kind.field(key)?.shownValue(text, language) ?? text
            }
        }
        let firstTime = kind.fields.first { $0.type == .datetime }.flatMap { spec in
            fields.first { $0.0 == spec.name }?.1.scalarText.flatMap(Timestamp.init)
        }
        let when = firstTime ?? created
        return "\(kind.shownName(language)) \(when.day10) \(String(when.text.dropFirst(11).prefix(5)))"
    }

    /// Tags as given (`--tag`, `set tags=`), normalised, each refused unless it is one line.
    /// - Throws: ``FolioError`` `.guarded(.controlInInput(.tag, …))`.
    public func checkedTags(_ tags: [String]) throws(FolioError) -> [String] {
        let normalised = Self.normalisedTags(tags)
        for tag in normalised { try UserInput.checkTag(tag) }
        return normalised
    }

    /// Tags as plain words: no `#`, no blanks, no duplicates (compared without case); a comma (or
    /// `，`, `、`) separates two tags wherever tags are given (``TextRule/splitTags(_:)``).
    public static func normalisedTags(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for raw in tags.flatMap(TextRule.splitTags) {
            let tag = String(raw.trimmingCharacters(in: .whitespaces).drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
            guard !tag.isEmpty, seen.insert(tag.lowercased()).inserted else { continue }
            out.append(tag)
        }
        return out
    }

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
        let parent = try resolve(reference, in: set ?? loadRecords())
        guard parent.kind == parentKind else {
            throw FolioError(.parentKindMismatch(child: kind.name, expected: parentKind, found: parent.kind ?? "?"))
        }
        guard let id = parent.id else { throw FolioError(.checkMissingID(parent.path)) }
        return id
    }

    /// Turns typed text into a value for `key`, checked against the kind's declared type.
    func checkedNode(key: String, text: String, kind: Kind) throws(FolioError) -> Node {
        guard let spec = kind.field(key) else {
            // A key the kind does not declare: read it as YAML would, so numbers stay numbers.
            switch Value.resolvePlain(text) {
            case .int, .double, .bool: return .raw(text)
            default: return .string(text)
            }
        }
        // A value's label in either language stands for the value: `reason=餵奶` stores `hunger`.
        let typed = spec.value(typed: text) ?? text
        guard let node = spec.type.node(from: typed, zone: clock.zone) else {
            throw FolioError(.badFieldValue(key: key, type: spec.type.rawValue, value: text))
        }
        if let allowed = spec.allowedValues, let scalar = node.scalarText, !allowed.contains(scalar) {
            throw FolioError(.valueNotAllowed(key: key, value: scalar, allowed: spec.allowedWithLabels))
        }
        return node
    }

    // MARK: - Rules of a kind

    /// The longest title folio writes, in characters (`record.max_title_length`, default 200).
    public var maxTitleLength: Int { limit("record.max_title_length") ?? 200 }

    /// Refuses a title that cannot be one: empty or only spaces, more than one line or holding a
    /// control character, longer than ``maxTitleLength``.
    public func checkTitle(_ title: String) throws(FolioError) {
        switch TextRule.title(title, limit: maxTitleLength) {
        case nil: return
        case .empty: throw FolioError(.recordInput(.emptyTitle))
        case .nul: throw FolioError(.recordInput(.titleControl(scalar: 0)))
        case .control(let scalar), .notOneLine(let scalar): throw FolioError(.recordInput(.titleControl(scalar: scalar)))
        case .tooLong(let length, let limit): throw FolioError(.recordInput(.titleTooLong(length: length, limit: limit)))
        }
    }

    /// A title made from longer text (a question, a diary's first words): one line, spaces for
    /// line breaks, tabs and control characters, cut to ``maxTitleLength`` with `…`.
    public func title(from text: String) -> String {
        Self.oneLineTitle(text, limit: maxTitleLength)
    }

    /// `text` on one line (spaces for line breaks, tabs and control characters), at most `limit`
    /// characters with `…` when cut.
    public static func oneLineTitle(_ text: String, limit: Int) -> String {
        var line = ""
        for character in text {
            let blank = character.isWhitespace || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            if blank { if !line.isEmpty && line.last != " " { line.append(" ") } } else { line.append(character) }
        }
        while line.last == " " { line.removeLast() }
        return line.count > limit ? String(line.prefix(max(0, limit - 1))) + "…" : line
    }

    /// A key the kind computes is never written: setting it is refused, naming what it comes from.
    func refuseComputed(_ key: String, of kind: Kind) throws(FolioError) {
        guard let field = kind.computed.first(where: { $0.name == key }) else { return }
        throw FolioError(.computedKey(key: key, kind: kind.name, from: field.sources))
    }

    static func unknownKey(_ key: String, of kind: Kind) -> FolioError {
        let known = kind.knownKeys.filter { !["id", "kind", "created", "modified"].contains($0) }
        return FolioError(
            .recordInput(
                .unknownKey(
                    key: UserInput.oneLine(key), kind: kind.name, known: known, closest: RecordInputMessage.closest(to: key, among: known)))
        )
    }

    /// The keys a change of true/false keys stamps or clears, by the kind's `set_when` rules: `done`
    /// set true stamps `done_at` with the time (unless it was done already), false removes it. A
    /// stamp the same change sets by hand is left as given.
    func stampChanges(_ changes: [(String, Node?)], of record: Record?, kind: Kind?) -> [(String, Node?)] {
        guard let kind else { return [] }
        let given = Set(changes.map(\.0))
        var stamps: [(String, Node?)] = []
        for (key, node) in changes {
            for stamp in kind.stamps(by: key) where !given.contains(stamp) {
                guard node?.resolved == .bool(true) else {
                    if record?.document[stamp] != nil { stamps.append((stamp, nil)) }
                    continue
                }
                let wasSet = record?.document.value(key) == .bool(true) && record?.document.string(stamp) != nil
                if !wasSet { stamps.append((stamp, .raw(clock.timestamp.text))) }
            }
        }
        return stamps
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
        let kind = kinds[record.kind ?? ""]
        var changes: [(String, Node?)] = []
        for (key, text) in assignments {
            switch key {
            case "id", "kind", "created", "modified":
                throw FolioError(.fixedKey(key))
            case "title":
                try checkTitle(text)
                changes.append((key, .string(text)))
            case "tags":
                let tags = try checkedTags([text])
                changes.append((key, .sequence(tags.map { .string($0) }, style: .flow)))
            case "parent":
                guard let kind else { throw FolioError(.unknownKind(record.kind ?? "", kinds.keys.sorted())) }
                changes.append((key, .string(try parentRecordID(text, for: kind, set: nil))))
            default:
                if let kind {
                    try refuseComputed(key, of: kind)
                    if kind.field(key) == nil, !kind.allowsExtraKeys, !allowExtraKeys, record.document[key] == nil {
                        throw Self.unknownKey(key, of: kind)
                    }
                    changes.append((key, try checkedNode(key: key, text: text, kind: kind)))
                } else {
                    changes.append((key, .string(text)))
                }
            }
        }
        for key in unset {
            if ["id", "kind", "created"].contains(key) { throw FolioError(.fixedKey(key)) }
            if let spec = kind?.field(key), spec.required { throw FolioError(.missingRequired(key: key, kind: kind?.name ?? "")) }
            changes.append((key, nil))
        }
        let keys = changes.map(\.0).joined(separator: ", ")
        changes += stampChanges(changes, of: record, kind: kind)
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

    /// Sets and removes `changes` (each key where `order` puts it), rewrites the body through
    /// `body`, and stamps `modified` when anything changed; whether anything did. Only the lines
    /// of those keys and the body change: the write every change of a record goes through.
    public static func apply(
        _ changes: [(String, Node?)], body: ((String) -> String)?, to document: inout FrontMatterDocument, order: [String],
        modified: Timestamp
    ) throws(FrontMatterError) -> Bool {
        let before = document.text
        for (key, node) in changes {
            let preceding = Array(order.prefix { $0 != key })
            if let node { try document.set(key, node, preceding: preceding) } else { try document.remove(key) }
        }
        if let body {
            let changed = body(document.body)
            if changed != document.body { try document.replaceBody(changed) }
        }
        guard document.text != before else { return false }
        try document.set("modified", .raw(modified.text), preceding: ["id", "kind", "title", "created"])
        return true
    }

    /// Replaces a record's whole text after an edit, checking that it still parses.
    public func replaceText(of record: Record, with text: String, expecting original: String) throws(FolioError) -> Record {
        if text.utf8.contains(0) { throw FolioError(.guarded(.nulInInput(.editedRecord)), file: record.path) }
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
