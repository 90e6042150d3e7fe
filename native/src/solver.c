/* The exact alpha-beta solver of sixtysix (see solver.h and docs/native_solver.md).
 *
 * The game tree is the one of sixtysix/search/_core.py (itself checked against a
 * brute-force minimax over the public API): the same positions, the same moves, the
 * same scores. Every rule fact is read from the ss_spec; this file holds no rule
 * variant of its own. All state lives in the call (struct ctx): no global is written.
 */
#include "solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INF 100

static int popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

static int lowest(uint32_t x)
{
    int n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
}

static int highest(uint32_t x)
{
    int n = 31;
    while (!(x & 0x80000000u)) {
        x <<= 1;
        n--;
    }
    return n;
}

/* ------------------------------------------------------------------ the spec */

static int fail(char *err, size_t errlen, int code, const char *msg)
{
    if (err && errlen)
        snprintf(err, errlen, "%s", msg);
    return code;
}

static int in_range(int32_t v, int32_t lo, int32_t hi) { return v >= lo && v <= hi; }

int ss_spec_load(ss_spec *s, const int32_t *t, size_t n, char *err, size_t errlen)
{
    int i, j, k;
    if (n != SP_SIZE)
        return fail(err, errlen, SS_ERR_SPEC, "the rule table has the wrong size");
    if (t[SP_MAGIC] != SS_SPEC_MAGIC)
        return fail(err, errlen, SS_ERR_SPEC, "the rule table has the wrong version");
    memset(s, 0, sizeof *s);
    if (!in_range(t[SP_TRUMP], 0, 3))
        return fail(err, errlen, SS_ERR_SPEC, "the trump suit is not 0 to 3");
    s->trump = t[SP_TRUMP];
    s->deck = (uint32_t)t[SP_DECK];
    s->deck_size = popcount32(s->deck);
    if (s->deck_size < 4 || s->deck_size % 2)
        return fail(err, errlen, SS_ERR_SPEC, "the deck is not an even set of cards");
    /* the flags: 0 or 1 each */
    {
        static const int flags[] = {SP_AUTO,          SP_CLAIM_LEAD,     SP_CLAIM_AFTER_MARRIAGE,
                                    SP_DECIDE_CLAIM,  SP_MARRY,          SP_MARRY + 1,
                                    SP_MARRY + 2,     SP_MARRY + 3,      SP_MARRIAGE_OUT,
                                    SP_PENDING_ALWAYS, SP_BEATEN_FLAT,   SP_EX_ANY_TIME,
                                    SP_EX_NEEDS_TRICK, SP_EX_FIRST_LEAD, SP_SNAP_TRICKS,
                                    SP_SNAP_POINTS,   SP_WINS_HAND,      SP_BOTH_NONE,
                                    SP_MONOTONE};
        for (i = 0; i < (int)(sizeof flags / sizeof flags[0]); i++)
            if (!in_range(t[flags[i]], 0, 1))
                return fail(err, errlen, SS_ERR_SPEC, "a rule flag is not 0 or 1");
    }
    s->auto_claim = t[SP_AUTO];
    s->claim_lead = t[SP_CLAIM_LEAD];
    s->claim_after_marriage = t[SP_CLAIM_AFTER_MARRIAGE];
    s->decide_claim = t[SP_DECIDE_CLAIM];
    s->decide_talons = (uint32_t)t[SP_DECIDE_TALONS];
    s->close_first = (uint32_t)t[SP_CLOSE_FIRST];
    s->close_later = (uint32_t)t[SP_CLOSE_LATER];
    /* (bit 0: no close or decision without a talon) */
    if ((s->decide_talons | s->close_first | s->close_later) & 1u)
        return fail(err, errlen, SS_ERR_SPEC, "a close needs a talon");
    s->marry[0][0] = t[SP_MARRY];
    s->marry[0][1] = t[SP_MARRY + 1];
    s->marry[1][0] = t[SP_MARRY + 2];
    s->marry[1][1] = t[SP_MARRY + 3];
    s->marriage_out = t[SP_MARRIAGE_OUT];
    s->pending_always = t[SP_PENDING_ALWAYS];
    s->beaten_flat = t[SP_BEATEN_FLAT];
    s->ex_card = t[SP_EX_CARD];
    if (!in_range(s->ex_card, 0, 31) || !(s->deck >> s->ex_card & 1u) || s->ex_card >> 3 != s->trump)
        return fail(err, errlen, SS_ERR_SPEC, "the exchange card is not a trump of the deck");
    s->ex_min = t[SP_EX_MIN];
    if (!in_range(s->ex_min, 0, 32))
        return fail(err, errlen, SS_ERR_SPEC, "the exchange's talon minimum is out of range");
    s->ex_any_time = t[SP_EX_ANY_TIME];
    s->ex_needs_trick = t[SP_EX_NEEDS_TRICK];
    s->ex_first_lead = t[SP_EX_FIRST_LEAD];
    s->ewc = t[SP_EWC];
    if (!in_range(s->ewc, 0, 2))
        return fail(err, errlen, SS_ERR_SPEC, "the closed-talon exchange rule is not 0 to 2");
    s->snap_tricks = t[SP_SNAP_TRICKS];
    s->snap_points = t[SP_SNAP_POINTS];
    s->target = t[SP_TARGET];
    if (!in_range(s->target, 1, SS_MAX_POINTS))
        return fail(err, errlen, SS_ERR_SPEC, "the target is out of range");
    s->last_bonus = t[SP_LAST_BONUS];
    if (!in_range(s->last_bonus, 0, SS_MAX_CARD_POINTS - 120))
        return fail(err, errlen, SS_ERR_SPEC, "the last trick's bonus is out of range");
    s->wins_hand = t[SP_WINS_HAND];
    s->wins_hand_short = t[SP_WINS_HAND_SHORT];
    if (!in_range(s->wins_hand_short, 1, 3))
        return fail(err, errlen, SS_ERR_SPEC, "a game-point value is not 1 to 3");
    s->both_none = t[SP_BOTH_NONE];
    s->monotone = t[SP_MONOTONE];
    for (i = 0; i < 2; i++) {
        s->false_claim[i] = t[SP_FALSE_CLAIM + i];
        if (!in_range(s->false_claim[i], 0, 3))
            return fail(err, errlen, SS_ERR_SPEC, "a false claim's value is not 0 to 3");
    }
    {
        int total = 0;
        for (i = 0; i < 32; i++) {
            s->points[i] = t[SP_POINTS + i];
            if (!in_range(s->points[i], 0, 11) || (!(s->deck >> i & 1u) && s->points[i]))
                return fail(err, errlen, SS_ERR_SPEC, "a card's points are out of range");
            total += s->points[i];
        }
        if (total > 120)
            return fail(err, errlen, SS_ERR_SPEC, "the deck holds more than 120 points");
    }
    for (i = 0; i < 32; i++) {
        s->beat[i] = (uint32_t)t[SP_BEAT + i];
        if (s->beat[i] >> i & 1u)
            return fail(err, errlen, SS_ERR_SPEC, "a card beats itself");
        for (j = 0; j < 3; j++)
            s->follow[i][j] = (uint32_t)t[SP_FOLLOW + 3 * i + j];
    }
    for (i = 0; i < 4; i++) {
        s->lead_after[i] = (uint32_t)t[SP_LEAD_AFTER + i];
        s->pair[i] = (uint32_t)t[SP_PAIR + i];
        s->marriage_value[i] = t[SP_MARRIAGE_VALUE + i];
        if (popcount32(s->pair[i]) != 2 || (s->lead_after[i] & ~s->pair[i]) || !s->lead_after[i])
            return fail(err, errlen, SS_ERR_SPEC, "a marriage is not a king and a queen");
        if (!in_range(s->marriage_value[i], 0, 40))
            return fail(err, errlen, SS_ERR_SPEC, "a marriage's value is out of range");
    }
    for (i = 0; i < 2; i++)
        for (j = 0; j <= SS_MAX_POINTS; j++) {
            int32_t a = t[SP_FAILED_CLOSE + i * (SS_MAX_POINTS + 1) + j];
            int32_t b = t[SP_CLOSER_BEATEN + i * (SS_MAX_POINTS + 1) + j];
            if (!in_range(a, 1, 3) || !in_range(b, 1, 3))
                return fail(err, errlen, SS_ERR_SPEC, "a game-point value is not 1 to 3");
            s->failed_close[i][j] = (int8_t)a;
            s->closer_beaten[i][j] = (int8_t)b;
        }
    for (i = 0; i < 2; i++)
        for (j = 0; j <= SS_MAX_CARD_POINTS; j++)
            for (k = 0; k <= SS_MAX_MARRIAGES; k++) {
                int32_t g = t[SP_GRADE + (i * (SS_MAX_CARD_POINTS + 1) + j) * (SS_MAX_MARRIAGES + 1) + k];
                if (!in_range(g, 1, 3))
                    return fail(err, errlen, SS_ERR_SPEC, "a game-point value is not 1 to 3");
                s->grade[i][j][k] = (int8_t)g;
            }
    return SS_OK;
}

