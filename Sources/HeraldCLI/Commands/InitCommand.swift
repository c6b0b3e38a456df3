import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldRender

/// `herald init [DIR]`: writes a working site to start from: a commented herald.yaml, a welcome
/// announcement, a .gitignore for the output, and the pull-request workflow.
enum InitCommand {
  /// The command as the command line lists it.
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "init",
    abstract: "Start a new site: herald.yaml, a welcome announcement and a CI workflow.",
    optionalPositionals: ["DIR"],
    options: [title, platforms],
    discussion: """
      Writes herald.yaml (every key commented), content/announcements/welcome.md, a .gitignore
      that keeps public/ out of git, .github/workflows/herald.yml, which checks every pull
      request and comments what it changes for users, and schemas/ (JSON Schemas that an editor
      with a YAML language server completes fields from, pointed at by a line in each file). DIR (default: this folder) is created when
      missing. A folder that already holds a site (a herald.yaml or announcements) is refused, so
      nothing is overwritten. The site passes herald check and builds as it is.
      """)

  static let title = Option("--title", "T", "The channel's title (default: the folder's name).")
  static let platforms = Option(
    "--platforms", "P,…", "The platform keys, such as ios,android (default: ios,android).",
    read: platformKeys)

  /// What `herald init` was asked.
  struct Options: CommandOptions {
    /// The folder to start the site in.
    let directory: String
    /// The platform keys.
    let platforms: [String]
    /// The channel's title.
    let title: String
    /// Today: the welcome announcement's publishAt.
    let today: Timestamp

    init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
      directory = arguments.positionals.first ?? "."
      platforms = try arguments.value(InitCommand.platforms) ?? ["ios", "android"]
      let folderName = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
      title =
        try arguments.value(InitCommand.title) ?? (directory == "." ? "What's new" : folderName)
      today = try context.now(nil)
    }
  }

  static func run(_ options: Options, context: CommandContext) -> ExitStatus {
    let (directory, platforms, title) = (options.directory, options.platforms, options.title)
    for existing in [SiteConfigDecoder.fileName, SiteLoader.announcementsFolder]
    where FileSystem.exists(directory + "/" + existing) {
      context.console.error("error: \(directory) already holds a site (\(existing) exists)")
      context.console.error("  hint: edit it, or choose an empty folder: herald init my-channel")
      return .contentErrors
    }
    let today = options.today
    let files: [(path: String, text: String)]
    do {
      files = try SiteTemplate.render(title: title, platforms: platforms, today: today)
    } catch {
      context.console.error("error: the site template cannot be rendered: \(error)")
      return .ioFailure
    }
    do {
      for file in files {
        let path = directory + "/" + file.path
        try FileSystem.makeDirectories((path as NSString).deletingLastPathComponent)
        try FileSystem.create(Array(file.text.utf8), at: path)
      }
    } catch {
      context.console.error("error: cannot write \(error)")
      return .ioFailure
    }
    let prefix = directory == "." ? "" : directory + "/"
    context.console.out(
      "created a site in \(directory == "." ? "this folder" : directory):\n"
        + files.map { "  \(prefix)\($0.path)\n" }.joined()
        + "next: herald serve\(directory == "." ? "" : " --site \(directory)")"
        + " (a preview in the browser), herald check, herald build")
    return .success
  }

  private static func platformKeys(_ option: String) throws(UsageError) -> [String] {
    let keys = option.split(separator: ",").map { String($0).trimmingWhitespace() }
    guard !keys.isEmpty, keys.allSatisfy(SiteConfigDecoder.isPlatformKey),
      Set(keys).count == keys.count
    else {
      throw UsageError(
        message: "--platforms \(option) is not a list of platform keys",
        hint: "write lowercase keys separated by commas, such as ios,android or web")
    }
    return keys
  }
}
