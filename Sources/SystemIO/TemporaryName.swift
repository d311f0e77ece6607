#if canImport(Glibc)
    import Glibc
#endif

/// The part of a temporary file's name that makes it one write's own, and its reading back by the
/// clean-ups that remove what a killed folio left.
///
/// `<pid>-<n>`: the process, which a clean-up reads to tell an abandoned file from one being
/// written, and a random number, so two writes of one process at once (`folio serve` answering
/// two requests) never write into one file, nor rename the other's half-written one into place.
public enum TemporaryName {
    public static func unique() -> String { "\(getpid())-\(UInt64.random(in: 0...UInt64.max))" }

    /// The process at the start of `part` (what ``unique()`` made, or an older folio's pid alone).
    public static func process(in part: Substring) -> pid_t? {
        pid_t(part.prefix { $0.isASCII && $0.isNumber }).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Whether `pid`, a temporary's writer, is gone: never this process.
    public static func isGone(_ pid: pid_t) -> Bool {
        pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }
}
