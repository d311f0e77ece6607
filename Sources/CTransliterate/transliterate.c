#include "transliterate.h"

#include <unicode/utrans.h>

int32_t folio_transliterate(const uint16_t *id, int32_t id_length, uint16_t *text, int32_t length, int32_t capacity) {
    if (id == NULL || text == NULL || id_length <= 0 || length < 0 || capacity < length) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UTransliterator *transform = utrans_openU((const UChar *)id, id_length, UTRANS_FORWARD, NULL, 0, NULL, &status);
    if (U_FAILURE(status) || transform == NULL) return -1;
    int32_t limit = length;
    int32_t text_length = length;
    utrans_transUChars(transform, (UChar *)text, &text_length, capacity, 0, &limit, &status);
    utrans_close(transform);
    if (U_FAILURE(status) || text_length > capacity) return -1;
    return text_length;
}
