#if canImport(Glibc)
    import CSystemIO
    import Glibc

    /// Starts a program that outlives the command that started it: its own session (no terminal's
    /// Ctrl-C or hang-up reaches it), standard input and output on `/dev/null`, standard error on
    /// `errorOutput`, no other descriptor open, every signal at its default and none blocked.
    public enum DetachedProcess {
        public static func spawn(_ executable: String, arguments: [String], errorOutput: Int32) -> Result<pid_t, SystemError> {
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawnattr_init(&attributes)
            defer {
                posix_spawn_file_actions_destroy(&actions)
                posix_spawnattr_destroy(&attributes)
            }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, errorOutput, 2)
            // A descriptor the starter inherited without close-on-exec (a test runner's, a shell's)
            // would otherwise stay open as long as the server runs, and whoever waits for it to close would wait.
            folio_spawn_close_from(&actions, 3)
            var none = sigset_t()
            sigemptyset(&none)
            var all = sigset_t()
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, folio_spawn_new_session_flag() | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let failure = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            return failure == 0 ? .success(pid) : .failure(SystemError(failure))
        }
    }
#endif
