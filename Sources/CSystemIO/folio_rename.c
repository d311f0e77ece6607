#define _GNU_SOURCE
#include "folio_rename.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

static int rename_with_flags(const char *from, const char *to, unsigned int flags) {
    // The system call, not glibc's wrapper: glibc before 2.28 has none.
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
}

int folio_rename_exchange(const char *first, const char *second) {
    return rename_with_flags(first, second, RENAME_EXCHANGE);
}

int folio_rename_noreplace(const char *from, const char *to) {
    return rename_with_flags(from, to, RENAME_NOREPLACE);
}
#else
int folio_rename_exchange(const char *first, const char *second) {
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
}

int folio_rename_noreplace(const char *from, const char *to) {
    (void)from;
    (void)to;
    errno = ENOSYS;
    return -1;
}
#endif
