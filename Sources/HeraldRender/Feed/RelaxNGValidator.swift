import CLibXML2
import Foundation

/// Validates XML against a RELAX NG schema (XML syntax) with libxml2, collecting every error.
package struct RelaxNGValidator: Sendable {
  /// The schema's bytes (`.rng`).
  private let schema: [UInt8]

  /// Makes a validator for a schema in RELAX NG's XML syntax.
  package init(schema: [UInt8]) { self.schema = schema }

  /// The validation errors of a document, empty when it is valid; throws when the schema or the
  /// document cannot be read.
  package func errors(in document: [UInt8]) throws(RenderError) -> [String] {
    LibXML2.ready
    let schemaContext = schema.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          xmlRelaxNGNewMemParserCtxt($0, Int32(buffer.count))
        }
      }
    }
    guard let schemaContext else { throw RenderError("the RELAX NG schema cannot be read") }
    defer { xmlRelaxNGFreeParserCtxt(schemaContext) }
    guard let compiled = xmlRelaxNGParse(schemaContext) else {
      throw RenderError("the RELAX NG schema is not valid")
    }
    defer { xmlRelaxNGFree(compiled) }
    let parsed = document.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          xmlReadMemory(
            $0, Int32(buffer.count), "document.xml", "UTF-8", Int32(XML_PARSE_NONET.rawValue))
        }
      }
    }
    guard let parsed else { throw RenderError("the document is not well-formed XML") }
    defer { xmlFreeDoc(parsed) }
    guard let validation = xmlRelaxNGNewValidCtxt(compiled) else {
      throw RenderError("libxml2 could not start a validation")
    }
    defer { xmlRelaxNGFreeValidCtxt(validation) }
    let collector = ErrorCollector()
    let box = Unmanaged.passRetained(collector)
    defer { box.release() }
    xmlRelaxNGSetValidStructuredErrors(
      validation,
      { context, error in
        guard let context, let error else { return }
        let collector = Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue()
        let message = error.pointee.message.map { String(cString: $0) } ?? "invalid"
        collector.messages.append(
          "line \(error.pointee.line): " + message.trimmingCharacters(in: .newlines))
      }, box.toOpaque())
    let result = xmlRelaxNGValidateDoc(validation, parsed)
    if result != 0 && collector.messages.isEmpty {
      collector.messages.append("the document does not match the schema")
    }
    return collector.messages
  }
}

/// Collects libxml2's error messages through the callback's context pointer.
private final class ErrorCollector {
  var messages: [String] = []
}
