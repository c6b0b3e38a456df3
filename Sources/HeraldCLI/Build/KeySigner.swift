import HeraldBuild
import HeraldCore
import HeraldSigning

/// A build's private key, from `--signing-key FILE` or `HERALD_SIGNING_KEY` (its PEM text), never
/// from the site (DESIGN §9).
struct KeySigner: ChannelSigner {
  /// The environment variable CI sets to the private key's PEM text.
  static let environmentVariable = "HERALD_SIGNING_KEY"

  /// The key.
  let key: Ed25519PrivateKey

  /// The raw public key.
  var publicKey: [UInt8] { key.publicKey.raw }
  /// The key id.
  var keyID: String { key.publicKey.keyID }

  /// Signs a message.
  func sign(_ message: [UInt8]) throws -> [UInt8] { try key.sign(message) }

  /// The SHA-256 of some bytes.
  func sha256(_ bytes: [UInt8]) -> [UInt8] { SHA256Digest.of(bytes) }

  /// The key a command was given: the file first, else the environment's text, else nil.
  ///
  /// A file inside a site is refused, as one others can read is.
  static func load(file: String?, environment: [String: String]) throws(SigningError)
    -> KeySigner?
  {
    if let file {
      if let site = KeysCommand.siteHolding(file) {
        throw SigningError(
          "the signing key \(file) is inside the herald site \(site)",
          hint: "a private key never goes in a site, where git would publish it: move it out,"
            + " and if it was ever committed, generate a new key and list that one instead")
      }
      return KeySigner(key: try PrivateKeyFile.read(file))
    }
    guard let text = environment[environmentVariable], !text.isEmpty else { return nil }
    do throws(SigningError) {
      return KeySigner(key: try Ed25519PrivateKey(pem: text))
    } catch {
      throw SigningError(
        "\(environmentVariable) does not hold an Ed25519 private key in PEM",
        hint: "set it to the whole text of the key file herald keys generate wrote, from"
          + " -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----")
    }
  }
}
