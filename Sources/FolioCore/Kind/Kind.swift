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
}

/// A kind of record, read from its template: where its files live, its keys, its parent.
public struct Kind: Sendable {
    public var name: String
    /// Folder under the vault, e.g. `ideas`; records go to `<dir>/YYYY/MM/`.
    public var directory: String
    /// A fixed file name relative to the vault for one-per-vault kinds (`profile.md`).
    public var fixedPath: String?
    public var summary: String?
    public var fields: [FieldSpec]
    public var parentKind: String?
    public var onParentDelete: DeleteRule
    /// The body's Mustache template.
    public var bodyTemplate: MustacheTemplate
    /// Where the template came from, for error messages.
    public var source: String

    public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }

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
        let document: FrontMatterDocument
        do {
            document = try FrontMatterDocument(parsing: text)
        } catch {
            throw FolioError(error, file: source, text: text)
        }
        func fail(_ problem: String, key: String) -> FolioError {
            let mark = document[key]?.span?.start
            let line = mark.map { $0.line + FrontMatterDocument.lineNumber(of: document.yamlStart, in: text.utf8) - 1 }
            return FolioError(.templateInvalid(problem), file: source, line: line, column: mark?.column)
        }
        let name = document.string("kind") ?? fallbackName
        guard Slug.make(name) == name.lowercased() || name == fallbackName else {
            throw fail("the kind name '\(name)' must be letters, digits and dashes", key: "kind")
        }
        self.name = name
        self.fixedPath = document.string("file")
        let directory = document.string("dir") ?? name
        guard !directory.hasPrefix("/"), !directory.split(separator: "/").contains(".."), !directory.hasPrefix(".") else {
            throw fail("'dir' must be a folder inside the vault", key: "dir")
        }
        self.directory = directory
        self.summary = document.string("description")
        self.parentKind = document.string("parent")
        if let rule = document.string("on_parent_delete") {
            guard let parsed = DeleteRule(rawValue: rule) else {
                throw fail("'on_parent_delete' must be cascade, keep or refuse, not '\(rule)'", key: "on_parent_delete")
            }
            self.onParentDelete = parsed
        } else {
            self.onParentDelete = .cascade
        }
        var fields: [FieldSpec] = []
        if let declared = document["fields"] {
            guard let pairs = declared.pairs else { throw fail("'fields' must map each key to its type", key: "fields") }
            for pair in pairs {
                guard let key = pair.key.scalarText else { continue }
                fields.append(try Self.fieldSpec(key, pair.value, fail: { fail($0, key: "fields") }))
            }
        }
        self.fields = fields
        self.source = source
        let bodyText = document.body
        do {
            self.bodyTemplate = try MustacheTemplate(string: bodyText)
        } catch let error as MustacheTemplate.ParserError {
            let bodyLine = FrontMatterDocument.lineNumber(of: document.bodyStart, in: text.utf8)
            throw FolioError(
                .templateInvalid("Mustache: \(error.error)"), file: source,
                line: bodyLine + error.context.lineNumber - 1, column: error.context.columnNumber,
                sourceLine: error.context.line)
        } catch {
            throw FolioError(.templateInvalid("\(error)"), file: source)
        }
        if let include = MustacheIncludes.first(in: bodyText) {
            let mark = Mark(byteOffset: document.bodyStart + include.offset, in: text)
            throw FolioError(
                .templateInvalid("'\(include.name)' would be read from another template file; a folio template cannot include files"),
                file: source, line: mark.line, column: mark.column, sourceLine: FolioError.line(mark.line, of: text))
        }
    }

    /// The kind a template file declares (`kind:`), else its file name; for naming a template that
    /// could not be read as a kind.
    public static func declaredName(template text: String, fallbackName: String) -> String {
        (try? FrontMatterDocument(parsing: text))?.string("kind") ?? fallbackName
    }

    private static func fieldSpec(_ key: String, _ node: Node, fail: (String) -> FolioError) throws(FolioError) -> FieldSpec {
        if let typeName = node.scalarText {
            guard let type = FieldType(rawValue: typeName) else {
                throw fail("unknown type '\(typeName)' for '\(key)'; use one of \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return FieldSpec(name: key, type: type, required: false)
        }
        guard node.pairs != nil else { throw fail("'\(key)' must be a type name or {type: …}") }
        let typeName = node["type"]?.scalarText ?? "string"
        guard let type = FieldType(rawValue: typeName) else {
            throw fail("unknown type '\(typeName)' for '\(key)'; use one of \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let required = node["required"]?.resolved == .bool(true)
        let allowed = node["values"]?.items?.compactMap(\.scalarText)
        return FieldSpec(
            name: key, type: type, required: required, defaultValue: node["default"]?.withoutSpans,
            allowedValues: allowed, summary: node["description"]?.scalarText)
    }

    /// Renders the body for a new record from its field values.
    public func renderBody(_ context: [String: Any]) -> String {
        bodyTemplate.render(context)
    }
}
