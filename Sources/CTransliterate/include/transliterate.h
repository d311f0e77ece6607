#ifndef FOLIO_TRANSLITERATE_H
#define FOLIO_TRANSLITERATE_H

#include <stdint.h>

/// Transliterates `text` (UTF-16, `length` units) in place with ICU's transform `id` (UTF-16,
/// `id_length` units), into a buffer of `capacity` units. Returns the new length, or -1 when ICU
/// cannot open the transform or the result does not fit.
int32_t folio_transliterate(const uint16_t *id, int32_t id_length, uint16_t *text, int32_t length, int32_t capacity);

#endif
