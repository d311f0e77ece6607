#include "folio_x509.h"

#include <arpa/inet.h>
#include <openssl/asn1.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static X509 *read_der(const uint8_t *der, size_t length) {
    if (der == NULL || length == 0 || length > 1024 * 1024) return NULL;
    const unsigned char *cursor = der;
    X509 *certificate = d2i_X509(NULL, &cursor, (long)length);
    // Trailing bytes after the certificate are not a certificate either.
    if (certificate != NULL && cursor != der + length) {
        X509_free(certificate);
        return NULL;
    }
    return certificate;
}

static int reason(int code, char *words, size_t capacity) {
    switch (code) {
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
    case X509_V_ERR_CERT_UNTRUSTED:
        return FOLIO_X509_UNKNOWN_ISSUER;
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT: return FOLIO_X509_SELF_SIGNED;
    case X509_V_ERR_CERT_HAS_EXPIRED: return FOLIO_X509_EXPIRED;
    case X509_V_ERR_CERT_NOT_YET_VALID: return FOLIO_X509_NOT_YET_VALID;
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH:
        return FOLIO_X509_OTHER_NAMES;
    case X509_V_ERR_CERT_REVOKED: return FOLIO_X509_REVOKED;
    default:
        if (words != NULL && capacity > 0) snprintf(words, capacity, "%s", X509_verify_cert_error_string(code));
        return FOLIO_X509_OTHER;
    }
}

int folio_x509_verify(const uint8_t *der, size_t length, const char *ca_file, const char *ca_folder, const char *host,
                      int host_is_address, char *words, size_t capacity) {
    X509 *leaf = read_der(der, length);
    if (leaf == NULL) return FOLIO_X509_UNREADABLE;
    int result = FOLIO_X509_FAILED;
    X509_STORE *store = X509_STORE_new();
    X509_STORE_CTX *context = X509_STORE_CTX_new();
    if (store == NULL || context == NULL) goto done;
    if (ca_file == NULL && ca_folder == NULL) {
        if (X509_STORE_set_default_paths(store) != 1) {
            result = FOLIO_X509_TRUST_UNREADABLE;
            goto done;
        }
    }
    if (ca_file != NULL && X509_STORE_load_file(store, ca_file) != 1) {
        result = FOLIO_X509_TRUST_UNREADABLE;
        goto done;
    }
    if (ca_folder != NULL && X509_STORE_load_path(store, ca_folder) != 1) {
        result = FOLIO_X509_TRUST_UNREADABLE;
        goto done;
    }
    if (X509_STORE_CTX_init(context, store, leaf, NULL) != 1) goto done;
    X509_VERIFY_PARAM *parameters = X509_STORE_CTX_get0_param(context);
    X509_VERIFY_PARAM_set_purpose(parameters, X509_PURPOSE_SSL_SERVER);
    if (host != NULL) {
        int named = host_is_address ? X509_VERIFY_PARAM_set1_ip_asc(parameters, host)
                                    : X509_VERIFY_PARAM_set1_host(parameters, host, strlen(host));
        if (named != 1) {
            result = FOLIO_X509_OTHER_NAMES;
            goto done;
        }
    }
    if (X509_verify_cert(context) == 1) {
        result = FOLIO_X509_OK;
    } else {
        int code = X509_STORE_CTX_get_error(context);
        // A refusal without a reason is never taken for trust.
        result = code > 0 ? reason(code, words, capacity) : FOLIO_X509_FAILED;
    }
done:
    X509_STORE_CTX_free(context);
    X509_STORE_free(store);
    X509_free(leaf);
    return result;
}

static void append(char *out, size_t capacity, size_t *used, const char *text, size_t length) {
    if (capacity == 0) return;
    const char *separator = *used > 0 ? ", " : "";
    size_t needed = strlen(separator) + length;
    if (*used + needed + 1 > capacity) return;
    memcpy(out + *used, separator, strlen(separator));
    *used += strlen(separator);
    memcpy(out + *used, text, length);
    *used += length;
    out[*used] = 0;
}

int folio_x509_names(const uint8_t *der, size_t length, char *out, size_t capacity) {
    X509 *certificate = read_der(der, length);
    if (certificate == NULL) return FOLIO_X509_UNREADABLE;
    size_t used = 0;
    if (capacity > 0) out[0] = 0;
    GENERAL_NAMES *names = X509_get_ext_d2i(certificate, NID_subject_alt_name, NULL, NULL);
    for (int index = 0; names != NULL && index < sk_GENERAL_NAME_num(names); index++) {
        const GENERAL_NAME *name = sk_GENERAL_NAME_value(names, index);
        if (name->type == GEN_DNS) {
            const ASN1_STRING *text = name->d.dNSName;
            append(out, capacity, &used, (const char *)ASN1_STRING_get0_data(text), (size_t)ASN1_STRING_length(text));
        } else if (name->type == GEN_IPADD) {
            const ASN1_OCTET_STRING *address = name->d.iPAddress;
            char written[INET6_ADDRSTRLEN] = {0};
            int family = ASN1_STRING_length(address) == 4 ? AF_INET : ASN1_STRING_length(address) == 16 ? AF_INET6 : 0;
            if (family != 0 && inet_ntop(family, ASN1_STRING_get0_data(address), written, sizeof written) != NULL)
                append(out, capacity, &used, written, strlen(written));
        }
    }
    GENERAL_NAMES_free(names);
    if (used == 0) {
        char common[256] = {0};
        int got = X509_NAME_get_text_by_NID(X509_get_subject_name(certificate), NID_commonName, common, sizeof common);
        if (got > 0) append(out, capacity, &used, common, strlen(common));
    }
    X509_free(certificate);
    return FOLIO_X509_OK;
}

int folio_x509_not_after(const uint8_t *der, size_t length, int64_t *seconds) {
    X509 *certificate = read_der(der, length);
    if (certificate == NULL) return FOLIO_X509_UNREADABLE;
    struct tm moment;
    memset(&moment, 0, sizeof moment);
    int read = ASN1_TIME_to_tm(X509_get0_notAfter(certificate), &moment);
    X509_free(certificate);
    if (read != 1) return FOLIO_X509_UNREADABLE;
    *seconds = (int64_t)timegm(&moment);
    return FOLIO_X509_OK;
}

const char *folio_x509_default_file(void) { return X509_get_default_cert_file(); }

const char *folio_x509_default_folder(void) { return X509_get_default_cert_dir(); }
