import Foundation
import HeraldCore
import HeraldFiles

/// Loads a site folder into the checked model: herald.yaml, then every record file, then the rules
/// that need all records at once.
public struct SiteLoader: Sendable {
  /// The folder of announcement records, relative to the site.
  public static let announcementsFolder = "content/announcements"

  /// The site folder.
  public let siteDirectory: String

  /// Makes a loader for a site folder.
  public init(siteDirectory: String) { self.siteDirectory = siteDirectory }

  /// Reads and checks the whole site; throws only when the site cannot be read at all.
  public func load() throws(SiteLoadError) -> LoadedSite {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: siteDirectory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw .siteNotFound(siteDirectory) }
    let configPath = path(SiteConfigDecoder.fileName)
    guard let configData = FileManager.default.contents(atPath: configPath) else {
      if FileManager.default.fileExists(atPath: configPath) { throw .unreadable(configPath) }
      throw .configNotFound(siteDirectory)
    }
    let configResult = SiteConfigReader.read(Array(configData))
    var diagnostics = configResult.diagnostics

    let listing = try announcementFiles()
    diagnostics += listing.unexpected
    let reader = RecordFileReader(config: configResult.config)
    let directory = siteDirectory
    let records = listing.records.concurrentMap { entry -> DecodedRecord in
      let file = Self.announcementsFolder + "/" + entry.name
      guard let bytes = FileSystem.read(directory + "/" + file) else {
        return .unreadable(
          file: file,
          diagnostics: [
            Diagnostic(
              file: file, position: .start, code: .unreadableFile,
              message: "the file cannot be read")
          ])
      }
      return reader.read(bytes, file: file, format: entry.format)
    }
    for record in records { diagnostics += record.diagnostics }
    diagnostics += DuplicateIDRule.diagnostics(for: records)
    return LoadedSite(
      config: configResult.config, records: records, diagnostics: diagnostics.sorted())
  }

  private func path(_ relative: String) -> String { siteDirectory + "/" + relative }

  /// The record files in path order, and a warning for everything else in the folder.
  private func announcementFiles() throws(SiteLoadError) -> (
    records: [(name: String, format: RecordFileReader.Format)], unexpected: [Diagnostic]
  ) {
    let folder = path(Self.announcementsFolder)
    switch FileSystem.kind(of: folder) {
    case .directory: break
    case .file: throw .unreadable(folder)
    case .other: return ([], [])
    }
    guard let entries = FileSystem.list(folder) else { throw .unreadable(folder) }
    var records: [(name: String, format: RecordFileReader.Format)] = []
    var unexpected: [Diagnostic] = []
    for entry in entries {
      let name = entry.name
      let file = Self.announcementsFolder + "/" + name
      if entry.kind == .file && name.hasSuffix(".md") {
        records.append((name, .markdown))
      } else if entry.kind == .file && name.hasSuffix(".json") {
        records.append((name, .json))
      } else {
        unexpected.append(
          Diagnostic(
            file: file, position: .start, severity: .warning, code: .unexpectedFile,
            message: entry.kind == .directory
              ? "the folder \(name) is not read: records are .md or .json files directly in \(Self.announcementsFolder)"
              : "\(name) is not a record and is not read: records end in .md or .json",
            hint: "move it out of \(Self.announcementsFolder), or rename it"))
      }
    }
    return (records, unexpected)
  }
}

/// Why a site could not be read at all (exit status 74), as opposed to content with errors.
public enum SiteLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The site folder does not exist.
  case siteNotFound(String)
  /// The site folder has no herald.yaml.
  case configNotFound(String)
  /// A file or folder exists but cannot be read.
  case unreadable(String)

  /// A message for standard error.
  public var description: String {
    switch self {
    case .siteNotFound(let path): return "the site folder \(path) does not exist"
    case .configNotFound(let path): return "there is no herald.yaml in \(path)"
    case .unreadable(let path): return "cannot read \(path)"
    }
  }

  /// What to do about it.
  public var hint: String {
    switch self {
    case .siteNotFound, .configNotFound: return "run herald in a site folder, or pass --site DIR"
    case .unreadable: return "check the file's permissions"
    }
  }
}
