#ifndef FOLIO_X509_H
#define FOLIO_X509_H

// A server certificate checked with OpenSSL's verifier, behind plain C types. libgit2 checks TLS
// with mbedTLS, which cannot match a certificate to an IP address; folio asks OpenSSL about the
// certificate libgit2 hands its certificate callback, against the same trust (a CA file or folder).

#include <stddef.h>
#include <stdint.h>

// Why a certificate is not trusted (OpenSSL's many reasons, sorted into what a message needs).
enum {
    FOLIO_X509_OK = 0,
    FOLIO_X509_UNKNOWN_ISSUER = 1,
    FOLIO_X509_SELF_SIGNED = 2,
    FOLIO_X509_EXPIRED = 3,
    FOLIO_X509_NOT_YET_VALID = 4,
    FOLIO_X509_OTHER_NAMES = 5,
    FOLIO_X509_REVOKED = 6,
    // Another reason: OpenSSL's words are in `words`.
    FOLIO_X509_OTHER = 7,
    // The certificate's bytes are not a DER certificate.
    FOLIO_X509_UNREADABLE = -1,
    // The CA file or folder could not be read (missing, not certificates).
    FOLIO_X509_TRUST_UNREADABLE = -2,
    // OpenSSL could not be set up (out of memory).
    FOLIO_X509_FAILED = -3,
};

// Verifies the DER certificate `der` (`length` bytes) as a TLS server's for `host` (a DNS name, or
// an IPv4 or IPv6 address when `host_is_address` is 1), now, against the CAs in `ca_file` and
// `ca_folder` (either may be NULL; both NULL: OpenSSL's default places, which honour
// SSL_CERT_FILE and SSL_CERT_DIR). Only `der` is known: a chain's intermediate certificates must
// be in the trust. Returns FOLIO_X509_OK when trusted, else a FOLIO_X509_* reason; for
// FOLIO_X509_OTHER, OpenSSL's words go to `words` (NUL-terminated, at most `capacity` bytes).
int folio_x509_verify(const uint8_t *der, size_t length, const char *ca_file, const char *ca_folder, const char *host,
                      int host_is_address, char *words, size_t capacity);

// Writes the names the certificate is for (its subject alternative names, DNS names and
// addresses, else its common name) to `out`, separated by ", ", NUL-terminated, at most `capacity`
// bytes. Returns 0, or FOLIO_X509_UNREADABLE.
int folio_x509_names(const uint8_t *der, size_t length, char *out, size_t capacity);

// The end of the certificate's validity, in seconds since 1970 (UTC). Returns 0, or FOLIO_X509_UNREADABLE.
int folio_x509_not_after(const uint8_t *der, size_t length, int64_t *seconds);

// OpenSSL's own CA file and folder on this system (used when nothing else is configured).
const char *folio_x509_default_file(void);
const char *folio_x509_default_folder(void);

#endif
