/* ringleader's native explorer: the breadth-first search of checker/explorer.py over the full
 * state graph of one arrangement, for one algorithm whose commands models/native/codegen.py compiled
 * to C from their symbolic (z3) reading, on a ring or a network (RL_NETWORK: the channels are
 * the complete graph's, those of the arrangement's graph used, a process's ports those of its
 * degree, all given by the arrangement's tables rl_in, rl_out and rl_degree).
 *
 * A state is stored packed, as DESIGN.md defines it and nothing more: the locals of every
 * process, then for every channel its length and its messages (type tag, then fields), each
 * number a zigzag varint. The search keeps the graph in compressed sparse rows and answers the
 * same graph questions as checker/graph.py (acyclic? fewest and most messages from the initial
 * state to a terminal state). It evaluates no property itself: it hands the checker every
 * distinct vector of the processes' observations (rl_observe; of their locals where the
 * decision functions did not compile), every distinct change of a moving process and every
 * terminal state (with rl_observe: every distinct observation vector and channel contents of
 * one), and the checker evaluates the specification on those in Python.
 *
 * With partial-order reduction it expands in each state the stubborn set that
 * checker/reduction.py chooses (the same dependence tables, models/reading/dependence.py, compiled in;
 * the same candidates in the same order; the same visibility proviso), and passes through
 * states whose stubborn set is one transition exactly as checker/explorer.py's chains do, so
 * the reduced graph is the Python explorer's, state for state. A reduced graph with a cycle,
 * where the Python explorer needs its cycle proviso, is left to it (status CYCLE).
 *
 * With `fingerprint` the state set holds a 64-bit fingerprint of each state instead of the
 * state (TLC's mode: a state whose fingerprint collides with another's is wrongly taken as
 * seen, with a probability the checker reports), and only the states not yet expanded are
 * kept whole.
 *
 * The generated code is not trusted: it comes from the symbolic reading, which can differ from
 * Python's. What a command does depends only on its local context (the process's id and
 * locals, and for a receive the head and its arrival port), so the search computes each
 * context's outcomes once, records them, replays them whenever the context recurs, and hands
 * every context it recorded to the checker, which re-executes it in Python
 * (models/native/audit.py) before it believes anything the search found.
 *
 * Crash failures (RL_CRASHES, models/systems/crashes.py): each process's locals end with a flag, 1
 * once it crashed (its locals are kept, never read: it takes no step), messages sent to a
 * crashed process are dropped (they still count), its incoming channels are emptied when it
 * crashes, and the adversary's crash (and with RL_RECOVERIES, restart) of each process is one
 * more transition; with recoveries the state ends with how many crashes and recoveries there
 * were. Timeouts (RL_TIMEOUTS): a timeout whose guard holds fires when no other step of a live
 * process is enabled (the smallest rank first), or, with waits_for, once the process it names
 * has crashed (models/systems/semantics.py's timeout_steps). What the properties read of a process
 * then also says whether it crashed and whether the leader it records has (RL_OBSERVED numbers).
 * Partial-order reduction with them (RL_FAULTS) is checker/explore/reduction.py's: a guarded
 * timeout neither seeds nor joins a stubborn set (rl_seedable, rl_closable), a timeout that waits
 * for a process asks for that process's crash (`awaiting`), the crash of process p is one more
 * instance (RL_INSTANCES + p) that conflicts with p's instances, a crashed process's instances
 * take no part (`dead`), a receive on an empty channel waits for a sender of its type
 * (rl_typed_senders) and one whose guard holds of no message at its process's locals only for
 * a write there (`hopeless`, rl_hopeless). With one crash each process in turn is the one that
 * may crash (`designated`: checker/explore/designated.py), one search per designation.
 *
 * Integer arithmetic is checked: an overflow, a division by zero or a negative power sets
 * `rl_fault`, and the search stops with status FAULT so that the Python engine, whose integers
 * are unbounded, runs the arrangement instead.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <unistd.h>

enum { OK = 0, STATE_LIMIT = 1, MEMORY_LIMIT = 2, NO_MEMORY = 3, FAULT = 4, CYCLE = 5, VIOLATED = 6 };

/* each process's locals, as a state stores them: its slots, then (with crashes) its flag */
#define RL_STORED (RL_SLOTS + RL_CRASHES)
/* what the properties read of a process: rl_observe's four numbers, then (with crashes) whether
 * it crashed and whether the leader it records crashed */
#define RL_OBSERVED (4 + 2 * RL_CRASHES)
/* the state's trailer, with recoveries: the crashes and the recoveries so far */
#define RL_TRAILER (2 * RL_RECOVERIES)
enum { RL_STEP = 0, RL_CRASH = 1, RL_RECOVER = 2 };  /* a step's kind: a process's, or the adversary's */

static int rl_fault;

static inline int64_t rl_add(int64_t a, int64_t b) { int64_t r; if (__builtin_add_overflow(a, b, &r)) rl_fault = 1; return r; }
static inline int64_t rl_sub(int64_t a, int64_t b) { int64_t r; if (__builtin_sub_overflow(a, b, &r)) rl_fault = 1; return r; }
static inline int64_t rl_mul(int64_t a, int64_t b) { int64_t r; if (__builtin_mul_overflow(a, b, &r)) rl_fault = 1; return r; }
static inline int64_t rl_neg(int64_t a) { return rl_sub(0, a); }
/* SMT-LIB integer division and remainder (what the z3 reading means): the remainder is never negative */
static inline int64_t rl_div(int64_t a, int64_t b) {
    if (b == 0 || (a == INT64_MIN && b == -1)) { rl_fault = 1; return 0; }
    int64_t q = a / b, r = a % b;
    if (r < 0) q = b > 0 ? q - 1 : q + 1;
    return q;
}
static inline int64_t rl_mod(int64_t a, int64_t b) {
    if (b == 0) { rl_fault = 1; return 0; }
    int64_t r = a % b;
    if (r < 0) r = b > 0 ? r + b : r - b;
    return r;
}
static inline int64_t rl_pow(int64_t a, int64_t e) {
    if (e < 0) { rl_fault = 1; return 0; }
    int64_t r = 1;
    while (e-- > 0) { r = rl_mul(r, a); if (rl_fault) return 0; }
    return r;
}

/* -- growable byte strings and varints ------------------------------------------------ */
typedef struct { uint8_t *data; size_t len, cap; } bytes_t;

static size_t rl_allocated;  /* bytes held by the search's arrays, for the memory limit */

/* Zeroed memory for a table that is probed at random: from 4 MB on, in 2 MB pages where the
 * system gives them (madvise), since with 4 kB pages most probes of such a table also miss the
 * TLB, and a prefetch waits for the page walk. */
static void *table_calloc(size_t count, size_t size) {
    size_t bytes = count * size, huge = (size_t)2 << 20;
    if (bytes < 2 * huge) return calloc(count, size);
    bytes = (bytes + huge - 1) / huge * huge;
    void *p = aligned_alloc(huge, bytes);
    if (!p) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    memset(p, 0, bytes);
    return p;
}

/* Past this many bytes an array grows by a quarter, not twice: the memory limit counts what is
 * allocated, and a doubled array of gigabytes holds a third more than it uses on average. (A
 * large realloc moves pages, it does not copy them, so growing more often costs little.) */
#define RL_GROW_SLOWLY ((size_t)64 << 20)

static int grow(void **p, size_t *cap, size_t need, size_t unit) {
    if (need <= *cap) return 1;
    size_t cap2 = *cap ? *cap : 1024;
    while (cap2 < need) cap2 = cap2 * unit < RL_GROW_SLOWLY ? cap2 * 2 : cap2 + cap2 / 4;
    void *q = realloc(*p, cap2 * unit);
    if (!q) return 0;
    rl_allocated += (cap2 - *cap) * unit;
    *p = q; *cap = cap2;
    return 1;
}

static inline void put_varint(uint8_t **w, int64_t v) {
    uint64_t z = ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
    while (z >= 0x80) { *(*w)++ = (uint8_t)(z | 0x80); z >>= 7; }
    *(*w)++ = (uint8_t)z;
}

