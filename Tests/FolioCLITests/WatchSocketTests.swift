import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the tests can act as another account of this machine: as root, with a python3 that
/// drops to `nobody` (65534) itself before it connects or listens.
private let canBeAnotherAccount = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

/// `folio watch`'s socket: this user's alone. The file and its folder let no one else in, whatever
/// the umask, and each side checks the other's account with the kernel's word (`SO_PEERCRED`), so
/// a socket made reachable by hand still answers nobody else and believes nobody else.
@Suite("folio watch, its socket", .serialized)
struct WatchSocketTests {
    /// Runs `script` in python3 as `nobody` (it drops root's accounts first), with `arguments`;
    /// what it printed.
    static func asAnotherAccount(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let prelude = "import os, socket, sys\nos.setgroups([])\nos.setresgid(65534, 65534, 65534)\nos.setresuid(65534, 65534, 65534)\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", prelude + script] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run(deadline: childDeadline)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Lets every account reach `folder` and the folders above it up to `scratch` (search only).
    static func open(_ folder: URL, upTo scratch: URL) {
        var current = folder
        while current.path.hasPrefix(scratch.path) {
            var info = stat()
            if stat(current.path, &info) == 0 { chmod(current.path, (info.st_mode & 0o7777) | 0o011) }
            if current.path == scratch.path { break }
            current = current.deletingLastPathComponent()
        }
        var above = scratch.deletingLastPathComponent()
        while above.path != "/" {
            var info = stat()
            if stat(above.path, &info) == 0, info.st_mode & 0o001 == 0 { chmod(above.path, (info.st_mode & 0o7777) | 0o001) }
            above = above.deletingLastPathComponent()
        }
    }

    /// The socket is a socket of this user's with mode 0600, in a folder only this user may enter,
    /// even when folio runs with umask 000.
    @Test func modeUnderAnyUmask() throws {
        var folio = try FolioProcess.vault(language: "en")
        folio.wrapper = ["/bin/sh", "-c", "umask 000; exec \"$0\" \"$@\""]
        let started = try folio.run("watch", "start")
        #expect(started.status == 0, "\(started.stderr)")
        defer { WatchTests.stop(folio) }
        let local = folio.directory.appendingPathComponent(".folio/local")
        var socket = stat()
        try #require(lstat(local.appendingPathComponent("watch.sock").path, &socket) == 0)
        #expect(socket.st_mode & S_IFMT == S_IFSOCK)
        #expect(socket.st_mode & 0o7777 == 0o600, "mode \(String(socket.st_mode & 0o7777, radix: 8))")
        #expect(socket.st_uid == geteuid())
        var folder = stat()
        try #require(lstat(local.path, &folder) == 0)
        #expect(folder.st_mode & S_IFMT == S_IFDIR)
        #expect(folder.st_mode & 0o077 == 0, "the device folder's mode \(String(folder.st_mode & 0o7777, radix: 8))")
        #expect(folder.st_uid == geteuid())
        var lock = stat()
        try #require(lstat(local.appendingPathComponent("watch.lock").path, &lock) == 0)
        #expect(lock.st_mode & 0o077 == 0, "the lock's mode \(String(lock.st_mode & 0o7777, radix: 8))")
    }

    /// Another account that reaches the socket (made 0666 by hand, its folders opened) gets no
    /// answer and a closed connection; the owner's commands are still answered, as a walk answers.
    @Test(.enabled(if: canBeAnotherAccount, "needs root (to act as another account) and /usr/bin/python3"))
    func anotherAccountIsNotAnswered() throws {
        let folio = try WatchTests.watchedVault(records: 4)
        defer { WatchTests.stop(folio) }
        let scratch = try #require(folio.scratch)
        let local = folio.directory.appendingPathComponent(".folio/local")
        let socket = local.appendingPathComponent("watch.sock")
        Self.open(local, upTo: scratch.path(""))
        #expect(chmod(socket.path, 0o666) == 0)
        // Each request a command sends, and a stop; what came back and whether the watcher closed.
        let script = """
            answers = []
            for request in [b"changes - -\\n", b"status\\n", b"stop\\n"]:
                s = socket.socket(socket.AF_UNIX)
                s.settimeout(5)
                s.connect(sys.argv[1])
                got = b""
                try:
                    s.sendall(request)
                    while True:
                        chunk = s.recv(4096)
                        if not chunk:
                            break
                        got += chunk
                except (BrokenPipeError, ConnectionResetError):
                    pass
                answers.append(repr(got))
                s.close()
            print(" ".join(answers))
            """
        let other = try Self.asAnotherAccount(script, [socket.path])
        #expect(other.status == 0, "\(other.output)")
        #expect(other.output == "b'' b'' b''\n", "another account was answered: \(other.output)")
        let status = try WatchTests.status(folio)
        #expect(status["watching"] as? Bool == true, "a stop from another account stopped the watcher")
        try WatchTests.write(record: 20, title: "after the stranger", in: folio)
        try WatchTests.compare(folio, "after another account asked")
    }

    /// A server of another account on the vault's socket, answering as a watcher would that nothing
    /// changed: no command believes it; each walks the vault and says why.
    @Test(.enabled(if: canBeAnotherAccount, "needs root (to act as another account) and /usr/bin/python3"))
    func anotherAccountsServerIsNotBelieved() throws {
        var folio = try FolioProcess.vault(language: "en")
        folio.environment["FOLIO_RACY_WINDOW_MS"] = "0"
        for i in 0..<4 { try WatchTests.write(record: i, title: "record \(i)", in: folio) }
        #expect(try folio.run("commit", "-m", "records").status == 0)
        #expect(try folio.run("watch", "start").status == 0)
        try folio.run("list")
        try folio.run("status")
        #expect(try folio.run("watch", "stop").status == 0)
        try WatchTests.write(record: 1, title: "changed behind its back", in: folio)
        let local = folio.directory.appendingPathComponent(".folio/local")
        let socket = local.appendingPathComponent("watch.sock")
        try? FileManager.default.removeItem(at: socket)
        // Bound as root (the folder is root's), listening as nobody: the kernel records the
        // listener's account at listen(). Every "changes" is answered "nothing since your token".
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [
            "-c",
            "import os, socket, sys\n"
                + """
                s = socket.socket(socket.AF_UNIX)
                s.bind(sys.argv[1])
                os.chmod(sys.argv[1], 0o666)
                os.setgroups([])
                os.setresgid(65534, 65534, 65534)
                os.setresuid(65534, 65534, 65534)
                s.listen(8)
                s.settimeout(30)
                print("ready", flush=True)
                while True:
                    c, _ = s.accept()
                    words = c.recv(200).decode().split()
                    if words[:1] == ["changes"] and words[1] != "-":
                        reply = "folio-watch 1\\ntoken %s %s\\nchanged 0\\nend\\n" % (words[1], words[2])
                    else:
                        reply = "folio-watch 1\\ntoken 1f 1\\nall\\nend\\n"
                    c.sendall(reply.encode())
                    c.close()
                """,
            socket.path,
        ]
        let out = Pipe()
        server.standardOutput = out
        try server.run(deadline: childDeadline)
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let ready = out.fileHandleForReading.availableData
        #expect(String(decoding: ready, as: UTF8.self).hasPrefix("ready"))
        let listed = try folio.run("list")
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("changed behind its back"), "a stranger's answer was believed: \(listed.stdout)")
        #expect(listed.stderr.contains("folio watch did not answer properly"), "\(listed.stderr)")
        let status = try folio.run("status", "--json")
        #expect(status.stdout.contains("record-1.md"), "git's status believed a stranger: \(status.stdout)")
    }
}
