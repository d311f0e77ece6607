import FolioCore
import Foundation
import YAML

/// The owner of a vault, as `init` and `profile` take it.
public struct Owner: Sendable {
    public var name: String
    public var birthday: String?
    public var gender: String?

    public init(name: String, birthday: String? = nil, gender: String? = nil) {
        self.name = name
        self.birthday = birthday
        self.gender = gender
    }

    var fields: [(String, String)] {
        [("name", name)] + (birthday.map { [("birthday", $0)] } ?? []) + (gender.map { [("gender", $0)] } ?? [])
    }
}

extension Vault {
    static let gitignore = "# This device's lock, caches and AI state never sync.\n.folio/local/\n"
    static let gitattributes = "# Media files are binary: never diffed, merged or converted.\nmedia/** binary\n*.md text eol=lf\n"

    /// Makes `directory` a vault (or adopts an existing folder), with its owner when given.
    /// - Throws: ``FolioError`` when it already is a vault or cannot be written.
    @discardableResult
    public static func initialise(at directory: URL, owner: Owner?, language: Language, clock: Clock) throws(FolioError) -> Vault {
        if VaultLocation.isVault(directory) { throw FolioError(.vaultAlreadyExists(directory.path)) }
        for (key, value) in owner?.fields ?? [] { try UserInput.checkCharacters(value, inputName(key)) }
        let folio = directory.appendingPathComponent(VaultLocation.folioDirectory)
        try AtomicFile.makeDirectory(folio.appendingPathComponent("local"))
        try AtomicFile.makeDirectory(folio.appendingPathComponent("templates"))
        let config = "# folio settings, synced to every device. `folio config list` shows them all.\nlanguage: \(language.rawValue)\n"
        try AtomicFile.write(config, to: folio.appendingPathComponent("config.yaml"))
        try appendIfMissing(gitignore, to: directory.appendingPathComponent(".gitignore"))
        try appendIfMissing(gitattributes, to: directory.appendingPathComponent(".gitattributes"))
        let vault = Vault(root: directory, clock: clock)
        if let owner {
            try vault.saveProfile(owner, in: RecordSet(records: [], problems: [], plainFiles: [], escapingLinks: []))
        }
        return vault
    }

    private static func appendIfMissing(_ text: String, to url: URL) throws(FolioError) {
        let existing = readText(url) ?? ""
        guard !existing.contains(text) else { return }
        try AtomicFile.write(existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + text, to: url)
    }

    /// Creates the profile, or updates the keys given on an existing one.
    @discardableResult
    public func saveProfile(_ owner: Owner, in set: RecordSet) throws(FolioError) -> Record {
        try checkInput(owner.fields.map { (Self.inputName($0.0), $0.1) })
        if let existing = profile(in: set) {
            return try update(existing, set: owner.fields)
        }
        return try create(NewRecord(kind: "profile", title: owner.name, fields: owner.fields), records: set)
    }

    /// Every record but the profile: what `profile replace` clears.
    public func recordsOwnedByProfile(in set: RecordSet) -> [Record] {
        set.records.filter { $0.kind != "profile" }
    }

    /// The Magic 8 Ball's "clear and rebuild": removes every record and writes the new owner.
    public func replaceProfile(_ owner: Owner, in set: RecordSet) throws(FolioError) -> (removed: Int, profile: Record) {
        // The new owner is checked before a single record goes.
        try checkInput(owner.fields.map { (Self.inputName($0.0), $0.1) })
        let doomed = recordsOwnedByProfile(in: set)
        return try inOneCommit("profile: replace with \"\(owner.name)\", \(doomed.count) records removed") { () throws(FolioError) in
            try withLock { () throws(FolioError) in
                var done: [String] = []
                defer { recordChange(done, "profile: replace") }
                for record in doomed + set.records.filter({ $0.kind == "profile" }) {
                    if unlink(url(record.path).path) != 0 && errno != ENOENT {
                        throw FolioError(.writeFailed(SystemReason(errno: errno)), file: record.path)
                    }
                    done.append(record.path)
                }
            }
            let profile = try create(
                NewRecord(kind: "profile", title: owner.name, fields: owner.fields),
                records: RecordSet(records: [], problems: [], plainFiles: [], escapingLinks: []))
            return (doomed.count, profile)
        }
    }

    /// Writes an example kind set (`baby-tracker`) into `.folio/templates/`.
    public func installExample(_ name: String) throws(FolioError) -> [String] {
        guard let templates = BuiltinTemplates.examples[name] else {
            throw FolioError(.unknownExample(name, BuiltinTemplates.examples.keys.sorted()))
        }
        try withLock { () throws(FolioError) in
            try AtomicFile.makeDirectory(templatesDirectory)
            var written: [String] = []
            defer { recordChange(written, "kinds: add example \(name)") }
            for (kind, text) in templates.sorted(by: { $0.key < $1.key }) {
                let target = templatesDirectory.appendingPathComponent("\(kind).md")
                if !FileManager.default.fileExists(atPath: target.path) {
                    try AtomicFile.write(text, to: target)
                    written.append(".folio/templates/\(kind).md")
                }
            }
        }
        return templates.keys.sorted()
    }
}
