/* A breadth-first search over interned states whose steps are memoised tables filled by Python.
 *
 * models/native/tables.py drives it for models/systems/synchronized_interned.py: a state is W
 * numbers (each process's node, then each channel's contents), and what a step does is looked
 * up in four tables keyed by small ints, each entry computed once by Python (a callback) the
 * first time the search needs it:
 *
 *   SPONTANEOUS (process, node)                    -> the moves of its round and control steps
 *   RECEPTION   (process, node, slot, envelope)   -> the move of receiving that envelope there
 *   RECEIVABLE  (contents)                         -> (envelope, contents after it is taken), each
 *   PUSH        (contents, envelope)               -> the contents with the envelope sent on them
 *
 * A move is: new node, the class of the new node, messages sent, instance, the number of sends,
 * then (state index, envelope) per send. Successors are listed in the Python engine's order
 * (per process: receptions channel by channel, then the spontaneous moves), so the states are
 * found and numbered in the same order and the graph is the same.
 *
 * The search keeps the graph in compressed rows (targets and messages per edge), counts
 * transitions and terminal states, takes the depth, and ends with Kahn's pass: acyclic or not,
 * and the fewest and most messages of a complete execution. Python judges the properties as the
 * search goes, and the search stops as soon as one is violated: each distinct vector of the
 * processes' node classes (what the state properties read) and each terminal state is handed
 * to the callback (VECTOR, TERMINAL: the numbers in its buffer; it returns 1 if violated), and
 * the callback judges each step when it makes its table entry (it returns -2 if violated).
 *
 * ts_search_levels is the same search keeping two breadth-first levels instead of every state
 * and edge, where the graph is graded by ranks of nodes that it checks (see there).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SPONTANEOUS = 0, RECEPTION = 1, RECEIVABLE = 2, PUSH = 3, VECTOR = 4, TERMINAL = 5 };
enum { TS_OK = 0, TS_STATE_LIMIT = 1, TS_NO_MEMORY = 2, TS_CALLBACK_FAILED = 3, TS_MEMORY_LIMIT = 4, TS_VIOLATED = 5,
       TS_NOT_GRADED = 6 };

typedef int32_t (*fill_fn)(int32_t kind, int32_t a, int32_t b, int32_t c, int32_t d, int32_t *out, int32_t cap);

static inline uint64_t mix(uint64_t h) {
    h ^= h >> 33; h *= 0xff51afd7ed558ccdULL; h ^= h >> 33; h *= 0xc4ceb9fe1a85ec53ULL; h ^= h >> 33;
    return h;
}

/* -- a map from (kind, a, b, c, d) to a uint32 ------------------------------------------- */
typedef struct { uint32_t key[5]; uint32_t value; uint32_t used; } MapSlot;
typedef struct { MapSlot *slots; size_t mask, count; } Map;

static uint64_t key_hash(const uint32_t *k) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int j = 0; j < 5; j++) h = (h ^ k[j]) * 0xbf58476d1ce4e5b9ULL;
    return mix(h);
}

static int map_init(Map *m, size_t size) {
    m->slots = calloc(size, sizeof(MapSlot));
    m->mask = size - 1;
    m->count = 0;
    return m->slots != NULL;
}

static MapSlot *map_find(Map *m, const uint32_t *k) {
    size_t at = key_hash(k) & m->mask;
    while (m->slots[at].used && memcmp(m->slots[at].key, k, sizeof m->slots[at].key)) at = (at + 1) & m->mask;
    return &m->slots[at];
}

static int map_put(Map *m, const uint32_t *k, uint32_t value) {
    if (2 * (m->count + 1) > m->mask + 1) {
        Map bigger;
        if (!map_init(&bigger, 2 * (m->mask + 1))) return 0;
        for (size_t s = 0; s <= m->mask; s++)
            if (m->slots[s].used) *map_find(&bigger, m->slots[s].key) = m->slots[s];
        bigger.count = m->count;
        free(m->slots);
        *m = bigger;
    }
    MapSlot *slot = map_find(m, k);
    memcpy(slot->key, k, sizeof slot->key);
    slot->value = value;
    slot->used = 1;
    m->count++;
    return 1;
}

