#ifndef FOLIO_MEMORY_H
#define FOLIO_MEMORY_H

// glibc's malloc_trim(3), which Swift's Glibc module leaves out (<malloc.h>): gives the free
// memory at the top of the heap and in free pages back to the system. 1 when some was returned.
int folio_return_free_memory(void);

#endif