/* ------------------------------------------------------------------ the search state */

typedef struct tt_entry {
    uint64_t k0, k1, k2; /* k2 == 0: empty */
    int8_t lo, hi;
    int8_t move;   /* the best move's index in gen_moves order, or -1 */
    uint8_t depth; /* cards left (a full table keeps the entries of more cards) */
} tt_entry;

typedef struct ctx {
    const ss_spec *s;
    const ss_talon *tal;
    tt_entry *tt;
    size_t size;  /* entries (a power of two) */
    size_t used;
    size_t limit; /* the most entries */
    long long nodes, max_nodes;
    int error;
    /* the history heuristic of the open phase's plays: by seat and card, what their
     * cutoffs were worth (only the order of the search) */
    uint32_t hist[2][32];
} ctx;

#define TT_PROBES 4
#define ORDER_CLOSE 4
#define TT_START 256

static int tal_at(const ctx *c, const ss_pos *p, int i)
{
    if (i == p->tal_len - 1)
        return p->tal_last;
    return c->tal->cards[c->tal->len - p->tal_len + i];
}

static int tricks_played(const ctx *c, const ss_pos *p)
{
    return (c->s->deck_size - p->tal_len - popcount32(p->h[0] | p->h[1]) - (p->ld >= 0)) >> 1;
}

static int mover_of(const ss_pos *p) { return p->st == 1 ? 1 - p->L : p->L; }

/* ------------------------------------------------------------------ scoring */

static int grade(ctx *c, int won, int cp, int m, int bonus)
{
    int x = cp + bonus;
    if (x < 0 || x > SS_MAX_CARD_POINTS || m < 0 || m > SS_MAX_MARRIAGES) {
        c->error = SS_ERR_RANGE;
        return 1;
    }
    return c->s->grade[won ? 1 : 0][x][m];
}

static int points_index(ctx *c, int pts)
{
    if (pts < 0 || pts > SS_MAX_POINTS) {
        c->error = SS_ERR_RANGE;
        return 0;
    }
    return pts;
}

static int grade_claim(ctx *c, const ss_pos *p, int claimer)
{
    int opp = 1 - claimer;
    if (p->cl == claimer && c->s->snap_points)
        return grade(c, p->sn_ot, p->sn_cp, p->sn_m, 0);
    return grade(c, p->w[opp], p->c[opp], p->m[opp], 0);
}

/* The value for seat 0 of the finished hand (the port of scoring.score_hand). */
static int terminal(ctx *c, const ss_pos *p, int last, int empty)
{
    const ss_spec *s = c->s;
    int pts[2], gp, winner, loser, bonus;
    pts[0] = p->c[0] + p->m[0];
    pts[1] = p->c[1] + p->m[1];
    if (!empty) {
        int claimer = last, opp = 1 - last;
        if (pts[claimer] < s->target) {
            gp = s->false_claim[p->w[opp] ? 1 : 0];
            if (!gp)
                gp = grade_claim(c, p, claimer);
            return opp == 0 ? gp : -gp;
        }
        if (p->cl >= 0 && p->cl != claimer)
            gp = s->closer_beaten[p->sn_ot][points_index(c, pts[p->cl])];
        else
            gp = grade_claim(c, p, claimer);
        return claimer == 0 ? gp : -gp;
    }
    if (p->cl >= 0) {
        if (last == p->cl && pts[p->cl] >= s->target) {
            gp = grade_claim(c, p, p->cl);
            return p->cl == 0 ? gp : -gp;
        }
        gp = s->failed_close[p->sn_ot][points_index(c, pts[p->cl])];
        return p->cl == 1 ? gp : -gp;
    }
    if (s->wins_hand) {
        int other = 1 - last;
        gp = pts[last] >= s->target ? grade(c, p->w[other], p->c[other], p->m[other], 0)
                                    : s->wins_hand_short;
        return last == 0 ? gp : -gp;
    }
    pts[last] += s->last_bonus;
    if (pts[0] >= s->target && pts[1] >= s->target) {
        if (s->both_none || pts[0] == pts[1])
            return 0;
        winner = pts[0] > pts[1] ? 0 : 1;
    } else if (pts[0] >= s->target) {
        winner = 0;
    } else if (pts[1] >= s->target) {
        winner = 1;
    } else {
        return 0;
    }
    loser = 1 - winner;
    bonus = loser == last ? s->last_bonus : 0;
    gp = grade(c, p->w[loser], p->c[loser], p->m[loser], bonus);
    return winner == 0 ? gp : -gp;
}