/* -- growable arrays ----------------------------------------------------------------------- */
typedef struct { void *data; size_t count, capacity, width; } Vec;

static void *vec_grow(Vec *v, size_t more) {
    if (v->count + more > v->capacity) {
        size_t capacity = v->capacity ? v->capacity : 1024;
        while (capacity < v->count + more) capacity *= 2;
        void *data = realloc(v->data, capacity * v->width);
        if (!data) return NULL;
        v->data = data;
        v->capacity = capacity;
    }
    void *at = (char *)v->data + v->count * v->width;
    v->count += more;
    return at;
}

/* -- a set of vectors of `width` uint32, numbered in the order added ------------------------- */
typedef struct { Vec items; uint64_t *slots; size_t mask; int width; } Set;  /* a slot: hash tag << 32 | number + 1 */

static uint64_t vector_hash(const uint32_t *x, int width) {
    uint64_t h = 0x2545f4914f6cdd1dULL;
    int j = 0;
    for (; j + 1 < width; j += 2) h = (h ^ (x[j] | (uint64_t)x[j + 1] << 32)) * 0x9e3779b97f4a7c15ULL, h ^= h >> 29;
    if (j < width) h = (h ^ x[j]) * 0x9e3779b97f4a7c15ULL;
    return mix(h);
}

static int set_init(Set *s, int width, size_t size) {
    memset(s, 0, sizeof *s);
    s->width = width;
    s->items.width = width * sizeof(uint32_t);
    s->slots = calloc(size, sizeof(uint64_t));
    s->mask = size - 1;
    return s->slots != NULL;
}

/* the number of x in s, added if new (*added set); -1 when memory runs out */
static int64_t set_add(Set *s, const uint32_t *x, int *added) {
    uint64_t h = vector_hash(x, s->width), tag = h & 0xffffffff00000000ULL;
    size_t at = h & s->mask;
    uint32_t *items = s->items.data;
    while (s->slots[at]) {
        uint64_t slot = s->slots[at];
        if ((slot & 0xffffffff00000000ULL) == tag) {
            uint32_t k = (uint32_t)slot - 1;
            if (!memcmp(items + (size_t)k * s->width, x, s->items.width)) { *added = 0; return k; }
        }
        at = (at + 1) & s->mask;
    }
    if (s->items.count + 1 >= 0xffffffffu) return -1;
    uint32_t *room = vec_grow(&s->items, 1);
    if (!room) return -1;
    memcpy(room, x, s->items.width);
    uint32_t number = s->items.count - 1;
    s->slots[at] = tag | (number + 1);
    *added = 1;
    if (2 * s->items.count > s->mask + 1) {
        size_t size = 2 * (s->mask + 1);
        uint64_t *slots = calloc(size, sizeof(uint64_t));
        if (!slots) return -1;
        for (size_t k = 0; k <= s->mask; k++) {
            uint64_t slot = s->slots[k];
            if (!slot) continue;
            size_t to = (vector_hash((uint32_t *)s->items.data + ((uint32_t)slot - 1) * (size_t)s->width, s->width))
                        & (size - 1);
            while (slots[to]) to = (to + 1) & (size - 1);
            slots[to] = slot;
        }
        free(s->slots);
        s->slots = slots;
        s->mask = size - 1;
    }
    return number;
}

static void set_free(Set *s) { free(s->items.data); free(s->slots); }

/* -- the search ---------------------------------------------------------------------------------- */
typedef struct {
    int64_t states, transitions, terminal_states, depth, messages_min, messages_max;
    int32_t status, acyclic;
} TsResult;

typedef struct {
    int n, width;
    const int32_t *in_slots, *in_offsets;  /* process i's incoming channels: in_slots[in_offsets[i]..in_offsets[i+1]) */
    fill_fn fill;
    Map memo;
    Vec arena;      /* int32: the tables' entries */
    Vec classes;    /* int32: node -> its class, -1 unknown */
    int32_t *buffer; int32_t buffer_size;
    int failed;
} Tables;

