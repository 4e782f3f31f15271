/* Error pointers as macros (some architectures' and out-of-tree headers,
 * and what an inline IS_ERR() is after inlining): the checkers see the
 * comparison with -MAX_ERRNO, not a call. */
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x) unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)
#define PTR_ERR(ptr)	((long)(ptr))
#define IS_ERR(ptr)	IS_ERR_VALUE((unsigned long)(ptr))
#define IS_ERR_OR_NULL(ptr) (unlikely(!(ptr)) || IS_ERR_VALUE((unsigned long)(ptr)))
#define PTR_ERR_OR_ZERO(ptr) (IS_ERR(ptr) ? PTR_ERR(ptr) : 0)
