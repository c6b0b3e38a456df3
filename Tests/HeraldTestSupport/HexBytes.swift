/// The bytes a hex string spells (two digits a byte, as test vectors write them); a pair that is
/// not hex reads as 0, and an odd last digit is dropped.
public func hexBytes(_ text: String) -> [UInt8] {
  let digits = Array(text.utf8)
  return stride(from: 0, to: digits.count - 1, by: 2).map { index in
    UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) ?? 0
  }
}
