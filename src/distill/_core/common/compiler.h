/* Compiler hints shared by the hot paths. */
#ifndef DL_COMMON_COMPILER_H
#define DL_COMMON_COMPILER_H

/* For a small helper of a hot loop that must be inlined whatever the caller's size: GCC stops inlining
 * into very large functions (the tokenizer's), and a call per character costs more than the helper. */
#if defined(__GNUC__) || defined(__clang__)
#define DL_ALWAYS_INLINE static inline __attribute__((always_inline))
#define DL_LIKELY(x) __builtin_expect(!!(x), 1)
#define DL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define DL_ALWAYS_INLINE static inline
#define DL_LIKELY(x) (x)
#define DL_UNLIKELY(x) (x)
#endif

/* DL_UNDER_ASAN: built with AddressSanitizer (GCC says so with a macro, clang through __has_feature).
 * The caches that keep freed memory for reuse keep none then, so that a read of freed memory is caught. */
#if defined(__SANITIZE_ADDRESS__)
#define DL_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DL_UNDER_ASAN 1
#endif
#endif

#endif
