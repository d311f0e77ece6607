import Foundation

/// A program's peak memory as GNU time measures it (`/usr/bin/time -f %M`): of a child that `time`
/// forks and that then executes the program. The resource usage of a process the tests start
/// themselves cannot say it: `posix_spawn` starts the child sharing the test process's memory
/// until it executes the program, and Linux counts the test process's memory as the child's peak.
public enum PeakMemory {
    public static let time = "/usr/bin/time"

    /// Whether GNU time is installed (`make deps` installs it).
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: time) }

    /// Runs `executable` with `arguments` to its end (at most `timeout` seconds), its output to
    /// `output` or thrown away; its exit status (nil when it did not end in time) and its peak
    /// resident memory in bytes. `report` is a file the measure is written to.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], output: URL? = nil, report: URL,
        timeout: TimeInterval = 600
    ) throws -> (status: Int32?, peakBytes: Int) {
        let child = try ChildProcess(
            time, ["-f", "%M", "-o", report.path, executable] + arguments, environment: environment, output: output)
        let status = child.wait(timeout: timeout)
        // `time` writes "Command exited with non-zero status N" first when the program failed.
        let lines = (try? String(contentsOf: report, encoding: .utf8))?.split(separator: "\n") ?? []
        let kilobytes = lines.last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        return (status, kilobytes * 1_024)
    }
}
