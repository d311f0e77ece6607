#include "word_break.h"

#include <dlfcn.h>
#include <pthread.h>
#include <unicode/ubrk.h>
#include <unicode/uvernum.h>

// ICU is opened the first time a text is cut into words, not linked: linked, it was loaded and
// relocated at the start of every command (0.7 ms), most of which never cut a word. Its functions
// carry the version in their names (ubrk_open_72), which the header's macros spell.
#define FOLIO_STRING(x) #x
#define FOLIO_SPELLED(x) FOLIO_STRING(x)

static struct {
    __typeof__(ubrk_open) *open;
    __typeof__(ubrk_first) *first;
    __typeof__(ubrk_next) *next;
    __typeof__(ubrk_getRuleStatus) *rule_status;
    __typeof__(ubrk_close) *close;
} icu;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;

static void load(void) {
    // RTLD_LOCAL: ICU's names stay out of the way of Foundation's own copy of ICU.
    void *library = dlopen("libicuuc.so." FOLIO_SPELLED(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    icu.open = (__typeof__(ubrk_open) *)dlsym(library, FOLIO_SPELLED(ubrk_open));
    icu.first = (__typeof__(ubrk_first) *)dlsym(library, FOLIO_SPELLED(ubrk_first));
    icu.next = (__typeof__(ubrk_next) *)dlsym(library, FOLIO_SPELLED(ubrk_next));
    icu.rule_status = (__typeof__(ubrk_getRuleStatus) *)dlsym(library, FOLIO_SPELLED(ubrk_getRuleStatus));
    icu.close = (__typeof__(ubrk_close) *)dlsym(library, FOLIO_SPELLED(ubrk_close));
    loaded = icu.open != NULL && icu.first != NULL && icu.next != NULL && icu.rule_status != NULL && icu.close != NULL;
}

// Whether ICU could be opened (libicuuc of the version folio was built with); opened once.
static int folio_word_break_available(void) {
    pthread_once(&load_once, load);
    return loaded;
}

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
    if (!folio_word_break_available()) return -1;
    UErrorCode status = U_ZERO_ERROR;
    // One dictionary serves Chinese and Japanese; the locale only picks the rules around it.
    UBreakIterator *iterator = icu.open(UBRK_WORD, "zh", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -1;
    int32_t count = 0;
    icu.first(iterator);
    for (int32_t end = icu.next(iterator); end != UBRK_DONE; end = icu.next(iterator)) {
        if (count >= capacity) {
            count = -1;
            break;
        }
        ends[count] = end;
        kinds[count] = folio_word_kind(icu.rule_status(iterator));
        count += 1;
    }
    icu.close(iterator);
    return count;
}
