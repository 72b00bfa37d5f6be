// OpenSSL's libcrypto, from Debian's libssl-dev: the EVP digest API, for SHA-256.
#include <openssl/evp.h>
