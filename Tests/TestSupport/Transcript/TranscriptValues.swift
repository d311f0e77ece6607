import Foundation

/// The values that differ from run to run — record ids, commit hashes, the scratch folder — and
/// the stable names a transcript writes for them: `<id1>` is the first id the session printed,
/// `<id1:8>` its first eight characters, `<commit2>` the second commit hash, `~` the session's
/// home folder.
///
/// Each name stands for one value, so a transcript still fails when folio prints a different id
/// than before, or the same one in another place: only the numbering is fixed, never a wildcard.
/// A command may use the names too (`folio done <id1:4>`); they are replaced by the values before
/// it runs.
public final class TranscriptValues {
    public enum Kind: String, Sendable { case id, commit }

    /// Paths replaced by names, longest first.
    private let paths: [(path: String, name: String)]
    /// The values named so far, in the order they were first printed.
    private var named: [Kind: [String]] = [:]
    /// Values known to exist (ids in the session's files, objects in its repositories) but not yet printed.
    private var known: [Kind: Set<String>] = [:]
    /// Short forms the last command was given, recognised in its output whatever their length.
    private var given: Set<String> = []
    /// Finds more values when an output holds a hex word that is none of the known ones.
    private let discover: () -> (ids: Set<String>, objects: Set<String>)

    /// The shortest hex word taken for an abbreviated id or commit (git abbreviates to 7 at least).
    static let shortest = 7

    public init(paths: [(path: String, name: String)], discover: @escaping () -> (ids: Set<String>, objects: Set<String>)) {
        self.paths = paths.filter { !$0.path.isEmpty }.sorted { $0.path.count > $1.path.count }
        self.discover = discover
    }

    // MARK: - Names in commands

    /// The command with every `<idN>`, `<idN:K>`, `<commitN>` and `<commitN:K>` replaced by its value.
    public func expand(_ command: String) throws -> String {
        given = []
        var result = ""
        var rest = Substring(command)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            rest = rest[open...]
            if let value = try placeholder(at: &rest) {
                result += value
                given.insert(value)
            } else {
                result.append("<")
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// Reads `<kindN>` or `<kindN:K>` at the start of `text` (advancing it) and returns the value
    /// (its first K characters); nil when the text is no placeholder.
    private func placeholder(at text: inout Substring) throws -> String? {
        guard let close = text.firstIndex(of: ">") else { return nil }
        let inside = text[text.index(after: text.startIndex)..<close]
        for kind in [Kind.id, .commit] where inside.hasPrefix(kind.rawValue) {
            let parts = inside.dropFirst(kind.rawValue.count).split(separator: ":", omittingEmptySubsequences: false)
            guard let number = Int(parts[0]), parts.count <= 2 else { return nil }
            let values = named[kind] ?? []
            guard number >= 1, number <= values.count else {
                throw HarnessError(description: "<\(inside)> names a value no command has printed yet")
            }
            let value = values[number - 1]
            let length = parts.count == 2 ? Int(parts[1]) ?? value.count : value.count
            text = text[text.index(after: close)...]
            return String(value.prefix(length))
        }
        return nil
    }

    // MARK: - Names in output

    /// `text` with every changing value replaced by its name.
    public func normalize(_ text: String) -> String {
        var text = text
        for (path, name) in paths { text = text.replacingOccurrences(of: path, with: name) }
        return replaceWords(in: text)
    }

    /// Replaces ids (with their dashes), hex words of 40 characters (commits) and hex words that
    /// begin a known id or commit.
    private func replaceWords(in text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        var discovered = false
        while i < bytes.count {
            let startsWord = i == 0 || !Self.isWordByte(bytes[i - 1])
            guard startsWord, Self.isHex(bytes[i]) else {
                out.append(bytes[i])
                i += 1
                continue
            }
            if let id = Self.uuid(in: bytes, at: i) {
                out += Array(name(.id, id).utf8)
                i += 36
                continue
            }
            var end = i
            while end < bytes.count, Self.isHex(bytes[end]) { end += 1 }
            guard end == bytes.count || !Self.isWordByte(bytes[end]) else {
                // Not a whole hex word: copy the word as it is.
                while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
                out += bytes[i..<end]
                i = end
                continue
            }
            let word = String(decoding: bytes[i..<end], as: UTF8.self)
            var replacement = lookUp(word)
            if replacement == nil, !discovered, word.count >= Self.shortest, word.count < 40 {
                learn()
                discovered = true
                replacement = lookUp(word)
            }
            out += Array((replacement ?? word).utf8)
            i = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The name of a hex word: a whole commit, or the start of an id or commit seen or known.
    private func lookUp(_ word: String) -> String? {
        if word.count == 40 { return name(.commit, word) }
        guard word.count >= Self.shortest || given.contains(word) else { return nil }
        for kind in [Kind.id, .commit] {
            let candidates = (named[kind] ?? []) + (known[kind] ?? []).sorted()
            if let value = candidates.first(where: { $0.hasPrefix(word) }) {
                return name(kind, value, length: word.count)
            }
        }
        return nil
    }

    /// The name of `value`, numbering it when it is new.
    private func name(_ kind: Kind, _ value: String, length: Int? = nil) -> String {
        var values = named[kind] ?? []
        let number: Int
        if let index = values.firstIndex(of: value) {
            number = index + 1
        } else {
            values.append(value)
            named[kind] = values
            number = values.count
        }
        guard let length, length < value.count else { return "<\(kind.rawValue)\(number)>" }
        return "<\(kind.rawValue)\(number):\(length)>"
    }

    /// Looks for values now, before a command that may remove the files that hold them.
    public func learn() {
        let found = discover()
        known[.id, default: []].formUnion(found.ids)
        known[.commit, default: []].formUnion(found.objects)
    }

    // MARK: - Bytes

    static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// The lowercase id (8-4-4-4-12 hex digits) at `start`, when one starts there and ends a word.
    static func uuid(in bytes: [UInt8], at start: Int) -> String? {
        guard start + 36 <= bytes.count else { return nil }
        for offset in 0..<36 {
            let byte = bytes[start + offset]
            if [8, 13, 18, 23].contains(offset) {
                guard byte == UInt8(ascii: "-") else { return nil }
            } else if !isHex(byte) {
                return nil
            }
        }
        if start + 36 < bytes.count, isWordByte(bytes[start + 36]) { return nil }
        return String(decoding: bytes[start..<start + 36], as: UTF8.self)
    }

    /// Every id written in `text`.
    static func uuids(in text: Data) -> Set<String> {
        let bytes = [UInt8](text)
        var found: Set<String> = []
        var i = 0
        while i + 36 <= bytes.count {
            if i == 0 || !isWordByte(bytes[i - 1]), let id = uuid(in: bytes, at: i) {
                found.insert(id)
                i += 36
            } else {
                i += 1
            }
        }
        return found
    }
}