static inline int64_t get_varint(const uint8_t **r) {
    uint64_t z = 0; int shift = 0; uint8_t b;
    do { b = *(*r)++; z |= (uint64_t)(b & 0x7f) << shift; shift += 7; } while (b & 0x80);
    return (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
}

static inline uint64_t hash_seeded(const uint8_t *p, size_t n, uint64_t seed) {
    uint64_t h = seed ^ (n * 0xff51afd7ed558ccdull);
    while (n >= 8) { uint64_t k; memcpy(&k, p, 8); h = (h ^ k) * 0xbf58476d1ce4e5b9ull; h ^= h >> 31; p += 8; n -= 8; }
    /* the last 0 to 7 bytes, read without a call to memcpy (a variable length is one): two
     * overlapping words of four, or the first, middle and last byte, cover them all */
    uint64_t k = 0;
    if (n >= 4) { uint32_t a, b; memcpy(&a, p, 4); memcpy(&b, p + n - 4, 4); k = a | (uint64_t)b << 32; }
    else if (n) k = p[0] | (uint64_t)p[n >> 1] << 8 | (uint64_t)p[n - 1] << 16;
    h = (h ^ k) * 0x94d049bb133111ebull; h ^= h >> 29; h *= 0xbf58476d1ce4e5b9ull; h ^= h >> 32;
    return h;
}

static inline uint64_t hash_bytes(const uint8_t *p, size_t n) { return hash_seeded(p, n, 0x9E3779B97F4A7C15ull); }
/* a state's fingerprint: independent of the hash that places keys in a table */
static inline uint64_t fingerprint_of(const uint8_t *p, size_t n) { return hash_seeded(p, n, 0x2545F4914F6CDD1Dull); }

/* -- a set of byte strings, numbered in insertion order -------------------------------- */
/* A slot holds where its string's entry is in the arena, and the entry holds the string's
 * number and length before its bytes: a look-up that finds a string reads two places in
 * memory (the slot, the entry), not three (slot, table of starts, string), which on tables
 * larger than the caches is most of its cost. */
#define RL_TAG_BITS 28                  /* a slot: the hash's top 28 bits, then the entry's offset + 1 */
#define RL_OFFSET_BITS (64 - RL_TAG_BITS)
#define RL_OFFSET_MASK ((1ull << RL_OFFSET_BITS) - 1)
typedef struct {
    bytes_t arena;           /* per string: its number (4 bytes), its length (varint), its bytes */
    uint64_t *start; size_t start_cap;  /* string i's entry is at arena[start[i]]; if sparse, at or after arena[start[i >> RL_SPARSE]] */
    uint64_t count;
    int sparse;                         /* start holds every 2^RL_SPARSE-th entry only (the state set, read in order) */
    uint64_t *slots; uint64_t mask;     /* open addressing, 0 for an empty slot */
    int bits;                           /* slots = 2^bits; a string's home slot is its hash's top bits */
} set_t;

static int set_init(set_t *s, uint64_t capacity) {
    memset(s, 0, sizeof *s);
    uint64_t size = 1024;
    s->bits = 10;
    while (size < 2 * capacity) { size *= 2; s->bits++; }
    s->slots = table_calloc(size, sizeof(uint64_t));
    if (!s->slots) return 0;
    rl_allocated += size * sizeof(uint64_t);
    s->mask = size - 1;
    return 1;
}

static void set_free(set_t *s) { free(s->arena.data); free(s->start); free(s->slots); }

/* The string at an entry, and its number. */
static inline const uint8_t *entry_string(const uint8_t *entry, size_t *len, uint32_t *number) {
    memcpy(number, entry, 4);
    const uint8_t *r = entry + 4;
    *len = (size_t)get_varint(&r);
    return r;
}

/* A sparse set's starts are of every 64th string: 8 bytes per state were a tenth of a search's
 * memory, and the search reads its states in order (state_bytes), not through start. */
#define RL_SPARSE 6

static inline const uint8_t *set_item(const set_t *s, uint64_t i, size_t *len) {
    uint32_t number;
    if (!s->sparse) return entry_string(s->arena.data + s->start[i], len, &number);
    const uint8_t *p = entry_string(s->arena.data + s->start[i >> RL_SPARSE], len, &number);
    for (uint64_t k = i & ((1u << RL_SPARSE) - 1); k; k--) p = entry_string(p + *len, len, &number);
    return p;
}

static inline uint64_t home(uint64_t h, int bits) { return h >> (64 - bits); }

/* Twice the slots. While the table has at most 2^28 slots a slot's tag is where it goes, so
 * the strings are neither read nor hashed again (that was a tenth of a search's time). */
static int set_rehash(set_t *s) {
    uint64_t size = (s->mask + 1) * 2;
    int bits = s->bits + 1;
    if (bits > 40) return 0;  /* 2^39 strings: far beyond any memory limit */
    uint64_t *slots = table_calloc(size, sizeof(uint64_t));
    if (!slots) return 0;
    rl_allocated += (size - (s->mask + 1)) * sizeof(uint64_t);
    for (uint64_t k = 0; k <= s->mask; k++) {
        uint64_t e = s->slots[k];
        if (!e) continue;
        uint64_t j;
        if (bits <= RL_TAG_BITS) j = home(e, bits);
        else {
            size_t len; uint32_t number;
            const uint8_t *p = entry_string(s->arena.data + (e & RL_OFFSET_MASK) - 1, &len, &number);
            j = home(hash_bytes(p, len), bits);
        }
        while (slots[j]) j = (j + 1) & (size - 1);
        slots[j] = e;
    }
    free(s->slots);
    s->slots = slots; s->mask = size - 1; s->bits = bits;
    return 1;
}

/* The number of the string p[0..len) or -1; *slot is where it would go, *tag its slot's tag. */
static inline int64_t set_find_hashed(const set_t *s, const uint8_t *p, size_t len, uint64_t h,
                                      uint64_t *slot, uint64_t *tag) {
    uint64_t j = home(h, s->bits);
    *tag = h >> RL_OFFSET_BITS << RL_OFFSET_BITS;
    for (;;) {
        uint64_t e = s->slots[j];
        if (!e) break;
        if ((e & ~RL_OFFSET_MASK) == *tag) {
            size_t l2; uint32_t number;
            const uint8_t *q = entry_string(s->arena.data + (e & RL_OFFSET_MASK) - 1, &l2, &number);
            if (l2 == len && memcmp(p, q, len) == 0) { *slot = j; return (int64_t)number; }
        }
        j = (j + 1) & s->mask;
    }
    *slot = j;
    return -1;
}

static int64_t set_find(const set_t *s, const uint8_t *p, size_t len, uint64_t *slot, uint64_t *tag) {
    return set_find_hashed(s, p, len, hash_bytes(p, len), slot, tag);
}

/* Insert the string p[0..len), which set_find did not find, at the slot and with the tag it
 * named (the set unchanged since); its number, or -1 when out of memory. */
static int64_t set_insert(set_t *s, const uint8_t *p, size_t len, uint64_t slot, uint64_t tag) {
    if (s->count >= 0xfffffffeull) return -1;
    uint64_t at = s->arena.len;
    if (at + 1 > RL_OFFSET_MASK - 16 - len) return -1;
    /* 16 bytes of room after the last entry: a state is read sixteen bytes at a time (put_bytes) */
    if (!grow((void **)&s->arena.data, &s->arena.cap, at + 4 + 10 + len + 16, 1)) return -1;
    uint64_t starts = s->sparse ? (s->count >> RL_SPARSE) + 1 : s->count + 1;
    if (!grow((void **)&s->start, &s->start_cap, starts, sizeof(uint64_t))) return -1;
    uint32_t number = (uint32_t)s->count;
    uint8_t *out = s->arena.data + at;
    memcpy(out, &number, 4); out += 4;
    put_varint(&out, (int64_t)len);
    memcpy(out, p, len); out += len;
    s->arena.len = (size_t)(out - s->arena.data);
    s->slots[slot] = tag | (at + 1);
    if (!s->sparse || !(s->count & ((1u << RL_SPARSE) - 1))) s->start[s->sparse ? s->count >> RL_SPARSE : s->count] = at;
    s->count++;
    /* at most three slots in four taken: a look-up's probes stay within a cache line or two,
     * and the table is a third smaller than at half */
    if (4 * s->count > 3 * (s->mask + 1) && !set_rehash(s)) return -1;
    return (int64_t)number;
}

/* The number of the string p[0..len), inserting it if new (*added = 1); -1 when out of memory. */
static int64_t set_add(set_t *s, const uint8_t *p, size_t len, int *added) {
    uint64_t j, tag;
    int64_t found = set_find(s, p, len, &j, &tag);
    *added = found < 0;
    return found >= 0 ? found : set_insert(s, p, len, j, tag);
}

/* -- the state being expanded ------------------------------------------------------------ */
/* A state is not decoded into numbers: the search replays each local context's recorded
 * outcomes (see context()), so it needs only where each part of the packed state starts; a
 * context's numbers are read from its bytes the first time it is met (record()). */
typedef struct {
    int len[RL_CHANNELS];        /* messages in each channel */
    /* the packed state, and where its parts start in it, so successors copy what they keep */
    bytes_t packed;
    size_t loc_at[RL_N + 1];     /* process p's locals; loc_at[RL_N] is where the channels start */
    size_t chan_at[RL_CHANNELS + 1];  /* channel c's length; chan_at[RL_CHANNELS] is the end */
    size_t messages_at[RL_CHANNELS];  /* channel c's first message */
    size_t second_at[RL_CHANNELS];    /* channel c's second message (after the head) */
    uint64_t crashed;            /* the crashed processes (bit p), with crashes */
    int64_t counts[2];           /* with recoveries: the crashes and the recoveries so far */
} work_t;

static inline void skip_varint(const uint8_t **r) { while (*(*r)++ & 0x80) {} }

/* The runs encode() copies are a few dozen bytes: sixteen at a time, inline, beats a call to
 * memcpy. It may read and write up to 15 bytes past the run: the packed state has 16 bytes of
 * slack (decode), a stored state is followed by 16 readable bytes (set_insert, store), an
 * outcome's packed bytes are followed by more of the outcome, and the output has room
 * (encode's bound), where the next run or nothing overwrites them. */
static inline uint8_t *put_bytes(uint8_t *out, const uint8_t *p, size_t len) {
    for (size_t k = 0; k < len; k += 16) {
        memcpy(out + k, p + k, 16);
        __asm__("" : "+r"(k));  /* else gcc turns the loop back into a call to memcpy */
    }
    return out + len;
}

/* Copy the state and find where its parts start. */
static int decode(const uint8_t *state, size_t len, work_t *w) {
    /* 16 zero bytes of slack after the state: context() reads locals and heads a word pair at a time */
    if (!grow((void **)&w->packed.data, &w->packed.cap, len + 16, 1)) return 0;
    put_bytes(w->packed.data, state, len);  /* a state is followed by 16 readable bytes (set_insert) */
    memset(w->packed.data + len, 0, 16);
    w->packed.len = len;
    const uint8_t *base = w->packed.data, *r = base;
    w->crashed = 0;
    for (int p = 0; p < RL_N; p++) {
        w->loc_at[p] = (size_t)(r - base);
        for (int k = 0; k < RL_SLOTS; k++) skip_varint(&r);
        if (RL_CRASHES && get_varint(&r)) w->crashed |= 1ull << p;
    }
    w->loc_at[RL_N] = (size_t)(r - base);
    for (int c = 0; c < RL_CHANNELS; c++) {
        w->chan_at[c] = (size_t)(r - base);
        w->len[c] = (int)get_varint(&r);
        w->messages_at[c] = w->second_at[c] = (size_t)(r - base);
        for (int m = 0; m < w->len[c]; m++) {
            int64_t tag = get_varint(&r);
            for (int f = 0; f < rl_fields[tag]; f++) skip_varint(&r);
            if (m == 0) w->second_at[c] = (size_t)(r - base);
        }
    }
    w->chan_at[RL_CHANNELS] = (size_t)(r - base);
    for (int k = 0; k < RL_TRAILER; k++) w->counts[k] = get_varint(&r);
    return 1;
}

#ifdef RL_CHECK_WORK
/* The check build: w's offsets, worked out without reading w's state, are what decode finds. */
static void check_offsets(const work_t *w) {
    work_t again = {0};
    decode(w->packed.data, w->packed.len, &again);
    if (memcmp(again.len, w->len, sizeof w->len) || memcmp(again.loc_at, w->loc_at, sizeof w->loc_at)
        || memcmp(again.chan_at, w->chan_at, sizeof w->chan_at) || memcmp(again.messages_at, w->messages_at, sizeof w->messages_at)
        || memcmp(again.second_at, w->second_at, sizeof w->second_at) || again.crashed != w->crashed
        || memcmp(again.counts, w->counts, sizeof w->counts)) abort();
    free(again.packed.data);
}
#endif

/* Process i's locals as numbers. */
static void locals_of(const work_t *w, int i, int64_t *out) {
    const uint8_t *r = w->packed.data + w->loc_at[i];
    for (int k = 0; k < RL_SLOTS; k++) out[k] = get_varint(&r);
}

/* The head of channel c (non-empty) as numbers: tag, then fields. */
static void head_of(const work_t *w, int c, int64_t *out) {
    const uint8_t *r = w->packed.data + w->messages_at[c];
    out[0] = get_varint(&r);
    for (int f = 0; f < rl_fields[out[0]]; f++) out[1 + f] = get_varint(&r);
}

/* What one command instance does in one local context (a process's id and locals, and for a
 * receive the head and its arrival port): filled in by the generated code, which lists a
 * context's outcomes in the engine's order. */
typedef struct {
    int offset;                  /* the command instance within its process (codegen._instance_offsets) */
    int unmatched;               /* the head matched no command: consumed, nothing else */
    int sends;                   /* how many messages it sends */
    int port[RL_MAX_SENDS];      /* the out port (index) of each sent message, in order */
    int64_t sent[RL_MAX_SENDS][RL_WIDTH];
    int64_t loc[RL_SLOTS];       /* the process's locals after the step */
    int rank, awaits;            /* a timeout's: its rank, and whether it waits for a process */
    int64_t awaited;             /* the id of the process it waits for (awaits) */
    /* filled in when the context is recorded, not by the generated code: */
    uint8_t loc_bytes[10 * RL_STORED];           /* loc packed as the state stores it (a live process's) */
    uint8_t sent_bytes[RL_MAX_SENDS][10 * RL_WIDTH];  /* each sent message packed */
    uint16_t loc_len, sent_len[RL_MAX_SENDS];
    int changed;                 /* loc differs from the locals before */
    int seen_changed;            /* which of rl_observe's four numbers differ before and after (RL_POR) */
    int64_t seen[4];             /* rl_observe of loc (RL_POR) */
} outcome_t;

/* Every local context the search met, with its outcomes: computed by the generated code the
 * first time a context is met and replayed from here after that, so that the search uses
 * exactly the outcomes it hands to the checker, which re-executes each context in Python
 * (models/native/audit.py) before it believes a verdict. Kept across the arrangements of one
 * engine (the caller owns it: rl_contexts_new), so each context is computed and audited once. */
typedef struct {
    set_t keys;                  /* (kind, id, locals[, head]) packed: see context() */
    uint64_t *first; size_t first_cap;  /* context k's outcomes: outcomes[first[k] .. first[k+1]) */
    /* the outcomes, in chunks that never move, so that a step may point at its outcome while
     * new contexts are recorded */
    outcome_t **chunks; size_t chunks_cap;
    int64_t *seen; size_t seen_cap;     /* 4 per context: rl_observe of its locals (RL_POR) */
    int64_t *values; size_t values_cap; /* RL_SLOTS per context: its locals as numbers */
    set_t observations;          /* the distinct rl_observe quadruples, numbered (RL_POR) */
    uint32_t *observation; size_t observation_cap;  /* per context: the number of its quadruple */
    uint64_t reported;           /* contexts handed to the checker so far */
    int ready, broken;           /* broken: a failed allocation may have left it inconsistent */
} contexts_t;

static contexts_t *ctx;          /* the table of the search under way */

#define RL_CHUNK_BITS 8
static inline outcome_t *outcome_at(uint64_t k) {
    return &ctx->chunks[k >> RL_CHUNK_BITS][k & ((1u << RL_CHUNK_BITS) - 1)];
}

#define RL_CHANNEL_WORDS ((RL_CHANNELS + 63) / 64)

/* A step kept for later: outcome u of a context of process `mover`, taking the head of
 * in_channel (or -1); `here` is the mover's own context. A group of them starts with a header:
 * mover -1, u the state's number, here how many steps follow. */
typedef struct { uint32_t u, here; int16_t mover, in_channel; } saved_step_t;
/* With a group of saved steps, what the expansion of its state found, so that the state's turn
 * neither decodes it nor looks its contexts up again: where its parts start (as work_t; a state
 * longer than 65535 bytes is not kept so, and is decoded) and its local contexts. With crashes
 * the state is decoded at its turn (which processes crashed is read there), and the offsets are
 * not kept: a reduced search keeps a group for most states of its frontier, and they were two
 * thirds of the group's bytes (bully-always-replies at n = 5). */
typedef struct {
    uint16_t len[RL_CHANNELS], loc_at[RL_N + 1], chan_at[RL_CHANNELS + 1], messages_at[RL_CHANNELS], second_at[RL_CHANNELS];
} saved_offsets_t;
typedef struct {
#if !RL_CRASHES
    saved_offsets_t at;
#endif
    uint32_t here[RL_N], heard[RL_N][RL_IN_PORTS];
    int kept;                    /* 0: the state was too long (or had crashes), only the contexts are here */
} saved_work_t;

/* the instances a stubborn set may hold: the processes' command instances, then (with crashes)
 * the adversary's crash of each process and its restart (restarts are never reduced) */
#define RL_TRANSITIONS (RL_INSTANCES + RL_N * (RL_CRASHES + RL_RECOVERIES))
#define RL_WORDS ((RL_TRANSITIONS + 63) / 64)
typedef struct { uint64_t w[RL_WORDS]; } mask_t;
/* with crashes or timeouts a stubborn set depends on more of the state than its enabled instances
 * and heads (checker/explore/reduction.py): see situation_t */
#define RL_FAULTS (RL_CRASHES || RL_TIMEOUTS)
/* the stubborn-set memo's key: the enabled instances, then each channel's head tag (-1: empty),
 * then with faults situation_t's hopeless and dead instances and its awaiting */
#define RL_MEMO_KEY (sizeof(mask_t) + RL_CHANNELS + (RL_FAULTS ? 2 * sizeof(mask_t) + RL_MAX_DETECTORS : 0))

/* A transition of the state being expanded: one outcome of one of its local contexts. */
typedef struct {
    int mover;                   /* the process that moves (or that the adversary crashes or restarts) */
    int kind;                    /* RL_STEP, or the adversary's RL_CRASH or RL_RECOVER */
    int in_channel;              /* the channel whose head it takes, or -1 */
    int instance;                /* which command instance (models/systems/semantics.py's numbering) */
    const outcome_t *o;          /* what it does */
    uint64_t u;                  /* o's number in the table of contexts */
    uint32_t here;               /* the mover's own context (its id and locals before the step) */
} step_t;

/* Where step s's messages go (to[m], in order; -1: to a crashed process, dropped) and the
 * channels it takes from or sends to, as bits: worked out when its target is packed, since
 * most listed steps are not taken. */
static inline void step_channels(const step_t *s, uint64_t crashed, int *to, uint64_t *touched) {
    memset(touched, 0, RL_CHANNEL_WORDS * sizeof(uint64_t));
    if (s->in_channel >= 0) touched[s->in_channel >> 6] |= 1ull << (s->in_channel & 63);
    for (int m = 0; m < s->o->sends; m++) {
        int c = to[m] = rl_out[s->mover * RL_OUT_PORTS + s->o->port[m]];
        if (RL_CRASHES && (crashed >> rl_receiver[c] & 1)) { to[m] = -1; continue; }
        touched[c >> 6] |= 1ull << (c & 63);
    }
    (void)crashed;
}

/* The first channel from c on that a step touches, or RL_CHANNELS. */
static inline int next_touched(const uint64_t *touched, int c) {
    int k = c >> 6;
    uint64_t bits = touched[k] & (~0ull << (c & 63));
    while (!bits) {
        if (++k == RL_CHANNEL_WORDS) return RL_CHANNELS;
        bits = touched[k];
    }
    return k * 64 + __builtin_ctzll(bits);
}

/* One enabled transition of the state being expanded; its target is packed only if taken. */
typedef struct {
    step_t step;
    int visible;                 /* it changes what the watched properties observe */
} successor_t;

typedef struct {
    successor_t *items; size_t count, cap;
    work_t work;                 /* the decoded state the successors are of */
    uint8_t memo_key[RL_MEMO_KEY];  /* its key in the stubborn-set memo (with RL_POR) */
    uint64_t memo_hash;
    /* the state's local contexts: each process's own, and of each in-port's head (RL_NO_HEAD:
     * the channel is empty); valid when contexts_known */
    uint32_t here[RL_N], heard[RL_N][RL_IN_PORTS];
    uint32_t timed[RL_N];        /* each live process's timeouts' context (RL_TIMEOUTS; RL_NO_HEAD: crashed) */
    int contexts_known;
} expansion_t;
#define RL_NO_HEAD UINT32_MAX

/* The most bytes a target of w can take, before slack: w's, plus new locals, channel lengths
 * and `sends` messages at ten bytes a varint. */
static inline size_t target_bound(const work_t *w, int sends) {
    return w->packed.len + (size_t)RL_STORED * 10 + (size_t)RL_CHANNELS * 10 + (size_t)sends * RL_WIDTH * 10
           + (size_t)RL_TRAILER * 10;
}

/* The target of step s from w, packed into out: the parts the step keeps are copied, the new
 * locals and messages come packed with the outcome. */
static int encode_adversary(const work_t *w, const step_t *s, bytes_t *out_bytes);

static int encode(const work_t *w, const step_t *s, bytes_t *out_bytes) {
    if (RL_CRASHES && s->kind != RL_STEP) return encode_adversary(w, s, out_bytes);
    const outcome_t *o = s->o;
    const int sends = o->sends;
    int to[RL_MAX_SENDS]; uint64_t touched[RL_CHANNEL_WORDS];
    step_channels(s, w->crashed, to, touched);
    if (!grow((void **)&out_bytes->data, &out_bytes->cap, target_bound(w, sends) + 16, 1)) return 0;
    const uint8_t *base = w->packed.data;
    uint8_t *out = out_bytes->data;
    size_t before = w->loc_at[s->mover];
    out = put_bytes(out, base, before);
    out = put_bytes(out, o->loc_bytes, o->loc_len);
    size_t after = w->loc_at[s->mover + 1];
    out = put_bytes(out, base + after, w->chan_at[0] - after);
    int c = 0;
    while (c < RL_CHANNELS) {
        int d = next_touched(touched, c);
        if (d > c) {  /* copy the run of untouched channels at once */
            out = put_bytes(out, base + w->chan_at[c], w->chan_at[d] - w->chan_at[c]);
            c = d;
            continue;
        }
        int skip = c == s->in_channel, extra = 0;
        for (int m = 0; m < sends; m++) extra += to[m] == c;
        put_varint(&out, w->len[c] - skip + extra);
        size_t from = skip ? w->second_at[c] : w->messages_at[c];
        out = put_bytes(out, base + from, w->chan_at[c + 1] - from);
        for (int m = 0; m < sends; m++)
            if (to[m] == c) out = put_bytes(out, o->sent_bytes[m], o->sent_len[m]);
        c++;
    }
    out = put_bytes(out, base + w->chan_at[RL_CHANNELS], w->packed.len - w->chan_at[RL_CHANNELS]);  /* the trailer */
    out_bytes->len = (size_t)(out - out_bytes->data);
    return 1;
}

/* The target of the adversary's step s (a crash or a restart of process s->mover) from w. */
static int encode_adversary(const work_t *w, const step_t *s, bytes_t *out_bytes) {
    if (!grow((void **)&out_bytes->data, &out_bytes->cap, target_bound(w, 0) + 16, 1)) return 0;
    const uint8_t *base = w->packed.data;
    uint8_t *out = out_bytes->data;
    const int i = s->mover;
    out = put_bytes(out, base, w->loc_at[i]);
    if (s->kind == RL_CRASH) {  /* its locals as they were, its flag set */
        out = put_bytes(out, base + w->loc_at[i], w->loc_at[i + 1] - w->loc_at[i] - 1);
        put_varint(&out, 1);
    } else {  /* restarted from its initial state */
        for (int k = 0; k < RL_SLOTS; k++) put_varint(&out, rl_initial[k]);
        put_varint(&out, 0);
    }
    out = put_bytes(out, base + w->loc_at[i + 1], w->chan_at[0] - w->loc_at[i + 1]);
    for (int c = 0; c < RL_CHANNELS; c++) {
        if (s->kind == RL_CRASH && rl_receiver[c] == i) put_varint(&out, 0);  /* messages to it are lost */
        else out = put_bytes(out, base + w->chan_at[c], w->chan_at[c + 1] - w->chan_at[c]);
    }
    if (RL_RECOVERIES) {
        put_varint(&out, w->counts[0] + (s->kind == RL_CRASH));
        put_varint(&out, w->counts[1] + (s->kind == RL_RECOVER));
    }
    out_bytes->len = (size_t)(out - out_bytes->data);
    return 1;
}

/* The length of the packed message at p. */
static inline size_t message_length(const uint8_t *p) {
    const uint8_t *r = p;
    int64_t tag = get_varint(&r);
    for (int f = 0; f < rl_fields[tag]; f++) skip_varint(&r);
    return (size_t)(r - p);
}

/* The target of step s from w, as encode() packs it, into t, with where its parts start: what
 * decode() would find in it, worked out from w's offsets and the step instead of by reading
 * every varint again (a chain expands each state it reaches). */
static int encode_work(const work_t *w, const step_t *s, work_t *t) {
    if (RL_CRASHES && s->kind != RL_STEP) {  /* a crash on a chain (reduced): packed, then read; crashes are few */
        static bytes_t packed;
        return encode_adversary(w, s, &packed) && decode(packed.data, packed.len, t);
    }
    const outcome_t *o = s->o;
    const int sends = o->sends;
    int to[RL_MAX_SENDS]; uint64_t touched[RL_CHANNEL_WORDS];
    step_channels(s, w->crashed, to, touched);
    t->crashed = w->crashed;
    memcpy(t->counts, w->counts, sizeof t->counts);
    if (!grow((void **)&t->packed.data, &t->packed.cap, target_bound(w, sends) + 32, 1)) return 0;
    const uint8_t *base = w->packed.data;
    uint8_t *start = t->packed.data, *out = start;
    const int mover = s->mover;
    memcpy(t->loc_at, w->loc_at, sizeof t->loc_at);  /* all: a copy of a variable length is a call */
    out = put_bytes(out, base, w->loc_at[mover]);
    out = put_bytes(out, o->loc_bytes, o->loc_len);
    size_t after = w->loc_at[mover + 1];
    int64_t shift = (int64_t)(out - start) - (int64_t)after;
    for (int p = mover + 1; p <= RL_N; p++) t->loc_at[p] = (size_t)((int64_t)w->loc_at[p] + shift);
    out = put_bytes(out, base + after, w->chan_at[0] - after);
    int c = 0;
    while (c < RL_CHANNELS) {
        int d = next_touched(touched, c);
        if (d > c) {  /* a run of untouched channels: the same, moved by `shift` */
            out = put_bytes(out, base + w->chan_at[c], w->chan_at[d] - w->chan_at[c]);
            for (int e = c; e < d; e++) {
                t->len[e] = w->len[e];
                t->chan_at[e] = (size_t)((int64_t)w->chan_at[e] + shift);
                t->messages_at[e] = (size_t)((int64_t)w->messages_at[e] + shift);
                t->second_at[e] = (size_t)((int64_t)w->second_at[e] + shift);
            }
            c = d;
            continue;
        }
        int skip = c == s->in_channel, extra = 0, first_sent = -1;
        for (int m = 0; m < sends; m++) if (to[m] == c) { extra++; if (first_sent < 0) first_sent = m; }
        int kept = w->len[c] - skip, len = kept + extra;
        t->chan_at[c] = (size_t)(out - start);
        put_varint(&out, len);
        t->messages_at[c] = (size_t)(out - start);
        t->len[c] = len;
        size_t from = skip ? w->second_at[c] : w->messages_at[c];
        size_t head_len = !len ? 0
                          : !kept ? o->sent_len[first_sent]
                          : skip ? message_length(base + from)
                          : w->second_at[c] - w->messages_at[c];
        t->second_at[c] = t->messages_at[c] + head_len;
        out = put_bytes(out, base + from, w->chan_at[c + 1] - from);
        for (int m = 0; m < sends; m++)
            if (to[m] == c) out = put_bytes(out, o->sent_bytes[m], o->sent_len[m]);
        shift = (int64_t)(out - start) - (int64_t)w->chan_at[c + 1];
        c++;
    }
    t->chan_at[RL_CHANNELS] = (size_t)(out - start);
    out = put_bytes(out, base + w->chan_at[RL_CHANNELS], w->packed.len - w->chan_at[RL_CHANNELS]);  /* the trailer */
    t->packed.len = (size_t)(out - start);
    memset(out, 0, 16);  /* decode's slack */
#ifdef RL_CHECK_WORK
    check_offsets(t);
#endif
    return 1;
}

/* @ALGORITHM@ */


static inline void mask_or(mask_t *a, const mask_t *b) { for (int k = 0; k < RL_WORDS; k++) a->w[k] |= b->w[k]; }
static inline int mask_has(const mask_t *a, int t) { return (int)(a->w[t >> 6] >> (t & 63) & 1); }
static inline void mask_set(mask_t *a, int t) { a->w[t >> 6] |= 1ull << (t & 63); }
static inline void mask_clear(mask_t *a, int t) { a->w[t >> 6] &= ~(1ull << (t & 63)); }
static inline int mask_count(const mask_t *a) { int c = 0; for (int k = 0; k < RL_WORDS; k++) c += __builtin_popcountll(a->w[k]); return c; }
static inline int mask_empty(const mask_t *a) { for (int k = 0; k < RL_WORDS; k++) if (a->w[k]) return 0; return 1; }
static inline int mask_lowest(const mask_t *a) { for (int k = 0; k < RL_WORDS; k++) if (a->w[k]) return k * 64 + __builtin_ctzll(a->w[k]); return -1; }
static inline int mask_equal(const mask_t *a, const mask_t *b) { return memcmp(a, b, sizeof *a) == 0; }
/* the order checker/reduction.py sorts candidates in: fewest members, then the smaller number */
static int mask_before(const mask_t *a, const mask_t *b) {
    int ca = mask_count(a), cb = mask_count(b);
    if (ca != cb) return ca < cb;
    for (int k = RL_WORDS - 1; k >= 0; k--) if (a->w[k] != b->w[k]) return a->w[k] < b->w[k];
    return 0;
}

/* @TABLES@ */

/* -- the search ------------------------------------------------------------------------- */
typedef struct {
    int status;
    uint64_t states, transitions, unmatched, terminals;
    int64_t depth;
    int acyclic;
    int64_t messages_min, messages_max;  /* -1 when not computed */
    /* distinct local vectors (RL_N * RL_SLOTS numbers each), or where rl_observe exists (RL_POR)
     * distinct observation vectors (RL_N * 4) */
    int64_t *locals; uint64_t locals_count;
    /* distinct (mover, locals before, locals after) with before != after (1 + 2 RL_SLOTS numbers),
     * or (mover, observation before, after) (1 + 2 * 4) */
    int64_t *changes; uint64_t changes_count;
    /* terminal states, packed, one after the other, or what note_terminal() keeps of them */
    uint8_t *terminal_bytes; uint64_t terminal_bytes_len;
    /* the local contexts recorded since the previous search with this table, for the audit:
     * per context RL_CONTEXT_NUMBERS numbers, then RL_OUTCOME_NUMBERS per outcome (report()) */
    int64_t *contexts; uint64_t contexts_count, contexts_len;
} result_t;

/* A local context's key is what a command can see, packed: a kind byte (0 for the process
 * itself, 1 + q for a head arriving on in-port q, RL_TIMEOUT_KIND for the process's timeouts:
 * q = -2 in context()), the process's id, on a network its degree
 * (a byte: the same id has other degrees in other graphs, and the table serves them all), its
 * locals as the state stores them, and for a head the message as the channel stores it. */
#define RL_KEY_MAX (1 + 10 + 1 + 10 * RL_STORED + 10 * RL_WIDTH)
#define RL_TIMEOUT_KIND (RL_IN_PORTS + 1)
static inline int kind_of(int q) { return q == -2 ? RL_TIMEOUT_KIND : q + 1; }
/* A context whose locals and head take at most 16 bytes each, as four words (zero padded). */
typedef struct {
    uint64_t words[4];
    uint32_t number;
    uint8_t locals_len, head_len;  /* locals_len 0: an empty entry (locals take at least a byte) */
} cached_context_t;
#define RL_CACHE_BITS 5
#define RL_SHORT 16

/* len <= 16 bytes from p as two words, zero padded; p has 16 readable bytes (decode's slack). */
static inline void load_short(const uint8_t *p, size_t len, uint64_t *out) {
    memcpy(out, p, 16);
    if (len < 16) {
        if (len <= 8) { out[1] = 0; if (len < 8) out[0] &= (1ull << (8 * len)) - 1; }
        else out[1] &= (1ull << (8 * (len - 8))) - 1;
    }
}

/* A state as graph_questions() follows the edges into it: the edges not yet followed, and the
 * fewest and most messages of the paths to it from the initial state (high -1: none yet).
 * Together, so that following an edge touches one cache line, not three arrays. */
typedef struct { int32_t low, high; uint32_t waiting; } node_t;  /* more messages than 2^31 on a path: a FAULT */

static struct {
    set_t states, locals, changes;
    cached_context_t cache[RL_N][RL_IN_PORTS + 2][1 << RL_CACHE_BITS];  /* see context(); by kind_of(q) */
    uint16_t *depth; size_t depth_cap;
    /* a state a chain ended at was expanded there to find its stubborn set: the steps it chose
     * wait here, in the order of the states' numbers, for the state's turn (see later_steps) */
    saved_step_t *later; size_t later_cap, later_len, later_head;
    saved_work_t *later_work; size_t later_work_cap, later_work_len, later_work_head;  /* one per group */
    /* the graph, in compressed sparse rows: state i's edges are edge_start[i] .. edge_start[i + 1]
     * (fewer than 2^32 edges: 20 GB of them), each its target and the messages sent on it (a
     * chain of at most LONGEST_CHAIN steps sends fewer than 2^16; more is a FAULT) */
    uint32_t *edge_start; size_t edge_start_cap;
    uint32_t *targets; size_t targets_cap;
    uint16_t *weights; size_t weights_cap;
    node_t *nodes; size_t nodes_cap;  /* graph_questions()'s */
    uint32_t *ready; size_t ready_cap;
    uint64_t edges;
    expansion_t outer, inner;
    work_t next;                /* a chain's next state, before it becomes g.inner's */
    bytes_t passed;
    bytes_t *targets_of; size_t targets_of_cap;  /* the chosen steps' targets of the state expanded */
    uint64_t *target_hash; size_t target_hash_cap;  /* their hash_bytes (without fingerprints) */
    /* with fingerprints the set holds 8-byte fingerprints; the states not yet expanded are
     * kept here in number order, from number frontier_base on */
    int fingerprint;
    uint64_t next_number; size_t next_entry;  /* state_bytes(): the state expanded next, and its entry in the arena */
    bytes_t frontier; uint64_t *frontier_start; size_t frontier_start_cap; uint64_t frontier_base;
    bytes_t terminal; uint64_t *passed_start; size_t passed_start_cap; int passed_count;
    set_t terminals; bytes_t terminal_key; int whole_terminals;  /* note_terminal()'s */
    /* the observation fields the state properties read (bit 0 decided, 1 is_leader, 2
     * leader_id, 3 candidate), and each observation kept to them (kept_observation()) */
    int kept_fields; set_t kept_observations; uint32_t *kept_number; size_t kept_number_cap;
    int por, chains, watched;
    uint64_t max_states, max_memory;  /* search()'s limits */
    uint64_t chain_steps, max_chain_steps;  /* the steps taken on chains so far, and their limit (0: none) */
    int longest_chain;          /* a chain ends at its state this far from its start (LONGEST_CHAIN) */
    int crashes, recoveries, premature;  /* the adversary's limits, and timeouts that fire whenever their guard holds */
    int designated;              /* the one process that may crash, or -1: any (checker/explore/designated.py) */
    const int64_t *ids;
    int want_locals, want_changes;
    /* per outcome in the table of contexts, which movers' changes by it are already in
     * `changes` (bit p: process p; n <= 64) */
    uint64_t *noted; size_t noted_cap;
    result_t *result;
} g;

/* -- the memory limit --------------------------------------------------------------------
 * The checker's limit is on the process (checker/explore/memory.py): max_memory is what the
 * search may add to what the process held when it began, less the arrays kept from the last
 * search (rl_kept_bytes). The capacities allocated (rl_allocated) overstate what it adds: a
 * large array's capacity beyond its use is never touched. So once they pass the limit, the
 * process's resident set is read (from /proc, every RL_MEMORY_EVERY-th time), and the search
 * stops when that passes the limit. */
#define RL_MEMORY_EVERY 1024
static uint64_t rl_ceiling;  /* the resident set the search may reach, or 0: unknown */
/* What the checker's memory will grow by for each local context the search records: it decodes
 * them and re-executes each in Python (models/native/audit.py) before it uses anything the
 * search found, and a search whose processes' locals keep changing records dozens of contexts
 * a state. Set by models/native/engine.py; counted as allocated, and added to the resident set,
 * so that the limit holds once they are decoded too. */
uint64_t rl_context_cost;
static uint64_t rl_contexts_cost;  /* rl_context_cost for each context this search recorded */

static uint64_t resident_bytes(void) {
    char text[128];
    int fd = open("/proc/self/statm", O_RDONLY);
    if (fd < 0) return 0;
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    if (got <= 0) return 0;
    text[got] = 0;
    const char *p = text;
    while (*p && *p != ' ') p++;  /* the first number is the size, the second the resident pages */
    uint64_t pages = 0;
    while (*p == ' ') p++;
    while (*p >= '0' && *p <= '9') pages = pages * 10 + (uint64_t)(*p++ - '0');
    return pages * (uint64_t)sysconf(_SC_PAGESIZE);
}

static int over_memory(void) {
    static unsigned calls;
    if (!g.max_memory || rl_allocated <= g.max_memory) return 0;
    if (!rl_ceiling) return 1;
    if (++calls % RL_MEMORY_EVERY) return 0;
    uint64_t now = resident_bytes();
    return !now || now + rl_contexts_cost > rl_ceiling;
}

/* Would the state set's next table (twice the slots, zeroed at once while the old one is
 * still held) take the process past its limit? Asked before a state is stored, since the
 * table of a large search is a gigabyte. */
static int room_to_rehash(void) {
    if (!g.max_memory || !rl_ceiling || 4 * (g.states.count + 1) <= 3 * (g.states.mask + 1)) return 1;
    uint64_t now = resident_bytes();
    return now && now + rl_contexts_cost + 2 * (g.states.mask + 1) * sizeof(uint64_t) <= rl_ceiling;
}

#define FAIL(code) do { if (!g.result->status) g.result->status = (code); return 0; } while (0)

/* -- witnesses: where a search first met each distinct vector and change ------------------
 * A search that stops at a limit has not seen the whole graph, but every state it expanded is
 * real: checker/explore/native_search.py judges the state and transition properties on them.
 * For that it needs, for each distinct observation vector (g.locals) and each distinct change
 * (g.changes), the first state where the search met it, in the order met: the stored state
 * being expanded then (its origin, a state number) and the state itself, packed (a chain's
 * state is not stored). Distinct vectors and changes are few, so this costs a copy now and then. */
typedef struct { bytes_t data; uint64_t count; int full; } witnesses_t;
/* 0: vectors, 1: changes, 2: terminal states (a search for a trace only: see rl_set_trace);
 * kept until the next search */
#define RL_WITNESS_KINDS 3
static witnesses_t rl_witnessed[RL_WITNESS_KINDS];
static uint64_t rl_origin;           /* the stored state being expanded */
static uint64_t rl_last_expanded;    /* the last state expanded with its edges (rl_path_to) */
static uint64_t rl_edges_seen;       /* the edges of the last search, for rl_path_to */
#define RL_WITNESS_BYTES ((size_t)1 << 28)

static void witnesses_reset(void);
static void note_witness(int which, const bytes_t *state) {
    witnesses_t *w = &rl_witnessed[which];
    size_t need = w->data.len + 2 * sizeof(uint64_t) + state->len;
    if (w->full || need > RL_WITNESS_BYTES || !grow((void **)&w->data.data, &w->data.cap, need, 1)) { w->full = 1; return; }
    uint64_t head[2] = {rl_origin, state->len};
    memcpy(w->data.data + w->data.len, head, sizeof head);
    memcpy(w->data.data + w->data.len + sizeof head, state->data, state->len);
    w->data.len = need;
    w->count++;
}

/* -- a search for the shortest counterexample (checker/explore/native_trace.py) ----------
 * With rl_set_trace(1), a search of the full graph (no reduction, no chains, no fingerprints)
 * also keeps what the checker needs to find the Python explorer's first violation among the
 * witnesses and to give that explorer's figures at it, without the Python explorer running:
 * each stored state's parent (the state whose expansion found it), for each expanded state the
 * unmatched receptions counted before its edges, and the first terminal state of each distinct
 * kind the terminal properties read (witnesses of kind 2). And when the judge says a
 * violation was met, the search does not stop at once: the states already stored but not yet
 * expanded are expanded without taking their steps (drain()), so that the vector of every state
 * found so far is among the witnesses: the Python explorer judges a state when it stores it. */
static struct {
    int asked, on;  /* asked by the checker; on for this search (a full graph, states stored) */
    uint32_t *parent; size_t parent_cap;
    uint32_t *unmatched_at; size_t unmatched_at_cap;
} rl_trace;
void rl_set_trace(int on) { rl_trace.asked = on; }
static void trace_free(void) {
    free(rl_trace.parent); free(rl_trace.unmatched_at);
    rl_trace.parent = rl_trace.unmatched_at = NULL; rl_trace.parent_cap = rl_trace.unmatched_at_cap = 0;
}

/* What the state set stores of a state: the state itself, or its fingerprint. */
static uint64_t key_buffer;
static inline const uint8_t *key_of(const uint8_t *state, size_t *len) {
    if (!g.fingerprint) return state;
    key_buffer = fingerprint_of(state, *len);
    *len = sizeof key_buffer;
    return (const uint8_t *)&key_buffer;
}

/* Where the last number_of() looked: store(..., probed) inserts there without looking again. */
static uint64_t probe_slot, probe_tag;

/* The number of a stored state, or -1. */
static inline int64_t number_of(const uint8_t *state, size_t len) {
    const uint8_t *key = key_of(state, &len);
    return set_find(&g.states, key, len, &probe_slot, &probe_tag);
}

/* The same, given the state's hash_bytes (without fingerprints). */
static inline int64_t number_of_hashed(const uint8_t *state, size_t len, uint64_t hash) {
    return set_find_hashed(&g.states, state, len, hash, &probe_slot, &probe_tag);
}

static inline int known(const uint8_t *state, size_t len) { return number_of(state, len) >= 0; }

/* The number of a state, storing it if new (*added); -1 when out of memory. `probed`: the
 * last number_of() was of this state, did not find it, and nothing was stored since. */
static int64_t store(const uint8_t *state, size_t len, int *added, int probed) {
    if (!room_to_rehash()) { g.result->status = MEMORY_LIMIT; return -1; }
    size_t key_len = len;
    const uint8_t *key = key_of(state, &key_len);
    int64_t number;
    if (probed) { *added = 1; number = set_insert(&g.states, key, key_len, probe_slot, probe_tag); }
    else number = set_add(&g.states, key, key_len, added);
    if (number >= 0 && *added && g.fingerprint) {
        uint64_t pending = (uint64_t)number - g.frontier_base;
        if (!grow((void **)&g.frontier.data, &g.frontier.cap, g.frontier.len + len + 16, 1)  /* room: see set_insert */
            || !grow((void **)&g.frontier_start, &g.frontier_start_cap, pending + 2, sizeof(uint64_t))) return -1;
        if (pending == 0) g.frontier_start[0] = g.frontier.len;
        memcpy(g.frontier.data + g.frontier.len, state, len);
        g.frontier.len += len;
        g.frontier_start[pending + 1] = g.frontier.len;
    }
    return number;
}

/* The bytes of state `number`, about to be expanded: the states are expanded in the order of
 * their numbers, which is their order in the arena, so the next one follows the last. */
static const uint8_t *state_bytes(uint64_t number, size_t *len) {
    if (!g.fingerprint && number == g.next_number) {
        uint32_t stored;
        const uint8_t *p = entry_string(g.states.arena.data + g.next_entry, len, &stored);
        g.next_entry = (size_t)(p - g.states.arena.data) + *len;
        g.next_number++;
        return p;
    }
    if (!g.fingerprint) return set_item(&g.states, number, len);
    uint64_t k = number - g.frontier_base;
    *len = g.frontier_start[k + 1] - g.frontier_start[k];
    return g.frontier.data + g.frontier_start[k];
}

/* Forget the expanded states' bytes once they are most of the frontier buffer. */
static void drop_expanded(uint64_t expanded_up_to) {
    uint64_t done = expanded_up_to - g.frontier_base, pending = g.states.count - expanded_up_to;
    if (!g.fingerprint || done < 4096 || done < pending) return;
    size_t cut = g.frontier_start[done];
    memmove(g.frontier.data, g.frontier.data + cut, g.frontier.len - cut);
    g.frontier.len -= cut;
    for (uint64_t k = 0; k <= pending; k++) g.frontier_start[k] = g.frontier_start[done + k] - cut;
    g.frontier_base = expanded_up_to;
}

/* -- local contexts -------------------------------------------------------------------- */
static int contexts_init(contexts_t *t) {
    memset(t, 0, sizeof *t);
    if (!set_init(&t->keys, 1024) || !set_init(&t->observations, 64)
        || !grow((void **)&t->first, &t->first_cap, 1, sizeof(uint64_t))) return 0;
    t->first[0] = 0;
    t->ready = 1;
    return 1;
}

static void contexts_clear(contexts_t *t) {
    for (size_t c = 0; c < t->chunks_cap; c++) free(t->chunks[c]);
    set_free(&t->keys); set_free(&t->observations);
    free(t->first); free(t->chunks); free(t->seen); free(t->values); free(t->observation);
    memset(t, 0, sizeof *t);
}

/* Run the generated code in a context met for the first time and record its outcomes under
 * `key`; *number is the context's number. */
static int record(const work_t *w, int i, int q, int c, const uint8_t *key, size_t len, uint32_t *number) {
    outcome_t fresh[RL_MAX_OUTCOMES];
    memset(fresh, 0, sizeof fresh);  /* what a kind of outcome does not set (a timeout's rank) is 0 */
    int64_t L[RL_SLOTS], M[RL_WIDTH];
    locals_of(w, i, L);
    if (q >= 0) head_of(w, c, M);
    const int degree = rl_degree[i];
    int count = q == -2 ? rl_timeouts(L, g.ids[i], degree, fresh)
                : q < 0 ? rl_spontaneous(L, g.ids[i], degree, fresh) : rl_receive(q, L, g.ids[i], degree, M, fresh);
    if (count < 0 || rl_fault) FAIL(FAULT);
    int64_t seen[4] = {0, 0, 0, 0};
#if RL_POR
    rl_observe(L, g.ids[i], degree, seen);
#endif
    for (int k = 0; k < count; k++) {
        outcome_t *o = &fresh[k];
        uint8_t *out = o->loc_bytes;
        for (int j = 0; j < RL_SLOTS; j++) put_varint(&out, o->loc[j]);
        if (RL_CRASHES) put_varint(&out, 0);  /* a process that steps is live */
        o->loc_len = (uint16_t)(out - o->loc_bytes);
        for (int m = 0; m < o->sends; m++) {
            out = o->sent_bytes[m];
            for (int f = 0; f <= rl_fields[o->sent[m][0]]; f++) put_varint(&out, o->sent[m][f]);
            o->sent_len[m] = (uint16_t)(out - o->sent_bytes[m]);
        }
        o->changed = memcmp(L, o->loc, sizeof o->loc) != 0;
        o->seen_changed = 0;
        memset(o->seen, 0, sizeof o->seen);
#if RL_POR
        rl_observe(o->loc, g.ids[i], degree, o->seen);
        for (int f = 0; f < 4; f++) if (o->seen[f] != seen[f]) o->seen_changed |= 1 << f;
#endif
    }
    /* room first, so that a failed allocation leaves no key without its outcomes */
    uint64_t k = ctx->keys.count, at = ctx->first[k];
    for (uint64_t c = at >> RL_CHUNK_BITS; c <= (at + (uint64_t)count) >> RL_CHUNK_BITS; c++) {
        size_t had = ctx->chunks_cap;
        if (!grow((void **)&ctx->chunks, &ctx->chunks_cap, c + 1, sizeof(outcome_t *))) FAIL(NO_MEMORY);
        memset(ctx->chunks + had, 0, (ctx->chunks_cap - had) * sizeof(outcome_t *));
        if (!ctx->chunks[c]) {
            if (!(ctx->chunks[c] = malloc(sizeof(outcome_t) << RL_CHUNK_BITS))) FAIL(NO_MEMORY);
            rl_allocated += sizeof(outcome_t) << RL_CHUNK_BITS;
        }
    }
    if (!grow((void **)&ctx->first, &ctx->first_cap, k + 2, sizeof(uint64_t))
        || !grow((void **)&ctx->seen, &ctx->seen_cap, 4 * (k + 1), sizeof(int64_t))
        || !grow((void **)&ctx->values, &ctx->values_cap, RL_SLOTS * (k + 1), sizeof(int64_t))
        || !grow((void **)&ctx->observation, &ctx->observation_cap, k + 1, sizeof(uint32_t))) FAIL(NO_MEMORY);
    int added;
    int64_t observation = set_add(&ctx->observations, (const uint8_t *)seen, sizeof seen, &added);
    if (observation < 0) { ctx->broken = 1; FAIL(NO_MEMORY); }
    int64_t found = set_add(&ctx->keys, key, len, &added);
    if (found < 0) { ctx->broken = 1; FAIL(NO_MEMORY); }
    for (int j = 0; j < count; j++) *outcome_at(at + (uint64_t)j) = fresh[j];
    memcpy(ctx->seen + 4 * k, seen, sizeof seen);
    memcpy(ctx->values + RL_SLOTS * k, L, sizeof L);
    ctx->observation[k] = (uint32_t)observation;
    ctx->first[k + 1] = at + (uint64_t)count;
    *number = (uint32_t)found;
    rl_allocated += rl_context_cost;
    rl_contexts_cost += rl_context_cost;
    return 1;
}

/* The number of process i's context in w (with q >= 0: of the head of channel c arriving on
 * in-port q), recording the context if it is new. A small direct-mapped cache per (process,
 * in-port) answers almost every look-up of a context that fits in four words: a process meets
 * few contexts, and comparing words in place is much cheaper than building the key and
 * probing the table (which the search would otherwise do several times per state). */
static inline int context(const work_t *w, int i, int q, int c, uint32_t *number) {
    const uint8_t *locals = w->packed.data + w->loc_at[i], *head = locals;
    size_t locals_len = w->loc_at[i + 1] - w->loc_at[i], head_len = 0;
    if (q >= 0) { head = w->packed.data + w->messages_at[c]; head_len = w->second_at[c] - w->messages_at[c]; }
    cached_context_t *hit = NULL;
    uint64_t words[4] = {0, 0, 0, 0};
    if (locals_len <= RL_SHORT && head_len <= RL_SHORT) {
        load_short(locals, locals_len, words);
        if (head_len) load_short(head, head_len, words + 2);
        uint64_t h = (words[0] * 0x9E3779B97F4A7C15ull) ^ (words[1] * 0xC2B2AE3D27D4EB4Full)
                     ^ (words[2] * 0x165667B19E3779F9ull) ^ (words[3] * 0xD6E8FEB86659FD93ull);
        hit = &g.cache[i][kind_of(q)][h >> (64 - RL_CACHE_BITS)];
        if (hit->locals_len == locals_len && hit->head_len == head_len && hit->words[0] == words[0]
            && hit->words[1] == words[1] && hit->words[2] == words[2] && hit->words[3] == words[3]) {
            *number = hit->number;
            return 1;
        }
    }
    uint8_t key[RL_KEY_MAX], *k = key;
    *k++ = (uint8_t)kind_of(q);
    put_varint(&k, g.ids[i]);
#if RL_NETWORK
    *k++ = (uint8_t)rl_degree[i];
#endif
    memcpy(k, locals, locals_len); k += locals_len;
    memcpy(k, head, head_len); k += head_len;
    size_t len = (size_t)(k - key);
    uint64_t slot, tag;
    int64_t found = set_find(&ctx->keys, key, len, &slot, &tag);
    if (found >= 0) *number = (uint32_t)found;
    else if (!record(w, i, q, c, key, len, number)) return 0;
    if (hit) {
        memcpy(hit->words, words, sizeof words);
        hit->locals_len = (uint8_t)locals_len; hit->head_len = (uint8_t)head_len;
        hit->number = *number;
    }
    return 1;
}

/* Outcome u of a context of process i (taking the head of channel c, or -1) as a step. */
static inline void make_step(step_t *s, int i, int c, uint64_t u, uint32_t here) {
    const outcome_t *o = outcome_at(u);
    s->mover = i; s->kind = RL_STEP; s->in_channel = c; s->instance = i * RL_PER_PROCESS + o->offset;
    s->o = o; s->u = u; s->here = here;
}

/* What an adversary's step does as an outcome: nothing sent, a change of its process. */
static const outcome_t rl_adversary_outcome = {.offset = -1, .changed = 1, .seen_changed = 15};

/* The adversary's step `kind` on process i as a step. */
static inline void make_adversary_step(step_t *s, int i, int kind, uint32_t here) {
    s->mover = i; s->kind = kind; s->in_channel = -1; s->instance = RL_INSTANCES + (kind - 1) * RL_N + i;
    s->o = &rl_adversary_outcome; s->u = UINT64_MAX; s->here = here;
}

/* Add context k's outcomes at process i (taking the head of channel c, or -1) to the successors
 * (expand made room for them). */
static inline void emit(expansion_t *x, int i, int c, uint32_t k, uint32_t here) {
    uint64_t a = ctx->first[k], b = ctx->first[k + 1];
    for (uint64_t u = a; u < b; u++) {
        successor_t *t = &x->items[x->count++];
        make_step(&t->step, i, c, u, here);
        t->visible = g.por && (t->step.o->seen_changed & g.watched) != 0;
    }
}

static inline void memo_key_of(expansion_t *x);

#define RL_MAX_SUCCESSORS ((size_t)RL_N * (RL_MAX_OUTCOMES * (2 + RL_IN_PORT_COUNT) + 1))

/* The number of process i's context in x->work (with q >= 0: of the head of channel c arriving
 * on in-port q), taken from `from` where step t, which led from from's state to x's, left it
 * as it was: a process that did not move keeps its locals, and a channel's head stays unless
 * the step took it or sent to the empty channel. */
static inline int context_after(const expansion_t *x, const expansion_t *from, const step_t *t, int i, int q, int c,
                                uint32_t *number) {
    uint32_t before = !from || i == t->mover ? RL_NO_HEAD : q < 0 ? from->here[i] : from->heard[i][q];
    if (before == RL_NO_HEAD || c == t->in_channel) return context(&x->work, i, q, c, number);
    *number = before;
#ifdef RL_CHECK_WORK
    uint32_t again;
    if (!context(&x->work, i, q, c, &again)) return 0;
    if (again != before) abort();
#endif
    return 1;
}

/* Observation number o (ctx->observations) with only the fields the state properties read
 * (g.kept_fields), as a number in g.kept_observations; -1 when out of memory. */
static int64_t kept_observation(uint32_t o) {
    if (g.kept_fields == 15) return o;
    if (o >= g.kept_number_cap || !g.kept_number[o]) {
        size_t had = g.kept_number_cap;
        if (!grow((void **)&g.kept_number, &g.kept_number_cap, (size_t)o + 1, sizeof(uint32_t))) return -1;
        memset(g.kept_number + had, 0, (g.kept_number_cap - had) * sizeof(uint32_t));
        size_t len;
        int64_t quad[4];
        memcpy(quad, set_item(&ctx->observations, o, &len), sizeof quad);
        for (int f = 0; f < 4; f++) if (!(g.kept_fields >> f & 1)) quad[f] = 0;
        int added;
        int64_t number = set_add(&g.kept_observations, (const uint8_t *)quad, sizeof quad, &added);
        if (number < 0) return -1;
        g.kept_number[o] = (uint32_t)number + 1;
    }
    return (int64_t)g.kept_number[o] - 1;
}

/* Whether `id` is the id of a crashed process (a leader that crashed, a process a timeout waits for). */
static inline int crashed_id(uint64_t crashed, int64_t id) {
    for (int p = 0; crashed && p < RL_N; p++) if ((crashed >> p & 1) && g.ids[p] == id) return 1;
    return 0;
}

#define RL_CRASHED_NUMBER UINT32_MAX  /* observed_number() of a crashed process */

/* Process p of w, context `here`, as the state properties see it, a small number: its
 * observation kept to the fields they read (kept_observation); with crashes, shifted left once
 * with the bit saying the leader it records crashed, or RL_CRASHED_NUMBER for a crashed process. */
static int observed_number(const work_t *w, int p, uint32_t here, uint32_t *out) {
    if (RL_CRASHES && (w->crashed >> p & 1)) { *out = RL_CRASHED_NUMBER; return 1; }
    int64_t kept = kept_observation(ctx->observation[here]);
    if (kept < 0 || kept >= (int64_t)UINT32_MAX >> RL_CRASHES) return 0;
    *out = RL_CRASHES ? (uint32_t)kept << 1 | (uint32_t)crashed_id(w->crashed, ctx->seen[4 * (size_t)here + 2])
                      : (uint32_t)kept;
    (void)w;
    return 1;
}

/* Add the timeouts that fire in x's state (models/systems/semantics.py's timeout_steps): every one whose
 * guard holds with premature timeouts; otherwise one that waits for a process once that process
 * has crashed, and the others when no other step of a live process is enabled (x has none so
 * far), those of the smallest rank among them. In the order of their instances: process, then
 * declaration. */
static int timeouts(expansion_t *x) {
    const work_t *w = &x->work;
    const int quiet = x->count == 0;
    uint32_t own[RL_N];
    int shortest = INT32_MAX;
    for (int i = 0; i < RL_N; i++) {
        x->timed[i] = RL_NO_HEAD;
        if (RL_CRASHES && (w->crashed >> i & 1)) continue;
        if (!context(w, i, -2, -1, &own[i])) return 0;
        x->timed[i] = own[i];
        for (uint64_t u = ctx->first[own[i]]; u < ctx->first[own[i] + 1]; u++) {
            const outcome_t *o = outcome_at(u);
            if (!o->awaits && (quiet || g.premature) && o->rank < shortest) shortest = o->rank;
        }
    }
    for (int i = 0; i < RL_N; i++) {
        if (RL_CRASHES && (w->crashed >> i & 1)) continue;
        for (uint64_t u = ctx->first[own[i]]; u < ctx->first[own[i] + 1]; u++) {
            const outcome_t *o = outcome_at(u);
            int fires = g.premature || (o->awaits ? crashed_id(w->crashed, o->awaited) : quiet && o->rank == shortest);
            if (!fires) continue;
            successor_t *t = &x->items[x->count++];
            make_step(&t->step, i, -1, u, own[i]);
            t->visible = g.por && (o->seen_changed & g.watched) != 0;  /* as a command's (emit) */
        }
    }
    return 1;
}

/* Does the crash of live process p, own context `here`, change what the watched fields observe?
 * It becomes crashed: False, False, None, False (models/systems/crashes.py), and the others'
 * leader_crashed, which the native search never watches (native_search.py). */
static int crash_visible(uint32_t here) {
    const int64_t *seen = ctx->seen + 4 * (size_t)here;
    return ((g.watched & 1) && seen[0]) || ((g.watched & 2) && seen[1])
           || ((g.watched & 4) && RL_LEADER_ID)  /* a live process's leader_id is a number, never None */
           || ((g.watched & 8) && seen[3]);
}

/* Add the adversary's steps in x's state: a crash of each live process while fewer than the
 * limit crashed (over the run, with recoveries; with g.designated >= 0 only of that process,
 * checker/explore/designated.py), then a restart of each crashed one while fewer than the limit
 * of recoveries happened. */
static void adversary(expansion_t *x) {
    const work_t *w = &x->work;
    const int64_t crashes = RL_RECOVERIES ? w->counts[0] : __builtin_popcountll(w->crashed);
    const int64_t recoveries = RL_RECOVERIES ? w->counts[1] : 0;
    for (int i = 0; i < RL_N && crashes < g.crashes; i++)
        if (!(w->crashed >> i & 1) && (g.designated < 0 || i == g.designated)) {
            successor_t *t = &x->items[x->count++];
            make_adversary_step(&t->step, i, RL_CRASH, x->here[i]);
            t->visible = g.por && crash_visible(x->here[i]);
        }
    for (int i = 0; i < RL_N && recoveries < g.recoveries; i++)
        if (w->crashed >> i & 1) {
            successor_t *t = &x->items[x->count++];
            make_adversary_step(&t->step, i, RL_RECOVER, RL_NO_HEAD);
            t->visible = 1;  /* never reduced (supports_por) */
        }
}

/* List the enabled transitions of the state decoded in x->work (decode, or encode_work) in the
 * engine's order: per process its spontaneous commands, then per arrival port the outcomes of
 * the head. With `from`, the state is step t's target from from's state (whose contexts are
 * known), and the contexts t did not change are taken from there. */
static int expand_work(expansion_t *x, const expansion_t *from, const step_t *t) {
    x->count = 0;
    if (from && !from->contexts_known) from = NULL;
    /* room for the most successors a state can have */
    if (!grow((void **)&x->items, &x->cap, RL_MAX_SUCCESSORS, sizeof(successor_t))) FAIL(NO_MEMORY);
    const work_t *w = &x->work;
    for (int i = 0; i < RL_N; i++) {
        if (RL_CRASHES && (w->crashed >> i & 1)) {  /* a crashed process takes no step */
            x->here[i] = RL_NO_HEAD;
            for (int q = 0; q < RL_IN_PORT_COUNT; q++) x->heard[i][q] = RL_NO_HEAD;
            continue;
        }
        if (!context_after(x, from, t, i, -1, -1, &x->here[i])) return 0;
        emit(x, i, -1, x->here[i], x->here[i]);
        for (int q = 0; q < RL_IN_PORT_COUNT; q++) {
            int c = rl_in[i * RL_IN_PORTS + q];
            x->heard[i][q] = RL_NO_HEAD;
            if (c < 0 || !w->len[c]) continue;  /* a port the process lacks (a network's), or no head */
            if (!context_after(x, from, t, i, q, c, &x->heard[i][q])) return 0;
            emit(x, i, c, x->heard[i][q], x->here[i]);
        }
    }
    if (RL_TIMEOUTS && !timeouts(x)) return 0;
    if (RL_CRASHES) adversary(x);
    x->contexts_known = 1;
    if (g.por && x->count > 1) memo_key_of(x);
    /* a step that changed nothing the vector holds leaves it as from's, which is in already */
    int same_vector = from && !(RL_POR ? t->o->seen_changed & g.kept_fields : t->o->changed);
    if (g.want_locals && !same_vector) {
        /* what the state properties read, as small numbers (handed over as values by
         * vectors_out): each process's observation (rl_observe, numbered with its context)
         * kept to the fields they read, far fewer combinations than vectors of locals; without
         * rl_observe, its own context, whose locals the table keeps */
        uint32_t vector[RL_N];
#if RL_POR
        for (int p = 0; p < RL_N; p++) {
            if (!observed_number(w, p, x->here[p], &vector[p])) FAIL(NO_MEMORY);
        }
#else
        memcpy(vector, x->here, sizeof vector);
#endif
        int added;
        if (set_add(&g.locals, (const uint8_t *)vector, sizeof vector, &added) < 0) FAIL(NO_MEMORY);
        if (added) note_witness(0, &w->packed);
    }
    return 1;
}

/* The same for the packed `state`. */
static int expand(const uint8_t *state, size_t len, expansion_t *x) {
    if (!decode(state, len, &x->work)) FAIL(NO_MEMORY);
    return expand_work(x, NULL, NULL);
}

/* -- stubborn sets (checker/reduction.py, the same closure) ------------------------------ */
/* What a stubborn set depends on in a state (models/reading/dependence.py's closure arguments):
 * the enabled instances and each channel's head tag (-1: empty); with crashes or timeouts also
 * the receive instances whose guard holds of no message at their process's locals (hopeless),
 * the instances of the crashed processes (dead), and for each timeout that waits for a process
 * (rl_detectors) the position of the process it waits for if its guard holds, else -1. */
typedef struct {
    mask_t enabled, hopeless, dead;
    int8_t heads[RL_CHANNELS];
    int8_t awaiting[RL_MAX_DETECTORS];
} situation_t;

/* A necessary enabling set of the disabled instance t (dependence.py's _enablers). */
static void enablers(int t, const situation_t *s, mask_t *out) {
    int channel = rl_reads_channel[t];
    if (channel < 0) {  /* a spontaneous command, a timeout, a crash (which nothing enables again) */
        *out = rl_writers_of_guard[t];
        int number = RL_FAULTS ? rl_detector[t] : -1;
        if (number >= 0 && s->awaiting[number] >= 0) mask_set(out, RL_INSTANCES + s->awaiting[number]);
        return;
    }
    if (RL_FAULTS && mask_has(&s->hopeless, t)) { *out = rl_writers_of_guard[t]; return; }
    int head = s->heads[channel];
    if (head < 0) {  /* refined: a sender of the type it receives (the unmatched instance: any) */
        *out = rl_refined && rl_accepts[t] >= 0 ? rl_typed_senders[channel * RL_TYPES + rl_accepts[t]] : rl_senders[channel];
        return;
    }
    *out = rl_readers[channel];
    if (rl_accepts[t] < 0 || head == rl_accepts[t]) mask_or(out, &rl_writers_of_guard[t]);
}

/* The closure from t within t's process (members) and the instances of other processes it asks
 * for (elsewhere), before the dead ones are taken out of those: t's process is live, so none of
 * its own instances is dead, and closure() drops the dead from `elsewhere`. */
static void local_reach_of(int t, const situation_t *s, mask_t *members, mask_t *elsewhere) {
    const mask_t *own = &rl_instances_of[rl_process[t]];
    mask_t pending = {{0}};
    memset(members, 0, sizeof *members); memset(elsewhere, 0, sizeof *elsewhere);
    mask_set(members, t); mask_set(&pending, t);
    while (!mask_empty(&pending)) {
        int u = mask_lowest(&pending);
        mask_clear(&pending, u);
        mask_t added;
        if (mask_has(&s->enabled, u)) added = rl_conflicts[u]; else enablers(u, s, &added);
        for (int k = 0; k < RL_WORDS; k++) {
            added.w[k] &= rl_closable->w[k];
            elsewhere->w[k] |= added.w[k] & ~own->w[k];
            uint64_t inside = added.w[k] & own->w[k] & ~members->w[k];
            members->w[k] |= inside;
            pending.w[k] |= inside;
        }
    }
}

/* local_reach_of(t) reads only which of t's process's instances are enabled and the heads of
 * the channels they read (its members never leave the process), and with faults which of them
 * are hopeless, whether its crash is enabled and whom its timeouts wait for: memoised by that,
 * since a process is in few such situations while the system is in many, and a stubborn-set
 * memo miss is then a few look-ups instead of a few dozen walks. Kept and emptied with the memo
 * (the same dependence tables). Where a key does not fit in its four words, it is computed every
 * time. */
#define RL_REACH_HEADS 6
#define RL_REACH_WAITS 7          /* timeouts of a process that wait for another, in `more` */
typedef struct { uint64_t own, rest, hope, more; mask_t members, elsewhere; } reach_entry_t;  /* rest 0: empty */
static struct {
    reach_entry_t *entries; uint64_t mask, count;
    int usable;                                    /* every process reads at most RL_REACH_HEADS channels */
    int reads[RL_N][RL_REACH_HEADS], read_count[RL_N];  /* the channels each process's instances read */
    int waits[RL_N][RL_REACH_WAITS], wait_count[RL_N];  /* each process's detectors (their numbers) */
} reach;

static void reach_reset(void) {
    free(reach.entries);
    memset(&reach, 0, sizeof reach);
    reach.usable = RL_PER_PROCESS <= 64 && RL_TRANSITIONS < 0xffff;
    for (int t = 0; t < RL_INSTANCES && reach.usable; t++) {
        int p = rl_process[t], c = rl_reads_channel[t], known = 0;
        if (RL_FAULTS && rl_detector[t] >= 0) {
            if (reach.wait_count[p] == RL_REACH_WAITS) reach.usable = 0;
            else reach.waits[p][reach.wait_count[p]++] = rl_detector[t];
        }
        if (c < 0) continue;
        for (int k = 0; k < reach.read_count[p]; k++) known |= reach.reads[p][k] == c;
        if (known) continue;
        if (reach.read_count[p] == RL_REACH_HEADS) reach.usable = 0;
        else reach.reads[p][reach.read_count[p]++] = c;
    }
}

/* The bits of m from `from` on, `count` <= 64 of them. */
static inline uint64_t bits_at(const mask_t *m, int from, int count) {
    int k = from >> 6, shift = from & 63;
    uint64_t v = m->w[k] >> shift;
    if (shift && k + 1 < RL_WORDS) v |= m->w[k + 1] << (64 - shift);
    return count >= 64 ? v : v & ((1ull << count) - 1);
}

static inline reach_entry_t *reach_slot(reach_entry_t *entries, uint64_t mask, const reach_entry_t *key) {
    uint64_t h = (key->own * 0x9E3779B97F4A7C15ull) ^ (key->rest * 0xC2B2AE3D27D4EB4Full)
                 ^ (key->hope * 0x165667B19E3779F9ull) ^ (key->more * 0x27D4EB2F165667C5ull);
    uint64_t j = (h ^ (h >> 29)) & mask;
    while (entries[j].rest && (entries[j].own != key->own || entries[j].rest != key->rest
                               || entries[j].hope != key->hope || entries[j].more != key->more)) j = (j + 1) & mask;
    return &entries[j];
}

static int reach_grow(void) {
    uint64_t mask = reach.entries ? reach.mask * 2 + 1 : 255;
    reach_entry_t *entries = calloc(mask + 1, sizeof(reach_entry_t));
    if (!entries) return 0;
    rl_allocated += (mask + 1) * sizeof(reach_entry_t);
    if (reach.entries)
        for (uint64_t k = 0; k <= reach.mask; k++)
            if (reach.entries[k].rest) *reach_slot(entries, mask, &reach.entries[k]) = reach.entries[k];
    free(reach.entries);
    reach.entries = entries; reach.mask = mask;
    return 1;
}

/* Instance t's process's instances that t's stubborn set must hold with t (members), and the
 * other processes' instances it must hold (elsewhere, the dead among them included), in
 * situation s; 0 when out of memory. */
static int local_reach(int t, const situation_t *s, mask_t *members, mask_t *elsewhere) {
    if (!reach.usable) { local_reach_of(t, s, members, elsewhere); return 1; }
    int p = rl_process[t];
    reach_entry_t key = {.own = bits_at(&s->enabled, p * RL_PER_PROCESS, RL_PER_PROCESS), .rest = (uint64_t)(t + 1)};
    for (int k = 0; k < reach.read_count[p]; k++) key.rest |= (uint64_t)(uint8_t)s->heads[reach.reads[p][k]] << (16 + 8 * k);
    if (RL_FAULTS) {
        key.hope = bits_at(&s->hopeless, p * RL_PER_PROCESS, RL_PER_PROCESS);
        key.more = RL_CRASHES ? (uint64_t)mask_has(&s->enabled, RL_INSTANCES + p) : 0;  /* its crash */
        for (int k = 0; k < reach.wait_count[p]; k++) key.more |= (uint64_t)(uint8_t)s->awaiting[reach.waits[p][k]] << (8 + 8 * k);
    }
    if (10 * (reach.count + 1) > 7 * (reach.mask + 1) && !reach_grow()) return 0;
    reach_entry_t *e = reach_slot(reach.entries, reach.mask, &key);
    if (!e->rest) {
        local_reach_of(t, s, &key.members, &key.elsewhere);
        *e = key;
        reach.count++;
    }
    *members = e->members; *elsewhere = e->elsewhere;
    return 1;
}

/* The enabled members of the stubborn set grown from `seed`, or 0 once it has `give_up_at`;
 * -1 when out of memory. */
static int closure(int seed, const situation_t *s, int give_up_at, mask_t *out) {
    mask_t members = {{0}}, pending = {{0}};
    mask_set(&pending, seed);
    while (!mask_empty(&pending)) {
        int t = mask_lowest(&pending);
        mask_clear(&pending, t);
        if (mask_has(&members, t)) continue;
        mask_t local, elsewhere, inside;
        if (!local_reach(t, s, &local, &elsewhere)) return -1;
        mask_or(&members, &local);
        for (int k = 0; k < RL_WORDS; k++) {
            pending.w[k] |= elsewhere.w[k] & ~members.w[k] & ~s->dead.w[k];
            inside.w[k] = members.w[k] & s->enabled.w[k];
        }
        if (mask_count(&inside) >= give_up_at) return 0;
    }
    for (int k = 0; k < RL_WORDS; k++) out->w[k] = members.w[k] & s->enabled.w[k];
    return 1;
}

/* The candidate sets depend only on the enabled instances, the heads' tags and the dependence
 * tables, so they are memoised across the searches of an engine (the arrangements of a ring
 * share their tables; a search whose tables differ in any word starts the memo afresh). An
 * entry keeps its key inline: a look-up touches one cache line of the table, not three. */
#define RL_TABLE_WORDS ((2 * (RL_TRANSITIONS + RL_CHANNELS) + RL_CHANNELS * RL_TYPES + 2) * RL_WORDS + 2 * RL_TRANSITIONS + 1)
typedef struct {
    uint8_t key[RL_MEMO_KEY];    /* the situation, packed (memo_key_of) */
    uint8_t filled;
    uint32_t first, count;       /* its candidates: memo.candidates[first .. first + count) */
    mask_t first_set;            /* the first of them, here too: a look-up that hits reads one place */
} memo_entry_t;

static struct {
    memo_entry_t *entries; uint64_t mask, count;
    uint64_t restarts;                /* times it filled and started afresh (the footprint line) */
    mask_t *candidates; size_t candidates_cap, candidates_count;
    uint64_t tables[RL_TABLE_WORDS];  /* the dependence tables the entries were computed with */
} memo;

#define RL_MEMO_KEPT (1u << 21)
/* With crashes or timeouts a situation holds more of the state (hopeless, dead, awaiting) and
 * recurs less, and mostly near where it was first met: bully-always-replies at n = 5 met 2.1
 * million of them in its first 3 million states, 144 bytes a slot. The memo then stops growing at
 * this many slots (9 MB there) and, when full, starts afresh (candidates()). Measured
 * (docs/engines.md): at 2^21 slots that stop growing, `check bully-always-replies --n 4 --crashes
 * 1` took 229 MB and 2.0 s; at 2^16 started afresh, 155 MB and 2.0 s (at n = 5, 4 million states:
 * 1,038 -> 663 MB, 10.5 -> 11.3 s). */
#ifndef RL_MEMO_SLOTS_WITH_FAULTS
#define RL_MEMO_SLOTS_WITH_FAULTS (1ull << 16)
#endif
#define RL_MEMO_MOST_SLOTS (RL_FAULTS ? RL_MEMO_SLOTS_WITH_FAULTS : UINT64_MAX)

/* Keep the memo if it was computed with the dependence tables of this search, else empty it. */
static int memo_for_tables(void) {
    uint64_t tables[RL_TABLE_WORDS], *t = tables;
    memcpy(t, rl_conflicts, RL_TRANSITIONS * sizeof(mask_t)); t += RL_TRANSITIONS * RL_WORDS;
    memcpy(t, rl_writers_of_guard, RL_TRANSITIONS * sizeof(mask_t)); t += RL_TRANSITIONS * RL_WORDS;
    memcpy(t, rl_senders, RL_CHANNELS * sizeof(mask_t)); t += RL_CHANNELS * RL_WORDS;
    memcpy(t, rl_readers, RL_CHANNELS * sizeof(mask_t)); t += RL_CHANNELS * RL_WORDS;
    memcpy(t, rl_typed_senders, RL_CHANNELS * RL_TYPES * sizeof(mask_t)); t += RL_CHANNELS * RL_TYPES * RL_WORDS;
    memcpy(t, rl_closable, sizeof(mask_t)); t += RL_WORDS;
    memcpy(t, rl_seedable, sizeof(mask_t)); t += RL_WORDS;
    for (int k = 0; k < RL_TRANSITIONS; k++) *t++ = (uint64_t)(int64_t)rl_reads_channel[k];
    for (int k = 0; k < RL_TRANSITIONS; k++) *t++ = (uint64_t)(int64_t)rl_detector[k];
    *t++ = (uint64_t)rl_refined;
    /* kept while it is of a size that pays: past 2^21 entries (over 200 MB with its candidate
     * sets) it is started afresh (hs at n = 6 peaked at 3.6 GB with it kept whole, 2.9 GB so,
     * at commit 46f5ced) */
    if (memo.entries && memo.count <= RL_MEMO_KEPT && memcmp(tables, memo.tables, sizeof tables) == 0) {
        rl_allocated += (memo.mask + 1) * sizeof(memo_entry_t) + memo.candidates_cap * sizeof(mask_t)
                        + (reach.entries ? (reach.mask + 1) * sizeof(reach_entry_t) : 0);
        return 1;
    }
    free(memo.entries); free(memo.candidates);
    memset(&memo, 0, sizeof memo);
    memcpy(memo.tables, tables, sizeof tables);
    reach_reset();
    uint64_t slots = RL_MEMO_MOST_SLOTS < 1024 ? RL_MEMO_MOST_SLOTS : 1024;  /* a power of two */
    memo.entries = calloc(slots, sizeof(memo_entry_t));
    memo.mask = slots - 1;
    rl_allocated += slots * sizeof(memo_entry_t);
    return memo.entries != NULL;
}

static inline memo_entry_t *memo_slot(memo_entry_t *entries, uint64_t mask, const uint8_t *key, uint64_t hash) {
    uint64_t j = hash & mask;
    while (entries[j].filled && memcmp(entries[j].key, key, RL_MEMO_KEY) != 0) j = (j + 1) & mask;
    return &entries[j];
}

static int memo_grow(void) {
    uint64_t mask = memo.mask * 2 + 1;
    memo_entry_t *entries = table_calloc(mask + 1, sizeof(memo_entry_t));
    if (!entries) return 0;
    rl_allocated += (memo.mask + 1) * sizeof(memo_entry_t);
    for (uint64_t k = 0; k <= memo.mask; k++)
        if (memo.entries[k].filled)
            *memo_slot(entries, mask, memo.entries[k].key, hash_bytes(memo.entries[k].key, RL_MEMO_KEY)) = memo.entries[k];
    free(memo.entries);
    memo.entries = entries; memo.mask = mask;
    return 1;
}

/* The receive instances of a live process p with own context `here` whose guard holds of no
 * message at its locals (rl_hopeless, once per context), as bits from p's first instance. */
static inline uint64_t hopeless_at(int p, uint32_t here) {
    return rl_hopeless(ctx->values + RL_SLOTS * (size_t)here, rl_degree[p]);
}

/* For detector k (rl_detectors[k], a timeout of process p that waits for a process): the position
 * of the process it waits for if its guard holds at p (x->timed[p], its timeouts' context), else
 * -1 (and -1 for a crashed p). */
static inline int8_t awaited_by(const expansion_t *x, int k) {
    int t = rl_detectors[k], p = rl_process[t];
    if (x->timed[p] == RL_NO_HEAD) return -1;
    for (uint64_t u = ctx->first[x->timed[p]]; u < ctx->first[x->timed[p] + 1]; u++) {
        const outcome_t *o = outcome_at(u);
        if (p * RL_PER_PROCESS + o->offset != t || !o->awaits) continue;
        for (int q = 0; q < RL_N; q++) if (g.ids[q] == o->awaited) return (int8_t)q;
        return -1;  /* an id no process has: no crash enables it */
    }
    return -1;
}

/* x's key in the memo: its situation, packed; and the key's slot is fetched into the cache while
 * expand() finishes (a look-up that waits for it was a third of choose()). */
static inline void memo_key_of(expansion_t *x) {
    mask_t enabled = {{0}};
    int8_t heads[RL_CHANNELS];
    for (size_t k = 0; k < x->count; k++) mask_set(&enabled, x->items[k].step.instance);
    for (int c = 0; c < RL_CHANNELS; c++) {
        const uint8_t *r = x->work.packed.data + x->work.messages_at[c];
        heads[c] = x->work.len[c] ? (int8_t)get_varint(&r) : -1;
    }
    memcpy(x->memo_key, &enabled, sizeof(mask_t));
    memcpy(x->memo_key + sizeof(mask_t), heads, RL_CHANNELS);
#if RL_FAULTS
    mask_t hopeless = {{0}}, dead = {{0}};
    int8_t awaiting[RL_MAX_DETECTORS];
    memset(awaiting, -1, sizeof awaiting);
    for (int p = 0; p < RL_N; p++) {
        if (RL_CRASHES && (x->work.crashed >> p & 1)) {  /* without recoveries it never steps again */
            mask_or(&dead, &rl_instances_of[p]);
            continue;
        }
        if (!rl_refined) continue;
        uint64_t bits = hopeless_at(p, x->here[p]);
        while (bits) { mask_set(&hopeless, p * RL_PER_PROCESS + __builtin_ctzll(bits)); bits &= bits - 1; }
    }
    for (int k = 0; k < rl_detector_count; k++) awaiting[k] = awaited_by(x, k);
    uint8_t *more = x->memo_key + sizeof(mask_t) + RL_CHANNELS;
    memcpy(more, &hopeless, sizeof(mask_t));
    memcpy(more + sizeof(mask_t), &dead, sizeof(mask_t));
    memcpy(more + 2 * sizeof(mask_t), awaiting, RL_MAX_DETECTORS);
#endif
    x->memo_hash = hash_bytes(x->memo_key, RL_MEMO_KEY);
    __builtin_prefetch(&memo.entries[x->memo_hash & memo.mask]);
}

/* The situation a memo key packs (memo_key_of). */
static void situation_of(const uint8_t *key, situation_t *s) {
    memset(s, 0, sizeof *s);
    memcpy(&s->enabled, key, sizeof(mask_t));
    memcpy(s->heads, key + sizeof(mask_t), RL_CHANNELS);
#if RL_FAULTS
    const uint8_t *more = key + sizeof(mask_t) + RL_CHANNELS;
    memcpy(&s->hopeless, more, sizeof(mask_t));
    memcpy(&s->dead, more + sizeof(mask_t), sizeof(mask_t));
    memcpy(s->awaiting, more + 2 * sizeof(mask_t), RL_MAX_DETECTORS);
#endif
}

/* The candidate sets for x's situation, fewest transitions first (memoised): *first is the
 * first, (*sets)[1 .. *count) the others. Each is grown from an enabled instance that may seed
 * one (rl_seedable: a command, not a guarded timeout nor a crash, unless timeouts are premature). */
static int candidates(const expansion_t *x, const mask_t **first, const mask_t **sets, int *count) {
    const uint8_t *key = x->memo_key;
    memo_entry_t *e = memo_slot(memo.entries, memo.mask, key, x->memo_hash);
    if (!e->filled) {
        situation_t s;
        situation_of(key, &s);
        /* the entry is filled only once its candidates are all there: a failed allocation
         * leaves the memo as it was */
        size_t from = memo.candidates_count;
        int total = mask_count(&s.enabled);
        mask_t rest = s.enabled, found;
        for (int k = 0; k < RL_WORDS; k++) rest.w[k] &= rl_seedable->w[k];
        while (!mask_empty(&rest)) {
            int seed = mask_lowest(&rest);
            mask_clear(&rest, seed);
            int closed = closure(seed, &s, total, &found);
            if (closed < 0) { memo.candidates_count = from; FAIL(NO_MEMORY); }
            if (!closed) continue;
            size_t at = from, stop = memo.candidates_count;
            while (at < stop && !mask_equal(&memo.candidates[at], &found)) at++;
            if (at < stop) continue;  /* seen from another seed */
            if (!grow((void **)&memo.candidates, &memo.candidates_cap, stop + 1, sizeof(mask_t))) {
                memo.candidates_count = from;
                FAIL(NO_MEMORY);
            }
            at = stop;  /* insertion sort: the lists are short */
            while (at > from && mask_before(&found, &memo.candidates[at - 1])) { memo.candidates[at] = memo.candidates[at - 1]; at--; }
            memo.candidates[at] = found;
            memo.candidates_count++;
        }
        *first = *sets = memo.candidates + from;
        *count = (int)(memo.candidates_count - from);
        if (10 * (memo.count + 1) > 7 * (memo.mask + 1) && memo.mask + 1 >= RL_MEMO_MOST_SLOTS) {
            /* full: start afresh, keeping this entry (the search meets its situations again near
             * where it met them, so the recent ones are those worth keeping) */
            mask_t *kept = memo.candidates + from;
            size_t kept_count = memo.candidates_count - from;
            memmove(memo.candidates, kept, kept_count * sizeof(mask_t));
            memset(memo.entries, 0, (memo.mask + 1) * sizeof(memo_entry_t));
            memo.count = 0;
            memo.restarts++;
            memo.candidates_count = kept_count;
            from = 0;
            e = memo_slot(memo.entries, memo.mask, key, x->memo_hash);
            *first = *sets = memo.candidates;
        }
        memcpy(e->key, key, RL_MEMO_KEY);
        e->first = (uint32_t)from;
        e->count = (uint32_t)(memo.candidates_count - from);
        if (e->count) e->first_set = memo.candidates[from];
        e->filled = 1;
        if (10 * ++memo.count > 7 * (memo.mask + 1) && !memo_grow()) FAIL(NO_MEMORY);  /* the memo stays whole */
        return 1;
    }
    *first = &e->first_set;
    *sets = memo.candidates + e->first;
    *count = (int)e->count;
    return 1;
}

/* Which of x's successors to take: chosen[0..*count). */
static int choose(const expansion_t *x, int *chosen, int *count) {
    *count = 0;
    if (g.por && x->count > 1) {
        const mask_t *first, *sets; int options;
        if (!candidates(x, &first, &sets, &options)) return 0;
        for (int o = 0; o < options; o++) {
            const mask_t *set = o ? &sets[o] : first;
            int allowed = 1;
            *count = 0;
            for (size_t k = 0; k < x->count && allowed; k++)
                if (mask_has(set, x->items[k].step.instance)) {
                    allowed = !x->items[k].visible;
                    chosen[(*count)++] = (int)k;
                }
            if (allowed) return 1;
        }
    }
    for (size_t k = 0; k < x->count; k++) chosen[k] = (int)k;
    *count = (int)x->count;
    return 1;
}

/* Count one transition taken from x's state, and note its local change. */
static int take(const expansion_t *x, const step_t *t) {
    const outcome_t *o = t->o;
    g.result->transitions++;
    g.result->unmatched += o->unmatched;
    if (!g.want_changes || !o->changed) return 1;
    /* the change depends only on the mover and the outcome: its context holds the mover's
     * locals before, the outcome those after (with crashes also on who crashed: not kept) */
    if (RL_N <= 64 && !RL_CRASHES) {
        if (t->u >= g.noted_cap) {
            size_t had = g.noted_cap;
            if (!grow((void **)&g.noted, &g.noted_cap, t->u + 1, sizeof(uint64_t))) FAIL(NO_MEMORY);
            memset(g.noted + had, 0, (g.noted_cap - had) * sizeof(uint64_t));
        }
        uint64_t bit = 1ull << (t->mover & 63);
        if (g.noted[t->u] & bit) return 1;
        g.noted[t->u] |= bit;
    }
#if RL_POR
    /* what the transition properties read: the mover's observation before and after (with
     * crashes, RL_OBSERVED numbers: whether it crashed, whether the leader it records did) */
    int64_t key[1 + 2 * RL_OBSERVED];
    memset(key, 0, sizeof key);
    key[0] = t->mover;
    int64_t *before = key + 1, *after = key + 1 + RL_OBSERVED;
    const uint64_t crashed = x->work.crashed;
    if (t->kind != RL_RECOVER) memcpy(before, ctx->seen + 4 * (size_t)t->here, 4 * sizeof(int64_t));
    if (t->kind == RL_STEP) memcpy(after, o->seen, 4 * sizeof(int64_t));
    if (RL_CRASHES) {
        if (t->kind == RL_RECOVER) {
            before[4] = 1;
            rl_observe(rl_initial, g.ids[t->mover], rl_degree[t->mover], after);
            after[5] = crashed_id(crashed & ~(1ull << t->mover), after[2]);
        } else {
            before[5] = crashed_id(crashed, before[2]);
            if (t->kind == RL_CRASH) after[4] = 1;
            else after[5] = crashed_id(crashed, after[2]);
        }
    }
    (void)crashed;
#else
    int64_t key[1 + 2 * RL_SLOTS];
    key[0] = t->mover;
    memcpy(key + 1, ctx->values + RL_SLOTS * (size_t)t->here, RL_SLOTS * sizeof(int64_t));
    memcpy(key + 1 + RL_SLOTS, o->loc, RL_SLOTS * sizeof(int64_t));
#endif
    int added;
    if (set_add(&g.changes, (const uint8_t *)key, sizeof key, &added) < 0) FAIL(NO_MEMORY);
    if (added) note_witness(1, &x->work.packed);
    return 1;
}

/* From a new state, in g.inner.work, the target of step `first` from g.outer's state, follow transitions while the stubborn set is a single one
 * and the state is new, storing none of them (checker/explorer.py's _follow_chain). On return
 * g.inner.work holds where the chain ends; *walked and *sent grow by its steps. If the end is
 * new, g.inner holds its expansion and chosen[0 .. *count) its stubborn set. */
static int follow_chain(const step_t *first, int *walked, uint64_t *sent, int *chosen, int *count) {
    g.passed.len = 0; g.passed_count = 0;
    for (const step_t *last = first;; last = NULL) {
        const bytes_t *state = &g.inner.work.packed;
        /* the first state is `first`'s target from g.outer's: most of its contexts are known */
        if (!expand_work(&g.inner, last ? &g.outer : NULL, last)) return 0;
        if (!choose(&g.inner, chosen, count)) return 0;
        if (*count != 1) return 1;
        /* a chain is cut here and its state stored: one whose channels grow for ever would
         * otherwise keep the breadth-first search from every other state (LONGEST_CHAIN, models/reading/dependence.py) */
        if (g.passed_count >= g.longest_chain) return 1;
        for (int k = 0; k < g.passed_count; k++) {
            size_t a = g.passed_start[k], b = g.passed_start[k + 1];
            if (b - a == state->len && memcmp(g.passed.data + a, state->data, b - a) == 0) FAIL(CYCLE);
        }
        if (!grow((void **)&g.passed.data, &g.passed.cap, g.passed.len + state->len, 1)
            || !grow((void **)&g.passed_start, &g.passed_start_cap, (size_t)g.passed_count + 2, sizeof(uint64_t)))
            FAIL(NO_MEMORY);
        g.passed_start[0] = 0;
        memcpy(g.passed.data + g.passed.len, state->data, state->len);
        g.passed.len += state->len;
        g.passed_start[++g.passed_count] = g.passed.len;
        /* a chain's states are not stored, so the limit on stored states never stops a chain
         * whose channels grow for ever, nor many chains that each grow a channel further: a
         * chain longer than the limit on states, or more steps on chains in all than their own
         * limit, stop the search */
        if (g.max_states && (uint64_t)g.passed_count > g.max_states) FAIL(STATE_LIMIT);
        if (g.max_chain_steps && ++g.chain_steps > g.max_chain_steps) FAIL(STATE_LIMIT);
        if (over_memory()) FAIL(MEMORY_LIMIT);
        const step_t *t = &g.inner.items[chosen[0]].step;
        if (!take(&g.inner, t)) return 0;
        *sent += (uint64_t)t->o->sends;
        (*walked)++;
        if (!encode_work(&g.inner.work, t, &g.next)) FAIL(NO_MEMORY);
        work_t swap = g.inner.work; g.inner.work = g.next; g.next = swap;
        if (known(g.inner.work.packed.data, g.inner.work.packed.len)) return 1;
    }
}

/* The state set's table is not needed once the search is done (a stopped search's states are
 * read by number, rl_stored_state): a large one is freed before graph_questions() takes as much
 * again, so that the search's peak is not raised at its end. A small one is kept for the next
 * search (take_kept()). */
static void release_slots(void) {
    size_t bytes = (g.states.mask + 1) * sizeof(uint64_t);
    if (!g.states.slots || bytes < RL_GROW_SLOWLY) return;
    free(g.states.slots);
    g.states.slots = NULL;
    rl_allocated -= bytes;
}

static void graph_questions(result_t *r) {
    uint64_t count = g.states.count;
    if (!grow((void **)&g.nodes, &g.nodes_cap, count, sizeof(node_t))
        || !grow((void **)&g.ready, &g.ready_cap, count, sizeof(uint32_t))) { r->status = NO_MEMORY; return; }
    node_t *node = g.nodes;
    uint32_t *ready = g.ready;
    for (uint64_t i = 0; i < count; i++) node[i] = (node_t){0, -1, 0};
    for (uint64_t e = 0; e < g.edges; e++) node[g.targets[e]].waiting++;
    node[0].high = node[0].low = 0;
    uint64_t head = 0, tail = 0;
    for (uint64_t i = 0; i < count; i++) if (!node[i].waiting) ready[tail++] = (uint32_t)i;
    int64_t lowest = -1, highest = -1;
    while (head < tail) {
        uint32_t i = ready[head++];
        const node_t from = node[i];
        uint64_t a = g.edge_start[i], b = g.edge_start[i + 1];
        if (a == b && from.high >= 0) {
            if (lowest < 0 || from.low < lowest) lowest = from.low;
            if (from.high > highest) highest = from.high;
        }
        for (uint64_t e = a; e < b; e++) {
            node_t *to = &node[g.targets[e]];
            if (from.high >= 0) {
                int64_t up = (int64_t)from.high + g.weights[e], down = (int64_t)from.low + g.weights[e];
                if (up > INT32_MAX) { r->status = FAULT; return; }  /* see node_t: the Python engine counts them */
                if (to->high < 0) { to->high = (int32_t)up; to->low = (int32_t)down; }
                else { if (up > to->high) to->high = up; if (down < to->low) to->low = down; }
            }
            if (--to->waiting == 0) ready[tail++] = g.targets[e];
        }
    }
    r->acyclic = tail == count;
    if (r->acyclic) { r->messages_min = lowest; r->messages_max = highest; }
}

/* With crashes or timeouts nearly every stored state ends a chain and the breadth-first
 * frontier is wide (bully-always-replies at n = 5 with a crash: 4.4 million of its first 8
 * million states waited for their turn, with 1.7 GB of saved groups): past this many saved
 * steps waiting, a state that ends a chain is expanded again at its turn instead. */
#define RL_LATER_MOST (RL_FAULTS ? (size_t)1 << 20 : SIZE_MAX)
static inline int later_has_room(void) { return g.later_len - g.later_head < RL_LATER_MOST; }

/* Keep state j's chosen steps, g.inner's chosen[0 .. count), for its turn in the queue. */
static int save_steps(uint64_t j, const int *chosen, int count) {
    if (!grow((void **)&g.later, &g.later_cap, g.later_len + (size_t)count + 1, sizeof(saved_step_t))) return 0;
    saved_step_t *out = g.later + g.later_len;
    *out++ = (saved_step_t){(uint32_t)j, (uint32_t)count, -1, -1};
    for (int k = 0; k < count; k++) {
        const step_t *t = &g.inner.items[chosen[k]].step;
        /* a crash (the only adversary's step a reduced search takes) is kept with in_channel -2 */
        *out++ = (saved_step_t){(uint32_t)t->u, t->here, (int16_t)t->mover, (int16_t)(t->kind == RL_CRASH ? -2 : t->in_channel)};
    }
    g.later_len += (size_t)count + 1;
    if (!grow((void **)&g.later_work, &g.later_work_cap, g.later_work_len + 1, sizeof(saved_work_t))) return 0;
    saved_work_t *s = &g.later_work[g.later_work_len++];
    const work_t *w = &g.inner.work;
    memcpy(s->here, g.inner.here, sizeof s->here);
    memcpy(s->heard, g.inner.heard, sizeof s->heard);
    s->kept = 0;
#if !RL_CRASHES
    s->kept = w->packed.len <= 0xffff;
    if (s->kept) {
        saved_offsets_t *at = &s->at;
        for (int c = 0; c < RL_CHANNELS; c++) {
            at->len[c] = (uint16_t)w->len[c]; at->chan_at[c] = (uint16_t)w->chan_at[c];
            at->messages_at[c] = (uint16_t)w->messages_at[c]; at->second_at[c] = (uint16_t)w->second_at[c];
        }
        at->chan_at[RL_CHANNELS] = (uint16_t)w->chan_at[RL_CHANNELS];
        for (int p = 0; p <= RL_N; p++) at->loc_at[p] = (uint16_t)w->loc_at[p];
    }
#else
    (void)w;
#endif
    return 1;
}

/* State `p`'s work as save_steps kept it: the bytes copied, the offsets as they were found. */
static int restore_work(const saved_work_t *s, const uint8_t *p, size_t len, work_t *w) {
#if RL_CRASHES
    (void)s;
    return decode(p, len, w);
#else
    if (!s->kept) return decode(p, len, w);
    if (!grow((void **)&w->packed.data, &w->packed.cap, len + 16, 1)) return 0;
    put_bytes(w->packed.data, p, len);  /* as decode */
    memset(w->packed.data + len, 0, 16);
    w->packed.len = len;
    const saved_offsets_t *at = &s->at;
    for (int c = 0; c < RL_CHANNELS; c++) {
        w->len[c] = at->len[c]; w->chan_at[c] = at->chan_at[c];
        w->messages_at[c] = at->messages_at[c]; w->second_at[c] = at->second_at[c];
    }
    w->chan_at[RL_CHANNELS] = at->chan_at[RL_CHANNELS];
    for (int q = 0; q <= RL_N; q++) w->loc_at[q] = at->loc_at[q];
#ifdef RL_CHECK_WORK
    check_offsets(w);
#endif
    return 1;
#endif
}

/* If state `current` has steps saved (save_steps), decode it into x with those steps as its
 * successors, chosen in order, and return 1 (*count of them); 0 if it has none, -1 when out of
 * memory. They are the steps choose() took when the state was expanded at a chain's end: the
 * same state expands the same. */
static int later_steps(uint64_t current, const uint8_t *p, size_t len, expansion_t *x, int *chosen, int *count) {
    if (g.later_head == g.later_len || g.later[g.later_head].mover != -1 || g.later[g.later_head].u != current) return 0;
    const saved_step_t *group = g.later + g.later_head;
    const saved_work_t *work = &g.later_work[g.later_work_head++];
    if (!restore_work(work, p, len, &x->work) || !grow((void **)&x->items, &x->cap, RL_MAX_SUCCESSORS, sizeof(successor_t))) {
        if (!g.result->status) g.result->status = NO_MEMORY;
        return -1;
    }
    *count = (int)group->here;
    for (int k = 0; k < *count; k++) {
        const saved_step_t *t = &group[1 + k];
        if (t->in_channel == -2) make_adversary_step(&x->items[k].step, t->mover, RL_CRASH, t->here);
        else make_step(&x->items[k].step, t->mover, t->in_channel, t->u, t->here);
        chosen[k] = k;
    }
    x->count = (size_t)*count;
    memcpy(x->here, work->here, sizeof x->here);
    memcpy(x->heard, work->heard, sizeof x->heard);
    x->contexts_known = 1;
    g.later_head += (size_t)*count + 1;
    if (g.later_head >= 4096 && 2 * g.later_head >= g.later_len) {  /* forget what was used */
        memmove(g.later, g.later + g.later_head, (g.later_len - g.later_head) * sizeof(saved_step_t));
        g.later_len -= g.later_head; g.later_head = 0;
        memmove(g.later_work, g.later_work + g.later_work_head, (g.later_work_len - g.later_work_head) * sizeof(saved_work_t));
        g.later_work_len -= g.later_work_head; g.later_work_head = 0;
    }
    return 1;
}

/* Keep terminal state p (expanded in x) for the terminal properties, which read each process's
 * observation and the channels. With rl_observe that is what is kept, once per distinct one,
 * as int64 numbers (which Python reads in one go): each process's four rl_observe numbers, how
 * many numbers the channels take, then the channels' numbers as the state packs them (so that
 * Python can tell terminals apart in what one property reads without decoding the channels).
 * Otherwise, or when the checker asks for whole
 * states (g.whole_terminals), the packed state. */
static void note_terminal_witness(const uint8_t *p, size_t len) {
    if (!rl_trace.on) return;
    const bytes_t state = {(uint8_t *)p, len, len};
    note_witness(2, &state);
}

static int note_terminal(const expansion_t *x, const uint8_t *p, size_t len) {
#if RL_POR
    if (!g.whole_terminals) {
        const work_t *w = &x->work;
        const size_t channels = w->loc_at[RL_N], channels_len = w->chan_at[RL_CHANNELS] - channels;
        uint32_t observed[RL_N];
        for (int q = 0; q < RL_N; q++) {
            if (RL_CRASHES && (w->crashed >> q & 1)) observed[q] = RL_CRASHED_NUMBER;
            else if (RL_CRASHES) observed[q] = ctx->observation[x->here[q]] << 1
                                               | (uint32_t)crashed_id(w->crashed, ctx->seen[4 * (size_t)x->here[q] + 2]);
            else observed[q] = ctx->observation[x->here[q]];
        }
        if (!grow((void **)&g.terminal_key.data, &g.terminal_key.cap, sizeof observed + channels_len, 1)) return 0;
        memcpy(g.terminal_key.data, observed, sizeof observed);
        memcpy(g.terminal_key.data + sizeof observed, p + channels, channels_len);
        int added;
        if (set_add(&g.terminals, g.terminal_key.data, sizeof observed + channels_len, &added) < 0) return 0;
        if (!added) return 1;
        note_terminal_witness(p, len);
        /* the RL_OBSERVED n observation numbers, how many numbers the channels take, then
         * those (a varint takes a byte at least) */
        size_t most = (RL_OBSERVED * (size_t)RL_N + 1 + channels_len) * sizeof(int64_t);
        if (!grow((void **)&g.terminal.data, &g.terminal.cap, g.terminal.len + most, 1)) return 0;
        int64_t numbers[RL_OBSERVED * RL_N], *at = numbers;
        memset(numbers, 0, sizeof numbers);
        for (int q = 0; q < RL_N; q++, at += RL_OBSERVED) {
            if (RL_CRASHES && observed[q] == RL_CRASHED_NUMBER) { at[RL_OBSERVED - 2] = 1; continue; }
            memcpy(at, ctx->seen + 4 * (size_t)x->here[q], 4 * sizeof(int64_t));
            if (RL_CRASHES) at[RL_OBSERVED - 1] = observed[q] & 1;
        }
        memcpy(g.terminal.data + g.terminal.len, numbers, sizeof numbers);
        g.terminal.len += sizeof numbers;
        size_t count_at = g.terminal.len;
        g.terminal.len += sizeof(int64_t);
        int64_t count = 0;
        for (const uint8_t *r = p + channels; r < p + channels + channels_len; count++) {
            int64_t v = get_varint(&r);
            memcpy(g.terminal.data + g.terminal.len, &v, sizeof v);
            g.terminal.len += sizeof v;
        }
        memcpy(g.terminal.data + count_at, &count, sizeof count);
        return 1;
    }
#endif
    if (!grow((void **)&g.terminal.data, &g.terminal.cap, g.terminal.len + len, 1)) return 0;
    memcpy(g.terminal.data + g.terminal.len, p, len);
    g.terminal.len += len;
    note_terminal_witness(p, len);
    return 1;
}

/* -- stopping at a violation -------------------------------------------------------------
 * The C search evaluates no property; the checker judges them in Python on the witnesses
 * (checker/explore/early_stop.py). On a graph that is infinite, or merely large, a violation
 * found only at the end would come after the memory runs out, while the Python explorer stops
 * at its first violation. So now and then (after RL_JUDGE_EVERY states expanded, or 64 times
 * as many transitions taken, on chains too, since it was last called, if new witnesses were
 * met since) the search calls the checker's judge (rl_judge), which judges the new witnesses
 * and says whether one violates a state or transition property: then the search stops, status
 * VIOLATED, and the checker has the Python explorer find the first violation and its trace.
 * A search of fewer states is judged once, at its end, as before. */
typedef int (*judge_t)(void);
static judge_t rl_judge;  /* the checker's, or NULL: never stop early */
void rl_set_judge(judge_t judge) { rl_judge = judge; }
#define RL_JUDGE_EVERY 1024
static uint64_t rl_judged_witnesses, rl_judged_at, rl_judged_transitions;

static int violation_met(uint64_t expanded) {
    uint64_t witnesses = rl_witnessed[0].count + rl_witnessed[1].count + rl_witnessed[2].count;
    if (!rl_judge || witnesses == rl_judged_witnesses) return 0;
    uint64_t transitions = g.result->transitions;
    if (expanded - rl_judged_at < RL_JUDGE_EVERY && transitions - rl_judged_transitions < 64 * RL_JUDGE_EVERY) return 0;
    rl_judged_witnesses = witnesses; rl_judged_at = expanded; rl_judged_transitions = transitions;
    return rl_judge();
}

/* A search for a trace whose judge met a violation after expanding states 0 .. expanded - 1:
 * expand the states stored since, without taking their steps, so that their vectors are
 * among the witnesses too (see rl_trace). */
static int drain(uint64_t expanded) {
    for (uint64_t current = expanded; current < g.states.count; current++) {
        rl_origin = current;
        size_t len; const uint8_t *p = state_bytes(current, &len);
        if (!expand(p, len, &g.outer)) return 0;
    }
    return 1;
}

#ifdef RL_FOOTPRINT
/* The states the search expanded, and those of them after a crash (report_footprint): with one
 * crash, where a designation's states come from (docs/search.md, "Timeouts and crashes"). */
static uint64_t rl_expanded, rl_expanded_after_crash;
static inline void footprint_expanded(const work_t *w) {
    rl_expanded++;
    if (RL_CRASHES && w->crashed) rl_expanded_after_crash++;
}
#endif

static int search(uint64_t max_states, uint64_t max_memory) {
    result_t *r = g.result;
    g.max_states = max_states; g.max_memory = max_memory;
    int *chosen = NULL, *inner_chosen = NULL; size_t chosen_cap = 0, inner_chosen_cap = 0;
    {
        uint8_t initial[(RL_N * RL_STORED + RL_CHANNELS + RL_TRAILER) * 10], *out = initial;
        for (int p = 0; p < RL_N; p++) {
            for (int k = 0; k < RL_SLOTS; k++) put_varint(&out, rl_initial[k]);
            if (RL_CRASHES) put_varint(&out, 0);  /* live */
        }
        for (int c = 0; c < RL_CHANNELS; c++) put_varint(&out, 0);
        for (int k = 0; k < RL_TRAILER; k++) put_varint(&out, 0);
        int added;
        if (store(initial, (size_t)(out - initial), &added, 0) < 0
            || !grow((void **)&g.depth, &g.depth_cap, 1, sizeof(uint16_t))) FAIL(NO_MEMORY);
        g.depth[0] = 0;
    }
    for (uint64_t current = 0; current < g.states.count; current++) {
        if (!grow((void **)&g.edge_start, &g.edge_start_cap, current + 2, sizeof(uint32_t))) FAIL(NO_MEMORY);
        if (g.edges + RL_MAX_SUCCESSORS >= UINT32_MAX) FAIL(NO_MEMORY);  /* see edge_start */
        g.edge_start[current] = (uint32_t)g.edges;
        rl_origin = rl_last_expanded = current;
        if (rl_trace.on) {
            if (!grow((void **)&rl_trace.unmatched_at, &rl_trace.unmatched_at_cap, current + 1, sizeof(uint32_t))) FAIL(NO_MEMORY);
            rl_trace.unmatched_at[current] = (uint32_t)r->unmatched;  /* fewer than the edges: see edge_start */
        }
        size_t len; const uint8_t *p = state_bytes(current, &len);
        if (!grow((void **)&chosen, &chosen_cap, RL_MAX_SUCCESSORS + 1, sizeof(int))) FAIL(NO_MEMORY);
        int count, saved = later_steps(current, p, len, &g.outer, chosen, &count);
        if (saved < 0 || (!saved && !expand(p, len, &g.outer))) return 0;
#ifdef RL_FOOTPRINT
        footprint_expanded(&g.outer.work);
#endif
        if (!g.outer.count) {
            r->terminals++;
            if (!note_terminal(&g.outer, p, len)) FAIL(NO_MEMORY);
        }
        if (!saved && !choose(&g.outer, chosen, &count)) return 0;
        /* all the targets first, so that the table's slots of the later ones are on their way
         * to the cache (prefetched) while the earlier ones are looked up and followed: a slot
         * of a table larger than the caches was half of a look-up's time */
        if ((size_t)count > g.targets_of_cap) {
            size_t had = g.targets_of_cap;
            if (!grow((void **)&g.targets_of, &g.targets_of_cap, (size_t)count, sizeof(bytes_t))) FAIL(NO_MEMORY);
            memset(g.targets_of + had, 0, (g.targets_of_cap - had) * sizeof(bytes_t));
        }
        if (!grow((void **)&g.target_hash, &g.target_hash_cap, (size_t)count, sizeof(uint64_t))) FAIL(NO_MEMORY);
        for (int c = 0; c < count; c++) {
            bytes_t *b = &g.targets_of[c];
            if (!encode(&g.outer.work, &g.outer.items[chosen[c]].step, b)) FAIL(NO_MEMORY);
            if (g.fingerprint) continue;
            g.target_hash[c] = hash_bytes(b->data, b->len);
            __builtin_prefetch(&g.states.slots[home(g.target_hash[c], g.states.bits)]);
        }
        for (int c = 0; c < count; c++) {
            const step_t *t = &g.outer.items[chosen[c]].step;
            if (!take(&g.outer, t)) return 0;
            const uint8_t *target = g.targets_of[c].data;
            size_t target_len = g.targets_of[c].len;
            int walked = 1;
            uint64_t sent = (uint64_t)t->o->sends;
            int added = 0;
            int64_t j = !g.chains ? -1 : g.fingerprint ? number_of(target, target_len)
                        : number_of_hashed(target, target_len, g.target_hash[c]);
            if (j < 0) {
                int inner_count = 0;
                if (g.chains) {
                    if (!grow((void **)&inner_chosen, &inner_chosen_cap, RL_MAX_SUCCESSORS + 1, sizeof(int))) FAIL(NO_MEMORY);
                    if (!encode_work(&g.outer.work, t, &g.inner.work)) FAIL(NO_MEMORY);
                    if (!follow_chain(t, &walked, &sent, inner_chosen, &inner_count)) return 0;
                    target = g.inner.work.packed.data; target_len = g.inner.work.packed.len;
                }
                j = store(target, target_len, &added, g.chains && walked == 1);
                if (j < 0) FAIL(NO_MEMORY);
                if (added && g.chains && later_has_room() && !save_steps((uint64_t)j, inner_chosen, inner_count)) FAIL(NO_MEMORY);
            }
            if (added) {
                if (rl_trace.on) {
                    if (!grow((void **)&rl_trace.parent, &rl_trace.parent_cap, g.states.count, sizeof(uint32_t))) FAIL(NO_MEMORY);
                    rl_trace.parent[j] = (uint32_t)current;
                }
                if (!grow((void **)&g.depth, &g.depth_cap, g.states.count, sizeof(uint16_t))) FAIL(NO_MEMORY);
                uint32_t d = (uint32_t)g.depth[current] + (uint32_t)walked;
                g.depth[j] = d > 0xffff ? 0xffff : (uint16_t)d;
            }
            if (!grow((void **)&g.targets, &g.targets_cap, g.edges + 1, sizeof(uint32_t))
                || !grow((void **)&g.weights, &g.weights_cap, g.edges + 1, sizeof(uint16_t))) FAIL(NO_MEMORY);
            if (sent > UINT16_MAX) FAIL(FAULT);  /* see weights: the Python engine counts them */
            g.targets[g.edges] = (uint32_t)j;
            g.weights[g.edges] = (uint16_t)sent;
            g.edges++;
        }
        if (max_states && g.states.count > max_states) FAIL(STATE_LIMIT);
        if (over_memory()) FAIL(MEMORY_LIMIT);
        if (g.depth[current] > r->depth) r->depth = g.depth[current];
        drop_expanded(current + 1);
        if (violation_met(current + 1)) {
            if (rl_trace.on && !drain(current + 1)) return 0;
            FAIL(VIOLATED);
        }
    }
    free(chosen); free(inner_chosen);
    g.edge_start[g.states.count] = (uint32_t)g.edges;
    return 1;
}

/* -- the contexts handed to the checker ------------------------------------------------- */
#define RL_CONTEXT_NUMBERS (3 + RL_SLOTS + RL_WIDTH + 4 + 1)  /* kind, id, degree, locals, head, seen, outcomes */
#define RL_OUTCOME_NUMBERS (2 + RL_SLOTS + 4 + 1 + RL_MAX_SENDS * (1 + RL_WIDTH) + 3)
/* what models/native/engine.py needs to read them */
const int rl_shape[] = {RL_CONTEXT_NUMBERS, RL_OUTCOME_NUMBERS, RL_WIDTH, RL_MAX_SENDS, RL_PER_PROCESS, RL_POR,
                        RL_OBSERVED};

/* The contexts recorded since the last report, as numbers: per context its kind (-1 for the
 * process itself, -2 for its timeouts, else the in-port index), id, degree (0 on a ring),
 * locals, head (tag and fields, zeros for none), rl_observe of its locals and its outcome
 * count, then per outcome its instance offset, unmatched flag, new locals, their rl_observe,
 * its sends (count, then per send slot the out port and the message, padded to RL_MAX_SENDS),
 * and a timeout's rank, whether it waits for a process and which. */
static int report(result_t *r) {
    uint64_t from = ctx->reported, to = ctx->keys.count;
    size_t numbers = (size_t)(to - from) * RL_CONTEXT_NUMBERS
                     + (size_t)(ctx->first[to] - ctx->first[from]) * RL_OUTCOME_NUMBERS;
    int64_t *out = r->contexts = calloc(numbers + 1, sizeof(int64_t));
    if (!out) return 0;
    for (uint64_t k = from; k < to; k++) {
        size_t len;
        const uint8_t *key = set_item(&ctx->keys, k, &len), *p = key + 1;
        *out++ = key[0] == RL_TIMEOUT_KIND ? -2 : (int64_t)key[0] - 1;
        *out++ = get_varint(&p);
        *out++ = RL_NETWORK ? *p++ : 0;
        for (int j = 0; j < RL_SLOTS; j++) *out++ = get_varint(&p);
        if (RL_CRASHES) get_varint(&p);  /* the flag of a live process */
        if (key[0] && key[0] != RL_TIMEOUT_KIND) {
            int64_t tag = out[0] = get_varint(&p);
            for (int f = 0; f < rl_fields[tag]; f++) out[1 + f] = get_varint(&p);
        }
        out += RL_WIDTH;
        memcpy(out, ctx->seen + 4 * k, 4 * sizeof(int64_t)); out += 4;
        *out++ = (int64_t)(ctx->first[k + 1] - ctx->first[k]);
        for (uint64_t u = ctx->first[k]; u < ctx->first[k + 1]; u++) {
            const outcome_t *o = outcome_at(u);
            *out++ = o->offset;
            *out++ = o->unmatched;
            memcpy(out, o->loc, sizeof o->loc); out += RL_SLOTS;
            memcpy(out, o->seen, sizeof o->seen); out += 4;
            *out++ = o->sends;
            for (int m = 0; m < RL_MAX_SENDS; m++, out += 1 + RL_WIDTH) {
                if (m >= o->sends) continue;
                out[0] = o->port[m];
                memcpy(out + 1, o->sent[m], sizeof o->sent[m]);
            }
            *out++ = o->rank;
            *out++ = o->awaits;
            *out++ = o->awaited;
        }
    }
    r->contexts_count = to - from;
    r->contexts_len = numbers;
    ctx->reported = to;
    return 1;
}

/* A set's strings, one after the other (they have one length). */
static int64_t *strings_out(const set_t *s) {
    size_t len = 0, at = 0;
    if (s->count) set_item(s, 0, &len);
    int64_t *out = malloc(s->count * len + 8);
    if (!out) return NULL;
    for (uint64_t k = 0; k < s->count; k++, at += len) memcpy((uint8_t *)out + at, set_item(s, k, &len), len);
    return out;
}

/* The distinct vectors expand() met, as the numbers the checker reads: per process its
 * rl_observe quadruple (RL_POR; the fields not kept are 0; with crashes then whether it crashed
 * and whether its leader did, RL_OBSERVED numbers) or its locals. */
static int64_t *vectors_out(void) {
#if RL_POR
    const int width = RL_OBSERVED;
#else
    const int width = RL_SLOTS;
#endif
    int64_t *out = malloc((size_t)g.locals.count * RL_N * width * sizeof(int64_t) + 1), *at = out;
    if (!out) return NULL;
    for (uint64_t v = 0; v < g.locals.count; v++) {
        size_t len;
        uint32_t vector[RL_N];
        memcpy(vector, set_item(&g.locals, v, &len), sizeof vector);
        for (int p = 0; p < RL_N; p++, at += width) {
#if RL_POR
            if (RL_CRASHES && vector[p] == RL_CRASHED_NUMBER) {
                memset(at, 0, RL_OBSERVED * sizeof(int64_t));
                at[RL_OBSERVED - 2] = 1;
                continue;
            }
            uint32_t kept = vector[p] >> RL_CRASHES;
            memcpy(at, set_item(g.kept_fields == 15 ? &ctx->observations : &g.kept_observations, kept, &len),
                   4 * sizeof(int64_t));
            if (RL_CRASHES) { at[RL_OBSERVED - 2] = 0; at[RL_OBSERVED - 1] = vector[p] & 1; }
#else
            memcpy(at, ctx->values + RL_SLOTS * (size_t)vector[p], RL_SLOTS * sizeof(int64_t));
#endif
        }
    }
    return out;
}

/* The largest arrays of a search, kept for the next search of the same process instead of
 * being freed: the memory of a freed large array goes back to the system, and a search that
 * touches gigabytes afresh spends a tenth of its time in page faults. */
static struct {
    int held;
    set_t states;
    uint16_t *depth; size_t depth_cap;
    uint32_t *edge_start; size_t edge_start_cap;
    uint32_t *targets; size_t targets_cap;
    uint16_t *weights; size_t weights_cap;
    saved_step_t *later; size_t later_cap;
    node_t *nodes; size_t nodes_cap;
    uint32_t *ready; size_t ready_cap;
} kept;

/* The state table's first capacity: small, since many arrangements have a few hundred states
 * (lcr at n = 6: 615 on average), and a large one is zeroed for each of them. */
#define RL_FIRST_STATES (1 << 11)

/* The bytes the kept arrays hold (their slots aside, which take_kept zeroes and counts itself). */
static uint64_t kept_array_bytes(void) {
    return kept.states.arena.cap + kept.states.start_cap * sizeof(uint64_t)
           + (kept.depth_cap + kept.weights_cap) * sizeof(uint16_t)
           + (kept.edge_start_cap + kept.targets_cap + kept.ready_cap) * sizeof(uint32_t)
           + kept.later_cap * sizeof(saved_step_t) + kept.nodes_cap * sizeof(node_t);
}

/* What the arrays kept from the last search hold: the process's memory counts them, and the
 * next search counts them as its own (take_kept), so its caller's budget must not count them
 * twice (checker/explore/native_search.py). */
uint64_t rl_kept_bytes(void) {
    if (!kept.held) return 0;
    return kept_array_bytes() + (kept.states.slots ? (kept.states.mask + 1) * sizeof(uint64_t) : 0);
}

/* Start g's large arrays from those kept, emptied; 0 when out of memory. */
static int take_kept(void) {
    if (!kept.held) return set_init(&g.states, RL_FIRST_STATES);
    rl_allocated += kept_array_bytes();
    g.states = kept.states;
    g.depth = kept.depth; g.depth_cap = kept.depth_cap;
    g.edge_start = kept.edge_start; g.edge_start_cap = kept.edge_start_cap;
    g.targets = kept.targets; g.targets_cap = kept.targets_cap;
    g.weights = kept.weights; g.weights_cap = kept.weights_cap;
    g.later = kept.later; g.later_cap = kept.later_cap;
    g.nodes = kept.nodes; g.nodes_cap = kept.nodes_cap;
    g.ready = kept.ready; g.ready_cap = kept.ready_cap;
    memset(&kept, 0, sizeof kept);  /* g holds them now, and keep_arrays() hands them back */
    g.states.count = 0; g.states.arena.len = 0;
    if (g.states.slots) {
        memset(g.states.slots, 0, (g.states.mask + 1) * sizeof(uint64_t));
        rl_allocated += (g.states.mask + 1) * sizeof(uint64_t);
        return 1;
    }
    /* the last search needed far fewer slots than its table had */
    set_t fresh;
    if (!set_init(&fresh, RL_FIRST_STATES)) return 0;
    g.states.slots = fresh.slots; g.states.mask = fresh.mask; g.states.bits = fresh.bits;
    return 1;
}

/* Keep g's large arrays for the next search. */
static void keep_arrays(void) {
    kept.held = 1;
    kept.states = g.states;
    if (8 * g.states.count < kept.states.mask + 1) {  /* zeroing it would cost more than it saves */
        free(kept.states.slots);
        kept.states.slots = NULL;
    }
    kept.depth = g.depth; kept.depth_cap = g.depth_cap;
    kept.edge_start = g.edge_start; kept.edge_start_cap = g.edge_start_cap;
    kept.targets = g.targets; kept.targets_cap = g.targets_cap;
    kept.weights = g.weights; kept.weights_cap = g.weights_cap;
    kept.later = g.later; kept.later_cap = g.later_cap;
    kept.nodes = g.nodes; kept.nodes_cap = g.nodes_cap;
    kept.ready = g.ready; kept.ready_cap = g.ready_cap;
}

/* Free what keep_arrays kept (the engine is done). */
static void free_kept(void) {
    set_free(&kept.states);
    free(kept.depth); free(kept.edge_start); free(kept.targets); free(kept.weights); free(kept.later);
    free(kept.nodes); free(kept.ready);
    memset(&kept, 0, sizeof kept);
}

#ifdef RL_FOOTPRINT
#include <stdio.h>
/* With RINGLEADER_NATIVE_FOOTPRINT set (models/native/engine.py compiles with -DRL_FOOTPRINT):
 * one line per search on stderr, the bytes each of its arrays held at its end (their
 * capacities: what rl_allocated counts), for docs/engines.md's table of bytes per state. */
static void report_footprint(const result_t *r) {
    uint64_t states = g.states.count ? g.states.count : 1;
    size_t table[][2] = {
        {g.states.arena.len, g.states.arena.cap}, {g.states.count / 8, g.states.start_cap * 8},
        {g.states.count * 8, g.states.slots ? (g.states.mask + 1) * 8 : 0}, {g.states.count * 2, g.depth_cap * 2},
        {g.states.count * 4, g.edge_start_cap * 4}, {g.edges * 6, g.targets_cap * 4 + g.weights_cap * 2},
        {g.later_len * sizeof(saved_step_t), g.later_cap * sizeof(saved_step_t)},
        {g.later_work_len * sizeof(saved_work_t), g.later_work_cap * sizeof(saved_work_t)},
        {0, g.frontier.cap + g.frontier_start_cap * 8},
        {0, (memo.mask + 1) * sizeof(memo_entry_t) + memo.candidates_cap * sizeof(mask_t)},
        {0, reach.entries ? (reach.mask + 1) * sizeof(reach_entry_t) : 0},
        {g.states.count * sizeof(node_t), g.states.count * (sizeof(node_t) + 4)},
    };
    const char *names[] = {"arena", "start", "slots", "depth", "edge_start", "targets+weights", "later",
                           "later_work", "frontier", "memo", "reach", "graph_questions"};
    fprintf(stderr, "footprint: status %d states %llu edges %llu allocated %zu (%.1f B/state)", r->status,
            (unsigned long long)g.states.count, (unsigned long long)g.edges, rl_allocated, (double)rl_allocated / states);
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++)
        fprintf(stderr, "; %s %.1f/%.1f", names[k], (double)table[k][0] / states, (double)table[k][1] / states);
    fprintf(stderr, "; memo restarts %llu", (unsigned long long)memo.restarts);
    if (RL_CRASHES)
        fprintf(stderr, "; designated %d, expanded %llu, of them after the crash %llu", g.designated,
                (unsigned long long)rl_expanded, (unsigned long long)rl_expanded_after_crash);
    rl_expanded = rl_expanded_after_crash = 0;
    fprintf(stderr, "\n");
}
#endif

