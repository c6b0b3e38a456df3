#if canImport(CCurl)
  import CCurl
  import Foundation

  /// One HTTP exchange through libcurl for herald's own tools (`herald deploy`): any method, a
  /// body, headers, and AWS Signature V4 made by curl itself (`CURLOPT_AWS_SIGV4`).
  ///
  /// It lives beside the client's transport so that one module talks to libcurl; apps never see
  /// it (package access).
  package struct CurlRequest: Sendable {
    /// The method: GET, PUT, DELETE, HEAD, POST, PURGE.
    package var method: String
    /// The URL.
    package var url: String
    /// Extra request headers.
    package var headers: [(name: String, value: String)]
    /// The body sent (none for an empty one and a method without).
    package var body: [UInt8]
    /// `aws:amz:REGION:SERVICE` to sign the request with AWS Signature V4, or nil.
    package var awsSigV4: String?
    /// `ACCESS:SECRET` for the signature.
    package var userPassword: String?
    /// How long the whole exchange may take, in seconds.
    package var timeout: TimeInterval

    /// Describes an exchange.
    package init(
      method: String, url: String, headers: [(name: String, value: String)] = [],
      body: [UInt8] = [], awsSigV4: String? = nil, userPassword: String? = nil,
      timeout: TimeInterval = 60
    ) {
      self.method = method
      self.url = url
      self.headers = headers
      self.body = body
      self.awsSigV4 = awsSigV4
      self.userPassword = userPassword
      self.timeout = timeout
    }

    /// What a server answered.
    package struct Reply: Sendable {
      /// The status code.
      package let status: Int
      /// The headers, by lowercase name.
      package let headers: [String: String]
      /// The body.
      package let body: [UInt8]
    }

    /// Why there was no answer: the connection, a timeout, libcurl itself.
    package struct Failure: Error, Sendable, CustomStringConvertible {
      /// What went wrong, in curl's words.
      package let description: String
    }

    /// Performs the exchange on the calling thread (curl blocks).
    package func perform() -> Result<Reply, Failure> {
      guard let curl = CurlTransport.curl, let handle = herald_curl_easy_init(curl) else {
        return .failure(
          Failure(description: "libcurl could not be loaded (is libcurl4 installed?)"))
      }
      defer { herald_curl_easy_cleanup(curl, handle) }
      var list: UnsafeMutablePointer<curl_slist>?
      // No empty `Expect:` to save the 100-continue round trip: curl 7.88 signs it, and the
      // store's signature of the headers it receives then differs (403).
      for line in headers.map({ "\($0.name): \($0.value)" }) {
        list = herald_curl_slist_append(curl, list, line)
      }
      defer { herald_curl_slist_free_all(curl, list) }
      let exchange = CurlExchange(limit: 1 << 28, timeout: timeout, checksEncoding: false)
      let context = Unmanaged.passUnretained(exchange).toOpaque()
      let milliseconds = max(1, Int(timeout * 1000))
      var codes = [
        herald_curl_set_pointer(curl, handle, CURLOPT_URL, url),
        herald_curl_set_pointer(curl, handle, CURLOPT_PROTOCOLS_STR, "http,https"),
        herald_curl_set_pointer(curl, handle, CURLOPT_CUSTOMREQUEST, method),
        herald_curl_set_long(curl, handle, CURLOPT_NOSIGNAL, 1),
        herald_curl_set_long(curl, handle, CURLOPT_TIMEOUT_MS, milliseconds),
        herald_curl_set_long(curl, handle, CURLOPT_CONNECTTIMEOUT_MS, min(milliseconds, 10_000)),
        herald_curl_set_pointer(curl, handle, CURLOPT_HTTPHEADER, list),
        herald_curl_set_data_callback(curl, handle, CURLOPT_WRITEFUNCTION, curlBody),
        herald_curl_set_pointer(curl, handle, CURLOPT_WRITEDATA, context),
        herald_curl_set_data_callback(curl, handle, CURLOPT_HEADERFUNCTION, curlHeader),
        herald_curl_set_pointer(curl, handle, CURLOPT_HEADERDATA, context),
      ]
      if method == "HEAD" { codes.append(herald_curl_set_long(curl, handle, CURLOPT_NOBODY, 1)) }
      if let awsSigV4 {
        codes.append(herald_curl_set_pointer(curl, handle, CURLOPT_AWS_SIGV4, awsSigV4))
      }
      if let userPassword {
        codes.append(herald_curl_set_pointer(curl, handle, CURLOPT_USERPWD, userPassword))
      }
      let code: CURLcode = body.withUnsafeBytes { bytes in
        if method == "PUT" || method == "POST" || !body.isEmpty {
          codes.append(herald_curl_set_long(curl, handle, CURLOPT_POSTFIELDSIZE, bytes.count))
          codes.append(
            herald_curl_set_pointer(
              curl, handle, CURLOPT_POSTFIELDS,
              bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)))
        }
        guard codes.allSatisfy({ $0 == CURLE_OK }) else { return CURLE_BAD_FUNCTION_ARGUMENT }
        return withExtendedLifetime(exchange) { herald_curl_easy_perform(curl, handle) }
      }
      guard code == CURLE_OK else {
        if code == CURLE_BAD_FUNCTION_ARGUMENT {
          return .failure(Failure(description: "libcurl refused the request"))
        }
        return .failure(
          Failure(description: String(cString: herald_curl_easy_strerror(curl, code))))
      }
      var status = 0
      _ = herald_curl_get_long(curl, handle, CURLINFO_RESPONSE_CODE, &status)
      return .success(
        Reply(status: status, headers: exchange.headers, body: Array(exchange.body)))
    }
  }
#endif
