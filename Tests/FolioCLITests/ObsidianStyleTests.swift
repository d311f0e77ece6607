import Foundation
import TestSupport
import Testing

/// Whether `python3` can import PyYAML.
private let hasPythonYAML: Bool = {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = ["python3", "-c", "import yaml"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    // try?: a python3 that cannot be started is no python3 with PyYAML; the suite says so and is skipped.
    guard (try? probe.run(deadline: 60)) != nil else { return false }
    probe.waitUntilExit()  // waits: the deadline above kills a hung python3
    return probe.terminationStatus == 0
}()

/// Obsidian rewrites a record's whole front matter, as js-yaml dumps it, when a property is edited.
/// folio writes new records in that style, so Obsidian's first edit is the one line it changed, and
/// a record Obsidian rewrote still merges key by key with folio's edits on another device.
///
/// The Obsidian side is PyYAML made to dump as js-yaml does (`obsidian.py` below): lists indented
/// under their key, keys in order, Unicode as is, no line folding, multi-line text as literal
/// blocks, and dates read as the strings Obsidian's properties keep them as.
@Suite(
    "Obsidian's YAML style: new records as Obsidian writes them, its rewrites merged per key",
    .enabled(if: hasPythonYAML, "python3 with PyYAML (Debian's python3-yaml, make deps) is not installed"))
struct ObsidianStyleTests {
    static let script = """
        sys, yaml = __import__('sys'), __import__('yaml')

        TIMESTAMP = 'tag:yaml.org,2002:timestamp'

        def without_timestamps(cls):
            cls.yaml_implicit_resolvers = {
                first: [(tag, rx) for tag, rx in resolvers if tag != TIMESTAMP]
                for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
            }
            return cls

        @without_timestamps
        class Loader(yaml.SafeLoader):
            pass

        @without_timestamps
        class Dumper(yaml.SafeDumper):
            # js-yaml indents a list under its key; PyYAML does not unless asked.
            def increase_indent(self, flow=False, indentless=False):
                return super().increase_indent(flow, False)

        def text(dumper, data):
            return dumper.represent_scalar('tag:yaml.org,2002:str', data, style='|' if '\\n' in data else None)

        Dumper.add_representer(str, text)

        def split(path):
            with open(path, encoding='utf-8') as f:
                whole = f.read()
            assert whole.startswith('---\\n'), path
            end = whole.index('\\n---\\n', 3)
            return whole[4:end + 1], whole[end + 5:]

        def dump(data):
            return yaml.dump(data, Dumper=Dumper, allow_unicode=True, sort_keys=False,
                             default_flow_style=False, width=2**31 - 1)

        mode, path = sys.argv[1], sys.argv[2]
        front, body = split(path)
        data = yaml.load(front, Loader=Loader)
        if mode == 'dump':
            sys.stdout.write(dump(data))
        else:  # edit KEY VALUE: a property edited in Obsidian, the whole front matter written again
            data[sys.argv[3]] = sys.argv[4]
            with open(path, 'w', encoding='utf-8') as f:
                f.write('---\\n' + dump(data) + '---\\n' + body)
        """

    /// Runs `obsidian.py` (written beside the vault) with `arguments`; its standard output.
    static func obsidian(_ folio: FolioProcess, _ arguments: String...) throws -> String {
        let script = try folio.beside("obsidian").appendingPathComponent("obsidian.py")
        try Data(Self.script.utf8).write(to: script)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        process.currentDirectoryURL = folio.directory
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let result = try process.runToEnd(mergingErrors: false)
        #expect(process.terminationStatus == 0, "obsidian.py \(arguments): \(result.output)")
        return result.output
    }

    /// The YAML between a record's `---` lines, as folio wrote it.
    static func frontMatter(_ text: String) -> String {
        guard text.hasPrefix("---\n"), let end = text.range(of: "\n---\n") else { return "" }
        return String(text[text.index(text.startIndex, offsetBy: 4)...end.lowerBound])
    }

    /// The paths of the vault's records, from `folio list --json`.
    static func paths(_ folio: FolioProcess) throws -> [String] {
        let list = try folio.json("list", "--json") as? [[String: Any]] ?? []
        return list.compactMap { $0["path"] as? String }
    }

    @Test("new records of every kind, with tricky values, are byte for byte what a js-yaml-style dump of them is")
    func newRecordsRoundTrip() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("kinds", "add", "baby-tracker").status == 0)
        let tricky = [
            "下雨的傍晚", "2026", "yes", "null", "true", "a: b", "#hashtag", "it's", "\"quoted\"", "C# notes", "[not a list]",
            "12:30", "3.14", "~", "2026-11-22", "😀 emoji", "zh-Hant 繁體中文：標點。", " padded ",
        ]
        for (n, title) in tricky.enumerated() {
            let result = try folio.run("idea", title, "--desc", "第\(n)個", "--tag", n % 2 == 0 ? "rain" : "walk,雨天")
            #expect(result.status == 0, "\(title): \(result.stderr)")
        }
        let writes: [[String]] = [
            ["new", "diary", "--title", "多行", "--text", "第一行\n第二行：冒號\n\n第四行", "--tag", "rain,夜晚"],
            ["new", "diary", "--title", "no tags"],
            ["ask", "明天會下雨嗎？"],
            ["new", "note", "--title", "a note: with colon"],
            ["new", "baby", "--title", "小寶", "--field", "name=小寶", "--field", "birthday=2026-01-02"],
        ]
        for arguments in writes {
            let result = try folio.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let baby = try #require(try Self.paths(folio).first { $0.hasPrefix("baby") })
        let sleep = try folio.run(
            "new", "sleep", "--parent", baby, "--field", "start=2026-11-22T20:30", "--field", "end=2026-11-22T23:00", "--field", "quality=4"
        )
        #expect(sleep.status == 0, "\(sleep.stderr)")
        #expect(try folio.run("done", "it's").status == 0)
        #expect(try folio.run("set", "yes", "tags=a b,2027,#x").status == 0)
        // Keys added by hand: a tab (double quotes and an escape), lines (a literal block), quotes.
        let extra = try folio.run("set", "a: b", "mood=tab\there", "note=第一行\n  第二行縮排", "said=it's \"fine\"", "--extra")
        #expect(extra.status == 0, "\(extra.stderr)")

        let paths = try Self.paths(folio) + ["profile.md"]
        #expect(paths.count == tricky.count + writes.count + 2)
        var kinds = Set<String>()
        for path in paths {
            let text = try #require(folio.read(path))
            let written = Self.frontMatter(text)
            #expect(!written.isEmpty, "\(path)")
            #expect(try Self.obsidian(folio, "dump", path) == written, "\(path):\n\(written)")
            if let kind = written.split(separator: "\n").first(where: { $0.hasPrefix("kind: ") }) {
                kinds.insert(String(kind.dropFirst(6)))
            }
        }
        #expect(kinds.isSuperset(of: ["idea", "diary", "qa", "note", "profile", "baby", "sleep"]), "\(kinds)")
    }

    @Test("a property edited by Obsidian in a record folio wrote is a one-line diff")
    func obsidianEditIsOneLine() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("new", "diary", "--title", "下雨的傍晚", "--text", "今天下班走回家\n雨很小", "--tag", "rain,walk").status == 0)
        let path = try #require(try Self.paths(folio).first)
        _ = try Self.obsidian(folio, "edit", path, "title", "雨中的傍晚")
        let numstat = try git(["diff", "--numstat"], in: folio.directory)
        #expect(numstat.split(separator: "\t").prefix(2) == ["1", "1"], "\(numstat)")
        let diff = try git(["diff", "-U0"], in: folio.directory)
        #expect(diff.contains("\n-title: 下雨的傍晚\n+title: 雨中的傍晚\n"), "\(diff)")
    }

    @Test("an old flow-style record rewritten by Obsidian on a phone and changed by folio on a laptop: sync keeps both")
    func rewriteMergesPerKey() throws {
        var devices = try Devices.make(["A"])
        let path = "ideas/2026/11/2026-11-20-買一把新雨傘.md"
        // As folio wrote records before it wrote Obsidian's style: flow lists and maps.
        let old = """
            ---
            id: 6f1d2c3b-0a9e-4b8c-9d7e-5f4a3b2c1d0e
            kind: idea
            title: 買一把新雨傘
            created: 2026-11-20T08:00:00+08:00
            modified: 2026-11-20T08:00:00+08:00
            tags: [home, rain]
            done: false
            context: {location: Taipei, weather: light rain}
            ---
            舊的那把骨架斷了

            """
        try devices["A"].write(path, old)
        #expect(try devices["A"].run("commit").status == 0)
        try devices.sync("A")

        // The phone: a plain clone, Obsidian edits the title, obsidian-git commits and pushes.
        let phone = devices.base.appendingPathComponent("phone")
        try git(["clone", "-q", devices.remote, phone.path], in: devices.base)
        let phoneFolio = FolioProcess(directory: phone)
        _ = try Self.obsidian(phoneFolio, "edit", path, "title", "買一把新雨傘：黑色")
        let rewritten = try #require(phoneFolio.read(path))
        #expect(rewritten.contains("tags:\n  - home\n  - rain\n") && rewritten.contains("context:\n  location: Taipei\n"), "\(rewritten)")
        try git(["commit", "-q", "-am", "vault backup", "--date=2026-11-22T08:30:00+08:00"], in: phone)
        try git(["push", "-q", "origin", "HEAD"], in: phone)

        // The laptop, not synced since: folio marks the idea done.
        devices["A"].environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        #expect(try devices["A"].run("done", "買一把新雨傘").status == 0)
        try devices.sync("A")

        let merged = try #require(devices["A"].read(path))
        #expect(merged.contains("title: 買一把新雨傘：黑色\n"), "\(merged)")
        #expect(merged.contains("done: true\n") && merged.contains("done_at: 2026-11-22T10:00:00+08:00\n"), "\(merged)")
        #expect(merged.contains("tags: [home, rain]\n") || merged.contains("tags:\n  - home\n  - rain\n"), "\(merged)")
        #expect(merged.hasSuffix("---\n舊的那把骨架斷了\n"), "\(merged)")
        let files = try devices.files("A").keys
        #expect(!files.contains { $0.contains(".conflict-") }, "\(files.sorted())")
        #expect(try git(["status", "--porcelain"], in: devices["A"].directory).isEmpty)

        // The phone pulls the same file: both edits there too.
        try git(["pull", "-q", "--no-rebase"], in: phone)
        #expect(phoneFolio.read(path) == merged)
    }

    @Test("tags folio writes follow Obsidian's tag rules: no spaces, no #, not digits alone")
    func tagsFolioWrites() throws {
        let folio = try FolioProcess.vault()
        let made = try folio.run("idea", "tags", "--tag", "#rainy day, 2026, 台北/信義, C++, ##x, 下雨。")
        #expect(made.status == 0, "\(made.stderr)")
        let path = try #require(try Self.paths(folio).first)
        let text = try #require(folio.read(path))
        #expect(text.contains("tags:\n  - rainy-day\n  - _2026\n  - 台北/信義\n  - C\n  - x\n  - 下雨\n"), "\(text)")
    }
}
