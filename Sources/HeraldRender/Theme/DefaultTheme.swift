/// The default theme, compiled in from `themes/default/` by the EmbedDefaultTheme build plugin, so
/// every site has it without copying anything.
enum DefaultTheme {
  /// The theme's name.
  static let name = "default"
}
