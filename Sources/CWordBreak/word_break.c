#include "word_break.h"

#include <unicode/ubrk.h>

static int32_t folio_word_kind(int32_t status) {
    if (status >= UBRK_WORD_IDEO && status < UBRK_WORD_IDEO_LIMIT) return FOLIO_WORD_IDEOGRAPHIC;
    if (status >= UBRK_WORD_KANA && status < UBRK_WORD_KANA_LIMIT) return FOLIO_WORD_KANA;
    if (status >= UBRK_WORD_LETTER && status < UBRK_WORD_LETTER_LIMIT) return FOLIO_WORD_LETTER;
    if (status >= UBRK_WORD_NUMBER && status < UBRK_WORD_NUMBER_LIMIT) return FOLIO_WORD_NUMBER;
    return FOLIO_WORD_OTHER;
}

int32_t folio_word_breaks(const uint16_t *text, int32_t length, int32_t *ends, int32_t *kinds, int32_t capacity) {
    if (text == NULL || ends == NULL || kinds == NULL || length < 0 || capacity < 0) return -1;
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    // One dictionary serves Chinese and Japanese; the locale only picks the rules around it.
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, "zh", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -1;
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t end = ubrk_next(iterator); end != UBRK_DONE; end = ubrk_next(iterator)) {
        if (count >= capacity) {
            count = -1;
            break;
        }
        ends[count] = end;
        kinds[count] = folio_word_kind(ubrk_getRuleStatus(iterator));
        count += 1;
    }
    ubrk_close(iterator);
    return count;
}
