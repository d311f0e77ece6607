#include "folio_curl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    const char *(*easy_strerror)(CURLcode);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_failure[256];

static void *find(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && load_failure[0] == '\0') {
        snprintf(load_failure, sizeof load_failure, "libcurl has no %s", name);
    }
    return symbol;
}

static void load(void) {
    // RTLD_LOCAL: libcurl's names stay out of the way of everything else in the process.
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_failure, sizeof load_failure, "libcurl could not be loaded (%s); install the libcurl4 package",
                 why != NULL ? why : "libcurl.so.4 not found");
        return;
    }
    curl.global_init = (CURLcode (*)(long))find(library, "curl_global_init");
    curl.easy_init = (CURL * (*)(void)) find(library, "curl_easy_init");
    curl.easy_cleanup = (void (*)(CURL *))find(library, "curl_easy_cleanup");
    curl.easy_perform = (CURLcode (*)(CURL *))find(library, "curl_easy_perform");
    curl.easy_setopt = (CURLcode (*)(CURL *, CURLoption, ...))find(library, "curl_easy_setopt");
    curl.easy_getinfo = (CURLcode (*)(CURL *, CURLINFO, ...))find(library, "curl_easy_getinfo");
    curl.slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *)) find(library, "curl_slist_append");
    curl.slist_free_all = (void (*)(struct curl_slist *))find(library, "curl_slist_free_all");
    curl.easy_strerror = (const char *(*)(CURLcode))find(library, "curl_easy_strerror");
    if (load_failure[0] != '\0') return;
    // Not thread-safe in libcurl, hence here, inside the once.
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_failure, sizeof load_failure, "libcurl could not start: %s", curl.easy_strerror(code));
        return;
    }
    loaded = 1;
}

int folio_curl_load(char *reason, size_t capacity) {
    pthread_once(&load_once, load);
    if (!loaded && reason != NULL && capacity > 0) {
        snprintf(reason, capacity, "%s", load_failure);
    }
    return loaded;
}

CURL *folio_curl_easy_init(void) { return curl.easy_init(); }
void folio_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
CURLcode folio_curl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }
CURLcode folio_curl_set_long(CURL *handle, CURLoption option, long value) { return curl.easy_setopt(handle, option, value); }
CURLcode folio_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode folio_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode folio_curl_set_data_function(CURL *handle, CURLoption option, size_t (*function)(char *, size_t, size_t, void *)) {
    return curl.easy_setopt(handle, option, function);
}
CURLcode folio_curl_set_progress_function(CURL *handle, int (*function)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
    return curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}
CURLcode folio_curl_get_long(CURL *handle, CURLINFO info, long *value) { return curl.easy_getinfo(handle, info, value); }
CURLcode folio_curl_get_string(CURL *handle, CURLINFO info, const char **value) { return curl.easy_getinfo(handle, info, value); }
CURLcode folio_curl_set_sockopt_function(CURL *handle, int (*function)(void *, int, curlsocktype)) {
    return curl.easy_setopt(handle, CURLOPT_SOCKOPTFUNCTION, function);
}
CURLcode folio_curl_set_closesocket_function(CURL *handle, int (*function)(void *, int)) {
    return curl.easy_setopt(handle, CURLOPT_CLOSESOCKETFUNCTION, function);
}
CURLcode folio_curl_get_socket(CURL *handle, CURLINFO info, int *value) {
    curl_socket_t socket = CURL_SOCKET_BAD;
    CURLcode code = curl.easy_getinfo(handle, info, &socket);
    *value = (int)socket;
    return code;
}
struct curl_slist *folio_curl_slist_append(struct curl_slist *list, const char *line) { return curl.slist_append(list, line); }
void folio_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }
const char *folio_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }
