#ifndef FOLIO_PROCESS_H
#define FOLIO_PROCESS_H

#include <spawn.h>
#include <sys/types.h>

// What glibc declares only under _GNU_SOURCE (out of Swift's reach), for local sockets and
// detached processes.

// The user id of the process at the other end of the Unix socket `fd` (SO_PEERCRED); 0 on
// success, -1 with errno set.
int folio_peer_user(int fd, uid_t *user);

// O_PATH: a descriptor that names a folder without opening it for reading.
int folio_open_path(const char *path);

// posix_spawn's flag for a new session.
short folio_spawn_new_session_flag(void);

// Closes every descriptor from `lowest` up in the new program (glibc 2.34's closefrom action):
// nothing the starting process inherited stays open in a program that outlives it.
int folio_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

// The f_type of the file system holding `path` (statfs(2), declared in <sys/vfs.h>, which
// Swift's Glibc module leaves out); 0 on success, -1 with errno set.
int folio_file_system_type(const char *path, unsigned long long *type);

// The calling thread's name (pthread_setname_np and pthread_getname_np): at most 15 bytes
// are kept. 0 on success.
int folio_set_thread_name(const char *name);
int folio_thread_name(char *name, unsigned long size);

#endif
