import CMicroHTTPD

/// libmicrohttpd, loaded when the first server starts; nil when it cannot be loaded.
///
/// It is loaded (dlopen) then rather than when herald starts, since only `serve` uses it; Debian's
/// libmicrohttpd12 provides it. Made once, on first use, then only read.
nonisolated(unsafe) let microhttpd: herald_mhd? = {
  let table = UnsafeMutablePointer<herald_mhd_functions>.allocate(capacity: 1)
  table.initialize(to: herald_mhd_functions())
  guard herald_mhd_load(table) != 0 else {
    table.deallocate()
    return nil
  }
  return UnsafePointer(table)
}()
