import FolioCore
import Foundation
import SystemIO
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
    /// What other apps keep for one device only: Obsidian's open panes and its trash, Finder's and
    /// Explorer's folder settings, editors' swap, backup and lock files.
    static let otherAppsIgnore = """
        # Other apps' state for this device only (Obsidian's panes and trash, Finder, Explorer, editors' swap and lock files).
        .obsidian/workspace.json
        .obsidian/workspace-mobile.json
        .obsidian/workspace*.json
        .trash/
        .DS_Store
        Thumbs.db
        desktop.ini
        *.swp
        *~
        .~lock.*#

        """
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
        _ = try ignoreDeviceState(in: directory)
        try appendIfMissing(gitattributes, to: directory.appendingPathComponent(".gitattributes"))
        let vault = Vault(root: directory, clock: clock)
        if let owner {
            try vault.saveProfile(owner, existing: nil)
        }
        return vault
    }

    /// Writes the `.gitignore` lines that keep folio's and other apps' device-local files out of
    /// history (`init` and `clone`): the file is made when absent, and a present one gets only the
    /// lines it lacks, once; whether it changed.
    public static func ignoreDeviceState(in directory: URL) throws(FolioError) -> Bool {
        let url = directory.appendingPathComponent(".gitignore")
        let own = try appendMissingLines(gitignore.split(separator: "\n").map(String.init), to: url)
        let others = try appendMissingLines(otherAppsIgnore.split(separator: "\n").map(String.init), to: url)
        return own || others
    }

    private static func appendIfMissing(_ text: String, to url: URL) throws(FolioError) {
        _ = try appendMissingLines(text.split(separator: "\n").map(String.init), to: url)
    }

    /// Appends to a line-based file (`.gitignore`, `.gitattributes`) the `lines` it lacks, keeping
    /// every byte it holds; whether it changed. The file is read and written as one
    /// read-modify-write: an edit saved meanwhile is kept, and the lines appended to it. A file
    /// that is not a regular file (a pipe, a link) or not UTF-8 is refused, never replaced.
    public static func appendMissingLines(_ lines: [String], to url: URL) throws(FolioError) -> Bool {
        var tries = 0
        while true {
            var existing = ""
            var expected = FileReplacement.Expectation.absent
            if let (bytes, version) = AtomicFile.read(url) {
                guard let text = String(validating: bytes, as: UTF8.self) else { throw FolioError(.notUTF8, file: url.lastPathComponent) }
                existing = text
                expected = .version(version)
            } else if errno != ENOENT || lstatExists(url) {
                throw FolioError(.file(.notRegularFile), file: url.lastPathComponent)
            }
            let present = Set(existing.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
            let missing = lines.filter { !$0.hasPrefix("#") && !present.contains($0.trimmingCharacters(in: .whitespaces)) }
            guard !missing.isEmpty else { return false }
            // A comment line goes in only with the lines it explains.
            let added = lines.filter { $0.hasPrefix("#") || missing.contains($0) }
            let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
            do throws(FolioError) {
                try AtomicFile.write(existing + separator + added.joined(separator: "\n") + "\n", to: url, expecting: expected)
                return true
            } catch {
                guard case .file(.changedWhileWriting(nil)) = error.message, tries < writeAttempts - 1 else { throw error }
                tries += 1
            }
        }
    }

    static func lstatExists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    /// Creates the profile, or updates the keys given on an existing one.
    @discardableResult
    public func saveProfile(_ owner: Owner, existing: Record?) throws(FolioError) -> Record {
        try checkInput(owner.fields.map { (Self.inputName($0.0), $0.1) })
        if let existing {
            return try update(existing, set: owner.fields)
        }
        return try create(NewRecord(kind: "profile", title: owner.name, fields: owner.fields), records: nil)
    }

    /// The owner's profile: `profile.md` read alone, else the first profile record the catalog
    /// names (by path), read alone; never the whole vault.
    public func profileRecord() -> Record? {
        if let file = profileFile() { return file }
        let profiles = catalog().summaries.filter { $0.kind == "profile" }.map(\.path).sorted()
        return records(at: Array(profiles.prefix(1))).first ?? nil
    }

    /// What `profile replace` clears, by path from the catalog: every record but the profile
    /// (`owned`), and the profile records themselves.
    public func profileReplacement() -> (owned: [String], profiles: [String]) {
        let summaries = catalog().summaries.sorted { $0.path < $1.path }
        return (summaries.filter { $0.kind != "profile" }.map(\.path), summaries.filter { $0.kind == "profile" }.map(\.path))
    }

    /// The Magic 8 Ball's "clear and rebuild": removes every record `plan` names
    /// (``profileReplacement()``) and writes the new owner.
    public func replaceProfile(_ owner: Owner, removing plan: (owned: [String], profiles: [String])) throws(FolioError) -> (
        removed: Int, profile: Record
    ) {
        // The new owner is checked before a single record goes.
        try checkInput(owner.fields.map { (Self.inputName($0.0), $0.1) })
        return try inOneCommit("profile: replace with \"\(owner.name)\", \(plan.owned.count) records removed") { () throws(FolioError) in
            try withLock { () throws(FolioError) in
                var done: [String] = []
                defer { recordChange(done, "profile: replace") }
                for path in plan.owned + plan.profiles {
                    try removeFile(at: path)
                    done.append(path)
                }
            }
            let profile = try create(
                NewRecord(kind: "profile", title: owner.name, fields: owner.fields),
                records: .empty)
            return (plan.owned.count, profile)
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
                    try AtomicFile.write(text, to: target, expecting: .absent)
                    written.append(".folio/templates/\(kind).md")
                }
            }
        }
        return templates.keys.sorted()
    }
}
