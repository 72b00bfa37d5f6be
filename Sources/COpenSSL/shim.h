// OpenSSL's libcrypto, from Debian's libssl-dev: the EVP digest API, for SHA-256.
#include <stdint.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

// OPENSSL_INIT_NO_ATEXIT as a constant Swift imports (the macro's L suffix and cast it does not).
static const uint64_t imdf_openssl_init_no_atexit = OPENSSL_INIT_NO_ATEXIT;
