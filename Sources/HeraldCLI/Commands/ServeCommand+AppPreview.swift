import Foundation
import HeraldContent
import HeraldCore
import HeraldRender
import HeraldServe

extension ServeCommand {
  /// The app preview's answers: the site as it is on disk now, decided as `herald explain`
  /// decides (through HeraldClient), with the channel's documents built at the time asked for, so
  /// the page's component reads exactly what the explanation was made from.
  static func appPreview(siteDirectory: String) -> AppPreview {
    AppPreview { query in
      Self.decision(query, siteDirectory: siteDirectory).documentBytes
    }
  }

  /// The answer to one question of the preview page: `{channel, platforms, input, explanation,
  /// documents}`, or `{error}` (with `platforms` when the site could be read).
  static func decision(_ query: [String: String], siteDirectory: String) -> JSONValue {
    let loaded: LoadedSite
    do {
      loaded = try SiteLoader(siteDirectory: siteDirectory).load()
    } catch {
      return .object(["error": .string("the site cannot be read: \(error)")])
    }
    guard let site = loaded.site() else {
      let errors = loaded.diagnostics.filter { $0.severity == .error }
      return .object([
        "error": .string(
          "the site has errors, so apps get nothing new from it:\n"
            + errors.map { (diagnostic: Diagnostic) in diagnostic.description }
            .joined(separator: "\n"))
      ])
    }
    let platforms = platformsJSON(site.config)
    switch PreviewQuestion.parse(query, config: site.config) {
    case .failure(let problem):
      return .object(["platforms": platforms, "error": .string(problem.message)])
    case .success(let question):
      return answer(question, site: site, platforms: platforms)
    }
  }

  /// The site's platforms and their releases in order, as the preview and the composer list them.
  static func platformsJSON(_ config: SiteConfig) -> JSONValue {
    .array(
      config.platforms.map {
        .object([
          "key": .string($0.key), "releases": .array($0.sortedReleases.map { .string($0.text) }),
        ])
      })
  }

  static func answer(_ question: PreviewQuestion, site: Site, platforms: JSONValue)
    -> JSONValue
  {
    let explanation: Explanation
    var documents: [String: JSONValue] = [:]
    do {
      explanation = try Explanation(
        site: site, platform: question.platform, version: question.version, now: question.now,
        seen: question.seen, accountCreatedAt: question.accountCreatedAt, origin: "the site",
        audience: question.audience, languages: question.languages,
        includeDrafts: question.includeDrafts)
      let options = BuildOptions(now: question.now, includeDrafts: question.includeDrafts)
      for (url, bytes) in try ChannelManifests.documents(site: site, options: options) {
        documents[url] = .string(String(decoding: bytes, as: UTF8.self))
      }
    } catch {
      return .object(["error": .string(error.description)])
    }
    return .object([
      "channel": .string(site.config.baseURL),
      "platforms": platforms,
      "input": question.json,
      "explanation": explanation.json,
      "documents": .object(documents),
    ])
  }
}

extension ServeCommand {
  /// The composer's answers, from the site on disk as it is at each call.
  static func composer(
    siteDirectory: String, push: Bool, console: Console, records: (any RecordCache)?
  ) -> Composer {
    var service = ComposerService(
      siteDirectory: siteDirectory,
      now: { Timestamp(seconds: Int64(Date().timeIntervalSince1970)) })
    service.push = push
    service.records = records
    service.report = { console.out($0) }
    let composing = service
    return Composer(schema: SiteTemplate.files["schemas/record.schema.json"] ?? []) {
      call, body in
      let request = (try? JSONDecoder().decode(JSONValue.self, from: Data(body))) ?? .null
      let answer = composing.answer(call, request)
      return (answer.status, answer.json.documentBytes)
    }
  }
}
