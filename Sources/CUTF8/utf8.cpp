// The one door to simdjson: its validator, which folio uses for the bodies of the records the
// catalog reads (a first run checks every byte of the vault).
#include "folio_utf8.h"

#include <simdjson.h>

extern "C" bool folio_utf8_is_valid(const uint8_t *bytes, size_t count) {
    return simdjson::validate_utf8(reinterpret_cast<const char *>(bytes), count);
}
