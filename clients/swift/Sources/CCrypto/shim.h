// OpenSSL's libcrypto (Debian's libssl-dev): Ed25519 keys, signatures and SHA-256 for the signed
// channel (DESIGN §9). Only HeraldSigning imports it.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/rand.h>

// BIO_get_mem_data is a macro over BIO_ctrl, which Swift cannot import.
static inline long herald_bio_mem_data(BIO *bio, char **data) {
  return BIO_get_mem_data(bio, data);
}

// libcrypto frees its locks in an atexit handler by default: an app whose thread was still
// hashing a document while the process exited crashed on a freed lock. Set up once, without it.
static inline int herald_crypto_init(void) {
  return OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, NULL);
}
