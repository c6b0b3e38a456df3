// libmicrohttpd for `herald serve`, loaded when the preview server starts (dlopen), not when the
// program does: linked, it and GnuTLS made every run of herald start later, though only `serve`
// uses it. Only the header's types and constants are used at build time; each function is called
// through a pointer of its own declared type.
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The functions of libmicrohttpd herald calls, once loaded.
struct herald_mhd_functions {
  __typeof__(MHD_start_daemon) *start_daemon;
  __typeof__(MHD_stop_daemon) *stop_daemon;
  __typeof__(MHD_quiesce_daemon) *quiesce_daemon;
  __typeof__(MHD_suspend_connection) *suspend_connection;
  __typeof__(MHD_resume_connection) *resume_connection;
  __typeof__(MHD_lookup_connection_value) *lookup_connection_value;
  __typeof__(MHD_get_connection_values) *get_connection_values;
  __typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
  __typeof__(MHD_add_response_header) *add_response_header;
  __typeof__(MHD_queue_response) *queue_response;
  __typeof__(MHD_destroy_response) *destroy_response;
};

/// Loads libmicrohttpd into a table the caller keeps (once, for the program's life); false when
/// it cannot be loaded. The table is the first argument of every function below.
static inline int herald_mhd_load(struct herald_mhd_functions *table) {
  void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return 0;
  *(void **)&table->start_daemon = dlsym(library, "MHD_start_daemon");
  *(void **)&table->stop_daemon = dlsym(library, "MHD_stop_daemon");
  *(void **)&table->quiesce_daemon = dlsym(library, "MHD_quiesce_daemon");
  *(void **)&table->suspend_connection = dlsym(library, "MHD_suspend_connection");
  *(void **)&table->resume_connection = dlsym(library, "MHD_resume_connection");
  *(void **)&table->lookup_connection_value = dlsym(library, "MHD_lookup_connection_value");
  *(void **)&table->get_connection_values = dlsym(library, "MHD_get_connection_values");
  *(void **)&table->create_response_from_buffer =
      dlsym(library, "MHD_create_response_from_buffer");
  *(void **)&table->add_response_header = dlsym(library, "MHD_add_response_header");
  *(void **)&table->queue_response = dlsym(library, "MHD_queue_response");
  *(void **)&table->destroy_response = dlsym(library, "MHD_destroy_response");
  return table->start_daemon != NULL && table->stop_daemon != NULL &&
         table->quiesce_daemon != NULL && table->suspend_connection != NULL &&
         table->resume_connection != NULL && table->lookup_connection_value != NULL &&
         table->get_connection_values != NULL && table->create_response_from_buffer != NULL &&
         table->add_response_header != NULL && table->queue_response != NULL &&
         table->destroy_response != NULL;
}

// The functions below call libmicrohttpd through a table herald_mhd_load filled.

typedef const struct herald_mhd_functions *herald_mhd;

/// Starts a daemon on a socket the caller already bound and listens on. MHD_start_daemon is
/// variadic, which Swift cannot call.
///
/// poll() with a small pool of internal threads: an idle or long-polling connection costs a
/// descriptor, not a thread, so many open pages cannot lock anyone out. Not epoll: in 0.9.75,
/// MHD_quiesce_daemon races an epoll worker over removing the listening socket from its set and
/// aborts the process when the worker loses ("Failed to remove listen FD from epoll set"); with
/// poll() it only signals the workers. Suspend and resume let a long-poll wait without holding a
/// thread. The daemon borrows the listening socket: the caller takes it back with
/// herald_mhd_quiesce_daemon before herald_mhd_stop_daemon and closes it itself, exactly once.
static inline struct MHD_Daemon *herald_mhd_start(herald_mhd mhd, int listen_socket,
                                                  MHD_AccessHandlerCallback handler,
                                                  void *context,
                                                  MHD_RequestCompletedCallback completed,
                                                  unsigned int connection_limit,
                                                  unsigned int connection_timeout,
                                                  unsigned int threads) {
  return mhd->start_daemon(
      MHD_USE_POLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC, 0, NULL, NULL,
      handler, context, MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit, MHD_OPTION_CONNECTION_TIMEOUT,
      connection_timeout, MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_NOTIFY_COMPLETED,
      completed, NULL, MHD_OPTION_END);
}

static inline void herald_mhd_stop_daemon(herald_mhd mhd, struct MHD_Daemon *daemon) {
  mhd->stop_daemon(daemon);
}

static inline MHD_socket herald_mhd_quiesce_daemon(herald_mhd mhd, struct MHD_Daemon *daemon) {
  return mhd->quiesce_daemon(daemon);
}

static inline void herald_mhd_suspend_connection(herald_mhd mhd,
                                                 struct MHD_Connection *connection) {
  mhd->suspend_connection(connection);
}

static inline void herald_mhd_resume_connection(herald_mhd mhd,
                                                struct MHD_Connection *connection) {
  mhd->resume_connection(connection);
}

static inline const char *herald_mhd_lookup_connection_value(herald_mhd mhd,
                                                             struct MHD_Connection *connection,
                                                             enum MHD_ValueKind kind,
                                                             const char *key) {
  return mhd->lookup_connection_value(connection, kind, key);
}

static inline int herald_mhd_get_connection_values(herald_mhd mhd,
                                                   struct MHD_Connection *connection,
                                                   enum MHD_ValueKind kind,
                                                   MHD_KeyValueIterator iterator,
                                                   void *iterator_context) {
  return mhd->get_connection_values(connection, kind, iterator, iterator_context);
}

static inline struct MHD_Response *herald_mhd_create_response_from_buffer(
    herald_mhd mhd, size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
  return mhd->create_response_from_buffer(size, buffer, mode);
}

static inline enum MHD_Result herald_mhd_add_response_header(herald_mhd mhd,
                                                             struct MHD_Response *response,
                                                             const char *header,
                                                             const char *content) {
  return mhd->add_response_header(response, header, content);
}

static inline enum MHD_Result herald_mhd_queue_response(herald_mhd mhd,
                                                        struct MHD_Connection *connection,
                                                        unsigned int status_code,
                                                        struct MHD_Response *response) {
  return mhd->queue_response(connection, status_code, response);
}

static inline void herald_mhd_destroy_response(herald_mhd mhd, struct MHD_Response *response) {
  mhd->destroy_response(response);
}
