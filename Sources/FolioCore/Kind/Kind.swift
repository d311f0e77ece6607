import Mustache
import YAML

/// What deleting a parent does to a child record of this kind.
public enum DeleteRule: String, Sendable, CaseIterable {
    /// The child goes with its parent (the default).
    case cascade
    /// The child stays and its `parent` key is removed.
    case keep
    /// The parent cannot be deleted while this child exists.
    case refuse
}

/// One key a kind declares: its type, default, and whether a record must have it.
public struct FieldSpec: Sendable, Equatable {
    public var name: String
    public var type: FieldType
    public var required: Bool
    public var defaultValue: Node?
    /// The only values allowed, when the template lists them.
    public var allowedValues: [String]?
    public var summary: String?
    /// A boolean key that stamps this one (`done_at: {type: datetime, set_when: done}`): when the
    /// boolean becomes true, this key gets the time; when it becomes false, this key goes.
    public var setWhen: String?
    /// What the key is called in each language (`label: {zh-Hant: 原因, en: reason}`).
    public var label: Label? = nil
    /// The labels of the allowed values, when `values:` maps each value to its label.
    public var valueLabels: [String: Label] = [:]
}

/// A kind of record, read from its template: where its files live, its keys, its parent.
public struct Kind: Sendable {
    public var name: String
    /// Folder under the vault, e.g. `ideas`; records go to `<dir>/YYYY/MM/`.
    public var directory: String
    /// A fixed file name relative to the vault for one-per-vault kinds (`profile.md`).
    public var fixedPath: String?
    public var summary: String?
    public private(set) var fields: [FieldSpec]
    public var parentKind: String?
    public var onParentDelete: DeleteRule
    /// Whether keys the kind does not declare are taken from `--field` and `set` without `--extra`
    /// (`extra_keys: allow`); by default they are refused, so a typo never goes unnoticed.
    public var allowsExtraKeys: Bool
    /// The declared date or date-time key that dates a record of this kind (`date_key: start`): a
    /// sleep entered the next morning is filed, listed and named by when it began.
    public var dateKey: String?
    /// The body's Mustache template.
    public private(set) var bodyTemplate: MustacheTemplate
    /// Where the template came from, for error messages.
    public var source: String
    /// What the kind is called in each language (`label: {zh-Hant: 睡眠, en: sleep}`).
    public var label: Label?
    /// Values computed from each record's keys, shown and never written (`computed:`).
    public var computed: [ComputedField] = []
    /// The charts the site draws from the kind's records (`charts:`).
    public var charts: [ChartSpec] = []

    /// The keys the body template writes only when a record is made without a body, as the
    /// diary's `{{{body}}}{{^body}}{{{text}}}{{/body}}` writes `text`: the body's first words.
    /// A value given for one goes into the body and is not kept in the front matter as well, so
    /// the words live once and an edit in any editor is never contradicted by a stale copy.
    /// Found by rendering, so any way a template says it is recognised; once, when the template is
    /// read (``fallbackKeys(of:rendering:)``), since every write and `folio check` asks.
    public private(set) var bodyFallbackKeys: [String] = []

    public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }

    /// Every key a record of this kind may have without `--extra`: the common keys, `parent` for a
    /// child kind, and its own.
    public var knownKeys: [String] { keyOrder }

    /// The keys stamped when `key` changes: (stamped key, stamp when `key` becomes true).
    public func stamps(by key: String) -> [String] {
        fields.filter { $0.setWhen == key }.map(\.name)
    }

    /// Keys every record has, in the order folio writes them.
    public static let commonKeys = ["id", "kind", "title", "created", "modified", "tags"]

    /// The order keys take in a new file: common keys, `parent`, then this kind's own keys.
    public var keyOrder: [String] {
        Self.commonKeys + (parentKind == nil ? [] : ["parent"]) + fields.map(\.name)
    }
}