/* the table entry for (kind, a, b, c, d), asked of Python if new: its offset in the arena (for PUSH, the value) */
static int64_t entry(Tables *t, int32_t kind, int32_t a, int32_t b, int32_t c, int32_t d) {
    uint32_t key[5] = {(uint32_t)kind, (uint32_t)a, (uint32_t)b, (uint32_t)c, (uint32_t)d};
    MapSlot *slot = map_find(&t->memo, key);
    if (slot->used) return slot->value;
    int32_t length;
    for (;;) {
        length = t->fill(kind, a, b, c, d, t->buffer, t->buffer_size);
        if (length == -2) { t->failed = TS_VIOLATED; return -1; }
        if (length < 0) { t->failed = TS_CALLBACK_FAILED; return -1; }
        if (length <= t->buffer_size) break;
        int32_t *bigger = realloc(t->buffer, (size_t)length * sizeof(int32_t));
        if (!bigger) { t->failed = TS_NO_MEMORY; return -1; }
        t->buffer = bigger;
        t->buffer_size = length;
    }
    uint32_t value;
    if (kind == PUSH) {
        value = (uint32_t)t->buffer[0];
    } else {
        int32_t *room = vec_grow(&t->arena, length);
        if (!room) { t->failed = TS_NO_MEMORY; return -1; }
        memcpy(room, t->buffer, (size_t)length * sizeof(int32_t));
        value = (uint32_t)(t->arena.count - length);
        /* the classes of the nodes a move leads to */
        int32_t *p = room, moves = kind == RECEPTION ? 1 : kind == SPONTANEOUS ? *p++ : 0;
        for (int32_t m = 0; m < moves; m++) {
            int32_t node = p[0], cls = p[1], sends = p[4];
            if ((size_t)node >= t->classes.count) {
                size_t old = t->classes.count;
                if (!vec_grow(&t->classes, node + 1 - old)) { t->failed = TS_NO_MEMORY; return -1; }
                for (size_t q = old; q < t->classes.count; q++) ((int32_t *)t->classes.data)[q] = -1;
            }
            ((int32_t *)t->classes.data)[node] = cls;
            p += 5 + 2 * sends;
        }
    }
    if (!map_put(&t->memo, key, value)) { t->failed = TS_NO_MEMORY; return -1; }
    return value;
}

/* what the callback says of `count` numbers (a vector of node classes, a terminal state) */
static int judged(Tables *t, int32_t kind, const uint32_t *numbers, int count) {
    memcpy(t->buffer, numbers, count * sizeof(uint32_t));
    int32_t verdict = t->fill(kind, count, 0, 0, 0, t->buffer, t->buffer_size);
    return verdict == 0 ? TS_OK : verdict == 1 ? TS_VIOLATED : TS_CALLBACK_FAILED;
}

/* The state's vector of node classes (what the state properties read), judged the first time it
 * is met: both searches call this for every state they expand. */
static int judge_vector(Tables *t, Set *vectors, const uint32_t *state, uint32_t *vector, int n) {
    int added;
    int32_t *cls = t->classes.data;
    for (int i = 0; i < n; i++) vector[i] = cls[state[i]];
    if (set_add(vectors, vector, &added) < 0) return TS_NO_MEMORY;
    return added ? judged(t, VECTOR, vector, n) : TS_OK;
}

static size_t resident_bytes(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, resident = 0;
    if (!f) return 0;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    fclose(f);
    return (size_t)resident * 4096;
}

/* Every successor of `state`, in the Python engine's order: for each process, its receptions
 * channel by channel, then its spontaneous moves. `visit` is told each one (the moving process,
 * the successor in `next`, the messages sent) and returns TS_OK to go on; any other status
 * stops the expansion and is returned. */
typedef int (*visit_fn)(void *context, int mover, uint32_t mover_was, const uint32_t *next, int32_t sent);

