// The engine of HeraldHTTPTransport on Apple's platforms. On Linux it is compiled only where
// HERALD_URLSESSION_ON_LINUX is set (debug builds, which its tests run in): in a release build,
// FoundationNetworking would link libcurl and the thirty libraries it needs into every herald,
// which then started some 7 ms later on every run (the Linux engine loads libcurl when it is
// first used).
#if canImport(Darwin) || HERALD_URLSESSION_ON_LINUX
  import Foundation
  import HeraldProtocol

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// Fetches with URLSession (the engine of `HeraldHTTPTransport` on Apple's platforms), bounding the
  /// whole exchange by the request's timeout and the body by a size limit on the bytes the delegate
  /// receives, which are the decoded ones.
  final class URLSessionTransport: @unchecked Sendable {
    private let maximumBodySize: Int
    private let headers: [(name: String, value: String)]
    private let session: URLSession
    private let delegate: SessionDelegate

    /// Makes a transport with its own session.
    init(maximumBodySize: Int, headers: [(name: String, value: String)], userAgent: String?) {
      self.maximumBodySize = maximumBodySize
      self.headers = headers + (userAgent.map { [(name: "User-Agent", value: $0)] } ?? [])
      let configuration = URLSessionConfiguration.ephemeral
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      configuration.urlCache = nil
      delegate = SessionDelegate(maximumBodySize: maximumBodySize)
      session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// Fetches a URL; the exchange is cancelled when it outlives the request's timeout or its task.
    func fetch(_ request: HeraldRequest) async -> HeraldResponse {
      let timeout = max(0.001, request.timeout)
      var urlRequest = URLRequest(url: request.url, timeoutInterval: Self.sessionTimeout(timeout))
      urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
      urlRequest.setValue(ClientLimits.acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
      for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
      if let etag = request.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
      if let lastModified = request.lastModified {
        urlRequest.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
      }
      let exchange = Exchange()
      let task = session.dataTask(with: urlRequest)
      delegate.register(task, exchange)
      // A timer of our own as well as URLSession's: the answer must come within the timeout even
      // where a stalled body keeps resetting URLSession's inactivity timer.
      let timer = DispatchWorkItem { [weak task] in
        exchange.finish(.failed(.timedOut))
        task?.cancel()
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
      task.resume()
      let response = await withTaskCancellationHandler {
        await exchange.value()
      } onCancel: {
        exchange.finish(.failed(.network("cancelled")))
      }
      timer.cancel()
      task.cancel()
      return response
    }

    /// URLSession's own timeout: the transport's rounded up to whole seconds, never below one.
    ///
    /// swift-corelibs-foundation (Linux) drops the fraction of a timeout, so half a second fired at
    /// once and 1.5 s after one; the transport's own timer keeps the exact time, and URLSession's
    /// is only a backstop that must not come first.
    static func sessionTimeout(_ timeout: TimeInterval) -> TimeInterval {
      max(1, timeout.rounded(.up))
    }
  }

  /// One exchange's outcome, set once, awaited once.
  private final class Exchange: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: HeraldResponse?
    private var waiter: CheckedContinuation<HeraldResponse, Never>?
    var body = Data()
    var httpResponse: HTTPURLResponse?

    /// Sets the outcome unless one is already set, and wakes the waiter.
    func finish(_ response: HeraldResponse) {
      let resume = lock.withLock { () -> CheckedContinuation<HeraldResponse, Never>? in
        guard outcome == nil else { return nil }
        outcome = response
        defer { waiter = nil }
        return waiter
      }
      resume?.resume(returning: response)
    }

    var isFinished: Bool { lock.withLock { outcome != nil } }

    func value() async -> HeraldResponse {
      await withCheckedContinuation { continuation in
        let ready = lock.withLock { () -> HeraldResponse? in
          if let outcome { return outcome }
          waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }

  /// Collects each task's body, refusing one over the limit as soon as it is known.
  private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let maximumBodySize: Int
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    init(maximumBodySize: Int) { self.maximumBodySize = maximumBodySize }

    func register(_ task: URLSessionTask, _ exchange: Exchange) {
      lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    private func exchange(_ task: URLSessionTask) -> Exchange? {
      lock.withLock { exchanges[task.taskIdentifier] }
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
      guard let exchange = exchange(dataTask) else { return completionHandler(.cancel) }
      let http = response as? HTTPURLResponse
      exchange.httpResponse = http
      let encoding = http?.value(forHTTPHeaderField: "Content-Encoding")
      if http?.statusCode == 200, let problem = HeraldResponse.encodingProblem(encoding) {
        exchange.finish(.failed(problem))
        return completionHandler(.cancel)
      }
      if response.expectedContentLength > Int64(maximumBodySize) {
        exchange.finish(.failed(.tooLarge(maximumBodySize)))
        return completionHandler(.cancel)
      }
      completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      guard let exchange = exchange(dataTask), !exchange.isFinished else { return }
      exchange.body.append(data)
      if exchange.body.count > maximumBodySize {
        exchange.finish(.failed(.tooLarge(maximumBodySize)))
        dataTask.cancel()
      }
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      guard let exchange = lock.withLock({ exchanges.removeValue(forKey: task.taskIdentifier) })
      else { return }
      if let error {
        let code = (error as? URLError)?.code
        exchange.finish(
          .failed(code == .timedOut ? .timedOut : .network(error.localizedDescription)))
        return
      }
      guard let http = exchange.httpResponse else {
        return exchange.finish(.failed(.network("no HTTP response")))
      }
      let maxAge = HeraldResponse.maxAge(
        cacheControl: http.value(forHTTPHeaderField: "Cache-Control"))
      switch http.statusCode {
      case 200:
        exchange.finish(
          .ok(
            body: exchange.body, etag: http.value(forHTTPHeaderField: "ETag"),
            lastModified: http.value(forHTTPHeaderField: "Last-Modified"), maxAge: maxAge))
      case 304:
        exchange.finish(.notModified(maxAge: maxAge))
      default:
        exchange.finish(.failed(.status(http.statusCode)))
      }
    }
  }
#endif
