#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/vfs.h>

#include "folio_process.h"

int folio_peer_user(int fd, uid_t *user) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *user = credentials.uid;
    return 0;
}

int folio_open_path(const char *path) {
    return open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

short folio_spawn_new_session_flag(void) {
    return POSIX_SPAWN_SETSID;
}

int folio_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int folio_file_system_type(const char *path, unsigned long long *type) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    *type = (unsigned long long)info.f_type;
    return 0;
}

int folio_set_thread_name(const char *name) { return pthread_setname_np(pthread_self(), name); }

int folio_thread_name(char *name, unsigned long size) { return pthread_getname_np(pthread_self(), name, size); }
