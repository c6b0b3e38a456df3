import HeraldCore
import HeraldRender

extension SiteBuild {
  /// A build's key and settings, once both are known to go together.
  struct ChannelSigning {
    /// The key.
    let signer: any ChannelSigner
    /// herald.yaml's `signing`.
    let settings: SigningSettings
  }

  /// Why a signed build cannot go on, before anything is written.
  enum SigningRefusal: Error {
    /// A problem of the site (its time too far ahead): a diagnostic, as check prints it.
    case diagnostic(Diagnostic)
    /// A problem of the command (no key, a key herald.yaml does not list).
    case failure(message: String, hint: String)
  }

  /// Whether and how this build signs `site`: nil for an unsigned channel or build.
  func signingPlan(for site: Site) throws(SigningRefusal) -> ChannelSigning? {
    guard case .required(let signer, let clock) = signing, let settings = site.config.signing
    else { return nil }
    guard let signer else {
      throw .failure(
        message: "herald.yaml signs the channel (signing:), and no private key was given",
        hint: "set HERALD_SIGNING_KEY to the private key's PEM text, or pass --signing-key FILE;"
          + " --unsigned builds a preview that apps pinning the keys will not believe")
    }
    guard settings.keys.contains(signer.publicKey) else {
      throw .failure(
        message: "the signing key \(signer.keyID) is not one of herald.yaml's signing.keys",
        hint: "apps believe only signing.keys: add \(PublicKeyText.text(signer.publicKey)) there"
          + " (and ship it in the apps before signing with it alone), or sign with a listed key")
    }
    if let problem = Self.timeAheadProblem(now: options.now, clock: clock, settings: settings) {
      throw .diagnostic(problem)
    }
    return ChannelSigning(signer: signer, settings: settings)
  }

  /// The problem of a signed build at a time more than a day ahead of the machine's clock.
  ///
  /// Its generation would make apps refuse every honest statement until that time. An error for
  /// `build`; `check`, which signs nothing and previews later times, warns.
  package static func timeAheadProblem(
    now: Timestamp, clock: Timestamp, settings: SigningSettings,
    severity: Diagnostic.Severity = .error
  ) -> Diagnostic? {
    guard now.seconds > clock.seconds + SigningSettings.largestClockLead else { return nil }
    return Diagnostic(
      file: SiteConfigDecoder.fileName, position: settings.position, severity: severity,
      code: .signingTimeAhead,
      message: "a signed build at \(now) is more than a day ahead of this machine's clock"
        + " (\(clock))",
      hint: "a statement's generation is its time, and apps that accept it refuse every older"
        + " one: build --unsigned to preview a later time")
  }

  /// The sign step, between render and commit: hashes every document an app reads as it will be
  /// committed, and stages `api/v1/signed.json`, the statement signed by the build's key.
  func sign(
    _ plan: Plan, site: Site, with signing: ChannelSigning, into transaction: OutputTransaction
  ) throws -> SignatureReport {
    let documents = plan.renderer.appDocuments.map(\.path)
    let signer = signing.signer
    let listed = try BuildTrace.measure("hash the documents") { () throws(OutputError) in
      try transaction.readCommitted(documents) { path, bytes in
        (
          path,
          ChannelStatement.Document(sha256: KeyID.hex(signer.sha256(bytes)), bytes: bytes.count)
        )
      }
    }
    let statement = ChannelStatement(
      channel: signing.settings.channel, signedAt: options.now,
      validFor: signing.settings.validFor,
      documents: Dictionary(listed, uniquingKeysWith: { first, _ in first }))
    let payload = statement.documentBytes
    let signature = try signer.sign(
      SignedEnvelope.pae(payloadType: SignedEnvelope.statementType, payload: payload))
    let envelope = SignedEnvelope(
      payload: payload,
      signatures: [SignedEnvelope.Signature(keyID: signer.keyID, signature: signature)])
    let bytes = envelope.documentBytes
    // Apps read signed.json under the body limit as every document: over it, they would all fail
    // open, and the build refuses it before anything is written.
    guard bytes.count <= ClientLimits.maximumBodySize else {
      throw SigningRefusal.failure(
        message: "api/v1/signed.json would be \(bytes.count) bytes, over the"
          + " \(ClientLimits.maximumBodySize)-byte limit every client reads;"
          + " it lists \(listed.count) documents; nothing was written",
        hint: "fewer releases or locales make fewer documents")
    }
    let file = try transaction.open(SignedEnvelope.path)
    file.sink.write(bytes)
    try file.close()
    let now = options.now
    let coversWall = site.announcements.contains { record in
      record.blocking && !record.draft && (record.expiresAt.map { now < $0 } ?? true)
    }
    let wallKeys = signing.settings.wallKeys
    return SignatureReport(
      keyID: signer.keyID, statement: statement, coversWall: coversWall,
      wallSigned: wallKeys.isEmpty || wallKeys.contains(signer.publicKey))
  }
}
