import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A private key's file: written once, readable by its owner only, and refused when anyone else
/// can read it.
package enum PrivateKeyFile {
  /// Writes a key's PEM to a new file with mode 0600 (its folder made 0700 when missing); an
  /// existing file is never overwritten.
  package static func write(_ key: Ed25519PrivateKey, to path: String) throws(SigningError) {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw SigningError("cannot make the folder \(folder): \(error.localizedDescription)")
      }
    }
    let text = try key.pem()
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      throw errno == EEXIST
        ? SigningError(
          "\(path) already exists; a key is never overwritten",
          hint: "choose another file with --out, or move the old key away first")
        : SigningError("cannot write \(path): \(reason)")
    }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    let closed = close(descriptor)
    guard written == bytes.count, closed == 0 else {
      unlink(path)
      throw SigningError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Reads a key from a file that only its owner can read.
  package static func read(_ path: String) throws(SigningError) -> Ed25519PrivateKey {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw SigningError("cannot read the signing key \(path): \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & 0o077 == 0 else {
      throw SigningError(
        "the signing key \(path) can be read by others (mode "
          + String(status.st_mode & 0o777, radix: 8) + ")",
        hint: "chmod 600 \(path)")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SigningError("cannot read the signing key \(path)")
    }
    return try Ed25519PrivateKey(pem: String(decoding: data, as: UTF8.self))
  }
}

/// POSIX `write`, which `PrivateKeyFile.write` hides by its name.
private func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
  write(descriptor, bytes.baseAddress, bytes.count)
}