int ss_terminal(const ss_spec *spec, const ss_pos *pos, int last, int empty)
{
    ctx c;
    int v;
    memset(&c, 0, sizeof c);
    c.s = spec;
    if (last < 0 || last > 1 || pos->cl < -1 || pos->cl > 1 || pos->sn_ot > 1)
        return -INF;
    v = terminal(&c, pos, last, empty);
    return c.error ? -INF : v;
}

/* The most seat can still win: the grade its opponent gives now (or at the close,
 * or the closer's failure), since points and tricks only grow and the grades only
 * fall with them (spec->monotone). The opponent's false claims and closes are left
 * out, which only raises the minimax (it always has a card to play instead). */
static int top_of(ctx *c, const ss_pos *p, int seat)
{
    const ss_spec *s = c->s;
    int opp = 1 - seat, t;
    if (p->cl < 0 || (p->cl == seat && !s->snap_points)) {
        t = grade(c, p->w[opp], p->c[opp], p->m[opp], 0);
    } else if (p->cl == seat) {
        t = grade(c, p->sn_ot, p->sn_cp, p->sn_m, 0);
    } else {
        int pts = points_index(c, p->c[opp] + p->m[opp]);
        t = s->failed_close[p->sn_ot][pts];
        if (s->closer_beaten[p->sn_ot][pts] > t)
            t = s->closer_beaten[p->sn_ot][pts];
    }
    if (s->wins_hand && s->wins_hand_short > t)
        t = s->wins_hand_short;
    return t;
}

/* ------------------------------------------------------------------ the table */

static void make_key(const ss_pos *p, uint64_t *k0, uint64_t *k1, uint64_t *k2)
{
    *k0 = (uint64_t)p->h[0] | (uint64_t)p->h[1] << 32;
    *k1 = (uint64_t)p->c[0] | (uint64_t)p->c[1] << 8 | (uint64_t)p->m[0] << 16 |
          (uint64_t)p->m[1] << 24 | (uint64_t)p->p[0] << 32 | (uint64_t)p->p[1] << 40 |
          (uint64_t)p->w[0] << 48 | (uint64_t)p->w[1] << 49 | (uint64_t)p->st << 50 |
          (uint64_t)p->L << 52 | (uint64_t)(p->cl + 1) << 53 | (uint64_t)(p->tm + 1) << 55 |
          (uint64_t)p->tc << 58;
    *k2 = 1u | (uint64_t)p->tal_len << 1 | (uint64_t)(p->tal_len ? p->tal_last + 1 : 0) << 7 |
          (uint64_t)p->sn_tp << 13 | (uint64_t)p->sn_ot << 19 | (uint64_t)p->sn_cp << 20 |
          (uint64_t)p->sn_m << 28;
}