static int expand(Tables *t, const uint32_t *state, uint32_t *next, visit_fn visit, void *context) {
    const int32_t *in_offsets = t->in_offsets, *in_slots = t->in_slots;
    for (int i = 0; i < t->n; i++) {
        for (int32_t q = in_offsets[i]; q <= in_offsets[i + 1]; q++) {
            /* q < in_offsets[i + 1]: a channel into i; q == in_offsets[i + 1]: i's spontaneous moves */
            int32_t *p;
            int32_t choices, slot = -1;
            int64_t at;
            const int32_t *taken = NULL;
            if (q < in_offsets[i + 1]) {
                slot = in_slots[q];
                if (state[slot] == 0) continue;
                at = entry(t, RECEIVABLE, state[slot], 0, 0, 0);
                if (at < 0) return t->failed;
                taken = (int32_t *)t->arena.data + at;
                choices = *taken++;
            } else {
                at = entry(t, SPONTANEOUS, i, state[i], 0, 0);
                if (at < 0) return t->failed;
                choices = ((int32_t *)t->arena.data)[at];
            }
            int64_t spontaneous_at = at + 1;
            for (int32_t c = 0; c < choices; c++) {
                memcpy(next, state, t->width * sizeof(uint32_t));
                if (slot >= 0) {
                    int32_t envelope = taken[2 * c], rest = taken[2 * c + 1];
                    int64_t move = entry(t, RECEPTION, i, state[i], slot, envelope);
                    if (move < 0) return t->failed;
                    /* the arena may have moved: read `taken` again */
                    taken = (int32_t *)t->arena.data + at + 1;
                    p = (int32_t *)t->arena.data + move;
                    next[slot] = rest;
                } else {
                    p = (int32_t *)t->arena.data + spontaneous_at;
                }
                int32_t sends = p[4], sent = p[2];
                int64_t move_at = p - (int32_t *)t->arena.data;
                next[i] = p[0];
                for (int32_t e = 0; e < sends; e++) {
                    p = (int32_t *)t->arena.data + move_at + 5 + 2 * e;
                    int32_t k = p[0], envelope = p[1];
                    int64_t pushed = entry(t, PUSH, next[k], envelope, 0, 0);
                    if (pushed < 0) return t->failed;
                    next[k] = (uint32_t)pushed;
                }
                if (slot < 0) spontaneous_at = move_at + 5 + 2 * sends;
                int status = visit(context, i, state[i], next, sent);
                if (status != TS_OK) return status;
            }
        }
    }
    return TS_OK;
}

/* ts_search's visit: number the successor and keep the edge */
typedef struct { Set *states; Vec *targets, *weights; int64_t max_states, limit_at; } Stored;

static int store_edge(void *context, int mover, uint32_t mover_was, const uint32_t *next, int32_t sent) {
    Stored *s = context;
    int added;
    (void)mover; (void)mover_was;
    int64_t j = set_add(s->states, next, &added);
    if (j < 0) return TS_NO_MEMORY;
    if (added && s->max_states >= 0 && j >= s->max_states) {  /* stored before it: j, as the Python explorer says */
        s->limit_at = j;
        return TS_STATE_LIMIT;
    }
    uint32_t *target = vec_grow(s->targets, 1);
    uint16_t *weight = vec_grow(s->weights, 1);
    if (!target || !weight || sent > 65535) return TS_NO_MEMORY;
    *target = (uint32_t)j;
    *weight = (uint16_t)sent;
    return TS_OK;
}

/* the tables' own memory, and the classes of the initial nodes; TS_OK or TS_NO_MEMORY */
static int tables_init(Tables *t, const uint32_t *initial, const int32_t *initial_classes) {
    t->arena.width = sizeof(int32_t);
    t->classes.width = sizeof(int32_t);
    t->buffer_size = 4096 > t->width ? 4096 : t->width;
    t->buffer = malloc(t->buffer_size * sizeof(int32_t));
    if (!t->buffer || !map_init(&t->memo, 1 << 12)) return TS_NO_MEMORY;
    for (int i = 0; i < t->n; i++) {
        uint32_t node = initial[i];
        if (node >= t->classes.count) {
            size_t old = t->classes.count;
            if (!vec_grow(&t->classes, node + 1 - old)) return TS_NO_MEMORY;
            for (size_t q = old; q < t->classes.count; q++) ((int32_t *)t->classes.data)[q] = -1;
        }
        ((int32_t *)t->classes.data)[node] = initial_classes[i];
    }
    return TS_OK;
}

