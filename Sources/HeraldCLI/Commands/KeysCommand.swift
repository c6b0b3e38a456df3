import Foundation
import HeraldSigning

/// `herald keys generate`: makes an Ed25519 key pair for signing a channel (DESIGN §9).
enum KeysCommand {
  /// The command as the command line lists it.
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "keys",
    abstract: "Generate an Ed25519 key pair for signing the channel.",
    positionals: ["generate"],
    options: [out],
    discussion: """
      Writes a new private key (PKCS#8 PEM) to a file that only you can read, never over an
      existing one, and prints its public key (base64 of the raw 32 bytes) and its key id (the
      first 16 hex digits of the key's SHA-256). The default file is
      $XDG_CONFIG_HOME/herald/keys/KEYID.pem (else ~/.config/herald/keys/). A key is never
      written inside a herald site, where git would take it along. See docs/signing.md.
      """)

  static let out = Option(
    "--out", "FILE", "Where to write the private key (default: herald's config folder).")

  /// What `herald keys` was asked.
  struct Options: CommandOptions {
    /// The file to write, or nil for the default (named by the key id).
    let out: String?
    /// Where the default file goes.
    let configFolder: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
      guard arguments.positionals.first == "generate" else {
        throw UsageError(
          message: "unknown action '\(arguments.positionals.first ?? "")'",
          hint: "write herald keys generate")
      }
      out = try arguments.value(KeysCommand.out)
      let environment = context.environment
      if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
        configFolder = config + "/herald/keys"
      } else {
        let home = environment["HOME"] ?? NSHomeDirectory()
        configFolder = home + "/.config/herald/keys"
      }
    }
  }

  static func run(_ options: Options, context: CommandContext) -> ExitStatus {
    do throws(SigningError) {
      let key = try Ed25519PrivateKey.generate()
      let path = options.out ?? options.configFolder + "/\(key.publicKey.keyID).pem"
      if let site = siteHolding(path) {
        throw SigningError(
          "\(path) is inside the herald site \(site); a private key must never be in a site",
          hint: "write it outside, such as --out ~/.config/herald/keys/channel.pem")
      }
      try PrivateKeyFile.write(key, to: path)
      context.console.out("wrote the private key to \(path) (only you can read it)")
      context.console.out("public key: \(key.publicKey.base64)")
      context.console.out("key id:     \(key.publicKey.keyID)")
      return .success
    } catch {
      context.console.error("error: \(error.description); nothing was written")
      if let hint = error.hint { context.console.error("  hint: \(hint)") }
      return .ioFailure
    }
  }

  /// The site folder (one holding herald.yaml) a path is inside, if any.
  static func siteHolding(_ path: String) -> String? {
    var folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
    while true {
      if FileManager.default.fileExists(atPath: folder.appending(path: "herald.yaml").path) {
        return folder.path
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return nil }
      folder = parent
    }
  }
}
