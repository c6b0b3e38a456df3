import Foundation
import Synchronization

/// The data a template renders: the JSON-like values Mustache knows.
package enum TemplateValue: Sendable, Hashable {
  /// A missing or null value: falsey, renders as nothing.
  case null
  /// A boolean: `false` is falsey.
  case bool(Bool)
  /// Text, HTML-escaped by `{{name}}` and written as is by `{{{name}}}`.
  case string(String)
  /// Text as well-formed UTF-8 bytes, rendered as `string` is: a fragment read back from the build
  /// cache, which is not decoded into a `String` only to be encoded again.
  case utf8([UInt8])
  /// An integer.
  case integer(Int)
  /// A decimal number.
  case double(Double)
  /// A list: a section renders once per item; an empty list is falsey.
  case list([TemplateValue])
  /// An object whose keys a name looks up.
  case object(TemplateObject)
  /// An object whose members are made only when a template first asks for one that is not given
  /// up front: the archive's entries, of which the default theme reads only `cardHTML`.
  case deferred(DeferredObject)

  /// A string, or null when absent.
  package static func optional(_ text: String?) -> TemplateValue {
    text.map(TemplateValue.string) ?? .null
  }

  /// Whether a section renders (and an inverted section does not).
  var isTruthy: Bool {
    switch self {
    case .null: return false
    case .bool(let value): return value
    case .list(let items): return !items.isEmpty
    default: return true
    }
  }

  /// The text an interpolation writes.
  var text: String {
    switch self {
    case .null: return ""
    case .bool(let value): return value ? "true" : "false"
    case .string(let value): return value
    case .utf8(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .integer(let value): return String(value)
    case .double(let value): return String(value)
    case .list, .object, .deferred: return ""
    }
  }

  /// The same object with one more member (other values are returned unchanged).
  ///
  /// Consuming: a card's value, just made, gains its details and its HTML in place rather than
  /// as a copy of its two dozen members each time.
  package consuming func adding(_ key: String, _ member: TemplateValue) -> TemplateValue {
    var value = self
    value.add(key, member)
    return value
  }

  /// Adds a member to an object, or sets it when it has one by that name (other values are left
  /// unchanged).
  package mutating func add(_ key: String, _ member: TemplateValue) {
    guard case .object(var members) = self else { return }
    // Dropped first, so that the members have no other owner and change in place.
    self = .null
    members[key] = member
    self = .object(members)
  }

  /// The value of a key, when this is an object that has it.
  func member(_ key: TemplateKey) -> TemplateValue? {
    switch self {
    case .object(let members): return members.value(for: key)
    case .deferred(let object): return object.member(key)
    default: return nil
    }
  }
}

/// An object with some members given and the rest made on first need, once, from any thread.
package final class DeferredObject: Sendable, Hashable {
  private let given: TemplateObject
  private let make: @Sendable () -> TemplateObject
  /// The members made, once one beyond the given ones was asked for.
  ///
  /// A `Mutex` is a word held in the object, so the archive's 10,000 entries allocate no lock.
  private let made = Mutex<TemplateObject?>(nil)

  /// Makes an object whose `given` members are known and whose others `make` returns.
  package init(given: TemplateObject, make: @escaping @Sendable () -> TemplateObject) {
    self.given = given
    self.make = make
  }

  /// A member, made with the others the first time one beyond the given ones is asked for.
  func member(_ key: TemplateKey) -> TemplateValue? {
    if let value = given.value(for: key) { return value }
    return made.withLock { made in
      if made == nil { made = make() }
      return made?.value(for: key)
    }
  }

  /// Deferred objects are equal only to themselves.
  package static func == (lhs: DeferredObject, rhs: DeferredObject) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
