// libcurl for HeraldClient's transport on Linux. curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift does not import, so each argument type gets a typed wrapper.
#include <curl/curl.h>

typedef size_t (*herald_curl_data_callback)(char *, size_t, size_t, void *);
typedef int (*herald_curl_progress_callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

static inline CURLcode herald_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode herald_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode herald_curl_set_data_callback(CURL *handle, CURLoption option,
                                                     herald_curl_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode herald_curl_set_progress_callback(CURL *handle,
                                                         herald_curl_progress_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode herald_curl_get_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}
