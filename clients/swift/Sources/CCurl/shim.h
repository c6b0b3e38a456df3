// libcurl for HeraldClient's transport on Linux, loaded when a transfer first needs it (dlopen),
// not when the program starts: linked, libcurl and the thirty libraries it needs (TLS, Kerberos,
// LDAP, SSH...) made every run of herald, which fetches only for `explain --channel`, start some
// 7 ms later. Only the header's types and constants are used at build time.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift does not import, so each
// argument type gets a typed wrapper; the library's functions are called through pointers of
// their own (variadic) types.
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

typedef size_t (*herald_curl_data_callback)(char *, size_t, size_t, void *);
typedef int (*herald_curl_progress_callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

/// The functions of libcurl herald calls, once loaded.
struct herald_curl_functions {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  CURLcode (*easy_perform)(CURL *);
  const char *(*easy_strerror)(CURLcode);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
};

/// Loads libcurl into a table the caller keeps (once, for the program's life), and sets up its
/// global state (once, before any transfer: it is not thread-safe); false when it cannot be
/// loaded or set up. The table is the first argument of every function below.
static inline int herald_curl_load(struct herald_curl_functions *table) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return 0;
  *(void **)&table->global_init = dlsym(library, "curl_global_init");
  *(void **)&table->easy_init = dlsym(library, "curl_easy_init");
  *(void **)&table->easy_cleanup = dlsym(library, "curl_easy_cleanup");
  *(void **)&table->easy_perform = dlsym(library, "curl_easy_perform");
  *(void **)&table->easy_strerror = dlsym(library, "curl_easy_strerror");
  *(void **)&table->easy_setopt = dlsym(library, "curl_easy_setopt");
  *(void **)&table->easy_getinfo = dlsym(library, "curl_easy_getinfo");
  *(void **)&table->slist_append = dlsym(library, "curl_slist_append");
  *(void **)&table->slist_free_all = dlsym(library, "curl_slist_free_all");
  if (table->global_init == NULL || table->easy_init == NULL || table->easy_cleanup == NULL ||
      table->easy_perform == NULL || table->easy_strerror == NULL || table->easy_setopt == NULL ||
      table->easy_getinfo == NULL || table->slist_append == NULL || table->slist_free_all == NULL)
    return 0;
  return table->global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
}

// The functions below call libcurl through a table herald_curl_load filled.

typedef const struct herald_curl_functions *herald_curl;

static inline CURL *herald_curl_easy_init(herald_curl curl) { return curl->easy_init(); }

static inline void herald_curl_easy_cleanup(herald_curl curl, CURL *handle) {
  curl->easy_cleanup(handle);
}

static inline CURLcode herald_curl_easy_perform(herald_curl curl, CURL *handle) {
  return curl->easy_perform(handle);
}

static inline const char *herald_curl_easy_strerror(herald_curl curl, CURLcode code) {
  return curl->easy_strerror(code);
}

static inline struct curl_slist *herald_curl_slist_append(herald_curl curl,
                                                          struct curl_slist *list,
                                                          const char *line) {
  return curl->slist_append(list, line);
}

static inline void herald_curl_slist_free_all(herald_curl curl, struct curl_slist *list) {
  curl->slist_free_all(list);
}

static inline CURLcode herald_curl_set_long(herald_curl curl, CURL *handle, CURLoption option,
                                            long value) {
  return curl->easy_setopt(handle, option, value);
}

static inline CURLcode herald_curl_set_pointer(herald_curl curl, CURL *handle, CURLoption option,
                                               const void *value) {
  return curl->easy_setopt(handle, option, value);
}

static inline CURLcode herald_curl_set_data_callback(herald_curl curl, CURL *handle,
                                                     CURLoption option,
                                                     herald_curl_data_callback callback) {
  return curl->easy_setopt(handle, option, callback);
}

static inline CURLcode herald_curl_set_progress_callback(herald_curl curl, CURL *handle,
                                                         herald_curl_progress_callback callback) {
  return curl->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode herald_curl_get_long(herald_curl curl, CURL *handle, CURLINFO info,
                                            long *value) {
  return curl->easy_getinfo(handle, info, value);
}
