/// Where this herald was built from: the commit and the repository a site's pull-request workflow
/// installs the same herald from (filled in at build time from the package's `.git` folder).
enum HeraldSource {}
