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
        output.append(literal: "<p>")
        write(spans, to: &output)
        output.append(literal: "</p>\n")
      case .bullets(let items):
        output.append(literal: "<ul>\n")
        for item in items {
          output.append(literal: "<li>")
          write(item, to: &output)
          output.append(literal: "</li>\n")
        }
        output.append(literal: "</ul>\n")
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
        output.append(literal: "<code>")
        HTMLEscaping.append(code, to: &output)
        output.append(literal: "</code>")
      case .emphasis(let inner):
        output.append(literal: "<em>")
        write(inner, to: &output)
        output.append(literal: "</em>")
      case .strong(let inner):
        output.append(literal: "<strong>")
        write(inner, to: &output)
        output.append(literal: "</strong>")
      case .link(let destination, let inner):
        if LinkPolicy.isSafe(destination, deepLinkSchemes: deepLinkSchemes) {
          output.append(literal: "<a href=\"")
          HTMLEscaping.append(URLCharacters.percentEncoded(destination), to: &output)
          output.append(literal: "\">")
          write(inner, to: &output)
          output.append(literal: "</a>")
        } else {
          write(inner, to: &output)
        }
      case .lineBreak:
        output.append(literal: "<br>\n")
      }
    }
  }
}
