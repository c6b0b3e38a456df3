import Foundation
import HeraldContent
import HeraldCore
import HeraldRender

/// `herald explain`: what a user on a platform and version sees now, and why.
enum ExplainCommand {
  /// The command as the command line lists it.
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "explain",
    abstract: "Show what a user on a platform and version sees now, and why.",
    options: [
      platform, version, SharedOptions.site, channel, SharedOptions.now, seen, accountCreated,
      user, locale, format,
    ],
    discussion: """
      Decides with HeraldClient, the library apps link, so the answer is the app's: it reads the
      channel's index.json, then the release's manifest, or live.json filtered by the build's rule
      for a version that is not a configured release (a hotfix). With --site (the default: this
      folder) the channel is built in memory exactly as herald build writes it, and every
      announcement is listed with the reason it is shown or not. With --channel it asks the
      deployed channel (a CDN, or herald serve); --now still sets the client's clock, and a failed
      fetch prints the decision the app makes then (it fails open), with exit status 0. --locale
      picks a channel's locale as an app with that preferred language does (fr-CA reaches fr,
      else the default), and the titles shown are that locale's. --user decides a rollout as for
      that user (the signed-in user's id, or the install's id an app reports): their bucket in
      each rolled-out record and whether it reaches them; without it, as for a user inside every
      rollout that has begun (a share above 0%).
      """)

  static let platform = Option(
    "--platform", "P", "The platform key, as in herald.yaml (required).",
    required: "write --platform ios")
  static let version = Option(
    "--version", "V", "The app version, a configured release or any other (required).",
    required: "write --version 1.10.0"
  ) { text throws(UsageError) in
    do {
      return try Version(parsing: text)
    } catch {
      throw UsageError(message: "--version \(error)")
    }
  }
  static let channel = Option(
    "--channel", "URL", "Ask a deployed channel (its base URL) instead of a site.", read: channelURL
  )
  static let seen = Option("--seen", "ID,…", "Ids the user has already seen.") { text in
    Set(text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty })
  }
  static let accountCreated = Option(
    "--account-created", "TIME", "When the user's account was created (RFC 3339)."
  ) { text throws(UsageError) in
    do {
      return try Timestamp(parsing: text)
    } catch {
      throw UsageError(message: "--account-created \(error)")
    }
  }
  static let user = Option(
    "--user", "ID", "Decide rollouts for this user's id (default: as if inside every one begun)."
  ) { text throws(UsageError) in
    guard !text.isEmpty else { throw UsageError(message: "--user needs an id") }
    return text
  }
  static let locale = SharedOptions.locale(
    "The language the user reads (default: the channel's default).")
  static let format = Option.format(["text", "json"], "How to print the answer (default: text).")

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError)
    -> ExitStatus
  {
    let platform = try arguments.required(Self.platform)
    let version = try arguments.required(Self.version)
    let format = try arguments.value(Self.format) ?? "text"
    let now = try context.now(arguments.value(SharedOptions.now))
    let seen = try arguments.value(Self.seen) ?? []
    let accountCreated = try arguments.value(Self.accountCreated)
    let locale = try arguments.value(Self.locale)
    let user = try arguments.value(Self.user)
    let explanation: Explanation
    if let channel = try arguments.value(Self.channel) {
      guard !arguments.isGiven(SharedOptions.site) else {
        throw UsageError(message: "--channel and --site cannot be used together")
      }
      explanation = Explanation(
        channel: channel, platform: platform, version: version, now: now, seen: seen,
        accountCreatedAt: accountCreated, user: user, locale: locale)
    } else {
      let (directory, prefix) = context.site(try arguments.value(SharedOptions.site))
      let site: Site
      switch SiteSession.load(directory, prefix: prefix, context: context) {
      case .success(let loaded): site = loaded.site
      case .failure(let stopped): return stopped.status
      }
      guard site.config.platform(platform) != nil else {
        let keys = site.config.platforms.map(\.key)
        throw UsageError(
          message: "platform '\(platform)' is not configured in herald.yaml",
          hint: NearestName.suggestion(for: platform, among: keys).map { "did you mean '\($0)'?" }
            ?? "configured platforms: " + keys.joined(separator: ", "))
      }
      do {
        explanation = try Explanation(
          site: site, platform: platform, version: version, now: now, seen: seen,
          accountCreatedAt: accountCreated, origin: directory == "." ? "the site" : directory,
          user: user, locale: locale)
      } catch {
        DiagnosticPrinter(console: context.console, pathPrefix: prefix).printText([
          error.diagnostic
        ])
        return .contentErrors
      }
    }
    context.console.writeOut(format == "json" ? explanation.json.document : explanation.text)
    return .success
  }

  /// A deployed channel's base URL: http or https, with a host.
  private static func channelURL(_ text: String) throws(UsageError) -> URL {
    guard let channel = URL(string: text), let scheme = channel.scheme?.lowercased(),
      ["http", "https"].contains(scheme), channel.host != nil
    else {
      throw UsageError(
        message: "--channel \(text) is not an http or https URL",
        hint: "write the channel's base URL, such as https://example.com/whats-new/")
    }
    return channel
  }
}
