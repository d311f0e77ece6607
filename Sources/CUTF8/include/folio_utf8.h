#ifndef FOLIO_UTF8_H
#define FOLIO_UTF8_H

// simdjson's UTF-8 validation behind a plain C declaration: simdjson is C++, and Swift imports
// this header instead of simdjson's.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Whether the `count` bytes at `bytes` are well-formed UTF-8: no overlong form, no surrogate,
// nothing past U+10FFFF (what Swift's String(validating:) accepts). simdjson picks the widest
// instructions this processor has when it is first called.
bool folio_utf8_is_valid(const uint8_t *bytes, size_t count);

#ifdef __cplusplus
}
#endif

#endif
