#ifndef FOLIO_WORD_BREAK_H
#define FOLIO_WORD_BREAK_H

// Word boundaries from ICU's dictionary-based break iterator, behind plain C types: Swift imports
// this header instead of ICU's, whose declarations clash with Foundation's own copy of ICU.

#include <stdint.h>

// What a segment holds, from ICU's rule status.
enum {
    FOLIO_WORD_OTHER = 0,        // spaces, punctuation, symbols
    FOLIO_WORD_NUMBER = 1,
    FOLIO_WORD_LETTER = 2,       // Latin, Cyrillic, Hangul…
    FOLIO_WORD_KANA = 3,
    FOLIO_WORD_IDEOGRAPHIC = 4,  // Han words found in ICU's dictionary (or single characters)
};

// Splits `text` (`length` UTF-16 code units) into word segments. Writes the end offset of each
// segment (in code units, increasing, the last one equal to `length`) to `ends` and its FOLIO_WORD_*
// kind to `kinds`, at most `capacity` entries. Returns the number of segments, or -1 when ICU
// could not segment the text (ICU or its data missing, an argument out of range, more than
// `capacity` segments).
int32_t folio_word_breaks(const uint16_t *text, int32_t length, int32_t *ends, int32_t *kinds, int32_t capacity);

#endif
