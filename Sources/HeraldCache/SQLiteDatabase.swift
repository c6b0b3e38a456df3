import CSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// A failed SQLite call, with SQLite's result code (the cache treats any failure as a miss).
struct SQLiteError: Error {
  let code: Int32

  /// Whether the file is damaged or not a database at all: it is then removed and begun again.
  var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
}

/// One connection to an SQLite database file, used by one thread at a time; the only code in
/// herald that calls SQLite.
final class SQLiteDatabase {
  private let handle: OpaquePointer

  /// Opens a database; `create` makes the file when it is missing, otherwise it is opened to read.
  init(path: String, create: Bool) throws(SQLiteError) {
    var handle: OpaquePointer?
    let flags =
      (create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY)
      | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      sqlite3_close(handle)
      throw SQLiteError(code: code)
    }
    self.handle = handle
    // Another build writing waits at most this long for this one, then saves nothing.
    sqlite3_busy_timeout(handle, 10_000)
  }

  deinit { sqlite3_close(handle) }

  /// Runs statements that return no rows.
  func execute(_ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw SQLiteError(code: code) }
  }

  /// Prepares one statement.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw SQLiteError(code: code)
    }
    return SQLiteStatement(statement)
  }

  /// Runs `body` in one transaction (taking the write lock at once when `writing`), committed
  /// when it returns and rolled back when it throws.
  func transaction<Value>(
    writing: Bool, _ body: () throws(SQLiteError) -> Value
  ) throws(SQLiteError) -> Value {
    try execute(writing ? "BEGIN IMMEDIATE" : "BEGIN")
    do {
      let value = try body()
      try execute("COMMIT")
      return value
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }
}

/// A prepared statement: bind, step through its rows, reset.
final class SQLiteStatement {
  private let handle: OpaquePointer

  fileprivate init(_ handle: OpaquePointer) { self.handle = handle }

  deinit { sqlite3_finalize(handle) }

  /// Binds bytes (copied) to a parameter, counted from 1.
  func bind(_ bytes: [UInt8], at index: Int32) throws(SQLiteError) {
    let code = bytes.withUnsafeBytes { raw in
      herald_sqlite3_bind_blob_copied(handle, index, raw.baseAddress, Int32(raw.count))
    }
    // An empty array binds NULL (no value is empty: each ends with its checksum).
    guard code == SQLITE_OK else { throw SQLiteError(code: code) }
  }

  /// Binds a string, as UTF-8 text (copied), to a parameter.
  func bind(_ text: String, at index: Int32) throws(SQLiteError) {
    let code = text.withCString { chars in
      herald_sqlite3_bind_text_copied(handle, index, chars, Int32(strlen(chars)))
    }
    guard code == SQLITE_OK else { throw SQLiteError(code: code) }
  }

  /// Binds an integer to a parameter.
  func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
    let code = sqlite3_bind_int64(handle, index, value)
    guard code == SQLITE_OK else { throw SQLiteError(code: code) }
  }

  /// Moves to the next row: true when there is one, false when the statement is done.
  func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw SQLiteError(code: code)
    }
  }

  /// Runs the statement to its end with the bindings given, then makes it ready to run again.
  func run() throws(SQLiteError) {
    defer { reset() }
    while try step() {}
  }

  /// Makes the statement ready to run again, its bindings cleared.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// A column of the current row as bytes, valid until the next step or reset.
  func bytes(at column: Int32) -> UnsafeRawBufferPointer {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard let start = sqlite3_column_blob(handle, column), count > 0 else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: start, count: count)
  }

  /// A column of the current row as text.
  func text(at column: Int32) -> String {
    String(decoding: bytes(at: column), as: UTF8.self)
  }

  /// A column of the current row as an integer.
  func integer(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
}
