import Crypto
import Foundation
import TestSupport
import Testing

/// An encrypted vault whose media go through LFS: the LFS server (giftless, or a remote folder's
/// `lfs/objects`) holds git-crypt's ciphertext only, folio on another device and stock `git` with
/// `git-crypt` and `git-lfs` both get every photo back, byte for byte.
@Suite("Encrypted media through Git LFS")
struct EncryptedLFSTests {
    static let header = Data("\0GITCRYPT\0".utf8)

    /// A vault made with `init --encrypt --lfs` whose remote is a bare repository on this machine.
    static func encryptedVault() throws -> (Scratch, URL, FolioProcess) {
        let scratch = try Scratch()
        let bare = scratch.path("remote.git")
        try git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        let vault = FolioProcess(directory: scratch.path("a"), scratch: scratch)
        try FileManager.default.createDirectory(at: vault.directory, withIntermediateDirectories: true)
        let made = try vault.run("init", ".", "--name", "林小雨", "--language", "en", "--remote", bare.path, "--encrypt", "--lfs")
        #expect(made.status == 0, "\(made.stderr)")
        return (scratch, bare, vault)
    }

    /// Every file under `folder`, recursively.
    static func files(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    /// The LFS object `pointer` (git's stored text of a media file) names, in `objects`.
    static func object(named pointerText: String, in objects: URL) -> URL? {
        guard let line = pointerText.split(separator: "\n").first(where: { $0.hasPrefix("oid sha256:") }) else { return nil }
        let oid = String(line.dropFirst("oid sha256:".count))
        let found = files(under: objects).first { $0.lastPathComponent == oid }
        return found
    }

    @Test(
        "init --encrypt --lfs through giftless: the server holds only ciphertext; a folio clone with the key, and stock git + git-crypt + git-lfs with the documented settings, get every photo back"
    )
    func throughGiftless() throws {
        let rig = try GiftlessRig(initOptions: ["--encrypt"])
        let (scratch, server, daemon, folio) = (rig.scratch, rig.server, rig.daemon, rig.folio)
        #expect(rig.made.status == 0, "\(rig.made.stderr)")
        // The media line comes after git-crypt's, which it must override.
        let attributes = folio.read(".gitattributes") ?? ""
        let cryptLine = attributes.range(of: "* filter=git-crypt diff=git-crypt -text")
        let mediaLine = attributes.range(of: "media/** filter=folio-crypt-lfs diff=lfs merge=lfs -text")
        #expect(
            cryptLine != nil && mediaLine != nil
                && cryptLine?.lowerBound ?? attributes.endIndex < mediaLine?.lowerBound ?? attributes.startIndex, "\(attributes)")

        var hashes: [String: String] = [:]
        var photos: [Data] = []
        for seed in 1...3 {
            let photo = try LFSTests.photo(scratch, "IMG_\(seed).jpg", seed: UInt8(seed))
            #expect(try folio.run("new", "diary", "--title", "第\(seed)天", "--media", photo.path).status == 0)
            let sha = try LFSTests.sha256(photo)
            hashes["media/\(sha.prefix(2))/\(sha).jpg"] = sha
            photos.append(try Data(contentsOf: photo))
        }
        // git holds pointers to ciphertext; this device's store holds ciphertext and never a plain photo.
        for (path, sha) in hashes {
            let pointer = try git(["cat-file", "-p", "HEAD:\(path)"], in: folio.directory)
            #expect(pointer.hasPrefix("version https://git-lfs.github.com/spec/v1\noid sha256:"), "\(pointer)")
            #expect(!pointer.contains(sha), "the oid is the ciphertext's, not the photo's")
            let object = try #require(Self.object(named: pointer, in: folio.directory.appendingPathComponent(".git/lfs/objects")))
            #expect(try Data(contentsOf: object).prefix(Self.header.count) == Self.header)
        }
        for object in Self.files(under: folio.directory.appendingPathComponent(".git/lfs/objects")) {
            #expect(!photos.contains(try Data(contentsOf: object)), "a plain photo in the local store: \(object.path)")
        }
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        let checked = try folio.run("check")
        #expect(checked.status == 0, "\(checked.stdout) \(checked.stderr)")
        let status = try folio.run("crypt", "status", "--json")
        #expect(status.status == 0 && !status.stdout.contains("NOT ENCRYPTED"), "\(status.stdout)")

        let synced = try folio.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("sent 3 media files"), "\(synced.stdout)")
        // The server saw ciphertext only: every object it stores begins as git-crypt's files do.
        let served = Self.files(under: server.storage)
        #expect(served.count == 3, "\(served)")
        for object in served {
            let bytes = try Data(contentsOf: object)
            #expect(bytes.prefix(Self.header.count) == Self.header, "\(object.path)")
            #expect(!photos.contains(bytes))
        }

