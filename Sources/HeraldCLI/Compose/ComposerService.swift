import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldRender

/// What the composer's page asks the site (DESIGN §11): the site's platforms and records, a
/// record to open, a draft checked by `check`'s own rules with what it does in every app, and a
/// draft saved (and committed on its own branch).
///
/// Every answer is JSON; a draft is only ever written when nothing `check` refuses is in it, and
/// only to `content/announcements/<id>.md`.
struct ComposerService: Sendable {
  /// The site folder.
  let siteDirectory: String
  /// The time a draft is decided at when it is published already (tests fix it).
  let now: @Sendable () -> Timestamp
  /// Whether a saved draft's branch is pushed to `origin` (`serve --compose --push`).
  var push = false
  /// Says in the terminal what was pushed, and where its pull request is.
  var report: @Sendable (String) -> Void = { _ in }
  /// The records serve's rebuilds parsed, so a check reads only the files that changed.
  var records: (any RecordCache)?

  /// A loader of the site that reuses the records already parsed.
  private func loader() -> SiteLoader {
    SiteLoader(siteDirectory: siteDirectory, cache: records)
  }

  /// An answer: its status and JSON.
  struct Answer: Sendable {
    let status: Int
    let json: JSONValue
  }

  /// Answers one call of the page: `site`, `open`, `check` or `save`.
  func answer(_ call: String, _ request: JSONValue) -> Answer {
    switch call {
    case "site": return siteAnswer()
    case "open": return open(request)
    case "check": return check(request, saving: false)
    case "save": return check(request, saving: true)
    case "draw": return draw(request)
    default: return Answer(status: 404, json: .object(["error": .string("no such call")]))
    }
  }

  private func problem(_ status: Int, _ message: String) -> Answer {
    Answer(status: status, json: .object(["error": .string(message)]))
  }

  /// The site's platforms with their releases, its locales, and the records a form can open.
  private func siteAnswer() -> Answer {
    guard let loaded = try? loader().load(),
      let config = loaded.config
    else { return problem(422, "herald.yaml cannot be read: run herald check") }
    let records = loaded.records.compactMap(\.announcement)
      .filter { $0.source.file.hasSuffix(".md") }
      .sorted { $0.publishAt > $1.publishAt }
      .map { JSONValue.object(["id": .string($0.id), "title": .string($0.title)]) }
    return Answer(
      status: 200,
      json: .object([
        "platforms": ServeCommand.platformsJSON(config),
        "locales": .array(config.locales.map(JSONValue.string)),
        "records": .array(records),
        "git": .bool(BranchCommit(siteDirectory: siteDirectory).isCheckout),
      ]))
  }

  /// A record's file as the form's fields.
  private func open(_ request: JSONValue) -> Answer {
    guard case .object(let members) = request, case .string(let id)? = members["id"],
      AnnouncementDecoder.isValidID(id)
    else { return problem(400, "open needs the id of a record") }
    let file = SiteLoader.announcementsFolder + "/\(id).md"
    guard case .success(let bytes) = FileSystem.readRegular(siteDirectory + "/" + file),
      let written = WrittenRecord.read(bytes, file: file)
    else { return problem(404, "\(file) is not a record the composer can open") }
    let draft = ComposerDraft(source: written)
    return Answer(
      status: 200,
      json: .object([
        "fields": .object(draft.fields), "body": .string(draft.body), "file": .string(file),
      ]))
  }

  /// Checks a draft by `check`'s rules in the site as it would be with it; with `saving`, writes
  /// and commits it when nothing is wrong.
  private func check(_ request: JSONValue, saving: Bool) -> Answer {
    guard let draft = ComposerDraft(json: request) else {
      return problem(400, "a draft is {\"fields\": {...}, \"body\": \"...\"}")
    }
    // The id names the file: only a slug ever reaches a path.
    guard let id = draft.id, AnnouncementDecoder.isValidID(id) else {
      let field = ComposerProblem(
        field: "id", severity: "error", message: "the id must be a slug (a-z, 0-9 and -)",
        hint: "such as dark-mode-2-0")
      return Answer(status: saving ? 422 : 200, json: .object(["problems": .array([field.json])]))
    }
    let file = SiteLoader.announcementsFolder + "/\(id).md"
    let path = siteDirectory + "/" + file
    let existing = FileSystem.readRegular(path)
    let (text, lines) = draft.markdown()
    // A record opened and not changed keeps its bytes, whatever form they were written in.
    var bytes = Array(text.utf8)
    if case .success(let old) = existing, let written = WrittenRecord.read(old, file: file),
      ComposerDraft(source: written) == draft
    {
      bytes = old
    }
    var loader = loader()
    loader.draft = ("\(id).md", bytes)
    let loaded: LoadedSite
    do {
      loaded = try loader.load()
    } catch {
      return problem(422, "the site cannot be read: \(error)")
    }
    let problems =
      ComposerProblem.problems(
        loaded.diagnostics, file: file, lines: bytes == Array(text.utf8) ? lines : [:])
    var answer: [String: JSONValue] = [
      "text": .string(String(decoding: bytes, as: UTF8.self)), "file": .string(file),
      "problems": .array(problems.map(\.json)),
    ]
    let refused = problems.contains { $0.severity == "error" }
    if !refused, let site = loaded.site() {
      let matrix = ComposerMatrix(site: site, id: id, now: now())
      answer["matrix"] = matrix.json
      if let diff = ComposerDiff.markdown(
        siteDirectory: siteDirectory, head: site, now: now(), records: records)
      {
        answer["diff"] = .string(diff)
      }
      if let announcement = site.announcements.first(where: { $0.id == id }) {
        answer["bodyHTML"] = .string(
          BodyHTMLWriter(deepLinkSchemes: site.config.deepLinkSchemes).html(announcement.body))
      }
      if saving {
        return save(bytes, file: file, id: id, existing: existing, matrix: matrix, answer: answer)
      }
    }
    return Answer(status: saving && refused ? 422 : 200, json: .object(answer))
  }

