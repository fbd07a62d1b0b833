/* The large-input mode of every harness: the fuzzer's bytes are a recipe for a page of up to
 * DL_FUZZ_LARGE_MAX bytes, so that a few hundred mutated bytes reach the shapes that only cost at
 * megabyte sizes (the quadratic ones: thousands of repeated tags, attributes, references).
 *
 *   recipe = count_hi count_lo prefix 0xFF unit [0xFF suffix]
 *   page   = prefix + unit * (count + 1) + suffix, cut at DL_FUZZ_LARGE_MAX
 *
 * The prefix starts with the harness's own mode bytes, so every mode is reachable. build.sh links
 * each harness a second time with this file as NAME_large (its entry point renamed to
 * dl_fuzz_harness); run.sh --large runs those with a timeout that a quadratic step overruns. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DL_FUZZ_LARGE_MAX ((size_t)4 << 20)

int dl_fuzz_harness(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    size_t count = ((size_t)data[0] << 8 | data[1]) + 1;
    const uint8_t *p = data + 2, *end = data + size;
    const uint8_t *sep1 = memchr(p, 0xFF, (size_t)(end - p));
    if (!sep1) return dl_fuzz_harness(p, (size_t)(end - p));
    const uint8_t *unit = sep1 + 1;
    const uint8_t *sep2 = memchr(unit, 0xFF, (size_t)(end - unit));
    const uint8_t *unit_end = sep2 ? sep2 : end;
    const uint8_t *suffix = sep2 ? sep2 + 1 : end;
    size_t nprefix = (size_t)(sep1 - p), nunit = (size_t)(unit_end - unit), nsuffix = (size_t)(end - suffix);
    size_t total = nprefix + nsuffix;
    if (nunit) {
        size_t room = DL_FUZZ_LARGE_MAX > total ? DL_FUZZ_LARGE_MAX - total : 0;
        if (count > room / nunit) count = room / nunit;
        total += count * nunit;
    }
    uint8_t *page = malloc(total ? total : 1);
    if (!page) return 0;
    uint8_t *w = page;
    memcpy(w, p, nprefix);
    w += nprefix;
    for (size_t i = 0; nunit && i < count; i++, w += nunit) memcpy(w, unit, nunit);
    memcpy(w, suffix, nsuffix);
    w += nsuffix;
    int r = dl_fuzz_harness(page, (size_t)(w - page));
    free(page);
    return r;
}
