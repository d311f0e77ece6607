#include "folio_memory.h"

#include <malloc.h>

int folio_return_free_memory(void) { return malloc_trim(0); }
