import HeraldProtocol

#if canImport(CCurl)
  import CCurl
  import Foundation

  /// Fetches with libcurl, on Linux: the body limit holds on the decoded bytes and the timeout on
  /// the whole exchange, whatever the server sends.
  ///
  /// Foundation's URLSession on Linux decodes a gzip body as fast as it arrives and queues the
  /// result for its delegate, so a few megabytes of gzip became gigabytes in memory before the
  /// delegate could refuse them. Here curl hands each decoded piece to a callback that stops the
  /// transfer the moment the limit is passed, and a progress callback stops it at the deadline or
  /// when the task is cancelled.
  final class CurlTransport: Sendable {
    let maximumBodySize: Int
    let headers: [(name: String, value: String)]
    let userAgent: String?

    init(maximumBodySize: Int, headers: [(name: String, value: String)], userAgent: String?) {
      _ = Self.curl
      self.maximumBodySize = maximumBodySize
      self.headers = headers
      self.userAgent = userAgent
    }

    /// libcurl, loaded and set up once; nil when it cannot be loaded.
    ///
    /// It is loaded (dlopen) and its global state set up when the first transport is made,
    /// before any transfer (it is not thread-safe); Debian's libcurl4 provides it. Written once,
    /// then only read.
    nonisolated(unsafe) static let curl: herald_curl? = {
      let table = UnsafeMutablePointer<herald_curl_functions>.allocate(capacity: 1)
      table.initialize(to: herald_curl_functions())
      guard herald_curl_load(table) != 0 else {
        table.deallocate()
        return nil
      }
      return UnsafePointer(table)
    }()

    /// Fetches a URL on a thread of its own (curl blocks), until the request's timeout.
    func fetch(_ request: HeraldRequest) async -> HeraldResponse {
      let exchange = CurlExchange(limit: maximumBodySize, timeout: request.timeout)
      return await withTaskCancellationHandler {
        await withCheckedContinuation {
          (continuation: CheckedContinuation<HeraldResponse, Never>) in
          let thread = Thread { continuation.resume(returning: self.perform(request, exchange)) }
          thread.stackSize = 1 << 20
          thread.start()
        }
      } onCancel: {
        exchange.cancel()
      }
    }

    private func perform(_ request: HeraldRequest, _ exchange: CurlExchange) -> HeraldResponse {
      guard let curl = Self.curl, let handle = herald_curl_easy_init(curl) else {
        return .failed(.network("libcurl could not be loaded or started (is libcurl4 installed?)"))
      }
      defer { herald_curl_easy_cleanup(curl, handle) }
      var lines = headers.map { "\($0.name): \($0.value)" }
      if let etag = request.etag { lines.append("If-None-Match: \(etag)") }
      if let lastModified = request.lastModified {
        lines.append("If-Modified-Since: \(lastModified)")
      }
      var list: UnsafeMutablePointer<curl_slist>?
      for line in lines { list = herald_curl_slist_append(curl, list, line) }
      defer { herald_curl_slist_free_all(curl, list) }
      let context = Unmanaged.passUnretained(exchange).toOpaque()
      let milliseconds = max(1, Int(request.timeout * 1000))
      let configured = request.url.absoluteString.withCString { url in
        (userAgent ?? "").withCString { agent in
          configure(
            curl, handle, url: url, agent: userAgent == nil ? nil : agent, headers: list,
            context: context, milliseconds: milliseconds)
        }
      }
      guard configured else { return .failed(.network("libcurl refused the request")) }
      let code = withExtendedLifetime(exchange) { herald_curl_easy_perform(curl, handle) }
      return exchange.response(code: code, curl: curl, handle: handle)
    }

    /// Sets every option of a transfer; false when curl refuses one.
    private func configure(
      _ curl: herald_curl, _ handle: UnsafeMutableRawPointer, url: UnsafePointer<CChar>,
      agent: UnsafePointer<CChar>?,
      headers: UnsafeMutablePointer<curl_slist>?, context: UnsafeMutableRawPointer,
      milliseconds: Int
    ) -> Bool {
      let codes = [
        herald_curl_set_pointer(curl, handle, CURLOPT_URL, url),
        // Only the web: no file://, no other protocol, before or after a redirect.
        herald_curl_set_pointer(curl, handle, CURLOPT_PROTOCOLS_STR, "http,https"),
        herald_curl_set_pointer(curl, handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
        herald_curl_set_long(curl, handle, CURLOPT_FOLLOWLOCATION, 1),
        herald_curl_set_long(curl, handle, CURLOPT_MAXREDIRS, 5),
        // Only gzip is asked for (conformance/transport.json); the limit counts what curl decodes.
        herald_curl_set_pointer(curl, handle, CURLOPT_ACCEPT_ENCODING, ClientLimits.acceptEncoding),
        herald_curl_set_long(curl, handle, CURLOPT_NOSIGNAL, 1),
        herald_curl_set_long(curl, handle, CURLOPT_TIMEOUT_MS, milliseconds),
        herald_curl_set_long(curl, handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
        herald_curl_set_pointer(curl, handle, CURLOPT_HTTPHEADER, headers),
        agent.map { herald_curl_set_pointer(curl, handle, CURLOPT_USERAGENT, $0) } ?? CURLE_OK,
        herald_curl_set_data_callback(curl, handle, CURLOPT_WRITEFUNCTION, curlBody),
        herald_curl_set_pointer(curl, handle, CURLOPT_WRITEDATA, context),
        herald_curl_set_data_callback(curl, handle, CURLOPT_HEADERFUNCTION, curlHeader),
        herald_curl_set_pointer(curl, handle, CURLOPT_HEADERDATA, context),
        herald_curl_set_progress_callback(curl, handle, curlProgress),
        herald_curl_set_pointer(curl, handle, CURLOPT_XFERINFODATA, context),
        herald_curl_set_long(curl, handle, CURLOPT_NOPROGRESS, 0),
      ]
      return codes.allSatisfy { $0 == CURLE_OK }
    }
  }

  /// One transfer's body, headers and stop flags, shared with curl's callbacks.
  final class CurlExchange: @unchecked Sendable {
    let limit: Int
    let deadline: ContinuousClock.Instant
    /// Whether a body in an encoding herald does not read stops the transfer (an app's documents);
    /// herald's own requests (`CurlRequest`) take any body.
    let checksEncoding: Bool
    private let lock = NSLock()
    private var cancelled = false
    var body = Data()
    var headers: [String: String] = [:]
    var tooLarge = false
    var timedOut = false

    init(limit: Int, timeout: TimeInterval, checksEncoding: Bool = true) {
      self.limit = limit
      self.checksEncoding = checksEncoding
      deadline = .now + .milliseconds(Int(max(0, timeout) * 1000))
    }

    func cancel() { lock.withLock { cancelled = true } }
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// The outcome of a finished transfer.
    func response(code: CURLcode, curl: herald_curl, handle: UnsafeMutableRawPointer)
      -> HeraldResponse
    {
      var status = 0
      _ = herald_curl_get_long(curl, handle, CURLINFO_RESPONSE_CODE, &status)
      if status == 200, let problem = HeraldResponse.encodingProblem(headers["content-encoding"]) {
        return .failed(problem)
      }
      if tooLarge { return .failed(.tooLarge(limit)) }
      if timedOut || code == CURLE_OPERATION_TIMEDOUT { return .failed(.timedOut) }
      if isCancelled { return .failed(.network("cancelled")) }
      guard code == CURLE_OK else {
        return .failed(.network(String(cString: herald_curl_easy_strerror(curl, code))))
      }
      let maxAge = HeraldResponse.maxAge(cacheControl: headers["cache-control"])
      switch status {
      case 200:
        return .ok(
          body: body, etag: headers["etag"], lastModified: headers["last-modified"],
          maxAge: maxAge)
      case 304: return .notModified(maxAge: maxAge)
      default: return .failed(.status(status))
      }
    }
  }

  /// curl's body callback: keeps a decoded piece, or stops the transfer past the limit.
  func curlBody(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
    _ context: UnsafeMutableRawPointer?
  ) -> Int {
    guard let context, let data else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    // A label herald does not read stops the transfer at its first byte (`response` says why).
    guard
      !exchange.checksEncoding
        || HeraldResponse.encodingProblem(exchange.headers["content-encoding"]) == nil
    else {
      return 0
    }
    guard exchange.body.count + length <= exchange.limit else {
      exchange.tooLarge = true
      return 0
    }
    exchange.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
    return length
  }

  /// curl's header callback: each line of the last response's headers (a redirect's, or a
  /// `100 Continue`'s, are replaced by the next status line's).
  func curlHeader(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
    _ context: UnsafeMutableRawPointer?
  ) -> Int {
    guard let context, let data else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = String(
      decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      exchange.headers = [:]
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
      exchange.headers[name] = value
    }
    return length
  }

  /// curl's progress callback: stops the transfer at the deadline or once cancelled.
  private func curlProgress(
    _ context: UnsafeMutableRawPointer?, _ total: curl_off_t, _ now: curl_off_t,
    _ uploadTotal: curl_off_t, _ uploaded: curl_off_t
  ) -> Int32 {
    guard let context else { return 1 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    if ContinuousClock.now >= exchange.deadline {
      exchange.timedOut = true
      return 1
    }
    return exchange.isCancelled ? 1 : 0
  }
#endif