static size_t hash_key(uint64_t k0, uint64_t k1, uint64_t k2)
{
    uint64_t h = k0 * 0x9E3779B97F4A7C15ull;
    h ^= (k1 + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= k2 * 0x165667B19E3779F9ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return (size_t)h;
}

static tt_entry *tt_find(ctx *c, uint64_t k0, uint64_t k1, uint64_t k2)
{
    size_t i = hash_key(k0, k1, k2), n;
    for (n = 0; n < TT_PROBES; n++) {
        tt_entry *e = &c->tt[(i + n) & (c->size - 1)];
        if (!e->k2)
            return NULL;
        if (e->k0 == k0 && e->k1 == k1 && e->k2 == k2)
            return e;
    }
    return NULL;
}

static void tt_grow(ctx *c)
{
    size_t n = c->size * 2, i, j;
    tt_entry *fresh, *old = c->tt;
    if (n > c->limit)
        return;
    fresh = (tt_entry *)calloc(n, sizeof *fresh);
    if (!fresh)
        return; /* (a full table still works: entries are replaced) */
    c->used = 0;
    for (i = 0; i < c->size; i++) {
        if (!old[i].k2)
            continue;
        {
            size_t h = hash_key(old[i].k0, old[i].k1, old[i].k2);
            for (j = 0; j < TT_PROBES; j++) {
                tt_entry *e = &fresh[(h + j) & (n - 1)];
                if (!e->k2) {
                    *e = old[i];
                    c->used++;
                    break;
                }
            }
        }
    }
    free(old);
    c->tt = fresh;
    c->size = n;
}

static void tt_store(ctx *c, uint64_t k0, uint64_t k1, uint64_t k2, int lo, int hi, int mv,
                     int depth)
{
    size_t i, n;
    tt_entry *e;
    if (c->used * 2 >= c->size && c->size * 2 <= c->limit)
        tt_grow(c);
    i = hash_key(k0, k1, k2);
    for (n = 0; n < TT_PROBES; n++) {
        e = &c->tt[(i + n) & (c->size - 1)];
        if (!e->k2) {
            c->used++;
            break;
        }
        if (e->k0 == k0 && e->k1 == k1 && e->k2 == k2)
            break;
    }
    if (n == TT_PROBES) {
        /* full: replace the entry of the fewest cards left */
        size_t k;
        e = &c->tt[i & (c->size - 1)];
        for (k = 1; k < TT_PROBES; k++) {
            tt_entry *f = &c->tt[(i + k) & (c->size - 1)];
            if (f->depth < e->depth)
                e = f;
        }
    }
    e->k0 = k0;
    e->k1 = k1;
    e->k2 = k2;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    e->move = (int8_t)mv;
    e->depth = (uint8_t)depth;
}

/* ------------------------------------------------------------------ moves */

typedef struct move {
    int8_t kind, arg;
    int8_t term; /* the move ends the hand */
    int8_t tv;   /* then its value for the mover */
    ss_pos child;
} move;

static void snapshot(ctx *c, const ss_pos *p, ss_pos *q)
{
    int opp = 1 - p->L;
    q->cl = p->L;
    q->sn_tp = (uint8_t)(c->s->snap_tricks ? tricks_played(c, p) : 0);
    q->sn_ot = p->w[opp];
    q->sn_cp = c->s->snap_points ? p->c[opp] : 0;
    q->sn_m = c->s->snap_points ? p->m[opp] : 0;
}

static void draw(ctx *c, const ss_pos *p, ss_pos *q)
{
    if (p->tal_len < 2) {
        c->error = SS_ERR_POSITION;
        return;
    }
    q->h[p->L] |= 1u << tal_at(c, p, 0);
    q->h[1 - p->L] |= 1u << tal_at(c, p, 1);
    q->tal_len = (int8_t)(p->tal_len - 2);
    if (!q->tal_len)
        q->tal_last = -1;
}

static int exchange_ok(ctx *c, const ss_pos *p, int seat, int leading)
{
    const ss_spec *s = c->s;
    uint32_t hand = p->h[seat];
    if (!p->tal_len || !(hand >> s->ex_card & 1u) || p->tal_len < s->ex_min)
        return 0;
    if (leading) {
        if (p->tc || p->tm >= 0)
            return 0;
        if (p->cl < 0)
            return (!s->ex_needs_trick || p->w[seat]) && (s->ex_first_lead || p->w[0] | p->w[1]);
        return s->ewc == 2 && p->w[seat];
    }
    if (p->cl < 0)
        return s->ex_any_time && (!s->ex_needs_trick || p->w[seat]) &&
               (s->ex_first_lead || p->w[0] | p->w[1]);
    if (s->ewc == 1)
        return p->cl != seat && p->sn_tp == tricks_played(c, p);
    return s->ewc == 2 && s->ex_any_time && p->w[seat];
}

static void exchange(ctx *c, const ss_pos *p, int seat, ss_pos *q)
{
    q->h[seat] = (p->h[seat] ^ (1u << c->s->ex_card)) | (1u << p->tal_last);
    q->tal_last = (int8_t)c->s->ex_card;
}

/* The follower plays card: the trick is complete. */
static void play_follow(ctx *c, const ss_pos *p, int card, move *mv)
{
    const ss_spec *s = c->s;
    int F = 1 - p->L, W, empty, total;
    ss_pos *q = &mv->child;
    *q = *p;
    q->h[F] ^= 1u << card;
    W = (s->beat[p->ld] >> card & 1u) ? F : p->L;
    q->c[W] = (uint8_t)(q->c[W] + s->points[p->ld] + s->points[card]);
    q->w[W] = 1;
    if (q->p[W]) {
        q->m[W] = (uint8_t)(q->m[W] + q->p[W]);
        q->p[W] = 0;
    }
    total = q->c[W] + q->m[W];
    empty = !(q->h[0] | q->h[1]);
    q->L = (int8_t)W;
    q->ld = -1;
    q->tm = -1;
    q->tc = 0;
    if (empty || (s->auto_claim && total >= s->target)) {
        int v0 = terminal(c, q, W, empty);
        mv->term = 1;
        mv->tv = (int8_t)(F == 0 ? v0 : -v0);
        return;
    }
    mv->term = 0;
    if (p->cl < 0 && p->tal_len) {
        if (s->decide_talons >> p->tal_len & 1u) {
            q->st = 2;
        } else {
            q->st = 0;
            draw(c, q, q);
        }
    } else {
        q->st = 0;
    }
}

/* The moves of p in legal_moves order (interior: plays ordered for the search). */
static int gen_moves(ctx *c, const ss_pos *p, move *out, int interior)
{
    const ss_spec *s = c->s;
    int n = 0, L = p->L;
    if (p->st == 1) {
        int F = 1 - L;
        uint32_t hand = p->h[F], plays;
        if (exchange_ok(c, p, F, 0)) {
            out[n].kind = SS_EXCHANGE;
            out[n].arg = -1;
            out[n].term = 0;
            out[n].child = *p;
            exchange(c, p, F, &out[n].child);
            n++;
        }
        if (p->cl < 0 && p->tal_len) {
            plays = hand;
        } else {
            const uint32_t *chain = s->follow[p->ld];
            plays = hand & chain[0];
            if (!plays)
                plays = hand & chain[1];
            if (!plays)
                plays = hand & chain[2];
            if (!plays)
                plays = hand;
        }
        if (interior) {
            /* the cards that win the trick first (by index: the highest first), then
             * the others from the highest index (the lowest card) down */
            uint32_t win = plays & s->beat[p->ld], lose = plays & ~s->beat[p->ld];
            if (p->cl < 0 && p->tal_len) {
                /* (an open talon: the cheapest winning card first) */
                while (win) {
                    int card = highest(win);
                    win ^= 1u << card;
                    out[n].kind = SS_PLAY;
                    out[n].arg = (int8_t)card;
                    play_follow(c, p, card, &out[n]);
                    n++;
                }
            }
            while (win) {
                int card = lowest(win);
                win &= win - 1;
                out[n].kind = SS_PLAY;
                out[n].arg = (int8_t)card;
                play_follow(c, p, card, &out[n]);
                n++;
            }
            while (lose) {
                int card = highest(lose);
                lose ^= 1u << card;
                out[n].kind = SS_PLAY;
                out[n].arg = (int8_t)card;
                play_follow(c, p, card, &out[n]);
                n++;
            }
        } else {
            while (plays) {
                int card = lowest(plays);
                plays &= plays - 1;
                out[n].kind = SS_PLAY;
                out[n].arg = (int8_t)card;
                play_follow(c, p, card, &out[n]);
                n++;
            }
        }
        return n;
    }
    if (p->st == 2) {
        out[n].kind = SS_DRAW;
        out[n].arg = -1;
        out[n].term = 0;
        out[n].child = *p;
        out[n].child.st = 0;
        draw(c, p, &out[n].child);
        n++;
        out[n].kind = SS_CLOSE;
        out[n].arg = -1;
        out[n].term = 0;
        out[n].child = *p;
        out[n].child.st = 0;
        snapshot(c, p, &out[n].child);
        n++;
        if (s->decide_claim) {
            int v0 = terminal(c, p, L, 0);
            out[n].kind = SS_CLAIM;
            out[n].arg = -1;
            out[n].term = 1;
            out[n].tv = (int8_t)(L == 0 ? v0 : -v0);
            n++;
        }
        return n;
    }
    /* lead */
    {
        uint32_t hand = p->h[L], plays;
        int won = p->w[L], suit, claim, i;
        if (exchange_ok(c, p, L, 1)) {
            out[n].kind = SS_EXCHANGE;
            out[n].arg = -1;
            out[n].term = 0;
            out[n].child = *p;
            exchange(c, p, L, &out[n].child);
            n++;
        }
        if (p->tm < 0 && p->cl < 0 && p->tal_len &&
            (((p->w[0] | p->w[1]) ? s->close_later : s->close_first) >> p->tal_len & 1u)) {
            out[n].kind = SS_CLOSE;
            out[n].arg = -1;
            out[n].term = 0;
            out[n].child = *p;
            snapshot(c, p, &out[n].child);
            out[n].child.tc = 1;
            n++;
        }
        claim = p->tm >= 0 ? s->claim_after_marriage : s->claim_lead && won;
        if (claim) {
            int v0 = terminal(c, p, L, 0);
            out[n].kind = SS_CLAIM;
            out[n].arg = -1;
            out[n].term = 1;
            out[n].tv = (int8_t)(L == 0 ? v0 : -v0);
            n++;
        }
        if (p->tm < 0 && s->marry[won ? 1 : 0][p->cl >= 0 || !p->tal_len]) {
            for (suit = 0; suit < 4; suit++) {
                ss_pos *q;
                if ((hand & s->pair[suit]) != s->pair[suit])
                    continue;
                out[n].kind = SS_MARRY;
                out[n].arg = (int8_t)suit;
                q = &out[n].child;
                *q = *p;
                if (won && !s->pending_always)
                    q->m[L] = (uint8_t)(q->m[L] + s->marriage_value[suit]);
                else
                    q->p[L] = (uint8_t)(q->p[L] + s->marriage_value[suit]);
                if (s->marriage_out && q->c[L] + q->m[L] >= s->target) {
                    int v0 = terminal(c, q, L, 0);
                    out[n].term = 1;
                    out[n].tv = (int8_t)(L == 0 ? v0 : -v0);
                } else {
                    out[n].term = 0;
                    q->tm = (int8_t)suit;
                }
                n++;
            }
        }
        plays = p->tm >= 0 ? hand & s->lead_after[p->tm] : hand;
        if (interior && (p->cl >= 0 || !p->tal_len) && p->tm < 0 && popcount32(plays) > 2) {
            /* The strict phase: the leads that head the follower's cards of their suit
             * (side suits, then trumps, by index), then the rest from the highest index
             * (the lowest card) down. (Only the order of the search.) */
            uint32_t opp = p->h[1 - L], low = opp, trumps = 0xFFu << (8 * s->trump), winners;
            int k = 0, order[32];
            low |= (low << 1) & 0xFEFEFEFEu;
            low |= (low << 2) & 0xFCFCFCFCu;
            low |= (low << 4) & 0xF0F0F0F0u;
            winners = plays & ~low;
            if (opp & trumps)
                winners &= trumps | (((low >> 7) & 0x01010101u) * 0xFFu);
            {
                uint32_t a = winners & ~trumps, b = winners & trumps, r = plays & ~winners;
                while (a) {
                    order[k++] = lowest(a);
                    a &= a - 1;
                }
                while (b) {
                    order[k++] = lowest(b);
                    b &= b - 1;
                }
                while (r) {
                    int card = highest(r);
                    order[k++] = card;
                    r ^= 1u << card;
                }
            }
            for (i = 0; i < k; i++) {
                out[n].kind = SS_PLAY;
                out[n].arg = (int8_t)order[i];
                out[n].term = 0;
                out[n].child = *p;
                out[n].child.h[L] ^= 1u << order[i];
                out[n].child.st = 1;
                out[n].child.ld = (int8_t)order[i];
                out[n].child.tm = -1;
                out[n].child.tc = 0;
                n++;
            }
            plays = 0;
        }
        while (plays) {
            int card = lowest(plays);
            plays &= plays - 1;
            out[n].kind = SS_PLAY;
            out[n].arg = (int8_t)card;
            out[n].term = 0;
            out[n].child = *p;
            out[n].child.h[L] ^= 1u << card;
            out[n].child.st = 1;
            out[n].child.ld = (int8_t)card;
            out[n].child.tm = -1;
            out[n].child.tc = 0;
            n++;
        }
    }
    return n;
}

/* ------------------------------------------------------------------ alpha-beta */

static int search(ctx *c, const ss_pos *p, int alpha, int beta);

/* The value of a move for the seat that makes it (window in its terms). */
static int value_of(ctx *c, const move *mv, int mover, int alpha, int beta)
{
    if (mv->term)
        return mv->tv;
    if (mover_of(&mv->child) == mover)
        return search(c, &mv->child, alpha, beta);
    return -search(c, &mv->child, -beta, -alpha);
}

static int search(ctx *c, const ss_pos *p, int alpha, int beta)
{
    move moves[SS_MAX_MOVES];
    int n, i, best = -INF, a_in, lo = -INF, hi = INF, mover, keyed, first = -1, best_i = -1;
    int order[SS_MAX_MOVES];
    int open = p->cl < 0 && p->tal_len && p->st == 0;
    uint64_t k0 = 0, k1 = 0, k2 = 0;
    if (c->error)
        return 0;
    if (++c->nodes > c->max_nodes) {
        c->error = SS_ERR_LIMIT;
        return 0;
    }
    /* (the table keeps lead and decision nodes, not the last trick's) */
    keyed = p->st != 1 && (p->h[0] & (p->h[0] - 1));
    if (p->st != 1) {
        const ss_spec *s = c->s;
        int L = p->L;
        int claim = p->st == 2 ? s->decide_claim
                    : p->tm >= 0 ? s->claim_after_marriage
                                 : s->claim_lead && p->w[L];
        /* A correct claim is worth at least as much as anything that can follow it
         * (the opponent's tricks and points only grow), so it is the value. */
        if (claim && p->c[L] + p->m[L] >= s->target &&
            !(s->beaten_flat && p->cl >= 0 && p->cl != L)) {
            int v0 = terminal(c, p, L, 0);
            return L == 0 ? v0 : -v0;
        }
    }
    if (keyed) {
        make_key(p, &k0, &k1, &k2);
        {
            tt_entry *e = tt_find(c, k0, k1, k2);
            if (e) {
                lo = e->lo;
                hi = e->hi;
                first = e->move;
                if (lo >= beta)
                    return lo;
                if (hi <= alpha)
                    return hi;
                if (lo == hi)
                    return lo;
                if (lo > alpha)
                    alpha = lo;
                if (hi < beta)
                    beta = hi;
            }
        }
    }
    mover = mover_of(p);
    if (c->s->monotone) {
        int top = top_of(c, p, mover), bottom = -top_of(c, p, 1 - mover);
        if (top <= alpha)
            return top;
        if (bottom >= beta)
            return bottom;
        if (top < beta)
            beta = top;
        if (bottom > alpha)
            alpha = bottom;
    }
    a_in = alpha;
    n = gen_moves(c, p, moves, 1);
    if (c->error)
        return 0;
    if (!n) {
        c->error = SS_ERR_POSITION;
        return 0;
    }
    if (first >= n)
        first = -1;
    /* The order of the search: the table's best move, then claims, exchanges,
     * marriages (trumps first), closes, plays (each in gen_moves' order). */
    {
        int k = 0, rank;
        for (rank = 0; rank < 6; rank++)
            for (i = 0; i < n; i++) {
                int r;
                switch (moves[i].kind) {
                case SS_CLAIM: r = 0; break;
                case SS_EXCHANGE: r = 1; break;
                case SS_MARRY: r = moves[i].arg == c->s->trump ? 2 : 3; break;
                case SS_CLOSE: r = ORDER_CLOSE; break;
                default: r = 5;
                }
                if (r == rank && i != first)
                    order[k++] = i;
            }
        if (open) {
            /* the plays (the last ones in order) by their history, stable */
            int a, b0 = k;
            while (b0 > 0 && moves[order[b0 - 1]].kind == SS_PLAY)
                b0--;
            for (a = b0 + 1; a < k; a++) {
                int x = order[a], y = a;
                uint32_t hx = c->hist[mover][moves[x].arg];
                while (y > b0 && c->hist[mover][moves[order[y - 1]].arg] < hx) {
                    order[y] = order[y - 1];
                    y--;
                }
                order[y] = x;
            }
        }
    }
    for (i = first >= 0 ? -1 : 0; i < n - (first >= 0); i++) {
        int j = i < 0 ? first : order[i], v;
        v = value_of(c, &moves[j], mover, alpha, beta);
        if (c->error)
            return 0;
        if (v > best) {
            best = v;
            best_i = j;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) {
                    if (open && moves[j].kind == SS_PLAY) {
                        int d = popcount32(p->h[0] | p->h[1]) + p->tal_len;
                        c->hist[mover][moves[j].arg] += (uint32_t)(d * d);
                    }
                    break;
                }
            }
        }
    }
    if (keyed) {
        if (best <= a_in) {
            if (best < hi)
                hi = best;
        } else if (best >= beta) {
            if (best > lo)
                lo = best;
        } else {
            lo = hi = best;
        }
        tt_store(c, k0, k1, k2, lo, hi, best_i, popcount32(p->h[0] | p->h[1]) + p->tal_len);
    }
    return best;
}