/* A table of local contexts for rl_explore, kept by the caller across arrangements. */
void *rl_contexts_new(void) { return calloc(1, sizeof(contexts_t)); }
void rl_contexts_free(void *table) {
    contexts_clear(table); free(table); free_kept(); trace_free();
    free(memo.entries); free(memo.candidates); memset(&memo, 0, sizeof memo);
    free(reach.entries); memset(&reach, 0, sizeof reach);
}

/* Explore the arrangement `ids` (ids[i] is the id at position i), on the topology that `in`,
 * `out`, `degree` and the dependence tables describe (models/native/codegen.py's topology_tables). `watched` says which
 * observation fields (bit 0 decided, 1 is_leader, 2 leader_id, 3 candidate) the visibility
 * proviso keeps the order of. `table` holds the local contexts met so far (rl_contexts_new);
 * the result hands over those this search added, whatever its status. */
int rl_explore(const int64_t *ids, uint64_t max_states, uint64_t max_chain_steps, int longest_chain, uint64_t max_memory, int want_locals,
               int want_changes, int kept_fields, int whole_terminals, int por, int chains, int watched, int fingerprint,
               int crashes, int recoveries, int premature, int designated,
               const int *in, const int *out, const int *degree, const int *reads_channel, const uint64_t *conflicts,
               const uint64_t *writers_of_guard, const uint64_t *senders, const uint64_t *readers,
               const uint64_t *typed_senders, const uint64_t *closable, const uint64_t *seedable, const int *detector,
               int refined, void *table, result_t *r) {
    ctx = table;
    if (ctx->broken) contexts_clear(ctx);  /* start afresh: the checker's memo skips what it audited */
    rl_in = in; rl_out = out; rl_degree = degree; rl_reads_channel = reads_channel;
    rl_conflicts = (const mask_t *)conflicts; rl_writers_of_guard = (const mask_t *)writers_of_guard;
    rl_senders = (const mask_t *)senders; rl_readers = (const mask_t *)readers;
    rl_typed_senders = (const mask_t *)typed_senders; rl_closable = (const mask_t *)closable;
    rl_seedable = (const mask_t *)seedable; rl_detector = detector; rl_refined = refined;
    rl_detector_count = 0;
    for (int t = 0; t < RL_TRANSITIONS; t++)
        if (detector[t] >= 0 && rl_detector_count < RL_MAX_DETECTORS) rl_detectors[rl_detector_count++] = t;
    memset(r, 0, sizeof *r);
    memset(&g, 0, sizeof g);
    rl_fault = 0;
    witnesses_reset();
    rl_judged_witnesses = rl_judged_at = rl_judged_transitions = 0;
    rl_allocated = 0; rl_contexts_cost = 0;
    r->messages_min = r->messages_max = -1;
    g.result = r; g.ids = ids;
    g.max_chain_steps = max_chain_steps; g.longest_chain = longest_chain;
    g.want_locals = want_locals; g.want_changes = want_changes; g.whole_terminals = whole_terminals;
    g.kept_fields = kept_fields;
    /* with crashes, reduced only with one crash and no recoveries (one designated process at a
     * time); the checker asks for it only then (models/native/engine.py) */
    g.por = por && RL_POR && (!RL_CRASHES || (crashes <= 1 && !recoveries)) && (!RL_FAULTS || RL_FAULT_POR);
    g.chains = g.por && chains; g.watched = watched;
    g.fingerprint = fingerprint;
    trace_free();  /* the last search's, counted by it; this one counts its own */
    rl_trace.on = rl_trace.asked && !g.por && !fingerprint;
    if (rl_trace.on) {
        if (!grow((void **)&rl_trace.parent, &rl_trace.parent_cap, 1, sizeof(uint32_t))) r->status = NO_MEMORY;
        else rl_trace.parent[0] = 0;
    }
    g.crashes = crashes; g.recoveries = recoveries; g.premature = premature; g.designated = designated;
    /* arrays kept from a search that grew past this one's budget are let go: reused, they would
     * count against it before its first state */
    uint64_t resident = resident_bytes(), kept_bytes = rl_kept_bytes();
    rl_ceiling = resident ? (resident > kept_bytes ? resident - kept_bytes : 0) + max_memory : 0;
    if (max_memory && kept_bytes > max_memory / 2) free_kept();
    if ((!ctx->ready && !contexts_init(ctx)) || !take_kept() || !(g.states.sparse = 1) || !set_init(&g.locals, 1024)
        || !set_init(&g.changes, 1024) || !set_init(&g.terminals, 64)
        || !set_init(&g.kept_observations, 64) || !memo_for_tables()) r->status = NO_MEMORY;
    if (!r->status && search(max_states, max_memory)) {
        r->states = g.states.count;
        release_slots();
        graph_questions(r);
    }
    if (!r->status) {
        /* hand over what the checker evaluates the specification on */
        r->locals_count = g.locals.count;
        r->locals = vectors_out();
        r->changes_count = g.changes.count;
        r->changes = strings_out(&g.changes);
        r->terminal_bytes = malloc(g.terminal.len + 1);
        if (!r->locals || !r->changes || !r->terminal_bytes) r->status = NO_MEMORY;
        else {
            memcpy(r->terminal_bytes, g.terminal.data, g.terminal.len);
            r->terminal_bytes_len = g.terminal.len;
        }
    }
    if (r->status) r->states = g.states.count;
    /* the checker must see every context the search used; a table a failed allocation left
     * inconsistent (broken: the search failed, NO_MEMORY) is not read, and is emptied at the next search */
    if (ctx->ready && !ctx->broken && !report(r)) {
        ctx->broken = 1;
        if (!r->status) r->status = NO_MEMORY;
    }
#ifdef RL_FOOTPRINT
    report_footprint(r);
#endif
    expansion_t *both[2] = {&g.outer, &g.inner};
    for (int k = 0; k < 2; k++) { free(both[k]->items); free(both[k]->work.packed.data); }
    for (size_t k = 0; k < g.targets_of_cap; k++) free(g.targets_of[k].data);
    free(g.targets_of); free(g.target_hash); free(g.next.packed.data); free(g.frontier.data); free(g.frontier_start); free(g.terminal.data); free(g.passed.data); free(g.passed_start);
    free(g.noted); free(g.later_work);
    rl_edges_seen = g.edges;
    keep_arrays();
    set_free(&g.locals); set_free(&g.changes); set_free(&g.terminals); free(g.terminal_key.data);
    set_free(&g.kept_observations); free(g.kept_number);
    return r->status;
}

