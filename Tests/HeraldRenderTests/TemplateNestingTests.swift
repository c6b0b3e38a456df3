import Foundation
import HeraldCore
import Testing

@testable import HeraldRender

@Suite("Templates nest within a limit that gives a positioned error")
struct TemplateNestingTests {
  @Test("30,000 nested sections are a parse error at the tag that goes too deep")
  func deepSections() {
    let template =
      String(repeating: "{{#a}}", count: 30_000) + "x" + String(repeating: "{{/a}}", count: 30_000)
    #expect {
      _ = try TemplateLibrary(templates: ["page": ("templates/page.mustache", template)])
    } throws: { error in
      let errors = (error as? TemplateErrors)?.errors ?? []
      return errors.first?.message.contains("sections nest deeper than 100 levels") == true
        && errors.first?.column == 601
    }
  }

  @Test("a partial that includes itself forever is a render error at the partial's tag")
  func endlessPartial() throws {
    let library = try TemplateLibrary(templates: [
      "page": ("templates/page.mustache", "{{>loop}}"),
      "loop": ("templates/loop.mustache", "x\n  {{#a}}{{>loop}}{{/a}}"),
    ])
    #expect {
      _ = try library.render("page", data: .object(["a": .bool(true)]))
    } throws: { error in
      guard let error = error as? TemplateError else { return false }
      return error.file == "templates/loop.mustache" && error.line == 2
        && error.message.contains("templates nest deeper than 100 levels")
    }
  }
}
