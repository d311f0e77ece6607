import Foundation

// try? in this file: what /proc cannot tell is answered as nil, and each caller says what nil means.

#if canImport(Glibc)
    import Glibc
#endif

/// What the system says about processes: on Linux, `/proc`, read nowhere else.
public enum ProcessFacts {
    /// This program's own executable, as the system found it (not as it was typed); nil when
    /// the system cannot say.
    public static var executablePath: String? { link("/proc/self/exe") }

    /// Every file some process of this user can be seen to have open; nil when the system
    /// cannot say (no `/proc`).
    public static func filesOpenByAnyProcess() -> Set<String>? {
        guard let processes = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        var open = Set<String>()
        for pid in processes where pid.allSatisfy(\.isNumber) {
            let fdDirectory = "/proc/\(pid)/fd"
            guard let fds = try? FileManager.default.contentsOfDirectory(atPath: fdDirectory) else { continue }
            for fd in fds {
                if let target = link(fdDirectory + "/" + fd) { open.insert(target) }
            }
        }
        return open
    }

    /// The name and working folder of every process that can be seen whose name `named` accepts
    /// (the working folder is read only for those); nil when the system cannot say (no `/proc`).
    public static func runningProcesses(named: (String) -> Bool = { _ in true }) -> [(name: String, workingFolder: String)]? {
        guard let processes = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        var running: [(name: String, workingFolder: String)] = []
        for pid in processes where pid.allSatisfy(\.isNumber) {
            guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { continue }
            let name = comm.trimmingCharacters(in: .newlines)
            guard named(name), let folder = link("/proc/\(pid)/cwd") else { continue }
            running.append((name, folder))
        }
        return running
    }

    /// Where a symbolic link in `/proc` points, or nil.
    public static func link(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.baseAddress.map { readlink(path, UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self), 4095) } ?? -1
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }

    /// The start time of process `pid` (clock ticks since boot, field 22 of `/proc/<pid>/stat`),
    /// which tells a process from a later one that reused its id; nil when there is no such process.
    public static func startTime(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the name: state is field 3, so field 22 is the 20th here.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
    }

    /// Whether the process that was `pid`, started at `startTime`, still runs.
    public static func isAlive(pid: Int32, startTime started: String) -> Bool {
        if let now = startTime(of: pid) { return now == started }
        // No /proc entry: gone, unless /proc itself is missing (then assume it runs).
        return !FileManager.default.fileExists(atPath: "/proc/self/stat") && kill(pid, 0) == 0
    }
}
