import HeraldContent
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
  /// A record file as the build read it: values of a fixed size, so that ten thousand are read
  /// back at once (its id and its own problems are kept beside, in `ids` and `diagnostics`).
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
    /// Its state at the build's time (`RecordMark.state`).
    package var state: UInt64
    /// Whether a document apps read (a manifest, a `live.json`) holds it.
    package var isDelivered: Bool

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

  /// A file of the plan: its path is the output map's at the same place (`mapChecksum`).
  package struct File: Sendable, Equatable {
    /// The fingerprint of its inputs.
    package var fingerprint: Fingerprint
    /// What it shows.
    package var role: Role
    /// Its edition, counted as `Edition.all` does.
    package var edition: Int
  }

  /// The records' folder as the build listed it.
  package struct Folder: Sendable, Equatable {
    /// Its resolved path.
    package var path: String
    /// Its signature before it was listed; nil when the listing cannot be taken as it was from
    /// the signature alone (a record that is a link, whose target may change on its own).
    package var signature: FileSignature?
    /// Whether it changed so shortly before it was listed that it is to be listed again.
    package var isRacy: Bool
    /// The fingerprint of its entries (`BuildSnapshot.listing`).
    package var listing: Fingerprint
  }

  /// The fingerprint of everything the snapshot holds for but the folder's entries
  /// (`BuildSnapshot.inputs`).
  package var inputs: Fingerprint
  /// The records' folder.
  package var folder: Folder
  /// Each record file's name, in the order of `records`.
  package var names: NameTable
  /// The span of time around the build's time in which no record changes state.
  package var span: StableSpan
  /// Every record file, in path order.
  package var records: [Record]
  /// Each record's id, in the order of `records`.
  package var ids: NameTable
  /// The problems of each record's own file (`DecodedRecord.diagnostics`, warnings only), by its
  /// place in `records`, for those that have any.
  package var diagnostics: [Int: [Diagnostic]]
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
  /// Every file of the plan, in the order of their paths, which the output map the build left
  /// lists in that order.
  package var files: [File]
  /// The checksum of the output map the build left, whose paths are the files' (nil: the build
  /// left none, and no edit can start from the snapshot).
  package var mapChecksum: UInt64?
  /// The build's problems but those of the records' own files (herald.yaml's, the folder's, the
  /// documents' sizes), warnings only.
  package var problems: [Diagnostic]
  /// Where the records stood at the build's time.
  package var census: RecordCensus
}

extension BuildSnapshot {
  /// The fingerprint of what a snapshot is valid for, but the records' folder: the site folder
  /// and each edition's environment (herald, herald.yaml, the theme, the options but the time).
  package static func inputs(site: String, environments: [Fingerprint], hasher: SipHasher)
    -> Fingerprint
  {
    var hasher = hasher
    hasher.combine("snapshot inputs")
    hasher.combine(site)
    hasher.combine(UInt64(environments.count))
    for environment in environments { hasher.combine(environment) }
    return hasher.finalize()
  }

  /// The fingerprint of the records' folder as listed: each entry's name and what it is, links
  /// resolved.
  package static func listing(_ listing: SiteLoader.Listing, hasher: SipHasher) -> Fingerprint {
    var hasher = hasher
    hasher.combine("snapshot listing")
    hasher.combine(listing.folder)
    hasher.combine(UInt64(listing.listed.count))
    let prefix = listing.folder.utf8.count + 1
    for item in listing.listed {
      hasher.combine(item.name)
      switch item.entry {
      case .success(.file(let path))
      where path.utf8.count == prefix + item.name.utf8.count && path.hasPrefix(listing.folder):
        // In the folder itself, as most are: its path says nothing its name does not.
        hasher.combine("file here")
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
