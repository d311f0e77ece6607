#include <git2.h>
/* git_repository_set_config and git_repository_set_index, for a push and for reading files. */
#include <git2/sys/repository.h>
/* git_filter_register and the filter callbacks, for filters written in Swift. */
#include <git2/sys/filter.h>

/* git_libgit2_opts is variadic, which Swift cannot call: a wrapper for each option folio sets. */
static inline int git_shim_set_cache_object_limit(git_object_t type, size_t size) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, (int)type, size);
}
/* The CA file and folder libgit2's TLS checks certificates against (either may be NULL). */
static inline int git_shim_set_ssl_cert_locations(const char *file, const char *folder) {
    return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, folder);
}

/* The write stream a filter hands libgit2: git's own stream first, so libgit2 can use it as one,
   then the Swift object that gathers the bytes. */
typedef struct {
    git_writestream parent;
    void *owner;
} git_shim_filter_stream;

/* git_stream_register and git_stream, for the socket folio hands libgit2 (name resolution and
   connecting within the transfer's deadline). */
#include <git2/sys/stream.h>

/* folio's plain socket stream. Its first four fields are laid out as libgit2 1.x's own socket
   stream (git_socket_stream): libgit2's SSH transport reads the descriptor `s` of whatever
   standard stream it was given, to hand it to libssh2. */
typedef struct {
    git_stream parent;
    char *host;
    char *port;
    int s;
    void *owner;
} git_shim_socket_stream;
