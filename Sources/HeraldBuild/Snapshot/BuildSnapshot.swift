import HeraldCore
import HeraldFiles
import HeraldRender

/// What a build of an output planned, and from what: kept with the build cache, so that the next
/// build, when only the words of records that no app reads have changed (a title, a body, an
/// action label), plans again only the files that show those records (`SiteBuild.edit`).
///
/// It holds fingerprints, not content: each record file's signature and the fingerprints of its
/// bytes and of its placement (`Announcement.placement`), where the archive and the feed put
/// each record, and every file of the plan with the fingerprint of its inputs. Valid for the same
/// herald, herald.yaml, theme, options and folder listing (`inputs`), and for a time inside the
/// span in which no record changes state.
package struct BuildSnapshot: Sendable {
  /// A record file as the build read it.
  package struct Record: Sendable, Equatable {
    /// Its metadata when it was read.
    package var signature: FileSignature
    /// The fingerprint of its bytes.
    package var content: Fingerprint
    /// Whether it changed so shortly before it was read that its bytes are to be looked at again.
    package var isRacy: Bool
    /// The key its record was read under (`RecordKeys.record`).
    package var key: Fingerprint
    /// The fingerprint of everything but its words (`Announcement.placement`).
    package var placement: Fingerprint
    /// Its id.
    package var id: String
    /// Its state at the build's time (`RecordMark.state`).
    package var state: UInt64
    /// Whether a document apps read (a manifest, a `live.json`) holds it.
    package var isDelivered: Bool
    /// The problems of its own file (`DecodedRecord.diagnostics`), warnings only.
    package var diagnostics: [Diagnostic]

    /// What it adds to the fingerprint of a file that shows it.
    package var mark: RecordMark { RecordMark(key: key, state: state) }
  }

  /// What a file of the plan shows: which page of the archive, which record, the feed, or
  /// neither (a document apps read, or a file that shows no record).
  package enum Role: Sendable, Equatable {
    /// A page of an edition's archive, counted from 1.
    case archive(page: Int)
    /// A record's page: its place in `records`.
    case announcement(record: Int)
    /// An edition's feed.
    case feed
    /// A document apps read.
    case document
    /// A file that shows no record.
    case fixed
  }

  /// A file of the plan.
  package struct File: Sendable, Equatable {
    /// Its path in the output.
    package var path: String
    /// The fingerprint of its inputs.
    package var fingerprint: Fingerprint
    /// What it shows.
    package var role: Role
    /// Its edition, counted as `Edition.all` does.
    package var edition: Int
  }

  /// The fingerprint of everything the snapshot holds for (`BuildSnapshot.inputs`).
  package var inputs: Fingerprint
  /// The span of time around the build's time in which no record changes state.
  package var span: StableSpan
  /// Every record file, in path order.
  package var records: [Record]
  /// The archive, newest first, as places in `records`.
  package var archive: [Int]
  /// The archive's walls, newest first, as places in `records`.
  package var walls: [Int]
  /// The feed's records, newest first, as places in `records`.
  package var feed: [Int]
  /// How many pages the archive has.
  package var archivePageCount: Int
  /// How many records a page of the archive holds.
  package var pageSize: Int
  /// Every file of the plan, sorted by path.
  package var files: [File]
  /// The build's problems but those of the records' own files (herald.yaml's, the folder's, the
  /// documents' sizes), warnings only.
  package var problems: [Diagnostic]
  /// Where the records stood at the build's time.
  package var census: RecordCensus
}

extension BuildSnapshot {
  /// The fingerprint of what a snapshot is valid for: the site folder, each edition's
  /// environment (herald, herald.yaml, the theme, the options but the time) and the
  /// announcements folder as listed (each entry's name and what it is, links resolved).
  package static func inputs(
    site: String, environments: [Fingerprint], listing: [ConfinedFolder.Listed],
    hasher: SipHasher
  ) -> Fingerprint {
    var hasher = hasher
    hasher.combine("snapshot inputs")
    hasher.combine(site)
    hasher.combine(UInt64(environments.count))
    for environment in environments { hasher.combine(environment) }
    hasher.combine(UInt64(listing.count))
    for item in listing {
      hasher.combine(item.name)
      switch item.entry {
      case .success(.file(let path)):
        hasher.combine("file")
        hasher.combine(path)
      case .success(.directory(let path)):
        hasher.combine("folder")
        hasher.combine(path)
      case .success(.special(let what)):
        hasher.combine("special")
        hasher.combine(what)
      case .failure(let problem):
        hasher.combine("problem")
        hasher.combine("\(problem)")
      }
    }
    return hasher.finalize()
  }
}