extension Kind {
    /// Reads a kind from a template file: YAML front matter declaring the kind, then the body template.
    /// - Throws: ``FolioError`` naming the template file and line.
    public init(template text: String, source: String, fallbackName: String) throws(FolioError) {
        guard text.utf8.count <= Self.maxTemplateBytes else {
            throw FolioError(.templateInvalid(.tooLarge(bytes: text.utf8.count, limit: Self.maxTemplateBytes)), file: source)
        }
        let document: FrontMatterDocument
        do {
            document = try FrontMatterDocument(parsing: text)
        } catch {
            throw FolioError(error, file: source, text: text)
        }
        func fail(_ problem: TemplateProblem, key: String) -> FolioError {
            let mark = document[key]?.span?.start
            let line = mark.map { $0.line + FrontMatterDocument.lineNumber(of: document.yamlStart, in: text.utf8) - 1 }
            return FolioError(.templateInvalid(problem), file: source, line: line, column: mark?.column)
        }
        let name = document.string("kind") ?? fallbackName
        guard Slug.make(name) == name.lowercased() || name == fallbackName else {
            throw fail(.badKindName(name), key: "kind")
        }
        self.name = name
        self.fixedPath = document.string("file")
        let directory = document.string("dir") ?? name
        guard !directory.hasPrefix("/"), !directory.split(separator: "/").contains(".."), !directory.hasPrefix(".") else {
            throw fail(.directoryOutside, key: "dir")
        }
        self.directory = directory
        self.summary = document.string("description")
        self.parentKind = document.string("parent")
        if let rule = document.string("on_parent_delete") {
            guard let parsed = DeleteRule(rawValue: rule) else {
                throw fail(.badDeleteRule(rule), key: "on_parent_delete")
            }
            self.onParentDelete = parsed
        } else {
            self.onParentDelete = .cascade
        }
        var fields: [FieldSpec] = []
        if let declared = document["fields"] {
            guard let pairs = declared.pairs else { throw fail(.fieldsNotAMap, key: "fields") }
            for pair in pairs {
                guard let key = pair.key.scalarText else { continue }
                fields.append(try Self.fieldSpec(key, pair.value, fail: { fail($0, key: "fields") }))
            }
        }
        // An idea template written before `set_when` existed still stamps `done_at` when done.
        if let index = fields.firstIndex(where: { $0.name == "done_at" && $0.setWhen == nil }),
            fields.contains(where: { $0.name == "done" })
        {
            fields[index].setWhen = "done"
        }
        for field in fields {
            guard let flag = field.setWhen else { continue }
            guard fields.first(where: { $0.name == flag })?.type == .bool else {
                throw fail(.badSetWhen(field: field.name, flag: flag), key: "fields")
            }
        }
        self.fields = fields
        switch document.string("extra_keys") {
        case nil, "refuse": self.allowsExtraKeys = false
        case "allow": self.allowsExtraKeys = true
        case let other?: throw fail(.badExtraKeys(other), key: "extra_keys")
        }
        if let dateKey = document.string("date_key") {
            guard let spec = fields.first(where: { $0.name == dateKey }), spec.type == .date || spec.type == .datetime else {
                throw fail(.badDateKey(dateKey), key: "date_key")
            }
            self.dateKey = dateKey
        } else {
            self.dateKey = nil
        }
        self.source = source
        if let node = document["label"] {
            guard let label = Label(node: node) else { throw fail(.badLabel(key: nil, value: nil), key: "label") }
            self.label = label
        } else {
            self.label = nil
        }
        let computed = try Self.computedFields(document["computed"]) { fail($0, key: "computed") }
        if let clash = computed.first(where: { field in fields.contains { $0.name == field.name } }) {
            throw fail(.badComputed(name: clash.name), key: "computed")
        }
        self.computed = computed
        self.charts = try Self.chartSpecs(document["charts"]) { fail($0, key: "charts") }
        let bodyText = document.body
        guard bodyText.utf8.count <= Self.maxBodyBytes else {
            throw FolioError(.templateInvalid(.bodyTooLarge(bytes: bodyText.utf8.count, limit: Self.maxBodyBytes)), file: source)
        }
        // Measured before the template library reads it, which recurses once per section and
        // measures the rest of the body again at each start of a delimiter.
        let shape = MustacheShape.scan(bodyText, depthLimit: Self.maxSectionDepth)
        if let offset = shape.tooDeepAt {
            let mark = Mark(byteOffset: document.bodyStart + offset, in: text)
            throw FolioError(
                .templateInvalid(.sectionsTooDeep(limit: Self.maxSectionDepth)),
                file: source, line: mark.line, column: mark.column, sourceLine: FolioError.line(mark.line, of: text))
        }
        if shape.delimiterStarts.count > Self.maxDelimiterStarts {
            let problem = TemplateProblem.tooManyDelimiterStarts(
                character: shape.delimiterStarts.character, count: shape.delimiterStarts.count, limit: Self.maxDelimiterStarts)
            throw FolioError(.templateInvalid(problem), file: source)
        }
        do {
            self.bodyTemplate = try MustacheTemplate(string: bodyText)
        } catch let error as MustacheTemplate.ParserError {
            let offset = Self.byteOffset(ofParserLine: error.context.lineNumber, column: error.context.columnNumber, in: bodyText)
            let mark = Mark(byteOffset: document.bodyStart + offset, in: text)
            throw FolioError(
                .templateInvalid(.mustache("\(error.error)")), file: source,
                line: mark.line, column: mark.column, sourceLine: FolioError.line(mark.line, of: text))
        } catch {
            throw FolioError(.templateInvalid(.mustache("\(error)")), file: source)
        }
        if let include = shape.include {
            let mark = Mark(byteOffset: document.bodyStart + include.offset, in: text)
            throw FolioError(
                .templateInvalid(.includesFile(include.name)),
                file: source, line: mark.line, column: mark.column, sourceLine: FolioError.line(mark.line, of: text))
        }
        bodyFallbackKeys = Self.fallbackKeys(of: fields, rendering: bodyTemplate)
    }