static void tables_free(Tables *t) { free(t->buffer); free(t->memo.slots); free(t->arena.data); free(t->classes.data); }

/* Explore from `initial` (W numbers; `initial_classes`: its processes' node classes). */
int ts_search(int n, int width, const int32_t *in_offsets, const int32_t *in_slots, const uint32_t *initial,
              const int32_t *initial_classes, fill_fn fill, int64_t max_states, int64_t max_memory, TsResult *out) {
    memset(out, 0, sizeof *out);
    Tables t = {n, width, in_slots, in_offsets, fill};
    Set states = {0}, vectors = {0};
    Vec offsets = {0, 0, 0, sizeof(int64_t)}, targets = {0, 0, 0, sizeof(uint32_t)},
        weights = {0, 0, 0, sizeof(uint16_t)};
    int64_t terminal_states = 0;
    uint32_t *state = malloc(width * sizeof(uint32_t)), *next = malloc(width * sizeof(uint32_t));
    uint32_t *vector = malloc(n * sizeof(uint32_t));
    int status = tables_init(&t, initial, initial_classes), added;
    if (status != TS_OK) goto done;
    if (!state || !next || !vector || !set_init(&states, width, 1 << 16) || !set_init(&vectors, n, 1 << 10)) {
        status = TS_NO_MEMORY; goto done;
    }
    set_add(&states, initial, &added);
    *(int64_t *)vec_grow(&offsets, 1) = 0;
    int64_t depth = 0, level_end = 1;
    for (int64_t s = 0; s < (int64_t)states.items.count; s++) {
        if (s == level_end) { depth++; level_end = states.items.count; }
        memcpy(state, (uint32_t *)states.items.data + (size_t)s * width, width * sizeof(uint32_t));
        if ((status = judge_vector(&t, &vectors, state, vector, n)) != TS_OK) goto done;
        int64_t edges_before = targets.count;
        Stored stored = {&states, &targets, &weights, max_states, -1};
        if ((status = expand(&t, state, next, store_edge, &stored)) != TS_OK) {
            if (status == TS_STATE_LIMIT) out->states = stored.limit_at;
            goto done;
        }
        if ((int64_t)targets.count == edges_before) {
            terminal_states++;
            if ((status = judged(&t, TERMINAL, state, width)) != TS_OK) goto done;
        }
        int64_t *end = vec_grow(&offsets, 1);
        if (!end) { status = TS_NO_MEMORY; goto done; }
        *end = targets.count;
        if (max_memory > 0 && (s & 0xffff) == 0xffff && resident_bytes() > (size_t)max_memory) {
            status = TS_MEMORY_LIMIT; goto done;
        }
    }
    out->states = states.items.count;
    out->transitions = targets.count;
    out->terminal_states = terminal_states;
    out->depth = depth;
    {   /* Kahn's pass: acyclic if it takes every state; the fewest and most messages to each state */
        int64_t count = states.items.count, *row = offsets.data;
        uint32_t *to = targets.data;
        uint16_t *w = weights.data;
        uint32_t *indegree = calloc(count, sizeof(uint32_t));
        int64_t *low = malloc(count * sizeof(int64_t)), *high = malloc(count * sizeof(int64_t));
        uint32_t *queue = malloc(count * sizeof(uint32_t));
        if (!indegree || !low || !high || !queue) {
            free(indegree); free(low); free(high); free(queue);
            status = TS_NO_MEMORY; goto done;
        }
        for (int64_t e = 0; e < (int64_t)targets.count; e++) indegree[to[e]]++;
        for (int64_t k = 0; k < count; k++) high[k] = -1;
        low[0] = high[0] = 0;
        int64_t head = 0, tail = 0;
        for (int64_t k = 0; k < count; k++) if (!indegree[k]) queue[tail++] = k;
        int64_t fewest = -1, most = -1;
        while (head < tail) {
            uint32_t k = queue[head++];
            if (row[k] == row[k + 1]) {
                if (fewest < 0 || low[k] < fewest) fewest = low[k];
                if (high[k] > most) most = high[k];
            }
            for (int64_t e = row[k]; e < row[k + 1]; e++) {
                uint32_t u = to[e];
                int64_t up = high[k] + w[e], down = low[k] + w[e];
                if (high[u] < 0) { high[u] = up; low[u] = down; }
                else { if (up > high[u]) high[u] = up; if (down < low[u]) low[u] = down; }
                if (--indegree[u] == 0) queue[tail++] = u;
            }
        }
        out->acyclic = tail == count;
        out->messages_min = fewest;
        out->messages_max = most;
        free(indegree); free(low); free(high); free(queue);
    }
done:
    if (status != TS_OK && status != TS_STATE_LIMIT) out->states = states.items.count;
    out->status = status;
    tables_free(&t);
    free(state); free(next); free(vector);
    set_free(&states); set_free(&vectors);
    free(offsets.data); free(targets.data); free(weights.data);
    return status;
}

