/// A name a template looks up, parsed once with the template.
struct TemplateKey: Sendable, Hashable {
  /// The name.
  let name: String

  /// A key for a name.
  init(_ name: String) { self.name = name }
}
