import Foundation
import YAML

/// What a user typed to make a record, once the vault has checked it for hidden characters and
/// secrets: the kind's name, keys as typed, tags, a body for the kind's template, media items.
public struct RecordRequest: Sendable {
    public var kind: String
    public var title: String?
    /// `KEY=VALUE` pairs as typed; checked against the kind's declared types.
    public var fields: [(String, String)]
    public var tags: [String]
    public var body: String?
    /// A date or date-time to use as `created` instead of now.
    public var date: String?
    /// The `media` list's items, already in the form the record keeps.
    public var media: [Node]
    /// Whether `fields` may hold keys the kind does not declare (`--extra`).
    public var allowsExtraKeys: Bool

    public init(
        kind: String, title: String? = nil, fields: [(String, String)] = [], tags: [String] = [], body: String? = nil,
        date: String? = nil, media: [Node] = [], allowsExtraKeys: Bool = false
    ) {
        self.kind = kind
        self.title = title
        self.fields = fields
        self.tags = tags
        self.body = body
        self.date = date
        self.media = media
        self.allowsExtraKeys = allowsExtraKeys
    }
}

/// A new record before it has a file: its keys in the order they are written, its body, and what
/// its file name is made from.
public struct RecordDraft: Sendable {
    public var kind: Kind
    public var title: String
    public var created: Timestamp
    /// id, kind, title, created, modified, tags, parent, then the kind's keys, then extra keys.
    public var fields: [(String, Node)]
    public var body: String
}

/// How a record is built and changed: a kind's keys and types, required keys and defaults, the
/// stamps `set_when` rules write, titles and tags. Pure: the time, the id and how a parent is
/// found are given, so every rule is tested without a disk; the vault keeps the lock, the path
/// and the write.
public struct RecordRules: Sendable {
    public var kinds: [String: Kind]
    /// The time stamped as `modified` (and `created`, unless the request dates the record).
    public var now: Timestamp
    /// The zone a typed date without one is read in.
    public var zone: TimeZone
    /// The language of titles folio makes (「睡眠 2026-11-23 20:30」).
    public var language: Language
    /// The longest title, in characters.
    public var maxTitleLength: Int

    public init(kinds: [String: Kind], now: Timestamp, zone: TimeZone, language: Language, maxTitleLength: Int) {
        self.kinds = kinds
        self.now = now
        self.zone = zone
        self.language = language
        self.maxTitleLength = maxTitleLength
    }

    /// Finds the id of the record a typed parent reference names, for a child of `kind`.
    public typealias ParentLookup = (_ reference: String, _ kind: Kind) throws(FolioError) -> String

    // MARK: - Building

