import Foundation
import HeraldClient
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
      user, outsideRollouts, locale, format, publicKey, wallKey, channelID,
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
      rollout that has begun (a share above 0%), or with --outside-rollouts outside every rollout
      not yet at 100% (the app preview of herald serve has the same switch).

      With --public-key (and --channel-id), it reads a signed channel as an app that pins those
      keys: api/v1/signed.json first, then only documents it lists, and a failure (signature, key,
      channel, rollback, expired, hash) is printed with the decision the app makes then. See
      docs/signing.md.
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
  static let outsideRollouts = Flag(
    "--outside-rollouts", "Decide as a user outside every rollout not yet at 100%.")
  static let publicKey = Option(
    "--public-key", "K,…", "With --channel, pin these public keys, as a signed app does.",
    read: keyList("--public-key"))
  static let wallKey = Option(
    "--wall-key", "K,…", "With --public-key, require one of these for a wall.",
    read: keyList("--wall-key"))
  static let channelID = Option(
    "--channel-id", "ID", "With --public-key, the channel id the app pins (signing.channel).")
  static let locale = SharedOptions.locale(
    "The language the user reads (default: the channel's default).")
  static let format = Option.format(["text", "json"], "How to print the answer (default: text).")

  /// What `herald explain` was asked.
  struct Options: CommandOptions {
    /// The platform key and the app's version.
    let platform: String, version: Version
    /// How to print the answer.
    let format: String
    /// The client's clock.
    let now: Timestamp
    /// The ids the user has seen, when their account was created, their id, their language.
    let seen: Set<String>, accountCreated: Timestamp?, locale: String?
    /// Whom rollouts are decided for: the user named, else inside (or outside) every rollout.
    let audience: RolloutAudience
    /// Where the channel comes from: a deployed channel, or a site built in memory.
    let source: Source
    /// The keys an app pins, for a signed deployed channel.
    let channelKeys: HeraldChannelKeys?

    /// Where `explain` reads the channel.
    enum Source: Sendable {
      /// A deployed channel at a base URL.
      case channel(URL)
      /// A site folder, and the prefix that makes its paths relative to here.
      case site(directory: String, pathPrefix: String)
    }

    init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
      platform = try arguments.required(ExplainCommand.platform)
      version = try arguments.required(ExplainCommand.version)
      format = try arguments.value(ExplainCommand.format) ?? "text"
      now = try context.now(arguments.value(SharedOptions.now))
      seen = try arguments.value(ExplainCommand.seen) ?? []
      accountCreated = try arguments.value(ExplainCommand.accountCreated)
      locale = try arguments.value(ExplainCommand.locale)
      let user = try arguments.value(ExplainCommand.user)
      if try arguments.isGiven(ExplainCommand.outsideRollouts) {
        guard user == nil else {
          throw UsageError(
            message: "--user and --outside-rollouts cannot be used together",
            hint: "a named user is inside a rollout or not by their own bucket")
        }
        audience = .outside
      } else {
        audience = RolloutAudience(user: user)
      }
      if let channel = try arguments.value(ExplainCommand.channel) {
        guard try !arguments.isGiven(SharedOptions.site) else {
          throw UsageError(message: "--channel and --site cannot be used together")
        }
        source = .channel(channel)
      } else {
        let site = context.site(try arguments.value(SharedOptions.site))
        source = .site(directory: site.directory, pathPrefix: site.pathPrefix)
      }
      channelKeys = try Self.channelKeys(arguments, deployed: source)
    }

    /// The pinned keys, which only a deployed channel's check takes.
    private static func channelKeys(_ arguments: ParsedArguments, deployed source: Source)
      throws(UsageError) -> HeraldChannelKeys?
    {
      let keys = try arguments.value(ExplainCommand.publicKey)
      let wallKeys = try arguments.value(ExplainCommand.wallKey)
      let id = try arguments.value(ExplainCommand.channelID)
      guard let keys else {
        guard wallKeys == nil, id == nil else {
          throw UsageError(
            message: "--wall-key and --channel-id go with --public-key",
            hint: "write --public-key K --channel-id ID, the keys and id the app pins")
        }
        return nil
      }
      guard case .channel = source else {
        throw UsageError(
          message: "--public-key checks a deployed channel's signature",
          hint: "write --channel URL, the channel's base URL")
      }
      guard let id else {
        throw UsageError(
          message: "--public-key needs the channel id the app pins",
          hint: "write --channel-id with herald.yaml's signing.channel")
      }
      return HeraldChannelKeys(channel: id, keys: keys, wallKeys: wallKeys ?? [])
    }
  }

  static func run(_ options: Options, context: CommandContext) throws(UsageError) -> ExitStatus {
    let (platform, version, now, seen) = (
      options.platform, options.version, options.now, options.seen
    )
    let (accountCreated, audience, locale) = (
      options.accountCreated, options.audience, options.locale
    )
    let explanation: Explanation
    switch options.source {
    case .channel(let channel):
      explanation = Explanation(
        channel: channel, platform: platform, version: version, now: now, seen: seen,
        accountCreatedAt: accountCreated, audience: audience, locale: locale,
        channelKeys: options.channelKeys)
    case .site(let directory, let prefix):
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
          audience: audience, locale: locale)
      } catch {
        DiagnosticPrinter(console: context.console, pathPrefix: prefix).printText([
          error.diagnostic
        ])
        return .contentErrors
      }
    }
    context.console.writeOut(
      options.format == "json" ? explanation.json.document : explanation.text)
    return .success
  }

  /// Reads a comma-separated list of public keys, each the base64 of 32 bytes.
  private static func keyList(_ name: String) -> @Sendable (String) throws(UsageError) -> [String] {
    { text throws(UsageError) in
      let keys = text.split(separator: ",").map { String($0).trimmingWhitespace() }
      guard !keys.isEmpty else { throw UsageError(message: "\(name) needs a key") }
      for (number, key) in keys.enumerated() where PublicKeyText.raw(key) == nil {
        throw UsageError(
          message: "\(name): key \(number + 1) is not an Ed25519 public key",
          hint: "write the base64 public key herald keys generate printed (44 characters)")
      }
      return keys
    }
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
