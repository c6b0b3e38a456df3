import HeraldCore

/// Writes an announcement body as HTML: paragraphs, one list, emphasis, code and safe links.
///
/// Raw HTML cannot reach it (the model has none) and unsafe link destinations become plain text.
package struct BodyHTMLWriter: Sendable {
  /// The schemes a link may use besides http, https and mailto.
  let deepLinkSchemes: [String]

  /// Makes a writer that keeps links with these schemes.
  package init(deepLinkSchemes: [String]) { self.deepLinkSchemes = deepLinkSchemes }

  /// The body's HTML, one block per line.
  package func html(_ body: AnnouncementBody) -> String {
    // Written as bytes and made a string once: the string is kept all build, at its exact size.
    var output: [UInt8] = []
    for block in body.blocks {
      switch block {
      case .paragraph(let spans):
        output.append(contentsOf: "<p>".utf8)
        write(spans, to: &output)
        output.append(contentsOf: "</p>\n".utf8)
      case .bullets(let items):
        output.append(contentsOf: "<ul>\n".utf8)
        for item in items {
          output.append(contentsOf: "<li>".utf8)
          write(item, to: &output)
          output.append(contentsOf: "</li>\n".utf8)
        }
        output.append(contentsOf: "</ul>\n".utf8)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private func write(_ spans: [InlineSpan], to output: inout [UInt8]) {
    for span in spans {
      switch span {
      case .text(let text):
        HTMLEscaping.append(text, to: &output)
      case .code(let code):
        output.append(contentsOf: "<code>".utf8)
        HTMLEscaping.append(code, to: &output)
        output.append(contentsOf: "</code>".utf8)
      case .emphasis(let inner):
        output.append(contentsOf: "<em>".utf8)
        write(inner, to: &output)
        output.append(contentsOf: "</em>".utf8)
      case .strong(let inner):
        output.append(contentsOf: "<strong>".utf8)
        write(inner, to: &output)
        output.append(contentsOf: "</strong>".utf8)
      case .link(let destination, let inner):
        if LinkPolicy.isSafe(destination, deepLinkSchemes: deepLinkSchemes) {
          output.append(contentsOf: "<a href=\"".utf8)
          HTMLEscaping.append(URLCharacters.percentEncoded(destination), to: &output)
          output.append(contentsOf: "\">".utf8)
          write(inner, to: &output)
          output.append(contentsOf: "</a>".utf8)
        } else {
          write(inner, to: &output)
        }
      case .lineBreak:
        output.append(contentsOf: "<br>\n".utf8)
      }
    }
  }
}
