#ifndef FOLIO_CURL_H
#define FOLIO_CURL_H

// libcurl, loaded the first time folio sends an HTTP request rather than when folio starts.
// Linking libcurl would load it and the twenty libraries it needs (TLS, Kerberos, LDAP, IDN…)
// into every process, a third of the start-up time of a command that never touches the network.
// Only libcurl's types and constants come from its header; its functions are reached through
// the pointers folio_curl_load finds.

#include <curl/curl.h>
#include <stddef.h>

// Loads libcurl and runs its global set-up, once per process. Returns 1 when libcurl is ready;
// 0 when it is not, with the reason in `reason` (NUL-terminated, at most `capacity` bytes).
int folio_curl_load(char *reason, size_t capacity);

// Each of these requires a successful folio_curl_load; the setters are curl_easy_setopt with
// the type of the option's argument spelled out, since Swift cannot call a variadic function.
CURL *folio_curl_easy_init(void);
void folio_curl_easy_cleanup(CURL *handle);
CURLcode folio_curl_easy_perform(CURL *handle);
CURLcode folio_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode folio_curl_set_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode folio_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode folio_curl_set_data_function(CURL *handle, CURLoption option, size_t (*function)(char *, size_t, size_t, void *));
CURLcode folio_curl_set_progress_function(CURL *handle, int (*function)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t));
CURLcode folio_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode folio_curl_get_socket(CURL *handle, CURLINFO info, int *value);
CURLcode folio_curl_get_string(CURL *handle, CURLINFO info, const char **value);
CURLcode folio_curl_set_sockopt_function(CURL *handle, int (*function)(void *, int, curlsocktype));
CURLcode folio_curl_set_closesocket_function(CURL *handle, int (*function)(void *, int));
struct curl_slist *folio_curl_slist_append(struct curl_slist *list, const char *line);
void folio_curl_slist_free_all(struct curl_slist *list);
const char *folio_curl_easy_strerror(CURLcode code);

#endif