  /// What the app preview draws for one app of the matrix, from the site with the draft in it:
  /// the answer its frame reads (`{channel, platforms, input, explanation, documents}`).
  private func draw(_ request: JSONValue) -> Answer {
    guard case .object(let members) = request, let draft = ComposerDraft(json: request),
      let id = draft.id, AnnouncementDecoder.isValidID(id),
      case .string(let platform)? = members["platform"],
      case .string(let version)? = members["version"], case .string(let at)? = members["at"]
    else { return problem(400, "draw needs a valid draft, a platform, a version and a time") }
    var loader = loader()
    loader.draft = ("\(id).md", Array(draft.markdown().text.utf8))
    guard let loaded = try? loader.load(), let site = loaded.site() else {
      return problem(422, "the draft has errors: mend them first")
    }
    var query = ["platform": platform, "version": version, "now": at, "drafts": "on"]
    if case .string(let locale)? = members["locale"] { query["languages"] = locale }
    // The app has seen what the matrix's apps have seen.
    guard let time = Timestamp(at) else { return problem(400, "\(at) is not a time") }
    query["seen"] = ComposerMatrix.seen(site: site, id: id, at: time).sorted()
      .joined(separator: ",")
    guard case .success(let question) = PreviewQuestion.parse(query, config: site.config) else {
      return problem(400, "the app asked for is not one of the site's")
    }
    return Answer(
      status: 200,
      json: ServeCommand.answer(
        question, site: site, platforms: ServeCommand.platformsJSON(site.config)))
  }

  /// Writes the file (unless it holds these bytes already) and commits it on `herald/<id>`.
  private func save(
    _ bytes: [UInt8], file: String, id: String, existing: Result<[UInt8], FileSystemError>,
    matrix: ComposerMatrix, answer: [String: JSONValue]
  ) -> Answer {
    var answer = answer
    let path = siteDirectory + "/" + file
    if case .success(let old) = existing, old == bytes {
      answer["saved"] = .string("unchanged")
      return Answer(status: 200, json: .object(answer))
    }
    // Never through a link, and never over something that is not a record file.
    let folder = siteDirectory + "/" + SiteLoader.announcementsFolder
    if FileSystem.isLink(folder) || FileSystem.isLink(path)
      || (existing.isFailure && FileSystem.exists(path))
    {
      return problem(409, "\(file) is not a file the composer may write")
    }
    do {
      let temporary = path + ".herald-compose"
      try FileSystem.write(bytes, to: temporary)
      try FileSystem.rename(temporary, to: path)
    } catch {
      return problem(500, "cannot write \(file): \(error)")
    }
    answer["saved"] = .string(file)
    let git = BranchCommit(siteDirectory: siteDirectory)
    guard git.isCheckout else { return Answer(status: 200, json: .object(answer)) }
    let verb = (try? existing.get()) == nil ? "Add" : "Update"
    let message = "\(verb) the announcement \(id)\n\n" + matrix.summary + "\n"
    let made: BranchCommit.Made
    do {
      made = try git.commit(file: file, bytes: bytes, branch: "herald/\(id)", message: message)
    } catch {
      answer["commitError"] = .string(error.message)
      return Answer(status: 200, json: .object(answer))
    }
    answer["branch"] = .string(made.branch)
    answer["commit"] = .string(made.commit)
    answer["message"] = .string(message)
    guard push else { return Answer(status: 200, json: .object(answer)) }
    let compare: String?
    do {
      compare = try git.push(branch: made.branch)
    } catch {
      answer["pushError"] = .string(error.message)
      report("could not push \(made.branch): \(error.message)")
      return Answer(status: 200, json: .object(answer))
    }
    answer["pushed"] = .bool(true)
    let title = message.split(separator: "\n").first.map(String.init) ?? made.branch
    if let opened = PullRequestOpener.open(
      branch: made.branch, title: title, body: matrix.summary, in: siteDirectory)
    {
      answer["pullRequest"] = .string(opened)
      report("pushed \(made.branch) and opened its pull request: \(opened)")
    } else if let compare {
      answer["pullRequest"] = .string(compare)
      report("pushed \(made.branch): open its pull request at \(compare)")
    } else {
      report("pushed \(made.branch): open a pull request for it on the remote")
    }
    return Answer(status: 200, json: .object(answer))
  }
}

extension Result {
  /// Whether it is a failure.
  fileprivate var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}
