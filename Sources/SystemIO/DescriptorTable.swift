#if canImport(Glibc)
    import Glibc
#endif

/// The process's table of open descriptors, grown once at start.
///
/// Linux doubles the table when a descriptor past its end is opened (64, 128, 256, …), and in a
/// process that already runs more than one thread each doubling waits out an RCU grace period:
/// several milliseconds each, spent asleep. The catalog's walk keeps a few hundred folders open
/// while its workers run, so three doublings cost a `folio list` at 100,000 records about 14 ms
/// of its 120. Grown while the process is still one thread, the same table costs nothing.
public enum DescriptorTable {
    /// The size the table is grown to: past the folders the walk keeps open and the workers' own.
    public static let reserved: Int32 = 1024

    /// Grows the table to ``reserved`` entries (or the soft limit on open files, if lower) by
    /// placing one descriptor at its end and closing it; call first thing in `main`, before any
    /// thread starts. Opens nothing that stays open; a failure only leaves the table as it was.
    public static func reserve() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let highest = Int32(clamping: min(UInt64(reserved), UInt64(limit.rlim_cur)) - 1)
        // A descriptor already there is someone's (a shell's redirection): left alone.
        guard highest > 2, fcntl(highest, F_GETFD) == -1 else { return }
        // Any descriptor serves as the copy's source; standard error may have been closed.
        for source: Int32 in [2, 1, 0] {
            let placed = fcntl(source, F_DUPFD_CLOEXEC, highest)
            if placed >= 0 {
                close(placed)
                return
            }
        }
    }
}