/* ------------------------------------------------------------------ checks and roots */

int ss_check(const ss_spec *s, const ss_pos *p, const ss_talon *t, char *err, size_t errlen)
{
    uint32_t seen = 0, all;
    int i, remaining = 0, total = 0, n0, n1;
#define BAD(msg) return fail(err, errlen, SS_ERR_POSITION, msg)
    if (p->st < 0 || p->st > 2)
        BAD("the step is not lead, follow or decide");
    if (p->L < 0 || p->L > 1)
        BAD("the leader is not seat 0 or 1");
    if (p->cl < -1 || p->cl > 1)
        BAD("the closer is not -1, 0 or 1");
    if (p->tm < -1 || p->tm > 3 || p->tc < 0 || p->tc > 1)
        BAD("the turn's marriage or close flag is out of range");
    if (p->w[0] > 1 || p->w[1] > 1)
        BAD("a won-trick flag is not 0 or 1");
    if ((p->h[0] | p->h[1]) & ~s->deck)
        BAD("a hand holds a card outside the deck");
    if (p->h[0] & p->h[1])
        BAD("both hands hold the same card");
    if (t->len < 0 || t->len > 32 || t->len % 2)
        BAD("the talon does not hold an even number of cards");
    if (p->tal_len != t->len)
        BAD("the talon's size does not match");
    seen = p->h[0] | p->h[1];
    for (i = 0; i < t->len; i++) {
        int card = t->cards[i];
        if (card < 0 || card > 31 || !(s->deck >> card & 1u))
            BAD("a talon card is outside the deck");
        if (seen >> card & 1u)
            BAD("a talon card is also in a hand or twice in the talon");
        seen |= 1u << card;
    }
    if (t->len ? p->tal_last != t->cards[t->len - 1] : p->tal_last != -1)
        BAD("the talon's last card does not match");
    if (p->st == 1) {
        if (p->ld < 0 || p->ld > 31 || !(s->deck >> p->ld & 1u) || (seen >> p->ld & 1u))
            BAD("the card led is not a card of the deck out of every hand and the talon");
        seen |= 1u << p->ld;
    } else if (p->ld != -1) {
        BAD("a card is led outside the follow step");
    }
    all = seen;
    for (i = 0; i < 32; i++)
        if (all >> i & 1u)
            remaining += s->points[i];
    for (i = 0; i < 32; i++)
        total += s->points[i];
    if (p->c[0] + p->c[1] + remaining > total)
        BAD("the card points are more than the deck holds");
    if (p->m[0] + p->p[0] > SS_MAX_MARRIAGES || p->m[1] + p->p[1] > SS_MAX_MARRIAGES)
        BAD("the marriage points are out of range");
    n0 = popcount32(p->h[0]);
    n1 = popcount32(p->h[1]);
    if (p->st == 1) {
        if (popcount32(p->h[1 - p->L]) != popcount32(p->h[p->L]) + 1)
            BAD("the follower does not hold one card more than the leader");
    } else if (n0 != n1) {
        BAD("the hands do not hold as many cards each");
    } else if (p->st == 0 && !n0) {
        BAD("the hands are empty");
    }
    if (p->st == 2 && (p->cl >= 0 || p->tal_len < 2))
        BAD("a decision needs an open talon");
    if (p->tm >= 0 && (p->st != 0 || !(p->h[p->L] & s->lead_after[p->tm])))
        BAD("a marriage was declared without its lead");
    if (p->cl >= 0) {
        if (p->sn_ot > 1 || p->sn_cp > 120 || p->sn_m > SS_MAX_MARRIAGES || p->sn_tp > 16)
            BAD("the close snapshot is out of range");
    } else if (p->sn_ot || p->sn_cp || p->sn_m || p->sn_tp) {
        BAD("a close snapshot without a close");
    }
#undef BAD
    return SS_OK;
}

