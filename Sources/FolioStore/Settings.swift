import FolioCore
import Foundation
import YAML

/// `.folio/config.yaml`: read with the round-trip codec so comments and unknown keys survive `config set`.
public struct Settings: Sendable {
    /// The parsed file; nil when it could not be read, so it is never rewritten.
    public private(set) var document: FrontMatterDocument?
    /// Why the file could not be read, when it could not; the defaults apply then.
    public private(set) var problem: FolioError?
    /// Each setting whose value in the file it does not take (a word it does not know, a number
    /// out of its range, text where a boolean goes), where it stands: that setting alone falls
    /// back to its default, said as a warning on every command and by `folio check`.
    public private(set) var invalidValues: [FolioError] = []
    private let file: String

    static let wrapper = "---\n"

    public init(text: String?, file: String) {
        self.file = file
        do {
            document = try FrontMatterDocument(
                parsing: Self.wrapper + (text ?? "") + (text.map { $0.hasSuffix("\n") || $0.isEmpty ? "" : "\n" } ?? "") + Self.wrapper)
            problem = nil
        } catch {
            // Line numbers shift by one for the wrapper line.
            var shifted = error
            shifted.line = max(1, error.line - 1)
            problem = FolioError(shifted, file: file, text: text)
            document = nil
        }
        invalidValues = findInvalidValues()
    }

    /// The settings whose values in the file they do not take, each with its line and column.
    private func findInvalidValues() -> [FolioError] {
        guard let document else { return [] }
        var found: [FolioError] = []
        for key in SettingKey.all {
            guard let node = Self.node(at: key.path, in: document.root), node.resolved != .null, !key.accepts(node.resolved) else {
                continue
            }
            let written = Self.written(node, in: document)
            // The file's line: the wrapper's `---` is line 1 of the parsed text, and spans count from the YAML.
            let line = node.span?.start.line
            found.append(
                FolioError(
                    .settingFallsBack(key: key.name, value: written, expected: key.expectation, fallback: key.defaultText), file: file,
                    line: line, column: node.span?.start.column,
                    sourceLine: line.flatMap { number in
                        document.yamlText.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(number - 1).first.map(
                            String.init)
                    }))
        }
        return found
    }

    static func node(at path: [String], in root: Node) -> Node? {
        var node: Node? = root
        for key in path { node = node?[key] }
        return node
    }

    /// A value as the file writes it: a scalar's text, else its YAML source on one line.
    static func written(_ node: Node, in document: FrontMatterDocument) -> String {
        if let scalar = node.scalarText { return scalar }
        guard let span = node.span else { return "" }
        let bytes = Array(document.yamlText.utf8)
        let lower = min(max(0, span.start.offset), bytes.count)
        let upper = min(max(lower, span.end.offset), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Set when the YAML itself could not be read (as opposed to one value of the wrong type,
    /// which `config set` may repair).
    private var parseProblem: FolioError? { document == nil ? problem : nil }

    /// The YAML text to write back to the file.
    public var fileText: String? { document?.yamlText }

    /// The value set in the file, else the default, else nil.
    public func value(_ name: String) -> Value? {
        guard let key = SettingKey.named(name) else { return nil }
        if let value = document?.root.value(at: key.path), value != .null, key.accepts(value) { return value }
        return key.defaultText.map { Value.resolvePlain($0) }
    }

    /// A whole-number setting: the file's value when it is in the key's range, else the key's default.
    public func int(_ name: String) -> Int? {
        if case .int(let number)? = value(name) { return number }
        return nil
    }

    public func string(_ name: String) -> String? {
        guard let value = value(name) else { return nil }
        if case .null = value { return nil }
        return value.plainText
    }

    public var language: Language {
        string("language").flatMap(Language.init(loose:)) ?? .zhHant
    }

    /// Sets a known key from text typed on the command line.
    /// - Throws: ``FolioError`` for an unknown key or a value of the wrong type.
    public mutating func set(_ name: String, to text: String) throws(FolioError) {
        guard let key = SettingKey.named(name) else {
            throw FolioError(.unknownSettingKey(name, SettingKey.all.map(\.name)))
        }
        guard let node = key.node(from: text) else {
            throw FolioError(.badSettingValue(key: name, expected: key.expectation, value: text))
        }
        guard var document, parseProblem == nil else { throw problem ?? FolioError(.configDamaged(nil)) }
        do {
            try document.set(path: key.path, node)
        } catch {
            throw FolioError(error, file: ".folio/config.yaml", text: document.yamlText)
        }
        self.document = document
        self.problem = nil
        invalidValues = findInvalidValues()
    }

    public mutating func unset(_ name: String) throws(FolioError) {
        guard let key = SettingKey.named(name) else {
            throw FolioError(.unknownSettingKey(name, SettingKey.all.map(\.name)))
        }
        guard var document, parseProblem == nil else { throw problem ?? FolioError(.configDamaged(nil)) }
        do {
            try document.remove(path: key.path)
        } catch {
            throw FolioError(error, file: ".folio/config.yaml", text: document.yamlText)
        }
        self.document = document
        invalidValues = findInvalidValues()
    }
}

extension Node {
    /// The resolved value at a path of nested keys.
    public func value(at path: [String]) -> Value? {
        var node: Node? = self
        for key in path { node = node?[key] }
        return node?.resolved
    }
}
