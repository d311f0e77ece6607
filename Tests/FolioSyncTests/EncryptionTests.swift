import FolioCore
import FolioCrypt
import FolioStore
import Foundation
import Git
import TestSupport
import Testing

@testable import FolioSync

@Suite("An encrypted vault's history: what a commit says, what the attributes say, what is stored")
struct EncryptionTests {
    @Test(
        "commit summaries of an encrypted vault keep the kind and the verb and lose the quoted title",
        arguments: [
            ("idea: add \"測試想法\"", "idea: add"),
            ("idea: set title \"新標題\"", "idea: set"),
            ("diary: attach 2 media to \"下雨的傍晚\"", "diary: attach"),
            ("diary: remove \"一\" and 3 more", "diary: remove"),
            ("profile: replace with \"林小雨\", 3 records removed", "profile: replace"),
            ("undo: idea: done \"測試想法\"", "undo: idea: done"),
            ("undo: idea: done", "undo: idea: done"),
            ("sync: merge from laptop", "sync: merge from laptop"),
            ("edit: 3 files by hand", "edit: 3 files by hand"),
            ("crypt: init", "crypt: init"),
        ])
    func summaries(_ summary: String, _ expected: String) {
        #expect(History.withoutTitles(summary) == expected)
    }

    @Test(
        "a .gitattributes encrypts when a line that is not a comment gives git-crypt's filter",
        arguments: [
            ("* filter=git-crypt diff=git-crypt -text\n", true),
            ("media/** binary\n*.md\tfilter=git-crypt\n", true),
            ("# * filter=git-crypt\n", false),
            (".folio/** !filter !diff\n", false),
            ("*.md filter=lfs\n", false),
            ("*.md filter=git-crypt-work\n", false),
            ("", false),
        ])
    func attributes(_ text: String, _ encrypts: Bool) {
        #expect(History.attributesEncrypt(text) == encrypts)
    }

    @Test(
        "crypt init commits every record and media file again encrypted, and the merge of two encrypted versions stores its result encrypted"
    )
    func initAndMerge() throws {
        let scratch = try Scratch()
        let root = scratch.path("vault")
        let made = try History.makeVault(
            at: root, shownDirectory: "vault", owner: Owner(name: "林小雨", birthday: nil, gender: nil), language: .en, remote: nil,
            allowSecrets: false,
            environment: ["FOLIO_DEVICE": "A", "FOLIO_NOW": "2026-11-22T09:00:00+08:00"])
        let history = try #require(try History.open(made.vault, environment: ["FOLIO_DEVICE": "A"]))
        #expect(try history.encryption(of: made.vault) == .off)
        let report = try history.cryptInit(vault: made.vault)
        #expect(report.newKey && report.encrypted == 1 && !report.alreadyEncrypted)
        let vault = Vault(root: root, clock: made.vault.clock)
        #expect(try history.encryption(of: vault) == .unlocked)
        let head = try #require(try history.repository.head())
        let stored = try #require(try history.repository.storedBlob(at: "profile.md", in: head))
        #expect(GitCryptCipher.isEncrypted([UInt8](stored)))
        #expect(String(decoding: try #require(try history.repository.blob(at: "profile.md", in: head)), as: UTF8.self).contains("林小雨"))
        #expect(try history.storedUnencrypted(vault: vault).isEmpty)
        #expect(try history.cryptInit(vault: vault).alreadyEncrypted)

        // A merged record is stored through the filter, as the path's attributes ask.
        let merged = try history.repository.writeBlob(Data("---\ntitle: 合併\n---\n".utf8), path: "ideas/x.md")
        #expect(GitCryptCipher.isEncrypted([UInt8](try history.repository.storedBlob(merged))))
        let setting = try history.repository.writeBlob(Data("language: en\n".utf8), path: ".folio/config.yaml")
        #expect(try history.repository.storedBlob(setting) == Data("language: en\n".utf8))

        // Without the key the vault is locked, and reading an encrypted file says so.
        try FileManager.default.removeItem(at: history.keyURL)
        #expect(try history.encryption(of: vault) == .locked)
        #expect(throws: FolioError(.crypt(.locked))) { try history.file("profile.md", at: head, during: .showAt) }
        #expect(throws: FolioError(.crypt(.locked))) { try History.open(vault, environment: [:]) }
    }

    @Test("a damaged key is named as such, never taken for no key: crypt init makes no new key over it, opening the vault names the file")
    func damagedKey() throws {
        let scratch = try Scratch()
        let root = scratch.path("vault")
        let made = try History.makeVault(
            at: root, shownDirectory: "vault", owner: Owner(name: "林小雨", birthday: nil, gender: nil), language: .en, remote: nil,
            allowSecrets: false,
            environment: ["FOLIO_DEVICE": "A", "FOLIO_NOW": "2026-11-22T09:00:00+08:00"])
        let history = try #require(try History.open(made.vault, environment: ["FOLIO_DEVICE": "A"]))
        _ = try history.cryptInit(vault: made.vault)
        let vault = Vault(root: root, clock: made.vault.clock)
        let damaged = FolioError(.crypt(.keyMalformed(keyFile: ".git/git-crypt/keys/default")))
        for damage in ["garbage", "a link", "a folder"] {
            try? FileManager.default.removeItem(at: history.keyURL)
            switch damage {
            case "garbage": try Data("not a key".utf8).write(to: history.keyURL)
            case "a link": try FileManager.default.createSymbolicLink(atPath: history.keyURL.path, withDestinationPath: "/dev/null")
            default: try FileManager.default.createDirectory(at: history.keyURL, withIntermediateDirectories: false)
            }
            #expect(throws: damaged, "\(damage)") { try History.open(vault, environment: [:]) }
            #expect(throws: damaged, "\(damage)") { try History.refuseIfLocked(vault, environment: [:]) }
            #expect(throws: damaged, "\(damage)") { try history.encryption(of: vault) }
            #expect(throws: damaged, "\(damage)") { try history.cryptInit(vault: vault) }
        }
        // The last damage is still there, as it was: no key was written over it.
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: history.keyURL.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test("whether a vault is encrypted, when only the last commit can say and git cannot read it, is an error, never 'not encrypted'")
    func unreadableAttributes() throws {
        let scratch = try Scratch()
        let root = scratch.path("vault")
        let made = try History.makeVault(
            at: root, shownDirectory: "vault", owner: Owner(name: "林小雨", birthday: nil, gender: nil), language: .en, remote: nil,
            allowSecrets: false,
            environment: ["FOLIO_DEVICE": "A", "FOLIO_NOW": "2026-11-22T09:00:00+08:00"])
        let history = try #require(try History.open(made.vault, environment: ["FOLIO_DEVICE": "A"]))
        _ = try history.cryptInit(vault: made.vault)
        let head = try #require(try history.repository.head())
        #expect(try history.declaresEncryption(in: head))
        // Only the commit can say: no .gitattributes on disk, settings that say nothing.
        try FileManager.default.removeItem(at: root.appendingPathComponent(".gitattributes"))
        #expect(try history.isEncrypted(settings: Settings(text: "", file: ".folio/config.yaml")))
        // The commit's .gitattributes lost from the object store.
        let blob = try #require(try history.repository.files(in: head)[".gitattributes"])
        let hex = blob.hex
        try FileManager.default.removeItem(
            at: root.appendingPathComponent(".git/objects/\(hex.prefix(2))/\(hex.dropFirst(2))"))
        #expect(throws: FolioError.self) { try history.isEncrypted(settings: Settings(text: "", file: ".folio/config.yaml")) }
    }
}
