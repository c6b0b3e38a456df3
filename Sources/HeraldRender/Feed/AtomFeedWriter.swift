import CLibXML2
import HeraldCore

/// Writes an `AtomFeed` as XML through libxml2's `xmlTextWriter`, which escapes every text and
/// attribute, so no record can break the feed.
enum AtomFeedWriter {
  /// The Atom namespace.
  static let namespace = "http://www.w3.org/2005/Atom"

  /// The feed as UTF-8 XML bytes, indented, with a final newline.
  static func xml(_ feed: AtomFeed) throws(RenderError) -> [UInt8] {
    LibXML2.ready
    guard let buffer = xmlBufferCreate() else {
      throw RenderError("libxml2 could not allocate a buffer")
    }
    defer { xmlBufferFree(buffer) }
    guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
      throw RenderError("libxml2 could not create a text writer")
    }
    var document = XMLDocumentWriter(writer: writer)
    document.setIndent()
    document.start()
    document.open("feed", attributes: [("xmlns", namespace), ("xml:lang", feed.language)])
    document.element("id", feed.id)
    document.element("title", feed.title, attributes: [("type", "text")])
    document.element("updated", feed.updated.rfc3339)
    document.open("author")
    document.element("name", feed.author)
    document.close()
    document.empty(
      "link",
      attributes: [("rel", "self"), ("type", "application/atom+xml"), ("href", feed.selfURL)])
    document.empty(
      "link",
      attributes: [("rel", "alternate"), ("type", "text/html"), ("href", feed.alternateURL)])
    document.element(
      "generator", "herald", attributes: [("version", HeraldVersion.current)])
    for entry in feed.entries {
      document.open("entry")
      document.element("id", entry.id)
      document.element("title", entry.title, attributes: [("type", "text")])
      document.element("updated", entry.updated.rfc3339)
      document.element("published", entry.published.rfc3339)
      document.empty(
        "link", attributes: [("rel", "alternate"), ("type", "text/html"), ("href", entry.link)])
      for category in entry.categories {
        document.empty(
          "category",
          attributes: [
            ("term", category.term), ("scheme", category.scheme), ("label", category.label),
          ])
      }
      document.element("content", entry.contentHTML, attributes: [("type", "html")])
      document.close()
    }
    document.close()
    document.end()
    xmlFreeTextWriter(writer)
    guard document.failed == false, let content = xmlBufferContent(buffer) else {
      throw RenderError("libxml2 failed while writing the feed")
    }
    let length = Int(xmlBufferLength(buffer))
    return Array(UnsafeBufferPointer(start: content, count: length))
  }
}

/// A thin layer over `xmlTextWriter` that remembers whether any call failed.
private struct XMLDocumentWriter {
  let writer: xmlTextWriterPtr
  var failed = false

  mutating func check(_ result: Int32) { if result < 0 { failed = true } }

  mutating func setIndent() {
    check(xmlTextWriterSetIndent(writer, 1))
    check(xmlTextWriterSetIndentString(writer, "  "))
  }

  mutating func start() { check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)) }

  mutating func end() { check(xmlTextWriterEndDocument(writer)) }

  mutating func open(_ name: String, attributes: [(String, String)] = []) {
    check(xmlTextWriterStartElement(writer, name))
    for (key, value) in attributes {
      check(xmlTextWriterWriteAttribute(writer, key, Self.xmlCharacters(value)))
    }
  }

  mutating func close() { check(xmlTextWriterEndElement(writer)) }

  mutating func element(_ name: String, _ text: String, attributes: [(String, String)] = []) {
    open(name, attributes: attributes)
    check(xmlTextWriterWriteString(writer, Self.xmlCharacters(text)))
    close()
  }

  mutating func empty(_ name: String, attributes: [(String, String)]) {
    open(name, attributes: attributes)
    close()
  }

  /// The text without the characters XML 1.0 cannot hold at all (C0 controls other than tab, line
  /// feed and carriage return, and U+FFFE, U+FFFF), which escaping cannot make valid.
  static func xmlCharacters(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { !isXMLCharacter($0) }) else { return text }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.filter(isXMLCharacter))
    return String(scalars)
  }

  private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }
}

/// A failure of herald itself while rendering (not a problem in the site).
package struct RenderError: Error, Sendable, CustomStringConvertible {
  /// What failed.
  package let description: String

  /// Makes an error.
  package init(_ description: String) { self.description = description }
}
