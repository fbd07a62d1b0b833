/* A main() for the libFuzzer harnesses in fuzz/ without libFuzzer: each file named on the command line
 * is one input, run once through the harness, whose own checks abort on a violation. It lets
 * tools/check_compilers.sh run the harnesses where clang's libFuzzer is not available: a cross-compiled
 * build under an emulator (qemu-aarch64), or another compiler. Prints the count of inputs run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

int main(int argc, char **argv) {
    if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
    int runs = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            perror(argv[i]);
            return 2;
        }
        size_t cap = 1 << 16, len = 0, got;
        uint8_t *buf = malloc(cap);
        if (!buf) return 2;
        while ((got = fread(buf + len, 1, cap - len, f)) > 0) {
            len += got;
            if (len == cap) {
                uint8_t *grown = realloc(buf, cap * 2);
                if (!grown) return 2;
                buf = grown, cap *= 2;
            }
        }
        fclose(f);
        LLVMFuzzerTestOneInput(buf, len);
        free(buf);
        runs++;
    }
    printf("%d inputs\n", runs);
    return 0;
}