void rl_release(result_t *r) {
    free(r->locals); free(r->changes); free(r->terminal_bytes); free(r->contexts);
    r->locals = r->changes = NULL; r->terminal_bytes = NULL; r->contexts = NULL;
}

/* -- what a stopped search hands back on demand (checker/explore/native_search.py) --------- */
static void witnesses_reset(void) {
    for (int k = 0; k < RL_WITNESS_KINDS; k++) { rl_witnessed[k].data.len = 0; rl_witnessed[k].count = 0; rl_witnessed[k].full = 0; }
    rl_origin = rl_last_expanded = 0;
}

/* The witnesses of the last search (0: vectors, 1: changes): per witness its origin and length
 * (two uint64) and the packed state; *count of them; *complete 0 if some were not kept. */
const uint8_t *rl_witnesses(int which, uint64_t *len, uint64_t *count, int *complete) {
    *len = rl_witnessed[which].data.len; *count = rl_witnessed[which].count; *complete = !rl_witnessed[which].full;
    return rl_witnessed[which].data.data;
}

/* The packed bytes of state `number` of the last search (not with fingerprints), or NULL. */
const uint8_t *rl_stored_state(uint64_t number, uint64_t *len) {
    if (number >= kept.states.count) return NULL;
    size_t l;
    const uint8_t *p = set_item(&kept.states, number, &l);
    *len = l;
    return p;
}

