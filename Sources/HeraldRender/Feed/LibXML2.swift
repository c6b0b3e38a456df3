import CLibXML2

/// libxml2's process-wide state, set up once before any thread calls into the library.
///
/// libxml2 2.9 sets up its global tables (its character encoding handlers among them) on first
/// use, which is not safe from two threads at once: two feeds starting their documents together
/// ("UTF-8") crashed the build. Its documentation asks for `xmlInitParser` first, once; a static
/// constant runs it once, and any other thread that needs it waits until it has run.
enum LibXML2 {
  /// Read before every use of libxml2.
  static let ready: Void = xmlInitParser()
}