/* -- the same search a level at a time ------------------------------------------------------------
 *
 * ts_search keeps every state and every edge, for Kahn's pass. ts_search_levels finds the same
 * states in the same order with the same figures, keeping only two breadth-first levels, when
 * the graph is graded: when each (process, node) has a rank, 0 for the initial nodes, and every
 * step takes its process from a node of rank r to one of rank r + 1. The rank of a state (the
 * sum of its processes' ranks) then grows by one with every step, so a state of level d has
 * rank d, a successor of level d is new or on level d + 1, and the graph has no cycle; the
 * fewest and most messages to each state are taken level by level. The ranks are not assumed:
 * each is set by the first step into its node and every later step is checked against it,
 * and the search gives up (TS_NOT_GRADED, for ts_search to run instead) at the first step that
 * disagrees. Until then every level holds states of equal rank, so a successor equal to a
 * state of an earlier level would have a node of another rank: that step is the one that
 * disagrees, and no state is ever taken as new twice. */
typedef struct {
    int n;
    Vec ranks;            /* int32 per (node, process): node * n + process -> its rank, -1 unknown */
    Set *level;           /* the next level's states */
    Vec low, high;        /* int32: the fewest and most messages to each of them */
    int32_t from_low, from_high;
    int64_t base, max_states, limit_at, edges;
} Levels;

static int32_t *rank_of(Levels *l, int process, uint32_t node) {
    size_t at = (size_t)node * l->n + process;
    if (at >= l->ranks.count) {
        size_t old = l->ranks.count;
        if (!vec_grow(&l->ranks, at + l->n - old)) return NULL;
        for (size_t q = old; q < l->ranks.count; q++) ((int32_t *)l->ranks.data)[q] = -1;
    }
    return (int32_t *)l->ranks.data + at;
}

static int next_level(void *context, int mover, uint32_t mover_was, const uint32_t *next, int32_t sent) {
    Levels *l = context;
    int32_t was = *rank_of(l, mover, mover_was);  /* known: every node of a stored state has its rank */
    int32_t *rank = rank_of(l, mover, next[mover]);
    if (!rank) return TS_NO_MEMORY;
    if (*rank < 0) *rank = was + 1;
    else if (*rank != was + 1) return TS_NOT_GRADED;
    int added;
    int64_t k = set_add(l->level, next, &added);
    if (k < 0) return TS_NO_MEMORY;
    if (added) {
        if (l->max_states >= 0 && l->base + k >= l->max_states) { l->limit_at = l->base + k; return TS_STATE_LIMIT; }
        int32_t *low = vec_grow(&l->low, 1), *high = vec_grow(&l->high, 1);
        if (!low || !high) return TS_NO_MEMORY;
        *low = l->from_low + sent;
        *high = l->from_high + sent;
    } else {
        int32_t *low = (int32_t *)l->low.data + k, *high = (int32_t *)l->high.data + k;
        if (l->from_low + sent < *low) *low = l->from_low + sent;
        if (l->from_high + sent > *high) *high = l->from_high + sent;
    }
    l->edges++;
    return TS_OK;
}

