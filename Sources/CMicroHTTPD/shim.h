#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Starts a daemon on a socket the caller already bound and listens on, one thread per connection
/// (so a long-polling request may wait without holding others up). MHD_start_daemon is variadic,
/// which Swift cannot call.
static inline struct MHD_Daemon *herald_mhd_start(int listen_socket,
                                                  MHD_AccessHandlerCallback handler,
                                                  void *context,
                                                  unsigned int connection_limit,
                                                  unsigned int connection_timeout) {
  return MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD |
                              MHD_USE_POLL | MHD_USE_ITC,
                          0, NULL, NULL, handler, context,
                          MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                          MHD_OPTION_END);
}
