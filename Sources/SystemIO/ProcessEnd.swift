#if canImport(Glibc)
    import Glibc

    /// How a command's process ends once its work is done.
    public enum ProcessEnd {
        /// Ends the process with `status` at once, standard output and error flushed, without
        /// running `exit`'s handlers. A thread the command used may still be releasing what it
        /// held when the command returns (its last values, a library's per-thread state); `exit`
        /// would meanwhile run the C and C++ libraries' static destructors, which free memory
        /// those releases still reach, and glibc then aborts with "double free" or
        /// "malloc_consolidate(): invalid chunk size" after the command has succeeded. folio
        /// keeps nothing for those handlers to do: every file is written and committed, and every
        /// lock released, before a command returns; output goes out by `write(2)` as it is made.
        public static func now(_ status: Int32) -> Never {
            fflush(nil)
            _exit(status)
        }
    }
#endif
