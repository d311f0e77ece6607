import Foundation
import TestSupport
import Testing

/// Runs the real `folio` binary built beside the tests, as a user would from a shell.
///
/// Each value has a scratch folder of its own, removed with everything in it when the last copy of
/// the value is released: its `HOME` (so no developer's settings, keys or git configuration reach
/// folio), and the vault when ``vault(language:)`` made it. folio sees only ``environment``: a
/// `PATH`, that `HOME`, a fixed clock (`FOLIO_NOW`), zone and locale, `NO_COLOR`, and a
/// sanitizer's options under `make asan` / `make tsan`; a test adds what it needs.
struct FolioProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL { FolioBinary.url }

    let directory: URL
    var environment: [String: String]
    /// This process's scratch folder: its `HOME`, and the vault ``vault(language:)`` made.
    let scratch: Scratch?
    /// A command folio is run under (its first word the program), e.g. one that gives it a
    /// private `/etc/resolv.conf`; empty to run folio itself.
    var wrapper: [String] = []

    init(directory: URL, now: String = "2026-11-22T18:04:11+08:00", scratch: Scratch? = nil) {
        self.directory = directory
        let scratch = scratch ?? (try? Scratch("folio-cli"))
        self.scratch = scratch
        let home = scratch?.path("home") ?? URL(fileURLWithPath: "/nonexistent")
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = Tool.environment(home: home)
        environment["FOLIO_NOW"] = now
        environment["TZ"] = "Asia/Taipei"
        environment["NO_COLOR"] = "1"
        environment["LANG"] = "C.UTF-8"
        self.environment = environment
    }

    /// A fresh vault in a scratch folder, owned by 林小雨, with messages in `language`.
    static func vault(language: String = "en") throws -> FolioProcess {
        let scratch = try Scratch("folio-cli")
        let root = scratch.path("vault")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let folio = FolioProcess(directory: root, scratch: scratch)
        let result = try folio.run("init", ".", "--name", "林小雨", "--birthday", "1995-04-02", "--gender", "female", "--language", language)
        #expect(result.status == 0, "init failed: \(result.stderr)")
        return folio
    }

    @discardableResult
    func run(_ arguments: String..., input: String? = nil) throws -> Result {
        try run(arguments, input: input)
    }

    /// Runs folio with `input` (when given) on its standard input, as `printf … | folio …` does.
    func run(_ arguments: [String], input: String? = nil) throws -> Result {
        let process = try start(arguments, input: input.map { Data($0.utf8) })
        return finish(process)
    }

    func start(_ arguments: [String], input: Data? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        if let program = wrapper.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(wrapper.dropFirst()) + [Self.binary.path] + arguments
        } else {
            process.executableURL = Self.binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run(deadline: childDeadline)
        if let stdin, let input {
            // A command that exits without reading must not kill the test with SIGPIPE; the input
            // is written from a thread of its own, so one that never reads cannot block the test.
            signal(SIGPIPE, SIG_IGN)
            let writer = stdin.fileHandleForWriting
            Thread.detachNewThread {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        return (process, out, err)
    }

    func finish(_ started: (Process, Pipe, Pipe)) -> Result {
        let (process, out, err) = started
        // Both pipes drain at once: a command that fills one while the test waits on the other would hang.
        let errors = PipeReader(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.readToEnd()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Every file of the vault but git's and this device's own state, with contents.
    func vaultFiles() -> [String: String] {
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: directory.path)
        while let path = walker?.nextObject() as? String {
            if path == ".git" || path == ".folio/local" {
                walker?.skipDescendants()
                continue
            }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = read(path) ?? "<binary>" }
        }
        return files
    }

    func read(_ path: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ path: String, _ text: String) throws {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func json(_ arguments: String...) throws -> Any {
        try json(arguments)
    }

    func json(_ arguments: [String]) throws -> Any {
        let result = try run(arguments)
        #expect(result.status == 0, "\(arguments) failed: \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}