    /// Where the template library's error lies, as a byte offset in `body`. The library counts a
    /// line at every character Swift calls a line break (a form feed, a lone CR, U+2028 too) and
    /// its columns in characters since the last lone LF (a CRLF is one character to it); folio, as
    /// editors and `grep -n`, counts lines at LF only. Both counts only grow, so the first place where they match is the one meant; a
    /// position the body does not hold gives its end.
    static func byteOffset(ofParserLine line: Int, column: Int, in body: String) -> Int {
        var breaks = 1
        var sinceLineFeed = 1
        var offset = 0
        for character in body {
            if breaks > line || (breaks == line && sinceLineFeed >= column) { break }
            offset += character.utf8.count
            if character.isNewline { breaks += 1 }
            sinceLineFeed = character == "\n" ? 1 : sinceLineFeed + 1
        }
        return offset
    }

    /// The most a template file may hold, front matter and body (1 MiB): templates are a few
    /// KiB, and one arrives from every device that syncs with this one.
    public static let maxTemplateBytes = 1_048_576

    /// The most a template's body may hold (64 KiB): the template library's work grows with the
    /// body's length times its delimiters (``maxDelimiterStarts``), so both are bounded.
    public static let maxBodyBytes = 65_536

    /// How many times a body may hold the first character of its opening delimiter (`{`), tags
    /// and stray braces alike: a template of a kind has tens. At each one the template library
    /// measures the rest of the body again; 20,000 of them in 600 KB took it a minute.
    public static let maxDelimiterStarts = 1_024

    /// How deep a template's sections may nest (`{{#a}}{{#b}}…{{/b}}{{/a}}` is 2): folio's own
    /// templates use 1, and the template library reads each level with a call of its own.
    public static let maxSectionDepth = 32

