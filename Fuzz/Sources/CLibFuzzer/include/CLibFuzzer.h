#ifndef FOLIO_CLIBFUZZER_H
#define FOLIO_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer (as its own `main` would) on `callback`, with libFuzzer's flags in `argv`.
/// Defined by libclang_rt.fuzzer, which `-sanitize=fuzzer` links.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
