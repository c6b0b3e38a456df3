import HeraldCore

extension DiagnosticCode {
  /// A file that is not valid UTF-8.
  package static let invalidUTF8 = DiagnosticCode("invalid-utf8")
  /// A Markdown record that does not start with a `---` line.
  package static let missingFrontMatter = DiagnosticCode("missing-front-matter")
  /// A Markdown record whose front matter has no closing `---` line.
  package static let unterminatedFrontMatter = DiagnosticCode("unterminated-front-matter")
  /// YAML that libyaml cannot parse.
  package static let yamlSyntax = DiagnosticCode("yaml-syntax")
  /// A YAML alias, anchor tricks or nesting deeper than a record ever needs.
  package static let yamlUnsupported = DiagnosticCode("yaml-unsupported")
  /// JSON that is not valid.
  package static let jsonSyntax = DiagnosticCode("json-syntax")
  /// A record whose top level is not a mapping of fields.
  package static let notAMapping = DiagnosticCode("not-a-mapping")
  /// A Markdown construct the app cannot show.
  package static let unsupportedMarkdown = DiagnosticCode("unsupported-markdown")
  /// A body field in the front matter of a Markdown record.
  package static let bodyInFrontMatter = DiagnosticCode("body-in-front-matter")
  /// A link with a scheme that is never safe, dropped from the body.
  package static let unsafeLink = DiagnosticCode("unsafe-link")
  /// A file in content/announcements that is not a record.
  package static let unexpectedFile = DiagnosticCode("unexpected-file")
}
