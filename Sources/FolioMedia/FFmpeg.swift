import Foundation

/// Stills from videos and photos in formats a model cannot read, through the `ffmpeg` command when
/// it is installed. folio works without it; the AI then sees a video's metadata only.
public struct FFmpeg: Sendable {
    public let executable: URL
    /// How long one ffmpeg run may take before folio gives up on it.
    public var timeout: TimeInterval = 30

    public init(executable: URL) {
        self.executable = executable
    }

    /// `ffmpeg` on `PATH` (as given, so a caller can pass the user's environment), or nil.
    public static func locate(path: String?) -> FFmpeg? {
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return FFmpeg(executable: candidate) }
        }
        return nil
    }

    /// Up to `count` JPEG frames spread over a video (at 10 %…90 % of `duration`, or the first
    /// frame when the duration is unknown), at most `maxWidth` pixels wide. A frame ffmpeg cannot
    /// take is left out.
    public func frames(of video: URL, duration: Double?, count: Int, maxWidth: Int = 768) -> [Data] {
        let times: [Double]
        if let duration, duration > 0, count > 1 {
            times = (0..<count).map { duration * (0.1 + 0.8 * Double($0) / Double(count - 1)) }
        } else {
            times = [0]
        }
        return times.compactMap { still(of: video, at: $0, maxWidth: maxWidth) }
    }

    /// One JPEG still of a file (a video at `seconds`, or a photo), without metadata.
    public func still(of file: URL, at seconds: Double = 0, maxWidth: Int = 768) -> Data? {
        // ffmpeg would wait on a pipe (until the timeout) and read a device: only regular files go in.
        var info = stat()
        guard stat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var arguments = ["-nostdin", "-hide_banner", "-loglevel", "error"]
        if seconds > 0 { arguments += ["-ss", String(format: "%.2f", seconds)] }
        arguments += [
            "-i", file.path, "-frames:v", "1", "-map_metadata", "-1",
            "-vf", "scale='min(\(maxWidth),iw)':-2", "-f", "image2pipe", "-c:v", "mjpeg", "-q:v", "4", "-",
        ]
        guard let data = run(arguments), data.starts(with: [0xFF, 0xD8]) else { return nil }
        return data
    }

    private func run(_ arguments: [String]) -> Data? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let timer = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        // blocking: ffmpeg is killed at `timeout`; callers are on a thread of their own (a command's, a server journal's).
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0, !data.isEmpty else { return nil }
        return data
    }
}