/* As ts_search (the same arguments and figures), a level at a time; TS_NOT_GRADED if the graph is not graded. */
int ts_search_levels(int n, int width, const int32_t *in_offsets, const int32_t *in_slots, const uint32_t *initial,
                     const int32_t *initial_classes, fill_fn fill, int64_t max_states, int64_t max_memory,
                     TsResult *out) {
    memset(out, 0, sizeof *out);
    Tables t = {n, width, in_slots, in_offsets, fill};
    Levels l = {n};
    l.ranks.width = l.low.width = l.high.width = sizeof(int32_t);
    Vec low = {0, 0, 0, sizeof(int32_t)}, high = {0, 0, 0, sizeof(int32_t)};
    Set vectors = {0}, current = {0}, following = {0};
    uint32_t *state = malloc(width * sizeof(uint32_t)), *next = malloc(width * sizeof(uint32_t));
    uint32_t *vector = malloc(n * sizeof(uint32_t));
    int64_t terminal_states = 0, depth = 0, expanded = 0, fewest = -1, most = -1, stored = 1;
    int status = tables_init(&t, initial, initial_classes), added;
    if (status != TS_OK) goto done;
    if (!state || !next || !vector || !set_init(&vectors, n, 1 << 10) || !set_init(&current, width, 1 << 4)
        || !vec_grow(&low, 1) || !vec_grow(&high, 1)) { status = TS_NO_MEMORY; goto done; }
    set_add(&current, initial, &added);
    ((int32_t *)low.data)[0] = ((int32_t *)high.data)[0] = 0;
    for (int i = 0; i < n; i++) {
        int32_t *rank = rank_of(&l, i, initial[i]);
        if (!rank) { status = TS_NO_MEMORY; goto done; }
        *rank = 0;
    }
    for (;;) {
        if (!set_init(&following, width, 1 << 16)) { status = TS_NO_MEMORY; goto done; }
        l.level = &following;
        l.base = stored;
        l.max_states = max_states;
        for (int64_t s = 0; s < (int64_t)current.items.count; s++, expanded++) {
            memcpy(state, (uint32_t *)current.items.data + (size_t)s * width, width * sizeof(uint32_t));
            if ((status = judge_vector(&t, &vectors, state, vector, n)) != TS_OK) goto done;
            int64_t edges_before = l.edges;
            l.from_low = ((int32_t *)low.data)[s];
            l.from_high = ((int32_t *)high.data)[s];
            if ((status = expand(&t, state, next, next_level, &l)) != TS_OK) {
                if (status == TS_STATE_LIMIT) out->states = l.limit_at;
                goto done;
            }
            if (l.edges == edges_before) {
                terminal_states++;
                if ((status = judged(&t, TERMINAL, state, width)) != TS_OK) goto done;
                if (fewest < 0 || l.from_low < fewest) fewest = l.from_low;
                if (l.from_high > most) most = l.from_high;
            }
            if (max_memory > 0 && (expanded & 0xffff) == 0xffff && resident_bytes() > (size_t)max_memory) {
                status = TS_MEMORY_LIMIT; goto done;
            }
        }
        stored += following.items.count;
        set_free(&current);
        current = following;
        memset(&following, 0, sizeof following);
        free(low.data); free(high.data);
        low = l.low; high = l.high;
        memset(&l.low, 0, sizeof l.low); memset(&l.high, 0, sizeof l.high);
        l.low.width = l.high.width = sizeof(int32_t);
        if (!current.items.count) break;
        depth++;
    }
    out->states = stored;
    out->transitions = l.edges;
    out->terminal_states = terminal_states;
    out->depth = depth;
    out->acyclic = 1;  /* graded */
    out->messages_min = fewest;
    out->messages_max = most;
done:
    if (status != TS_OK && status != TS_STATE_LIMIT) out->states = stored + following.items.count;
    out->status = status;
    tables_free(&t);
    free(state); free(next); free(vector);
    set_free(&vectors); set_free(&current); set_free(&following);
    free(low.data); free(high.data); free(l.low.data); free(l.high.data); free(l.ranks.data);
    return status;
}