    /// The kind a template file declares (`kind:`), else its file name; for naming a template that
    /// could not be read as a kind.
    public static func declaredName(template text: String, fallbackName: String) -> String {
        // try?: only the name a broken template is listed under; its error is kept and said when the kind is used.
        (try? FrontMatterDocument(parsing: text))?.string("kind") ?? fallbackName
    }

    private static func fieldSpec(_ key: String, _ node: Node, fail: (TemplateProblem) -> FolioError) throws(FolioError) -> FieldSpec {
        if let typeName = node.scalarText {
            guard let type = FieldType(rawValue: typeName) else {
                throw fail(.unknownType(key: key, type: typeName, known: FieldType.allCases.map(\.rawValue)))
            }
            return FieldSpec(name: key, type: type, required: false, setWhen: nil)
        }
        guard node.pairs != nil else { throw fail(.badFieldDeclaration(key)) }
        let typeName = node["type"]?.scalarText ?? "string"
        guard let type = FieldType(rawValue: typeName) else {
            throw fail(.unknownType(key: key, type: typeName, known: FieldType.allCases.map(\.rawValue)))
        }
        let required = node["required"]?.resolved == .bool(true)
        var allowed: [String]?
        var valueLabels: [String: Label] = [:]
        if let values = node["values"] {
            if let items = values.items {
                allowed = items.compactMap(\.scalarText)
            } else if let pairs = values.pairs {
                // `values: {hunger: {zh-Hant: 餵奶, en: hunger}, …}`: each value with its label.
                var list: [String] = []
                for pair in pairs {
                    guard let value = pair.key.scalarText else { throw fail(.badValues(key)) }
                    list.append(value)
                    if pair.value.resolved == .null { continue }
                    guard let label = Label(node: pair.value) else { throw fail(.badLabel(key: key, value: value)) }
                    valueLabels[value] = label
                }
                allowed = list
            } else {
                throw fail(.badValues(key))
            }
        }
        var label: Label?
        if let node = node["label"] {
            guard let parsed = Label(node: node) else { throw fail(.badLabel(key: key, value: nil)) }
            label = parsed
        }
        let spec = FieldSpec(
            name: key, type: type, required: required, defaultValue: node["default"]?.withoutSpans,
            allowedValues: allowed, summary: node["description"]?.scalarText, setWhen: node["set_when"]?.scalarText,
            label: label, valueLabels: valueLabels)
        try checkLabelsDistinct(spec, fail: fail)
        return spec
    }

    /// A typed label must name one value: no label is another value, or the label of two.
    private static func checkLabelsDistinct(_ spec: FieldSpec, fail: (TemplateProblem) -> FolioError) throws(FolioError) {
        let values = spec.allowedValues ?? []
        for value in values {
            for text in spec.valueLabels[value].map({ Array($0.texts.values) }) ?? [] {
                let others = values.filter { $0 != value }
                let clash =
                    others.first { $0.caseInsensitiveCompare(text) == .orderedSame }
                    ?? others.first { spec.valueLabels[$0]?.matches(text) == true }
                if let clash { throw fail(.labelClash(key: spec.name, label: text, values: [value, clash])) }
            }
        }
    }

    /// Renders the body for a new record from its field values.
    public func renderBody(_ context: [String: Any]) -> String {
        bodyTemplate.render(context)
    }

    /// The keys of ``bodyFallbackKeys``, found by rendering `template` with each key alone and
    /// with a body as well.
    static func fallbackKeys(of fields: [FieldSpec], rendering template: MustacheTemplate) -> [String] {
        let marker = "\u{1}folio-fallback\u{1}"
        return fields.map(\.name).filter { key in
            key != "body" && template.render([key: marker]).contains(marker)
                && !template.render([key: marker, "body": "-"]).contains(marker)
        }
    }
}