        // A second folio device with the key: text and pointers, then the media, decrypted.
        let keyFile = scratch.path("folio.key")
        #expect(try folio.run("crypt", "export-key", keyFile.path).status == 0)
        let cloned = try FolioProcess(directory: scratch.url, scratch: scratch).run(
            "clone", daemon.url("remote.git"), "b", "--key", keyFile.path)
        #expect(cloned.status == 0, "\(cloned.stderr)")
        #expect(cloned.stdout.contains("downloaded 3 media files"), "\(cloned.stdout)")
        for (path, sha) in hashes { #expect(try LFSTests.sha256(scratch.path("b/\(path)")) == sha, "\(path)") }
        #expect(try git(["status", "--porcelain"], in: scratch.path("b")).isEmpty)

        // Stock git + git-crypt + git-lfs, configured as docs/lfs.md says: every photo decrypts.
        let lfs = try Tool.find("git-lfs", package: "git-lfs")
        let gitCrypt = try Tool.find("git-crypt", package: "git-crypt")
        let home = scratch.path("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = Tool.environment(home: home)
        let plain = scratch.path("plain")
        _ = try Tool.run(lfs, ["install", "--skip-repo"], in: scratch.url, environment: environment)
        _ = try Tool.run("/usr/bin/git", ["clone", "-q", daemon.url("remote.git"), plain.path], in: scratch.url, environment: environment)
        // Before the key: pointers, and no photo.
        for path in hashes.keys { #expect(try Data(contentsOf: plain.appendingPathComponent(path)).count < 200, "\(path)") }
        _ = try Tool.run(gitCrypt, ["unlock", keyFile.path], in: plain, environment: environment)
        let clean =
            #"sh -c 't=$(mktemp) && git-crypt clean >"$t" && git-lfs clean -- "$1" <"$t"; s=$?; rm -f "$t"; exit $s' folio-crypt-lfs %f"#
        let smudge =
            #"sh -c 't=$(mktemp) && git-lfs smudge -- "$1" >"$t" && git-crypt smudge <"$t"; s=$?; rm -f "$t"; exit $s' folio-crypt-lfs %f"#
        _ = try Tool.run("/usr/bin/git", ["config", "filter.folio-crypt-lfs.clean", clean], in: plain, environment: environment)
        _ = try Tool.run("/usr/bin/git", ["config", "filter.folio-crypt-lfs.smudge", smudge], in: plain, environment: environment)
        _ = try Tool.run("/usr/bin/git", ["config", "filter.folio-crypt-lfs.required", "true"], in: plain, environment: environment)
        try FileManager.default.removeItem(at: plain.appendingPathComponent("media"))
        _ = try Tool.run("/usr/bin/git", ["checkout", "--", "media"], in: plain, environment: environment)
        for (path, sha) in hashes { #expect(try LFSTests.sha256(plain.appendingPathComponent(path)) == sha, "\(path)") }
        // The records decrypt too, and git sees nothing changed: its clean gives the same pointers.
        #expect(try git(["status", "--porcelain"], in: plain).isEmpty)
    }

    @Test(
        "crypt init of a vault with LFS media: refused while a photo is only a pointer here; then every photo is committed again as ciphertext, and media lfs on an encrypted vault chains the filters"
    )
    func encryptingAnLFSVault() throws {
        let scratch = try Scratch()
        let a = try LFSTests.vault(scratch)
        let first = try LFSTests.photo(scratch, "IMG_1.jpg", seed: 11)
        #expect(try a.run("new", "diary", "--title", "雨", "--media", first.path).status == 0)
        #expect(try a.run("sync").status == 0)

        // A device with only the pointer cannot encrypt the photo: it says what to run first.
        let b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b").status == 0)
        try b.run("config", "set", "media.fetch", "none")
        let sha = try LFSTests.sha256(first)
        let stored = "media/\(sha.prefix(2))/\(sha).jpg"
        // Forget the downloaded photo: the file becomes its pointer again, as after a clone with media.fetch none.
        let pointerText = try git(["cat-file", "-p", "HEAD:\(stored)"], in: b.directory)
        try b.write(stored, pointerText)
        let head = try git(["rev-parse", "HEAD"], in: b.directory)
        let refused = try b.run("crypt", "init")
        #expect(refused.status == 1, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.contains("1 media file is not on this device yet"), "\(refused.stderr)")
        #expect(refused.stderr.contains("folio media fetch --all"), "\(refused.stderr)")
        #expect(try git(["rev-parse", "HEAD"], in: b.directory) == head)
        #expect(b.read(".gitattributes")?.contains("git-crypt") == false)

        // On the device that has it: the LFS line moves after git-crypt's, the photo is committed
        // again through both filters, and check and crypt status call it encrypted.
        let encrypted = try a.run("crypt", "init")
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        let attributes = a.read(".gitattributes") ?? ""
        #expect(!attributes.contains("filter=lfs "), "\(attributes)")
        let cryptAt = try #require(attributes.range(of: "* filter=git-crypt"))
        let mediaAt = try #require(attributes.range(of: "media/** filter=folio-crypt-lfs"))
        #expect(cryptAt.lowerBound < mediaAt.lowerBound)
        let pointer = try git(["cat-file", "-p", "HEAD:\(stored)"], in: a.directory)
        #expect(!pointer.contains(sha), "\(pointer)")
        let object = try #require(Self.object(named: pointer, in: a.directory.appendingPathComponent(".git/lfs/objects")))
        #expect(try Data(contentsOf: object).prefix(Self.header.count) == Self.header)
        #expect(try LFSTests.sha256(a.directory.appendingPathComponent(stored)) == sha, "the working file stays the photo")
        let checked = try a.run("check")
        #expect(checked.status == 0, "\(checked.stdout) \(checked.stderr)")

        // A new photo after that goes the same way; sync sends ciphertext to the remote's store.
        let second = try LFSTests.photo(scratch, "IMG_2.jpg", seed: 12)
        #expect(try a.run("new", "diary", "--title", "晴", "--media", second.path).status == 0)
        #expect(try a.run("sync").status == 0)
        let secondSHA = try LFSTests.sha256(second)
        let secondPointer = try git(["cat-file", "-p", "HEAD:media/\(secondSHA.prefix(2))/\(secondSHA).jpg"], in: a.directory)
        let remoteObject = try #require(Self.object(named: secondPointer, in: scratch.path("remote.git/lfs/objects")))
        #expect(try Data(contentsOf: remoteObject).prefix(Self.header.count) == Self.header)

        // A vault encrypted first, LFS second: the same chained line, after git-crypt's.
        let c = FolioProcess(directory: scratch.path("c"), scratch: scratch)
        try FileManager.default.createDirectory(at: c.directory, withIntermediateDirectories: true)
        #expect(try c.run("init", ".", "--name", "林小雨", "--language", "en", "--encrypt").status == 0)
        let turned = try c.run("media", "lfs")
        #expect(turned.status == 0, "\(turned.stderr)")
        #expect(c.read(".gitattributes")?.hasSuffix("media/** filter=folio-crypt-lfs diff=lfs merge=lfs -text\n") == true)
        let third = try LFSTests.photo(scratch, "IMG_3.jpg", seed: 13)
        #expect(try c.run("new", "diary", "--title", "霧", "--media", third.path).status == 0)
        let thirdSHA = try LFSTests.sha256(third)
        let thirdPointer = try git(["cat-file", "-p", "HEAD:media/\(thirdSHA.prefix(2))/\(thirdSHA).jpg"], in: c.directory)
        let thirdObject = try #require(Self.object(named: thirdPointer, in: c.directory.appendingPathComponent(".git/lfs/objects")))
        #expect(try Data(contentsOf: thirdObject).prefix(Self.header.count) == Self.header)
    }

    @Test(
        "an encrypted vault never sends a plain photo to LFS: a stray filter=lfs line's file stops the sync before anything is pushed; after crypt init the plain object of the earlier commit is withheld"
    )
    func plainObjectsNeverLeave() throws {
        let (scratch, bare, a) = try Self.encryptedVault()
        #expect(try a.run("sync").status == 0)
        let remoteHead = try git(["rev-parse", "main"], in: bare)

        // What an older folio or `git lfs track` on another device adds: a line after the chained one.
        let attributes = a.read(".gitattributes") ?? ""
        try a.write(".gitattributes", attributes + "media/** filter=lfs diff=lfs merge=lfs -text\n")
        #expect(try a.run("commit", "-m", "track").status == 0)
        let photo = try LFSTests.photo(scratch, "IMG_9.jpg", seed: 9)
        #expect(try a.run("new", "diary", "--title", "漏", "--media", photo.path).status == 0)
        let plainBytes = try Data(contentsOf: photo)
        let refused = try a.run("sync")
        #expect(refused.status == 1, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.contains("keeps these media files in LFS unencrypted"), "\(refused.stderr)")
        #expect(refused.stderr.contains("folio crypt init"), "\(refused.stderr)")
        #expect(try git(["rev-parse", "main"], in: bare) == remoteHead, "no branch was pushed")
        for object in Self.files(under: bare.appendingPathComponent("lfs")) {
            #expect(try Data(contentsOf: object) != plainBytes, "the plain photo reached the remote: \(object.path)")
        }
        let checked = try a.run("check")
        #expect(checked.status == 1, "check names the unencrypted file: \(checked.stdout) \(checked.stderr)")

        // crypt init commits it again through both filters; the earlier commit's plain object stays here.
        let fixed = try a.run("crypt", "init")
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(a.read(".gitattributes")?.contains("filter=lfs ") == false)
        let synced = try a.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("1 unencrypted media file of earlier commits was not sent"), "\(synced.stdout)")
        let sent = Self.files(under: bare.appendingPathComponent("lfs/objects"))
        #expect(sent.count == 1, "\(sent)")
        for object in sent {
            let bytes = try Data(contentsOf: object)
            #expect(bytes.prefix(Self.header.count) == Self.header && bytes != plainBytes, "\(object.path)")
        }
        #expect(try a.run("check").status == 0)
    }

    @Test("a damaged ciphertext object on this device is refused as it is decrypted: the photo stays its pointer, and the message says why")
    func damagedObjectWritesNothing() throws {
        let (scratch, bare, a) = try Self.encryptedVault()
        let photo = try LFSTests.photo(scratch, "IMG_5.jpg", seed: 5)
        #expect(try a.run("new", "diary", "--title", "霧", "--media", photo.path).status == 0)
        #expect(try a.run("sync").status == 0)
        let keyFile = scratch.path("folio.key")
        #expect(try a.run("crypt", "export-key", keyFile.path).status == 0)

        let cloned = try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", bare.path, "b", "--key", keyFile.path)
        #expect(cloned.status == 0, "\(cloned.stderr)")
        let b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        let sha = try LFSTests.sha256(photo)
        let stored = "media/\(sha.prefix(2))/\(sha).jpg"
        #expect(try LFSTests.sha256(b.directory.appendingPathComponent(stored)) == sha)

        // The object here loses a bit (its size unchanged); the photo is pruned back to its pointer.
        let pointerText = try git(["cat-file", "-p", "HEAD:\(stored)"], in: b.directory)
        let object = try #require(Self.object(named: pointerText, in: b.directory.appendingPathComponent(".git/lfs/objects")))
        var bytes = try Data(contentsOf: object)
        bytes[bytes.count - 1] ^= 0x01
        try bytes.write(to: object)
        try b.write(stored, pointerText)
        let fetched = try b.run("media", "fetch", "--all")
        #expect(fetched.status != 0, "\(fetched.stdout) \(fetched.stderr)")
        #expect(fetched.stderr.contains("does not decrypt with this device's key"), "\(fetched.stderr)")
        #expect(b.read(stored) == pointerText, "the file is still its pointer, never a half photo")
        let left = try FileManager.default.contentsOfDirectory(atPath: b.directory.appendingPathComponent("media/\(sha.prefix(2))").path)
        #expect(left == ["\(sha).jpg"], "no temporary file is left: \(left)")
    }
}
