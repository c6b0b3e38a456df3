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
    var output = ""
    for block in body.blocks {
      switch block {
      case .paragraph(let spans):
        output += "<p>"
        write(spans, to: &output)
        output += "</p>\n"
      case .bullets(let items):
        output += "<ul>\n"
        for item in items {
          output += "<li>"
          write(item, to: &output)
          output += "</li>\n"
        }
        output += "</ul>\n"
      }
    }
    return output
  }

  private func write(_ spans: [InlineSpan], to output: inout String) {
    for span in spans {
      switch span {
      case .text(let text):
        HTMLEscaping.append(text, to: &output)
      case .code(let code):
        output += "<code>"
        HTMLEscaping.append(code, to: &output)
        output += "</code>"
      case .emphasis(let inner):
        output += "<em>"
        write(inner, to: &output)
        output += "</em>"
      case .strong(let inner):
        output += "<strong>"
        write(inner, to: &output)
        output += "</strong>"
      case .link(let destination, let inner):
        if LinkPolicy.isSafe(destination, deepLinkSchemes: deepLinkSchemes) {
          output += "<a href=\""
          HTMLEscaping.append(URLCharacters.percentEncoded(destination), to: &output)
          output += "\">"
          write(inner, to: &output)
          output += "</a>"
        } else {
          write(inner, to: &output)
        }
      case .lineBreak:
        output += "<br>\n"
      }
    }
  }
}
