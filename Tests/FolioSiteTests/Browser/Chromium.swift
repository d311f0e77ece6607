import Foundation
import TestSupport

/// Headless Chromium (Debian's `chromium` package), started once per page: `--dump-dom` for the
/// page's DOM after its scripts ran (a test script writes its findings into it), `--screenshot`
/// for pictures, and a NetLog of every request the browser made.
struct Chromium {
    let executable: URL

    /// Chromium on `PATH`, or nil (the browser tests then say they did not run).
    static let installed: Chromium? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return Chromium(executable: candidate) }
            }
        }
        return nil
    }()

    struct Run {
        var dom: String
        var stderr: String
        /// URLs of requests a page made that did not stay on `file://` (the browser's own
        /// background requests, which no page started, are not counted).
        var pageRequestsOffDisk: [String]
    }

    private func arguments(profile: URL) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--disable-default-apps", "--mute-audio",
            "--hide-scrollbars", "--user-data-dir=" + profile.path, "--enable-logging=stderr", "--v=0",
        ]
    }

    /// Opens `url`, lets its scripts and timers run for `budget` ms of virtual time, returns the DOM.
    func dumpDOM(_ url: URL, scratch: URL, budget: Int = 4000) throws -> Run {
        let profile = scratch.appendingPathComponent("profile-\(UUID().uuidString)")
        let netLog = scratch.appendingPathComponent("netlog-\(UUID().uuidString).json")
        let (out, err) = try run(
            arguments(profile: profile) + [
                "--virtual-time-budget=\(budget)", "--log-net-log=" + netLog.path,
                "--dump-dom", url.absoluteString,
            ])
        return Run(dom: out, stderr: err, pageRequestsOffDisk: Self.offDiskRequests(in: netLog))
    }

    /// A PNG of `url` at `width`×`height` CSS pixels.
    func screenshot(_ url: URL, to file: URL, width: Int, height: Int, scratch: URL) throws {
        let profile = scratch.appendingPathComponent("profile-\(UUID().uuidString)")
        _ = try run(
            arguments(profile: profile) + [
                "--virtual-time-budget=3000", "--window-size=\(width),\(height)",
                "--screenshot=" + file.path, url.absoluteString,
            ])
    }

    private func run(_ arguments: [String]) throws -> (String, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let ended = try process.runToEnd(deadline: 90)
        return (ended.output, ended.errors)
    }

    /// Requests in a NetLog whose URL is not `file:` and that a page started (an initiator that
    /// is an origin; Chromium's own update and account checks have none).
    static func offDiskRequests(in netLog: URL) -> [String] {
        guard let data = try? Data(contentsOf: netLog),
            let log = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let events = log["events"] as? [[String: Any]]
        else { return ["(no NetLog was written)"] }
        var found = Set<String>()
        for event in events {
            guard let params = event["params"] as? [String: Any], let url = params["url"] as? String,
                let initiator = params["initiator"] as? String
            else { continue }
            if !url.hasPrefix("file:"), initiator != "not an origin" { found.insert(url) }
        }
        return found.sorted()
    }
}