/* The path of the last search from state 0 to stored state j along the edges that found each
 * state (the first edge into it, in the order the search took them: breadth first, that is its
 * parent), as state numbers written to out[0 .. return value) from j back to 0; 0 if it is longer
 * than cap or j was not reached. */
uint64_t rl_path_to(uint64_t j, uint64_t *out, uint64_t cap) {
    uint64_t count = 0, edges = rl_edges_seen;
    if (j >= kept.states.count) return 0;
    while (count < cap) {
        out[count++] = j;
        if (j == 0) return count;
        uint64_t e = 0;
        while (e < edges && kept.targets[e] != j) e++;
        if (e == edges) return 0;
        /* the state whose edges hold e: edge_start is written for each state as it is expanded */
        uint64_t low = 0, high = rl_last_expanded;
        while (low < high) {
            uint64_t mid = low + (high - low + 1) / 2;
            if (kept.edge_start[mid] <= e) low = mid; else high = mid - 1;
        }
        j = low;
    }
    return 0;
}

/* -- what a search for a trace hands back on demand (checker/explore/native_trace.py) ---- */
/* The state whose expansion found stored state j (0 for the initial state), or -1 if the last
 * search kept no parents (it was not a search for a trace) or has no state j. */
int64_t rl_trace_parent(uint64_t j) {
    if (!rl_trace.on || j >= kept.states.count) return -1;
    return rl_trace.parent[j];
}

