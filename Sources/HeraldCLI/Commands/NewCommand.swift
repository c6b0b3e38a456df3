import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles

/// `herald new ID`: writes a valid draft record, ready to edit.
enum NewCommand {
  /// The command as the command line lists it.
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "new",
    abstract: "Write a new announcement as a draft, ready to edit.",
    positionals: ["ID"],
    options: [severity, kind, SharedOptions.site],
    discussion: """
      Writes content/announcements/ID.md with today's date (UTC, or SOURCE_DATE_EPOCH's) as
      publishAt and draft: true, so nothing reaches users until the draft line is removed. Refuses an
      id that is not a slug, or one that a record or a file already uses.
      """)

  static let severity = Option(
    "--severity", "S", "INFO, IMPORTANT or CRITICAL (default: INFO).",
    read: choice(Severity.self, flag: "--severity"))
  static let kind = Option(
    "--kind", "K", "WHATS_NEW, UPDATE_AVAILABLE or NOTICE (default: WHATS_NEW).",
    read: choice(Kind.self, flag: "--kind"))

  /// What `herald new` was asked.
  struct Options: CommandOptions {
    /// The new record's id, a valid slug.
    let id: String
    /// Its severity and kind.
    let severity: Severity, kind: Kind
    /// Today: its publishAt.
    let today: Timestamp
    /// The site folder, and the prefix that makes its paths relative to here.
    let site: (directory: String, pathPrefix: String)

    init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
      id = arguments.positionals.first ?? ""
      guard AnnouncementDecoder.isValidID(id) else {
        let lowered = id.lowercased()
        throw UsageError(
          message: "'\(id)' is not a valid id",
          hint: AnnouncementDecoder.isValidID(lowered)
            ? "ids are lowercase: write \(lowered)"
            : "use 1 to 64 lowercase letters, digits and inner hyphens, such as dark-mode")
      }
      severity = try arguments.value(NewCommand.severity) ?? .info
      kind = try arguments.value(NewCommand.kind) ?? .whatsNew
      today = try context.now(nil)
      site = context.site(try arguments.value(SharedOptions.site))
    }
  }

  static func run(_ options: Options, context: CommandContext) -> ExitStatus {
    let (id, severity, kind, today) = (options.id, options.severity, options.kind, options.today)
    let (directory, prefix) = options.site
    guard FileSystem.kind(of: directory + "/" + SiteConfigDecoder.fileName) == .file else {
      context.console.error(
        "error: \(directory == "." ? "this folder" : directory) is not a herald site:"
          + " it has no herald.yaml")
      context.console.error(
        "  hint: start one with herald init\(directory == "." ? "" : " " + directory),"
          + " or pass --site DIR")
      return .ioFailure
    }
    let folder = directory + "/" + SiteLoader.announcementsFolder
    let relative = SiteLoader.announcementsFolder + "/\(id).md"
    let path = directory + "/" + relative

    for existing in ["\(id).md", "\(id).json"]
    where FileSystem.exists(folder + "/" + existing) {
      context.console.error(
        "error: \(prefix)\(SiteLoader.announcementsFolder)/\(existing) already exists")
      context.console.error("  hint: choose another id; an id never changes once published")
      return .contentErrors
    }
    if let loaded = try? SiteLoader(siteDirectory: directory).load(),
      let owner = loaded.records.first(where: { $0.id?.text == id })
    {
      context.console.error("error: the id '\(id)' is already used by \(prefix)\(owner.file)")
      context.console.error("  hint: choose another id; an id never changes once published")
      return .contentErrors
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FileSystem.create(
        Array(
          template(
            id: id, severity: severity, kind: kind, date: today,
            schema: FileSystem.exists(directory + "/" + Self.recordSchema)
          ).utf8), at: path)
    } catch {
      context.console.error("error: cannot write \(prefix)\(relative): \(error)")
      return .ioFailure
    }
    context.console.out("created \(prefix)\(relative)")
    return .success
  }

  /// Where `herald init` puts the record schema in a site.
  static let recordSchema = "schemas/record.schema.json"

  /// The new record's text: every required field, a draft, and a body that passes `check`; with
  /// `schema`, the line that points an editor's YAML language server at the site's record schema.
  static func template(
    id: String, severity: Severity, kind: Kind, date: Timestamp, schema: Bool = false
  ) -> String {
    """
    ---
    \(schema ? "# yaml-language-server: $schema=../../\(recordSchema)\n" : "")id: \(id)
    title: Write the headline users see
    severity: \(severity.rawValue)
    kind: \(kind.rawValue)
    publishAt: \(date.date)
    # Remove this line when the announcement is ready: drafts reach no one.
    draft: true
    # minVersion: 1.0.0
    # belowVersion: 2.0.0
    # platforms: [ios, android]
    # actionUrl: store
    ---
    Say what changed and why it matters, in a paragraph or two. A single bullet list works too:

    - one point per line

    """
  }

  /// Reads one of an enumeration's raw values.
  private static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
    _ type: Value.Type, flag: String
  ) -> @Sendable (String) throws(UsageError) -> Value where Value.RawValue == String {
    { text throws(UsageError) in
      if let value = Value(rawValue: text) { return value }
      let names = Value.allCases.map(\.rawValue)
      throw UsageError(
        message: "\(flag) '\(text)' is not one of \(names.joined(separator: ", "))",
        hint: NearestName.suggestion(for: text, among: names).map { "did you mean \($0)?" })
    }
  }
}
