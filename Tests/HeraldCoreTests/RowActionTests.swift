import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@Suite("Row actions classify as every client classifies them (conformance/actions.json)")
struct RowActionTests {
  @Test("the table is there and its lists are the ones the code holds")
  func listsAreTheTables() {
    let table = ActionTable.shared
    #expect(table.cases.count >= 40)
    #expect(RowAction.refusedSchemes == table.refusedSchemes)
    #expect(
      RowAction.refusedScalars.map { [$0.lowerBound, $0.upperBound] } == table.refusedScalars)
    let refusedASCII = (0x21..<0x7F).compactMap(Unicode.Scalar.init).filter {
      !URLCharacters.isAllowed($0)
    }
    #expect(String(String.UnicodeScalarView(refusedASCII)) == table.refusedASCII)
  }

  @Test("each case", arguments: ActionTable.shared.cases)
  func classifies(_ example: ActionCase) {
    let action = RowAction(classifying: example.text)
    #expect(action?.kind.rawValue == example.kind)
    if let action { #expect(action.target == example.text) }
  }

  /// What the build accepts, an app opens: a deep-link scheme the site configures is one an app
  /// hands to its router, and what an app refuses `check` refuses too.
  @Test("every action the build accepts classifies as the same kind; every other one is refused")
  func buildAcceptsOnlyWhatAppsOpen() {
    var accepted = 0
    for example in ActionTable.shared.cases where example.text != "store" {
      let scheme = example.text.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() }
      let target = try? ActionTarget(
        parsing: example.text, deepLinkSchemes: scheme.map { [$0] } ?? [])
      let kind: RowAction.Kind?
      switch target {
      case .web?: kind = .web
      case .deepLink?: kind = .deepLink
      case .inAppPath?: kind = .inApp
      case .store?, nil: kind = nil
      }
      #expect(kind?.rawValue == example.kind, "\(example.text.debugDescription)")
      if kind != nil { accepted += 1 }
    }
    #expect(accepted >= 10)
  }

  @Test("a refused scheme cannot be configured as a deep-link scheme either")
  func refusedSchemesAreForbidden() {
    for scheme in RowAction.refusedSchemes {
      #expect(ActionTarget.forbiddenSchemes.contains(scheme))
      #expect(throws: ActionTargetError.self) {
        try ActionTarget(parsing: scheme + "://x", deepLinkSchemes: [scheme])
      }
    }
  }
}
