import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Plays a ``Transcript`` again: each command run by bash against the real `folio`, in a scratch
/// folder of its own that is removed afterwards.
///
/// The session starts in an empty home folder (`HOME`, shown as `~`), with `TMPDIR` beside it and
/// only this environment: `PATH` (the folder of the `folio` under test first), `LANG=C.UTF-8`,
/// `TZ=Asia/Taipei`, `NO_COLOR=1`, `FOLIO_NOW=2026-11-22T18:04:11+08:00`, `FOLIO_DEVICE=laptop`,
/// `FIXTURES` (the tests' fixture files, shown as `$FIXTURES`), and for the `git` command a fixed
/// author, date and no system configuration. A command's `cd` and `export` hold for the commands
/// after it; standard input is empty unless the command gives one (a here-document, a pipe); a
/// pipeline fails when any of its commands does (`pipefail`), so `folio … | jq` keeps folio's status.
public final class TranscriptSession {
    public static let environment: [String: String] = [
        "LANG": "C.UTF-8", "TZ": "Asia/Taipei", "NO_COLOR": "1",
        "FOLIO_NOW": "2026-11-22T18:04:11+08:00", "FOLIO_DEVICE": "laptop",
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
        "GIT_AUTHOR_NAME": "A User", "GIT_AUTHOR_EMAIL": "user@example.com", "GIT_AUTHOR_DATE": "2026-11-22T18:04:11+08:00",
        "GIT_COMMITTER_NAME": "A User", "GIT_COMMITTER_EMAIL": "user@example.com", "GIT_COMMITTER_DATE": "2026-11-22T18:04:11+08:00",
    ]

    /// How long one command may take before the session gives up on it.
    public static let commandTimeout: TimeInterval = 180

    /// Sessions running at once: each runs its commands one after the other, several sessions keep
    /// both cores busy without crowding the other tests out.
    public static let gate = DispatchSemaphore(value: 3)

    private let scratch: Scratch
    public let home: URL
    private let state: URL
    private var directory: URL
    private var variables: [String: String]
    public let values: TranscriptValues

    public init(name: String, folio: URL, fixtures: URL? = nil) throws {
        scratch = try Scratch("transcript" + name)
        home = scratch.path("home")
        let temporary = scratch.path("tmp")
        state = scratch.path("run")
        for folder in [home, temporary, state] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        directory = home
        var variables = Self.environment
        variables["HOME"] = home.path
        variables["TMPDIR"] = temporary.path
        variables["PATH"] = folio.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin"
        if let fixtures { variables["FIXTURES"] = fixtures.path }
        // Under `make asan` / `make tsan` the folio under test is sanitized and needs the same options.
        for name in ["ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS", "SWIFT_BACKTRACE"] {
            if let value = ProcessInfo.processInfo.environment[name] { variables[name] = value }
        }
        self.variables = variables
        let root = scratch.url
        var paths = [(home.path, "~"), (temporary.path, "$TMPDIR"), (root.path, "$SCRATCH")]
        if let fixtures { paths.append((fixtures.path, "$FIXTURES")) }
        values = TranscriptValues(paths: paths) { Self.discover(in: root, skipping: "run") }
    }

    /// Plays every command of `transcript` in a new session and returns the transcript with what
    /// they printed now.
    public static func play(_ transcript: Transcript, name: String, folio: URL, fixtures: URL? = nil) throws -> Transcript {
        let session = try TranscriptSession(name: name, folio: folio, fixtures: fixtures)
        var items: [Transcript.Item] = []
        for item in transcript.items {
            guard case .command(let command, _) = item else {
                items.append(item)
                continue
            }
            items.append(.command(command, try session.run(command)))
        }
        return Transcript(items: items)
    }

    /// Runs one command (placeholders replaced) and returns its output with changing values named.
    public func run(_ command: String) throws -> Transcript.Output {
        let expanded = try values.expand(command)
        // The ids of records this command may remove are learnt first, so their short forms are named.
        values.learn()
        let files = ["out", "err", "pwd", "env"].map { state.appendingPathComponent($0) }
        for file in files { try? FileManager.default.removeItem(at: file) }
        let script = """
            cd -- \(Self.quoted(directory.path)) || exit 125
            set -o pipefail
            \(expanded)
            __transcript_status=$?
            printf '%s' "$PWD" > \(Self.quoted(files[2].path))
            env -0 > \(Self.quoted(files[3].path))
            exit $__transcript_status

            """
        let bash = try Tool.require("/bin/bash", package: "bash")
        let child = try ChildProcess(
            bash, ["--noprofile", "--norc", "-c", script], environment: variables, output: files[0], errors: files[1])
        guard let status = child.wait(timeout: Self.commandTimeout) else {
            child.stop()
            throw HarnessError(description: "'\(command)' did not finish within \(Int(Self.commandTimeout)) s")
        }
        if let pwd = try? String(contentsOf: files[2], encoding: .utf8), !pwd.isEmpty { directory = URL(fileURLWithPath: pwd) }
        if let env = try? Data(contentsOf: files[3]) { variables = Self.environment(from: env) }
        let stdout = String(decoding: (try? Data(contentsOf: files[0])) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: files[1])) ?? Data(), as: UTF8.self)
        return Transcript.Output(stdout: values.normalize(stdout), stderr: values.normalize(stderr), status: status)
    }

    /// `env -0`'s output as a dictionary, without what bash sets for itself.
    static func environment(from data: Data) -> [String: String] {
        var result: [String: String] = [:]
        for entry in data.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            let name = String(text[..<equals])
            guard !["_", "SHLVL", "PWD", "OLDPWD"].contains(name) else { continue }
            result[name] = String(text[text.index(after: equals)...])
        }
        return result
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The ids written in the files under `root`, and the objects of every git repository there.
    static func discover(in root: URL, skipping skipped: String) -> (ids: Set<String>, objects: Set<String>) {
        var ids: Set<String> = []
        var objects: Set<String> = []
        let manager = FileManager.default
        guard let walker = manager.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey, .fileSizeKey]) else {
            return ([], [])
        }
        for case let url as URL in walker {
            let keys = try? url.resourceValues(forKeys: [.isDirectoryKey, .fileSizeKey])
            if keys?.isDirectory == true {
                if url.deletingLastPathComponent() == root, url.lastPathComponent == skipped {
                    walker.skipDescendants()
                } else if manager.fileExists(atPath: url.appendingPathComponent("HEAD").path),
                    let fanout = try? manager.contentsOfDirectory(atPath: url.appendingPathComponent("objects").path)
                {
                    // A git repository: its loose objects are named by their ids.
                    for folder in fanout where folder.count == 2 {
                        let names = (try? manager.contentsOfDirectory(atPath: url.appendingPathComponent("objects/\(folder)").path)) ?? []
                        for name in names where name.count == 38 { objects.insert(folder + name) }
                    }
                    walker.skipDescendants()
                }
            } else if (keys?.fileSize ?? 0) <= 1 << 20, let data = try? Data(contentsOf: url) {
                ids.formUnion(TranscriptValues.uuids(in: data))
            }
        }
        return (ids, objects)
    }
}
