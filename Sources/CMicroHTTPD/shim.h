#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Starts a daemon on a socket the caller already bound and listens on. MHD_start_daemon is
/// variadic, which Swift cannot call.
///
/// poll() with a small pool of internal threads: an idle or long-polling connection costs a
/// descriptor, not a thread, so many open pages cannot lock anyone out. Not epoll: in 0.9.75,
/// MHD_quiesce_daemon races an epoll worker over removing the listening socket from its set and
/// aborts the process when the worker loses ("Failed to remove listen FD from epoll set"); with
/// poll() it only signals the workers. Suspend and resume let a long-poll wait without holding a
/// thread. The daemon borrows the listening socket: the caller takes it back with
/// MHD_quiesce_daemon before MHD_stop_daemon and closes it itself, exactly once.
static inline struct MHD_Daemon *herald_mhd_start(int listen_socket,
                                                  MHD_AccessHandlerCallback handler,
                                                  void *context,
                                                  unsigned int connection_limit,
                                                  unsigned int connection_timeout,
                                                  unsigned int threads) {
  return MHD_start_daemon(MHD_USE_POLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC,
                          0, NULL, NULL, handler, context,
                          MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                          MHD_OPTION_THREAD_POOL_SIZE, threads,
                          MHD_OPTION_END);
}