/* The last search for a trace as the Python explorer counts it once it has expanded states
 * 0 .. i - 1 and taken the first `taken` edges of state i: out[0] the transitions taken, out[1]
 * the states stored, out[2] the unmatched receptions before state i's edges, out[3] the
 * terminal states among 0 .. i - 1, out[4] the depth of the last state stored. 0 if state i
 * was not expanded with its edges or has fewer than `taken`. */
int rl_trace_figures(uint64_t i, uint64_t taken, uint64_t *out) {
    if (!rl_trace.on || i > rl_last_expanded || i >= kept.states.count) return 0;
    uint64_t first = kept.edge_start[i], end = i < rl_last_expanded ? kept.edge_start[i + 1] : rl_edges_seen;
    if (first + taken > end) return 0;
    uint64_t edges = first + taken, highest = 0, terminals = 0;
    for (uint64_t e = 0; e < edges; e++) if (kept.targets[e] > highest) highest = kept.targets[e];
    for (uint64_t m = 0; m < i; m++) terminals += kept.edge_start[m] == kept.edge_start[m + 1];
    out[0] = edges;
    out[1] = highest + 1;
    out[2] = rl_trace.unmatched_at[i];
    out[3] = terminals;
    out[4] = kept.depth[highest];
    return 1;
}
