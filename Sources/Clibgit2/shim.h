#include <git2.h>
/* git_repository_set_config and git_repository_set_index, for a push and for reading files. */
#include <git2/sys/repository.h>

/* git_libgit2_opts is variadic, which Swift cannot call: a wrapper for each option folio sets. */
static inline int git_shim_set_cache_object_limit(git_object_t type, size_t size) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, (int)type, size);
}
