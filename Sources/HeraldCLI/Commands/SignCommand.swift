import Foundation
import HeraldCore
import HeraldFiles
import HeraldSigning

/// `herald sign`: adds a signature to a built channel's statement without rebuilding it, so a
/// release manager's key, not CI's, approves a wall (DESIGN §9).
enum SignCommand {
  /// The command as the command line lists it.
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "sign",
    abstract: "Add a signature (a release manager's, for a wall) to a built, signed channel.",
    options: [key, output],
    discussion: """
      Reads the output's api/v1/signed.json, checks that every document it lists is in the output
      with the listed SHA-256 and size and that it has not expired, prints the walls it covers,
      and adds this key's signature (replacing an earlier one by the same key). Nothing else in
      the output changes. Apps that pin wall keys show a wall only under a wall key's signature.
      See docs/signing.md.
      """)

  static let key = Option("--key", "FILE", "The private key to sign with (required).")
  static let output = Option(
    "--output", "DIR", "The built output to sign (default: public/ in the current folder).")

  /// What `herald sign` was asked.
  struct Options: CommandOptions {
    /// The private key's file.
    let key: String
    /// The built output.
    let output: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
      guard let key = try arguments.value(SignCommand.key) else {
        throw UsageError(
          message: "herald sign needs --key FILE", hint: "write herald sign --key ~/keys/wall.pem")
      }
      self.key = key
      output = try arguments.value(SignCommand.output) ?? "public"
    }
  }

  /// Why signing stopped.
  struct Refusal: Error {
    let message: String
    let hint: String?
    /// 1 when the output is not what it should be, 74 when something cannot be read or written.
    let status: ExitStatus
  }

  static func run(_ options: Options, context: CommandContext) -> ExitStatus {
    do throws(Refusal) {
      let signer: KeySigner
      do throws(SigningError) {
        guard let loaded = try KeySigner.load(file: options.key, environment: [:]) else {
          throw SigningError("no key was given")
        }
        signer = loaded
      } catch {
        throw Refusal(message: error.description, hint: error.hint, status: .ioFailure)
      }
      let path = options.output + "/" + SignedEnvelope.path
      let (envelope, statement) = try read(path)
      let walls = try check(statement, in: options.output, now: context.clock())
      let signature = SignedEnvelope.Signature(
        keyID: signer.keyID, signature: try sign(envelope, with: signer))
      try write(envelope.adding(signature).documentBytes, to: path)
      context.console.out(
        "signed \(path) with key \(signer.keyID): channel \(statement.channel), generation"
          + " \(statement.generation), \(statement.documents.count) documents, expires"
          + " \(statement.expiresAt)")
      context.console.out(
        walls.isEmpty
          ? "it covers no wall"
          : "it covers \(walls.count == 1 ? "a wall" : "\(walls.count) walls"): "
            + walls.joined(separator: ", "))
      return .success
    } catch {
      context.console.error("error: \(error.message); nothing was written")
      if let hint = error.hint { context.console.error("  hint: \(hint)") }
      return error.status
    }
  }

  /// The envelope and its statement.
  static func read(_ path: String) throws(Refusal) -> (SignedEnvelope, ChannelStatement) {
    guard let bytes = FileSystem.read(path) else {
      throw Refusal(
        message: "cannot read \(path)",
        hint: "build a signed channel first (herald.yaml's signing:, herald build), then sign"
          + " its output", status: .ioFailure)
    }
    let decoded = SignedEnvelope.decode(Data(bytes)).flatMap { envelope in
      ChannelStatement.decode(envelope.payload).map { (envelope, $0) }
    }
    switch decoded {
    case .success(let read): return read
    case .failure(let failure):
      throw Refusal(message: "\(path): \(failure.description)", hint: nil, status: .contentErrors)
    }
  }

  /// Checks every listed document against the output, and the expiry; returns the walls the
  /// documents hold (`id` and title), sorted.
  static func check(_ statement: ChannelStatement, in output: String, now: Timestamp)
    throws(Refusal) -> [String]
  {
    guard now < statement.expiresAt else {
      throw Refusal(
        message: "the statement expired at \(statement.expiresAt)",
        hint: "rebuild the channel, then sign the new output", status: .contentErrors)
    }
    let crypto = LibcryptoChecking()
    var walls: Set<String> = []
    for path in statement.documents.keys.sorted() {
      guard let bytes = FileSystem.read(output + "/" + path) else {
        throw Refusal(
          message: "\(output)/\(path), which the statement lists, cannot be read",
          hint: "sign the whole output of the build that made signed.json", status: .ioFailure)
      }
      let data = Data(bytes)
      if ChannelTrust.problem(
        document: data, path: path, in: statement, crypto: crypto) != nil
      {
        throw Refusal(
          message: "\(output)/\(path) is not the document the statement lists: the output"
            + " changed after it was built",
          hint: "rebuild the channel, check what it holds, then sign", status: .contentErrors)
      }
      if case .success(let manifest) = ManifestDocument<ManifestRow>.decode(data) {
        for row in manifest.announcements where row.blocking {
          walls.insert("\(row.id) (\"\(row.title)\")")
        }
      }
    }
    return walls.sorted()
  }

  /// The key's signature of an envelope.
  static func sign(_ envelope: SignedEnvelope, with signer: KeySigner) throws(Refusal) -> [UInt8] {
    do {
      return try signer.sign(envelope.pae)
    } catch {
      throw Refusal(message: "signing failed: \(error)", hint: nil, status: .ioFailure)
    }
  }

  /// Replaces a file whole: a new file beside it (never written through a link), renamed over it.
  static func write(_ bytes: [UInt8], to path: String) throws(Refusal) {
    let temporary = path + ".herald-sign"
    do throws(FileSystemError) {
      try FileSystem.write(bytes, to: temporary)
    } catch {
      unlink(temporary)
      throw Refusal(message: "cannot write \(temporary): \(error)", hint: nil, status: .ioFailure)
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw Refusal(message: "cannot replace \(path): \(reason)", hint: nil, status: .ioFailure)
    }
  }
}
