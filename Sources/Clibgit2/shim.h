#include <git2.h>
/* git_repository_set_config and git_repository_set_index, for a push and for reading files. */
#include <git2/sys/repository.h>
