#ifndef FOLIO_RENAME_H
#define FOLIO_RENAME_H

// Linux's renameat2(2), which glibc declares only under _GNU_SOURCE (out of Swift's reach).
// Each returns 0, or -1 with errno set: ENOSYS or EINVAL where the kernel or the file system
// cannot do it (the caller then falls back to a plain rename), EEXIST for a name already taken.

// Swaps the files at `first` and `second` in one step; both must exist.
int folio_rename_exchange(const char *first, const char *second);

// Renames `from` to `to` only when nothing is at `to`.
int folio_rename_noreplace(const char *from, const char *to);

#endif
