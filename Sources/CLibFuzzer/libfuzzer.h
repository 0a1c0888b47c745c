#ifndef RENDER_KEYBOARD_LIBFUZZER_H
#define RENDER_KEYBOARD_LIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs that keep their own `main` (compiler-rt, LLVM 12 and later).
/// It parses libFuzzer's options from argv and fuzzes `callback` until a finding or a limit.
/// Linked in only by `-sanitize=fuzzer`; nothing else may call it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