int ss_solve(const ss_spec *s, const ss_pos *pos, const ss_talon *talon, long long max_nodes,
             long long table_size, int flags, ss_result *out, char *err, size_t errlen)
{
    ctx c;
    move moves[SS_MAX_MOVES];
    int n, i, mover, best = -INF, best_i = -1, rc;
    rc = ss_check(s, pos, talon, err, errlen);
    if (rc)
        return rc;
    memset(&c, 0, sizeof c);
    memset(out, 0, sizeof *out);
    c.s = s;
    c.tal = talon;
    c.max_nodes = max_nodes < 0 ? (long long)1 << 62 : max_nodes;
    if (table_size < 1)
        table_size = 1;
    c.limit = 1;
    while (c.limit * 2 <= (size_t)table_size && c.limit < ((size_t)1 << 30))
        c.limit *= 2;
    c.size = c.limit < TT_START ? c.limit : TT_START;
    c.tt = (tt_entry *)calloc(c.size, sizeof *c.tt);
    if (!c.tt)
        return fail(err, errlen, SS_ERR_MEMORY, "out of memory for the table");
    mover = mover_of(pos);
    n = gen_moves(&c, pos, moves, 0);
    out->n_moves = n;
    for (i = 0; i < n; i++) {
        out->kind[i] = moves[i].kind;
        out->arg[i] = moves[i].arg;
    }
    if (!n && !c.error)
        c.error = SS_ERR_POSITION;
    /* The value by null-window tests (values are whole game points from -3 to 3, so
     * a bisection needs at most three; the table carries what each test learnt),
     * then the first move in legal order that reaches it. */
    if (n && !c.error && (pos->cl >= 0 || !pos->tal_len)) {
        /* (the strict phase, a small tree: the moves in legal order, each later one
         * searched with the best so far as alpha; fail-soft, so a move that only
         * equals it is not the first) */
        for (i = 0; i < n && !c.error; i++) {
            int v = value_of(&c, &moves[i], mover, best, INF);
            if (v > best) {
                best = v;
                best_i = i;
            }
        }
    } else if (n && !c.error) {
        int lo = -3, hi = 3;
        while (lo < hi && !c.error) {
            int mid = (lo + hi + 1) / 2;
            if (search(&c, pos, mid - 1, mid) >= mid)
                lo = mid;
            else
                hi = mid - 1;
        }
        best = lo;
        for (i = 0; i < n && !c.error; i++) {
            if (value_of(&c, &moves[i], mover, best - 1, best) >= best) {
                best_i = i;
                break;
            }
        }
        if (best_i < 0 && !c.error)
            c.error = SS_ERR_POSITION; /* (no move reaches the value: cannot be) */
    }
    if (!c.error && (flags & SS_ALL)) {
        for (i = 0; i < n && !c.error; i++) {
            /* every move's value: a bisection below the position's */
            int lo = -3, hi = best;
            while (lo < hi && !c.error) {
                int mid = (lo + hi + 1) / 2;
                if (value_of(&c, &moves[i], mover, mid - 1, mid) >= mid)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            out->values[i] = (int8_t)lo;
        }
    }
    out->value = best;
    out->best = best_i;
    out->nodes = c.nodes;
    free(c.tt);
    if (c.error) {
        if (c.error == SS_ERR_LIMIT)
            return fail(err, errlen, SS_ERR_LIMIT, "node limit");
        if (c.error == SS_ERR_RANGE)
            return fail(err, errlen, SS_ERR_RANGE,
                        "the position's points run out of the rule tables");
        return fail(err, errlen, c.error, "the position has no legal move to search");
    }
    return SS_OK;
}

/* ------------------------------------------------------------------ worlds (PimcBot) */

static int ctx_open(ctx *c, const ss_spec *s, const ss_talon *talon, long long max_nodes,
                    long long table_size)
{
    memset(c, 0, sizeof *c);
    c->s = s;
    c->tal = talon;
    c->max_nodes = max_nodes < 0 ? (long long)1 << 62 : max_nodes;
    if (table_size < 1)
        table_size = 1;
    c->limit = 1;
    while (c->limit * 2 <= (size_t)table_size && c->limit < ((size_t)1 << 30))
        c->limit *= 2;
    c->size = c->limit < TT_START ? c->limit : TT_START;
    c->tt = (tt_entry *)calloc(c->size, sizeof *c->tt);
    return c->tt ? SS_OK : SS_ERR_MEMORY;
}

static void bot_rules(const ss_spec *s, const ss_world *w, ss_bot_rules *r)
{
    int i;
    r->trump = s->trump;
    r->deck = s->deck;
    r->exchange_card = s->ex_card;
    r->marriage_in_strict = w->marriage_in_strict;
    for (i = 0; i < 32; i++) {
        r->points[i] = s->points[i];
        r->beat[i] = s->beat[i];
    }
}

/* The cards not in a hand nor in the talon: every card played (the one led too). */
static uint32_t played_of(const ctx *c, const ss_pos *p)
{
    uint32_t rest = p->h[0] | p->h[1];
    int i;
    for (i = 0; i < p->tal_len; i++)
        rest |= 1u << tal_at(c, p, i);
    return c->s->deck & ~rest;
}

/* observe(state, mover)'s facts that RuleBot reads; known and excluded are the known
 * and excluded opponent cards (known < 0: those of an open talon, from the world). */
static void view_of(const ctx *c, const ss_pos *p, const ss_world *w, long long known,
                    uint32_t excluded, ss_bot_view *v)
{
    int seat = mover_of(p), opp = 1 - seat, suit, i;
    v->seat = seat;
    v->step = p->st;
    v->lead = p->ld;
    v->turn_marriage = p->tm;
    v->exchanged_by = w->exchanged_by;
    v->talon_size = p->tal_len;
    v->talon_bottom = p->tal_len ? p->tal_last : -1;
    v->strict = p->cl >= 0 || !p->tal_len;
    v->declared = w->declared;
    v->opp_hand_size = popcount32(p->h[opp]);
    v->hand = p->h[seat];
    v->played = played_of(c, p);
    if (known < 0) {
        uint32_t k = 0;
        for (suit = 0; suit < 4; suit++)
            if (w->declared >> (4 * opp + suit) & 1)
                k |= c->s->pair[suit];
        if (w->exchanged_by == opp && w->dealt_turnup >= 0 && w->dealt_turnup < 32)
            k |= 1u << w->dealt_turnup;
        v->opp_known = k & ~v->played;
    } else {
        v->opp_known = (uint32_t)known;
    }
    v->opp_excluded = excluded;
    for (i = 0; i < 2; i++) {
        v->points[i] = p->c[i] + p->m[i];
        v->pending[i] = p->p[i];
        v->won[i] = p->w[i];
    }
}

/* The exact value of p for seat (a full-window search; a finished hand is scored by
 * the caller). */
static int exact_for(ctx *c, const ss_pos *p, int seat)
{
    int v = search(c, p, -INF, INF);
    return mover_of(p) == seat ? v : -v;
}

/* Play p on with RuleBot for both seats until the talon is closed or runs out (or the
 * hand ends), then the exact value for seat: evaluate.rollout_value. */
static int rollout(ctx *c, const ss_bot_rules *r, ss_pos p, ss_world w, int seat)
{
    move moves[SS_MAX_MOVES];
    int8_t kind[SS_MAX_MOVES], arg[SS_MAX_MOVES];
    ss_bot_view v;
    int steps = 0;
    while (p.cl < 0 && p.tal_len && !c->error) {
        int n = gen_moves(c, &p, moves, 0), i, mover = mover_of(&p);
        if (c->error || !n || ++steps > 200) { /* (no open phase has 200 moves) */
            c->error = c->error ? c->error : SS_ERR_POSITION;
            return 0;
        }
        for (i = 0; i < n; i++) {
            kind[i] = moves[i].kind;
            arg[i] = moves[i].arg;
        }
        view_of(c, &p, &w, -1, 0, &v);
        i = ss_rulebot(r, &v, kind, arg, n);
        if (i < 0 || i >= n) {
            c->error = SS_ERR_POSITION;
            return 0;
        }
        if (kind[i] == SS_MARRY)
            w.declared |= 1 << (4 * mover + arg[i]);
        else if (kind[i] == SS_EXCHANGE)
            w.exchanged_by = mover;
        if (moves[i].term)
            return mover == seat ? moves[i].tv : -moves[i].tv;
        p = moves[i].child;
    }
    if (c->error)
        return 0;
    return exact_for(c, &p, seat);
}

int ss_world_values(const ss_spec *s, const ss_pos *pos, const ss_talon *talon,
                    const ss_world *world, int exact_talon, long long max_nodes,
                    long long table_size, int8_t *values, int *n_out, long long *spent,
                    char *err, size_t errlen)
{
    ctx c;
    move moves[SS_MAX_MOVES];
    ss_bot_rules r;
    int n, i, seat, rc;
    *n_out = 0;
    *spent = 0;
    rc = ss_check(s, pos, talon, err, errlen);
    if (rc)
        return rc;
    if (pos->cl >= 0 || !pos->tal_len || pos->tal_len <= exact_talon) {
        ss_result res;
        int strict = pos->cl >= 0 || !pos->tal_len;
        rc = ss_solve(s, pos, talon, strict ? -1 : max_nodes, table_size, SS_ALL, &res, err,
                      errlen);
        if (!rc) {
            *n_out = res.n_moves;
            for (i = 0; i < res.n_moves; i++)
                values[i] = res.values[i];
            *spent = strict ? 0 : res.nodes;
            return SS_OK;
        }
        if (rc != SS_ERR_LIMIT || strict)
            return rc;
        *spent = (max_nodes < 0 ? 0 : max_nodes) + 1;
    }
    bot_rules(s, world, &r);
    if (ctx_open(&c, s, talon, -1, table_size))
        return fail(err, errlen, SS_ERR_MEMORY, "out of memory for the table");
    seat = mover_of(pos);
    n = gen_moves(&c, pos, moves, 0);
    for (i = 0; i < n && !c.error; i++) {
        ss_world w = *world;
        if (moves[i].kind == SS_MARRY)
            w.declared |= 1 << (4 * seat + moves[i].arg);
        else if (moves[i].kind == SS_EXCHANGE)
            w.exchanged_by = seat;
        values[i] = (int8_t)(moves[i].term ? moves[i].tv : rollout(&c, &r, moves[i].child, w, seat));
    }
    free(c.tt);
    if (!n && !c.error)
        c.error = SS_ERR_POSITION;
    if (c.error) {
        if (c.error == SS_ERR_RANGE)
            return fail(err, errlen, SS_ERR_RANGE,
                        "the position's points run out of the rule tables");
        return fail(err, errlen, c.error, "the position has no legal move to search");
    }
    *n_out = n;
    return SS_OK;
}

int ss_rulebot_move(const ss_spec *s, const ss_pos *pos, const ss_talon *talon,
                    const ss_world *world, uint32_t opp_known, uint32_t opp_excluded,
                    int *index, char *err, size_t errlen)
{
    ctx c;
    move moves[SS_MAX_MOVES];
    int8_t kind[SS_MAX_MOVES], arg[SS_MAX_MOVES];
    ss_bot_rules r;
    ss_bot_view v;
    int n, i, rc;
    *index = -1;
    rc = ss_check(s, pos, talon, err, errlen);
    if (rc)
        return rc;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.tal = talon;
    c.max_nodes = (long long)1 << 62;
    n = gen_moves(&c, pos, moves, 0);
    if (c.error || !n)
        return fail(err, errlen, SS_ERR_POSITION, "the position has no legal move");
    for (i = 0; i < n; i++) {
        kind[i] = moves[i].kind;
        arg[i] = moves[i].arg;
    }
    bot_rules(s, world, &r);
    view_of(&c, pos, world, (long long)opp_known, opp_excluded, &v);
    *index = ss_rulebot(&r, &v, kind, arg, n);
    return SS_OK;
}