    /// A new record of `kind` from `request`, with `id`.
    /// - Throws: ``FolioError`` for a value of the wrong type, a key the kind does not take, a
    ///   missing required key or parent, a bad title or tag.
    public func draft(
        _ request: RecordRequest, kind: Kind, id: String, parent: String?, findParent: ParentLookup
    ) throws(FolioError) -> RecordDraft {
        if let title = request.title { try checkTitle(title) }
        var created = now
        if let date = request.date {
            guard let node = (date.utf8.count == 10 ? FieldType.date : FieldType.datetime).node(from: date, zone: zone),
                let text = node.scalarText, let stamp = Timestamp(text)
            else { throw FolioError(.badFieldValue(key: "date", type: FieldType.datetime.rawValue, value: date)) }
            created = stamp
        }
        var values: [(String, Node)] = []
        var extra: [(String, Node)] = []
        var title = request.title
        var tags = request.tags
        var parentID = try parent.map { reference throws(FolioError) in try findParent(reference, kind) }
        for (key, text) in request.fields {
            switch key {
            case "id", "kind", "created", "modified":
                throw FolioError(.fixedKey(key))
            case "title":
                title = text
            case "tags":
                tags += text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case "parent":
                parentID = try findParent(text, kind)
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
        // The kind's dating key files the record by when it happened, unless a date says otherwise.
        if request.date == nil, let dateKey = kind.dateKey,
            let given = values.first(where: { $0.0 == dateKey })?.1.scalarText.flatMap(Timestamp.init)
        {
            created = given
        }
        values += stampChanges(values.map { ($0.0, Optional($0.1)) }, of: nil, kind: kind).compactMap { key, node in
            node.map { (key, $0) }
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
            ("id", .raw(id)),
            ("kind", .string(kind.name)),
            ("title", .string(resolvedTitle)),
            ("created", .raw(created.text)),
            ("modified", .raw(now.text)),
            ("tags", .sequence(writtenTags.map { .string($0) })),
        ]
        if let parentID { header.append(("parent", .string(parentID))) }
        var context: [String: Any] = ["title": resolvedTitle, "created": created.text]
        for (key, node) in fields + extra { context[key] = node.resolved.plainText }
        // An empty string would count as set in Mustache and hide a template's `{{^body}}` fallback.
        if let body = request.body, !body.isEmpty { context["body"] = body }
        var body = kind.renderBody(context)
        if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { body = "" } else if !body.hasSuffix("\n") { body += "\n" }
        // The body's first words (``Kind/bodyFallbackKeys``) are written there alone: given with a
        // body as well they would live twice, one of them soon stale, so that is refused.
        let fallbackKeys = Set(kind.bodyFallbackKeys.filter { kind.field($0)?.required != true })
        let givenWords = fields.filter { fallbackKeys.contains($0.0) && $0.1.scalarText?.isEmpty == false }.map(\.0)
        if context["body"] != nil, let key = givenWords.first {
            throw FolioError(.wordsGivenTwice(key: key, kind: kind.shownName(language)))
        }
        if !body.isEmpty { fields.removeAll { givenWords.contains($0.0) } }
        if !request.media.isEmpty {
            let mediaNode = Node.sequence(request.media)
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
        return RecordDraft(kind: kind, title: resolvedTitle, created: created, fields: header + fields + extra, body: body)
    }

    /// A title for a record given none: its name or question (a value by its label), else the
    /// kind's name and its first time, in the vault's language: 「睡眠 2026-11-23 20:30」.
    public func defaultTitle(kind: Kind, fields: [(String, Node)], created: Timestamp) -> String {
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

    // MARK: - Changing

    /// The key changes `set KEY=VALUE …` and `--unset KEY …` make to `record`, stamps included.
    /// A key the kind does not declare is refused unless the record already has it, the kind says
    /// `extra_keys: allow`, or `allowExtraKeys` (`--extra`).
    /// - Throws: ``FolioError`` for a key of the wrong type or a key that is the record's identity.
    public func changes(
        to record: Record, set assignments: [(String, String)], unset: [String], allowExtraKeys: Bool, findParent: ParentLookup
    ) throws(FolioError) -> [(String, Node?)] {
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
                changes.append((key, .sequence(tags.map { .string($0) })))
            case "parent":
                guard let kind else { throw FolioError(.unknownKind(record.kind ?? "", kinds.keys.sorted())) }
                changes.append((key, .string(try findParent(text, kind))))
            default:
                if let kind {
                    try refuseComputed(key, of: kind)
                    // The page's words live in its body alone: a copy set here would be stale at
                    // the body's next edit. A page an AI wrote keeps what it was written from.
                    if kind.bodyFallbackKeys.contains(key), kind.field(key)?.required != true,
                        record.document.string("summarized_by").map({ $0.isEmpty }) ?? true
                    {
                        throw FolioError(.wordsLiveInBody(key: key, kind: kind.shownName(language)))
                    }
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
        return changes + stampChanges(changes, of: record, kind: kind)
    }

    /// The keys a change of true/false keys stamps or clears, by the kind's `set_when` rules: `done`
    /// set true stamps `done_at` with the time (unless it was done already), false removes it. A
    /// stamp the same change sets by hand is left as given.
    public func stampChanges(_ changes: [(String, Node?)], of record: Record?, kind: Kind?) -> [(String, Node?)] {
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
                if !wasSet { stamps.append((stamp, .raw(now.text))) }
            }
        }
        return stamps
    }

    /// Sets and removes `changes` (each key where `order` puts it), rewrites the body through
    /// `body`, and stamps `modified` when anything changed; whether anything did. Only the lines
    /// of those keys and the body change: the edit every change of a record goes through.
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

    // MARK: - Values, titles and tags

    /// Turns typed text into a value for `key`, checked against the kind's declared type.
    public func checkedNode(key: String, text: String, kind: Kind) throws(FolioError) -> Node {
        guard let spec = kind.field(key) else {
            // A key the kind does not declare: read it as YAML would, so numbers stay numbers.
            switch Value.resolvePlain(text) {
            case .int, .double, .bool: return .raw(text)
            default: return .string(text)
            }
        }
        // A value's label in either language stands for the value: `reason=餵奶` stores `hunger`.
        let typed = spec.value(typed: text) ?? text
        guard let node = spec.type.node(from: typed, zone: zone) else {
            throw FolioError(.badFieldValue(key: key, type: spec.type.rawValue, value: text))
        }
        if let allowed = spec.allowedValues, let scalar = node.scalarText, !allowed.contains(scalar) {
            throw FolioError(.valueNotAllowed(key: key, value: scalar, allowed: spec.allowedWithLabels))
        }
        return node
    }

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

    /// Tags as given (`--tag`, `set tags=`), normalised, each refused unless it is one line.
    /// - Throws: ``FolioError`` `.guarded(.controlInInput(.tag, …))`.
    public func checkedTags(_ tags: [String]) throws(FolioError) -> [String] {
        // Checked as typed: a control character is refused, not turned into a `-` of the tag.
        for tag in tags.flatMap(TextRule.splitTags) { try UserInput.checkTag(tag) }
        return Self.normalisedTags(tags)
    }

    /// Tags as Obsidian reads them (``TagName/normalised(_:)``: no `#`, no spaces, letters, digits,
    /// `_`, `-`, `/`), each once (compared without case); a comma (or `，`, `、`) separates two tags
    /// wherever tags are given (``TextRule/splitTags(_:)``). Every writer of tags calls this.
    public static func normalisedTags(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for raw in tags.flatMap(TextRule.splitTags) {
            guard let tag = TagName.normalised(raw), seen.insert(tag.lowercased()).inserted else { continue }
            out.append(tag)
        }
        return out
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
}
