#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: binding with
// it makes SQLite copy the bytes before the call returns.
static inline int herald_sqlite3_bind_blob_copied(sqlite3_stmt *statement, int index,
                                                  const void *bytes, int count) {
  return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}

static inline int herald_sqlite3_bind_text_copied(sqlite3_stmt *statement, int index,
                                                  const char *text, int count) {
  return sqlite3_bind_text(statement, index, text, count, SQLITE_TRANSIENT);
}
