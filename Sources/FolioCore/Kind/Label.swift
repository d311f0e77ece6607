import Foundation
import YAML

/// What a kind, a key or a value is called in each language a vault speaks, as its template says:
/// `{zh-Hant: 睡眠, en: sleep}`, or one text for every language.
///
/// Labels are for showing and typing; the file always keeps the name or the value itself, so a
/// vault read in two languages, `grep` and `jq` see the same words, and a label changed in a
/// template never rewrites a record.
public struct Label: Sendable, Equatable {
    /// The text per language; a language without one falls back to the name.
    public var texts: [Language: String]

    public init(_ texts: [Language: String]) {
        self.texts = texts
    }

    /// Reads `label:` (a scalar for every language, or a map by language code) from a template.
    /// - Returns: nil when the node is neither, or names no language folio speaks.
    public init?(node: Node) {
        if let text = node.scalarText {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            texts = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, trimmed) })
            return
        }
        guard let pairs = node.pairs else { return nil }
        var texts: [Language: String] = [:]
        for pair in pairs {
            guard let code = pair.key.scalarText, let language = Language(exactly: code),
                let text = pair.value.scalarText?.trimmingCharacters(in: .whitespaces), !text.isEmpty
            else { return nil }
            texts[language] = text
        }
        guard !texts.isEmpty else { return nil }
        self.texts = texts
    }

    /// The texts in a fixed order, for a key that changes when a label does.
    public var key: String { Language.allCases.map { texts[$0] ?? "" }.joined(separator: "\u{1}") }

    /// The label in `language`, else nil.
    public func text(_ language: Language) -> String? { texts[language] }

    /// Whether `typed` is this label in any language (compared without case and surrounding blanks).
    public func matches(_ typed: String) -> Bool {
        let wanted = typed.trimmingCharacters(in: .whitespaces)
        return texts.values.contains { $0.caseInsensitiveCompare(wanted) == .orderedSame }
    }
}

extension Language {
    /// Only the codes a template writes: `zh-Hant`, `en`.
    public init?(exactly code: String) {
        guard let language = Language(rawValue: code) else { return nil }
        self = language
    }
}

extension FieldSpec {
    /// What the key is called in `language`: its label, else its name.
    public func shownName(_ language: Language) -> String {
        label?.text(language) ?? name
    }

    /// What a value is called in `language`: its label when the kind gives one, else the value.
    public func shownValue(_ value: String, _ language: Language) -> String {
        valueLabels[value]?.text(language) ?? value
    }

    /// The value a user typed: an allowed value as it is, or the value whose label (in any
    /// language) it is; nil when it is neither. Without listed values, any text is the value.
    public func value(typed text: String) -> String? {
        guard let allowed = allowedValues else { return text }
        if allowed.contains(text) { return text }
        return allowed.first { valueLabels[$0]?.matches(text) == true }
    }

    /// The allowed values with their labels, for a message that lists them.
    public var allowedWithLabels: [AllowedValue] {
        (allowedValues ?? []).map { AllowedValue(value: $0, label: valueLabels[$0]) }
    }
}

/// One value a key allows, and its label, as a message lists them.
public struct AllowedValue: Sendable, Equatable {
    public var value: String
    public var label: Label?

    public init(value: String, label: Label? = nil) {
        self.value = value
        self.label = label
    }

    /// `hunger（餵奶）` in zh-Hant, `hunger (woke hungry)` in English; the value alone when the
    /// label is the value itself.
    public func text(_ language: Language) -> String {
        guard let shown = label?.text(language), shown != value else { return value }
        return language == .zhHant ? "\(value)（\(shown)）" : "\(value) (\(shown))"
    }
}

extension Kind {
    /// What the kind is called in `language`: its label, else its name.
    public func shownName(_ language: Language) -> String {
        label?.text(language) ?? name
    }

    /// Everything a page shows of the kind besides its records, in a fixed order: its labels, its
    /// keys' and values' labels, its computed values and charts. A cache keyed on it (the site's
    /// pages) is made again when a template changes any of them.
    public var displayKey: String {
        var parts = [label?.key ?? ""]
        for field in fields {
            parts.append(field.name + "\u{2}" + (field.label?.key ?? ""))
            for value in field.allowedValues ?? [] { parts.append(value + "\u{2}" + (field.valueLabels[value]?.key ?? "")) }
        }
        parts += computed.map { "\($0.name)\u{2}\($0.label?.key ?? "")\u{2}\($0.formula)" }
        parts += charts.map { "\($0.shape)\u{2}\($0.title?.key ?? "")" }
        return parts.joined(separator: "\u{3}")
    }
}
