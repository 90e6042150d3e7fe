/* sixtysix-native: the playout core. See core.h; the rules live in sixtysix (Python). */
#include "core.h"

#include <string.h>

/* ------------------------------------------------------------------ the generator */

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

void ss_rng_seed(ss_rng *r, uint64_t seed) { r->s = mix64(seed); }

uint64_t ss_rng_next(ss_rng *r)
{
    r->s += UINT64_C(0x9E3779B97F4A7C15);
    return mix64(r->s);
}

/* Uniform in [0, n) for 1 <= n: Lemire's multiply-shift on the high 32 bits, with
 * rejection, so exactly uniform (n = 0 returns 0). */
uint32_t ss_rng_below(ss_rng *r, uint32_t n)
{
    uint64_t m;
    uint32_t low, threshold;
    if (n == 0)
        return 0;
    m = (ss_rng_next(r) >> 32) * (uint64_t)n;
    low = (uint32_t)m;
    if (low < n) {
        threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (ss_rng_next(r) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ------------------------------------------------------------------ bits */

#if defined(__GNUC__) || defined(__clang__)
static int popcount32(uint32_t x) { return __builtin_popcount(x); }
/* The index of the lowest set bit; x must not be 0. */
static int lowest(uint32_t x) { return __builtin_ctz(x); }
#else
static int popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

static int lowest(uint32_t x)
{
    int i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        i++;
    }
    return i;
}
#endif

/* The k-th set bit of x (0-based, lowest first); x must have more than k bits. */
static int nth_bit(uint32_t x, uint32_t k)
{
    while (k--)
        x &= x - 1;
    return lowest(x);
}

#define SUIT_MASK(s) (UINT32_C(0xFF) << (8 * (s)))
#define SUIT_BASE UINT32_C(0x01010101)

static int trick_winner(int lead, int follow, int trump, int leader)
{
    if ((follow >> 3) == (lead >> 3))
        return lead < follow ? leader : 1 - leader;
    if ((follow >> 3) == trump)
        return 1 - leader;
    return leader;
}

/* ------------------------------------------------------------------ facts */

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int ss_facts_unpack(ss_facts *f, const uint8_t *d, size_t size)
{
    size_t need = 4 + 4 + 1 + 32 + 3 + 96 + 32 + 2 + 1 + 12 + 3 + 4 + 3 + 16 + 8 * 256 + 1 +
                  SS_EXCHANGE_KEYS + sizeof(f->grade) + 8;
    const uint8_t *p = d;
    int i;
    if (size != need || get32(p) != SS_FACTS_VERSION)
        return -1;
    p += 4;
    memset(f, 0, sizeof *f);
    f->deck_mask = get32(p), p += 4;
    f->deck_size = *p++;
    memcpy(f->deck_cards, p, 32), p += 32;
    f->n_nd = p[0], f->n_d = p[1], f->n_talon = p[2], p += 3;
    memcpy(f->plan_nd, p, 32), p += 32;
    memcpy(f->plan_d, p, 32), p += 32;
    memcpy(f->plan_talon, p, 32), p += 32;
    memcpy(f->points, p, 32), p += 32;
    f->marriage_value[0] = p[0], f->marriage_value[1] = p[1], p += 2;
    f->exchange_offset = *p++;
    f->decide_talons = get32(p), p += 4;
    f->close_first = get32(p), p += 4;
    f->close_later = get32(p), p += 4;
    f->claim_lead = p[0], f->claim_after_marriage = p[1], f->decide_flags = p[2], p += 3;
    f->marry[0][0] = p[0], f->marry[0][1] = p[1], f->marry[1][0] = p[2], f->marry[1][1] = p[3];
    p += 4;
    f->auto_claim = p[0], f->marriage_out = p[1], f->marriage_counts_if_won = p[2], p += 3;
    for (i = 0; i < 4; i++)
        f->lead_after_marriage[i] = get32(p), p += 4;
    memcpy(f->follow_same, p, sizeof f->follow_same), p += sizeof f->follow_same;
    f->void_trump = *p++;
    memcpy(f->exchange_ok, p, SS_EXCHANGE_KEYS), p += SS_EXCHANGE_KEYS;
    memcpy(f->grade, p, sizeof f->grade), p += sizeof f->grade;
    f->false_claim = p[0], f->closer_beaten_flat_two = p[1], f->failed_close = p[2];
    f->schneider_threshold = p[3], f->closed_win_at_close = p[4];
    f->last_trick_wins_hand = p[5], f->both_over_no_score = p[6], f->tie_carry = p[7];
    p += 8;
    /* Every value C uses as an index or a shift is checked here, once. */
    if (f->deck_size > 32 || f->deck_size != popcount32(f->deck_mask) ||
        f->n_nd + f->n_d + f->n_talon != f->deck_size || f->n_talon < 2 ||
        f->n_talon > SS_MAX_TALON || f->n_nd == 0 || f->n_nd != f->n_d ||
        f->exchange_offset > 7 || f->false_claim > 2 || f->failed_close > 2 ||
        f->decide_flags > 15 || f->n_talon % 2 || f->marriage_value[0] % 20 ||
        f->marriage_value[1] % 20 || 3 * f->marriage_value[0] + f->marriage_value[1] > 100)
        return -1;
    {
        int total = 0;
        for (i = 0; i < 32; i++)
            if (f->deck_mask >> i & 1u)
                total += f->points[i];
        if (total > 120)
            return -1;
    }
    for (i = 0; i < 4; i++)
        if (f->lead_after_marriage[i] & ~f->deck_mask)
            return -1;
    {
        uint32_t seen = 0, pos = 0;
        for (i = 0; i < f->deck_size; i++) {
            if (f->deck_cards[i] > 31 || !(f->deck_mask >> f->deck_cards[i] & 1u))
                return -1;
            seen |= UINT32_C(1) << f->deck_cards[i];
        }
        if (seen != f->deck_mask)
            return -1;
        for (i = 0; i < f->n_nd; i++)
            pos |= UINT32_C(1) << (f->plan_nd[i] & 31), pos |= UINT32_C(1) << (f->plan_d[i] & 31);
        for (i = 0; i < f->n_talon; i++)
            pos |= UINT32_C(1) << (f->plan_talon[i] & 31);
        for (i = 0; i < 32; i++)
            if ((i < f->n_nd && (f->plan_nd[i] >= f->deck_size || f->plan_d[i] >= f->deck_size)) ||
                (i < f->n_talon && f->plan_talon[i] >= f->deck_size))
                return -1;
        if (popcount32(pos) != f->deck_size)
            return -1;
    }
    for (i = 0; i < 8 * 256; i++)
        if (((const uint8_t *)f->follow_same)[i] & ~(unsigned)(i & 255))
            return -1;
    for (i = 0; i < (int)sizeof f->grade; i++)
        if (((const uint8_t *)f->grade)[i] < 1 || ((const uint8_t *)f->grade)[i] > 3)
            return -1;
    return (size_t)(p - d) == need ? 0 : -1;
}

int ss_state_check(const ss_facts *f, const ss_state *s)
{
    uint32_t all = s->hands[0] | s->hands[1] | s->won[0] | s->won[1], talon = 0;
    int i, n = s->tend - s->tpos;
    if (s->hands[0] & s->hands[1] || (s->hands[0] | s->hands[1]) & (s->won[0] | s->won[1]) ||
        s->won[0] & s->won[1])
        return -1;
    if (s->tpos != 0 || n < 0 || n > SS_MAX_TALON || s->trump < 0 || s->trump > 3 ||
        s->step < 0 || s->step > 3 || s->leader < 0 || s->leader > 1 || s->lead < -1 ||
        s->lead > 31 || s->turn_marriage < -1 || s->turn_marriage > 3 || s->closed_by < -1 ||
        s->closed_by > 1)
        return -1;
    for (i = 0; i < n; i++) {
        if (s->talon[i] > 31 || (talon >> s->talon[i] & 1u))
            return -1;
        talon |= UINT32_C(1) << s->talon[i];
    }
    if (talon & all)
        return -1;
    all |= talon;
    if (s->lead >= 0) {
        if (all >> s->lead & 1u)
            return -1;
        all |= UINT32_C(1) << s->lead;
    }
    if (all & ~f->deck_mask)
        return -1;
    for (i = 0; i < 2; i++) {
        int c, won_points = 0;
        for (c = 0; c < 32; c++)
            if (s->won[i] >> c & 1u)
                won_points += f->points[c];
        if (s->cp[i] != won_points || s->mar[i] < 0 || s->mar[i] % 20 || s->pend[i] < 0 ||
            s->pend[i] % 20 || s->mar[i] + s->pend[i] > 100)
            return -1;
    }
    if (s->closed_by >= 0 && (!s->has_snap || s->snap_opp_tricks < 0 ||
                              s->snap_opp_tricks >= SS_GRADE_TRICKS || s->snap_opp_cp < 0 ||
                              s->snap_opp_cp > 120 || s->snap_opp_mar < 0 ||
                              s->snap_opp_mar > 100 || s->snap_opp_mar % 20))
        return -1;
    if ((s->step == SS_FOLLOW) != (s->lead >= 0) || n % 2)
        return -1;
    if (s->step == SS_DECIDE && (n < 2 || s->closed_by >= 0))
        return -1;
    if (s->step != SS_OVER) { /* the hands' sizes: equal, but the leader's card led */
        int mine = popcount32(s->hands[s->leader]), other = popcount32(s->hands[1 - s->leader]);
        if (other != mine + (s->step == SS_FOLLOW) || (s->step == SS_LEAD && !other))
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ dealing */

void ss_deal(const ss_facts *f, ss_rng *r, int dealer, ss_state *s)
{
    uint8_t pack[32];
    uint32_t nd = 0, dh = 0;
    int i;
    memcpy(pack, f->deck_cards, 32);
    for (i = f->deck_size - 1; i > 0; i--) { /* Fisher-Yates, from the top down */
        uint32_t j = ss_rng_below(r, (uint32_t)i + 1);
        uint8_t t = pack[i];
        pack[i] = pack[j];
        pack[j] = t;
    }
    memset(s, 0, sizeof *s);
    for (i = 0; i < f->n_nd; i++) {
        nd |= UINT32_C(1) << pack[f->plan_nd[i]];
        dh |= UINT32_C(1) << pack[f->plan_d[i]];
    }
    for (i = 0; i < f->n_talon; i++)
        s->talon[i] = pack[f->plan_talon[i]];
    s->tpos = 0;
    s->tend = f->n_talon;
    s->hands[dealer] = dh;
    s->hands[1 - dealer] = nd;
    s->trump = s->talon[s->tend - 1] >> 3;
    s->step = SS_LEAD;
    s->leader = 1 - dealer;
    s->lead = -1;
    s->turn_marriage = -1;
    s->closed_by = -1;
    s->exchanged_by = -1;
}

/* ------------------------------------------------------------------ the move list */

static int tricks_played(const ss_state *s)
{
    return popcount32(s->won[0] | s->won[1]) >> 1;
}

static int exchange_allowed(const ss_facts *f, const ss_state *s, int seat, int leading)
{
    int talon = s->tend - s->tpos, key, closed = s->closed_by >= 0;
    uint32_t hand = s->hands[seat];
    if (!talon || !(hand >> (s->trump * 8 + f->exchange_offset) & 1u))
        return 0;
    key = (leading ? 1 : 0) | (leading && s->turn_steps ? 2 : 0) | (closed ? 4 : 0) |
          (s->won[seat] ? 8 : 0) | (s->won[1 - seat] ? 16 : 0) |
          (closed && s->closed_by == seat ? 32 : 0) |
          (closed && s->has_snap && s->snap_tricks == tricks_played(s) ? 64 : 0);
    return f->exchange_ok[talon * 128 + key];
}

static uint32_t follow_strict(const ss_facts *f, uint32_t hand, int lead, int trump)
{
    int suit = lead >> 3;
    uint32_t same = (hand >> (8 * suit)) & 0xFFu, trumps;
    if (same)
        return (uint32_t)f->follow_same[lead & 7][same] << (8 * suit);
    trumps = hand & SUIT_MASK(trump);
    return f->void_trump && trumps ? trumps : hand;
}

void ss_options(const ss_facts *f, const ss_state *s, uint32_t *flags, uint32_t *pairs,
                uint32_t *plays)
{
    int talon = s->tend - s->tpos;
    *flags = *pairs = *plays = 0;
    if (s->step == SS_LEAD) {
        int leader = s->leader, mine, closed = s->closed_by >= 0;
        uint32_t hand = s->hands[leader], p;
        if (s->turn_marriage >= 0) {
            *flags = f->claim_after_marriage ? SS_F_CLAIM : 0;
            *plays = f->lead_after_marriage[s->turn_marriage];
            return;
        }
        mine = s->won[leader] != 0;
        if (exchange_allowed(f, s, leader, 1))
            *flags = SS_F_EXCHANGE;
        if (!closed && ((s->won[0] | s->won[1]) ? f->close_later : f->close_first) >> talon & 1u)
            *flags |= SS_F_CLOSE;
        if (mine && f->claim_lead)
            *flags |= SS_F_CLAIM;
        p = (hand >> 2) & (hand >> 3) & SUIT_BASE;
        if (p && !f->marry[mine][closed || !talon])
            p = 0;
        *pairs = p;
        *plays = hand;
    } else if (s->step == SS_FOLLOW) {
        int seat = 1 - s->leader;
        uint32_t hand = s->hands[seat];
        if (exchange_allowed(f, s, seat, 0))
            *flags = SS_F_EXCHANGE;
        *plays = s->closed_by < 0 && talon ? hand : follow_strict(f, hand, s->lead, s->trump);
    } else if (s->step == SS_DECIDE) {
        *flags = f->decide_flags;
    }
}

uint32_t ss_option_count(uint32_t flags, uint32_t pairs, uint32_t plays)
{
    return (uint32_t)(popcount32(flags) + popcount32(pairs) + popcount32(plays));
}

/* ------------------------------------------------------------------ transitions */

static void draw(ss_state *s, int winner)
{
    s->hands[winner] |= UINT32_C(1) << s->talon[s->tpos];
    s->hands[1 - winner] |= UINT32_C(1) << s->talon[s->tpos + 1];
    s->tpos += 2;
}

static void play_follow(const ss_facts *f, ss_state *s, int card)
{
    int lead = s->lead, leader = s->leader, winner, total;
    s->hands[1 - leader] ^= UINT32_C(1) << card;
    winner = trick_winner(lead, card, s->trump, leader);
    s->won[winner] |= UINT32_C(1) << lead | UINT32_C(1) << card;
    s->cp[winner] += f->points[lead] + f->points[card];
    if (s->pend[winner]) {
        s->mar[winner] += s->pend[winner];
        s->pend[winner] = 0;
    }
    total = s->cp[winner] + s->mar[winner];
    s->leader = winner;
    s->lead = -1;
    s->turn_marriage = -1;
    s->turn_steps = 0;
    if (!(s->hands[0] | s->hands[1]) || (total >= 66 && f->auto_claim)) {
        s->step = SS_OVER;
    } else if (s->closed_by < 0 && s->tend > s->tpos) {
        if (f->decide_talons >> (s->tend - s->tpos) & 1u) {
            s->step = SS_DECIDE;
        } else {
            s->step = SS_LEAD;
            draw(s, winner);
        }
    } else {
        s->step = SS_LEAD;
    }
}

static void do_close(ss_state *s)
{
    int closer = s->leader, opp = 1 - closer;
    s->snap_tricks = tricks_played(s);
    s->snap_opp_tricks = popcount32(s->won[opp]) >> 1;
    s->snap_opp_cp = s->cp[opp];
    s->snap_opp_mar = s->mar[opp];
    s->has_snap = 1;
    if (s->step != SS_DECIDE)
        s->turn_steps |= 1; /* TURN_CLOSED */
    s->step = SS_LEAD;
    s->lead = -1;
    s->closed_by = closer;
}

static void marry(const ss_facts *f, ss_state *s, int suit)
{
    int seat = s->leader, value = f->marriage_value[suit == s->trump];
    if (s->won[seat] && f->marriage_counts_if_won)
        s->mar[seat] += value;
    else
        s->pend[seat] += value;
    s->step = f->marriage_out && s->cp[seat] + s->mar[seat] >= 66 ? SS_OVER : SS_LEAD;
    s->lead = -1;
    s->turn_marriage = suit;
}

static void exchange(const ss_facts *f, ss_state *s)
{
    int seat = s->step == SS_LEAD ? s->leader : 1 - s->leader;
    int ex = s->trump * 8 + f->exchange_offset, up = s->talon[s->tend - 1];
    s->hands[seat] = (s->hands[seat] ^ UINT32_C(1) << ex) | UINT32_C(1) << up;
    s->talon[s->tend - 1] = (uint8_t)ex;
    s->exchanged_by = seat;
}

int ss_apply_option(const ss_facts *f, ss_state *s, uint32_t flags, uint32_t pairs,
                    uint32_t plays, uint32_t k)
{
    static const uint32_t order[4] = {SS_F_DRAW, SS_F_EXCHANGE, SS_F_CLOSE, SS_F_CLAIM};
    int i;
    for (i = 0; i < 4; i++) {
        if (!(flags & order[i]))
            continue;
        if (k--)
            continue;
        switch (order[i]) {
        case SS_F_DRAW:
            draw(s, s->leader);
            s->step = SS_LEAD;
            s->turn_marriage = -1;
            s->turn_steps = 0;
            return 0;
        case SS_F_EXCHANGE:
            exchange(f, s);
            return 0;
        case SS_F_CLOSE:
            do_close(s);
            return 0;
        default:
            s->step = SS_OVER;
            return 0;
        }
    }
    {
        uint32_t n = (uint32_t)popcount32(pairs);
        if (k < n) {
            marry(f, s, nth_bit(pairs, k) >> 3);
            return 0;
        }
        k -= n;
    }
    if (k >= (uint32_t)popcount32(plays))
        return -1;
    {
        int card = nth_bit(plays, k);
        if (s->step == SS_LEAD) {
            s->hands[s->leader] ^= UINT32_C(1) << card;
            s->step = SS_FOLLOW;
            s->lead = card;
            s->turn_marriage = -1;
            s->turn_steps = 0;
        } else {
            play_follow(f, s, card);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ scoring */

static int clamp(int v, int low, int high) { return v < low ? low : v > high ? high : v; }

static int grade(const ss_facts *f, int tricks, int cp, int mar, int bonus)
{
    /* Reachable hands stay inside the table (16 tricks, 120 card points, 100 marriage
     * points); the clamps only keep a state that no hand reaches inside it too. */
    return f->grade[clamp(tricks, 0, SS_GRADE_TRICKS - 1)][clamp(cp, 0, SS_GRADE_POINTS - 1)]
                   [clamp(mar / 20, 0, SS_GRADE_MARRIAGES - 1)][bonus ? 1 : 0];
}

static int grade_now(const ss_facts *f, const ss_state *s, int seat, int bonus)
{
    return grade(f, popcount32(s->won[seat]) >> 1, s->cp[seat], s->mar[seat], bonus);
}

static int grade_claim(const ss_facts *f, const ss_state *s, int claimer)
{
    if (s->closed_by == claimer && s->has_snap && f->closed_win_at_close)
        return grade(f, s->snap_opp_tricks, s->snap_opp_cp, s->snap_opp_mar, 0);
    return grade_now(f, s, 1 - claimer, 0);
}

static int failed_close(const ss_facts *f, const ss_state *s)
{
    int closer = s->closed_by;
    if (f->failed_close == 1 || s->snap_opp_tricks == 0)
        return 3;
    if (f->failed_close == 0)
        return 2;
    return s->cp[closer] + s->mar[closer] >= f->schneider_threshold ? 1 : 2;
}

static void won(ss_result *out, int winner, int gp, const int *points, int reason)
{
    out->winner = (int8_t)winner;
    out->game_points = (uint8_t)gp;
    out->carry = 0;
    out->points[0] = (uint16_t)points[0];
    out->points[1] = (uint16_t)points[1];
    out->reason = (uint8_t)reason;
}

static void tie(const ss_facts *f, ss_result *out, const int *points, int reason)
{
    won(out, -1, 0, points, reason);
    out->carry = f->tie_carry;
}

void ss_score(const ss_facts *f, const ss_state *s, ss_result *out)
{
    int points[2], closer = s->closed_by, last = s->leader, gp;
    points[0] = s->cp[0] + s->mar[0];
    points[1] = s->cp[1] + s->mar[1];
    if (s->hands[0] | s->hands[1]) { /* a claim by the leader */
        int claimer = last, opponent = 1 - last;
        if (points[claimer] < 66) {
            if (f->false_claim == 0)
                gp = 2;
            else if (f->false_claim == 1)
                gp = s->won[opponent] ? 2 : 3;
            else
                gp = grade_claim(f, s, claimer);
            won(out, opponent, gp, points, SS_END_FALSE_CLAIM);
            return;
        }
        if (closer >= 0 && closer != claimer) {
            gp = f->closer_beaten_flat_two ? 2 : failed_close(f, s);
            won(out, claimer, gp, points, SS_END_CLOSER_BEATEN);
            return;
        }
        won(out, claimer, grade_claim(f, s, claimer), points, SS_END_CLAIM);
        return;
    }
    if (closer >= 0) {
        if (last == closer && points[closer] >= 66)
            won(out, closer, grade_claim(f, s, closer), points, SS_END_CLOSER_TOOK_LAST_TRICK);
        else
            won(out, 1 - closer, failed_close(f, s), points, SS_END_FAILED_CLOSE);
        return;
    }
    if (f->last_trick_wins_hand) {
        gp = points[last] >= 66 ? grade_now(f, s, 1 - last, 0) : 1;
        won(out, last, gp, points, SS_END_LAST_TRICK);
        return;
    }
    points[last] += 10;
    {
        int over0 = points[0] >= 66, over1 = points[1] >= 66, winner, loser;
        if (over0 && over1) {
            if (f->both_over_no_score || points[0] == points[1]) {
                tie(f, out, points, SS_END_BOTH_OVER_66);
                return;
            }
            winner = points[0] > points[1] ? 0 : 1;
        } else if (over0 || over1) {
            winner = over0 ? 0 : 1;
        } else {
            tie(f, out, points, SS_END_NEITHER_REACHED_66);
            return;
        }
        loser = 1 - winner;
        gp = grade_now(f, s, loser, loser == last ? 10 : 0);
        won(out, winner, gp, points,
            (loser ? over1 : over0) ? SS_END_BOTH_OVER_66 : SS_END_PLAYED_OUT);
    }
}

/* ------------------------------------------------------------------ playouts */

int ss_playout_random(const ss_facts *f, ss_state *s, ss_rng *r, int claims, ss_result *out)
{
    int moves = 0;
    while (s->step != SS_OVER) {
        uint32_t flags, pairs, plays, n;
        if (moves >= 1000)
            return -1;
        ss_options(f, s, &flags, &pairs, &plays);
        if (!claims)
            flags &= ~(uint32_t)SS_F_CLAIM;
        n = ss_option_count(flags, pairs, plays);
        if (n == 0 || ss_apply_option(f, s, flags, pairs, plays, ss_rng_below(r, n)) != 0)
            return -1;
        moves++;
    }
    ss_score(f, s, out);
    out->moves = (uint16_t)moves;
    return 0;
}

/* ------------------------------------------------------------------ the RuleBot policy */

#include "rulebot.h"

static void bot_rules_of(const ss_facts *f, int trump, int marriage_in_strict, ss_bot_rules *r)
{
    int lead, c;
    r->trump = trump;
    r->deck = f->deck_mask;
    r->exchange_card = trump * 8 + f->exchange_offset;
    r->marriage_in_strict = marriage_in_strict;
    for (lead = 0; lead < 32; lead++) {
        r->points[lead] = f->points[lead];
        r->beat[lead] = 0;
        for (c = 0; c < 32; c++)
            if (c != lead && (f->deck_mask >> c & 1u) && trick_winner(lead, c, trump, 0) == 1)
                r->beat[lead] |= UINT32_C(1) << c;
    }
}

#define PAIR_MASK(suit) (UINT32_C(3) << ((suit) * 8 + 2))

int ss_playout_rulebot(const ss_facts *f, ss_state *s, ss_bot *b, ss_result *out)
{
    static const uint32_t order[4] = {SS_F_DRAW, SS_F_EXCHANGE, SS_F_CLOSE, SS_F_CLAIM};
    ss_bot_rules rules;
    int moves = 0;
    bot_rules_of(f, s->trump, b->marriage_in_strict, &rules);
    while (s->step != SS_OVER) {
        uint32_t flags, pairs, plays, n, k, bits;
        int8_t kind[48], arg[48];
        int i, mover, tpos = s->tpos;
        if (moves >= 1000)
            return -1;
        ss_options(f, s, &flags, &pairs, &plays);
        n = ss_option_count(flags, pairs, plays);
        if (n == 0 || n > 48)
            return -1;
        k = 0;
        for (i = 0; i < 4; i++)
            if (flags & order[i]) {
                kind[k] = (int8_t)i;
                arg[k++] = -1;
            }
        for (bits = pairs; bits; bits &= bits - 1) {
            kind[k] = SB_MARRY;
            arg[k++] = (int8_t)(lowest(bits) >> 3);
        }
        for (bits = plays; bits; bits &= bits - 1) {
            kind[k] = SB_PLAY;
            arg[k++] = (int8_t)lowest(bits);
        }
        mover = s->step == SS_FOLLOW ? 1 - s->leader : s->leader;
        k = 0;
        if (n > 1) {
            ss_bot_view v;
            int opp = 1 - mover, suit, talon = s->tend - s->tpos;
            uint32_t known = 0;
            v.seat = mover;
            v.step = s->step;
            v.lead = s->lead;
            v.turn_marriage = s->turn_marriage;
            v.exchanged_by = s->exchanged_by;
            v.talon_size = talon;
            v.talon_bottom = talon ? s->talon[s->tend - 1] : -1;
            v.strict = s->closed_by >= 0 || !talon;
            v.declared = b->declared;
            v.opp_hand_size = popcount32(s->hands[opp]);
            v.hand = s->hands[mover];
            v.played = s->won[0] | s->won[1] | (s->lead >= 0 ? UINT32_C(1) << s->lead : 0);
            for (suit = 0; suit < 4; suit++)
                if (b->declared >> (4 * opp + suit) & 1)
                    known |= PAIR_MASK(suit);
            if (s->exchanged_by == opp && b->dealt >= 0 && b->dealt < 32)
                known |= UINT32_C(1) << b->dealt;
            if (b->last_drawer == opp && s->tend > 0)
                known |= UINT32_C(1) << s->talon[s->tend - 1];
            v.opp_known = known & ~v.played;
            v.opp_excluded = b->excluded[mover];
            for (i = 0; i < 2; i++) {
                v.points[i] = s->cp[i] + s->mar[i];
                v.pending[i] = s->pend[i];
                v.won[i] = s->won[i] != 0;
            }
            k = (uint32_t)ss_rulebot(&rules, &v, kind, arg, (int)n);
            if (k >= n)
                return -1;
        }
        if (kind[k] == SB_MARRY) {
            b->declared |= 1 << (4 * mover + arg[k]);
        } else if (kind[k] == SB_PLAY && s->step == SS_FOLLOW &&
                   (s->closed_by >= 0 || s->tend == s->tpos)) {
            /* a strict trick: what the follower showed it lacks (observe's inferences) */
            int lead = s->lead, card = arg[k], viewer = 1 - mover;
            uint32_t ex = 0;
            if (card >> 3 != lead >> 3) {
                ex = SUIT_MASK(lead >> 3);
                if (card >> 3 != s->trump && b->infer_trump)
                    ex |= SUIT_MASK(s->trump);
            } else if (b->infer_head && card > lead) {
                ex = ((UINT32_C(1) << lead) - 1u) & ~((UINT32_C(1) << (lead & ~7)) - 1u);
            }
            b->excluded[viewer] |= ex;
        }
        if (ss_apply_option(f, s, flags, pairs, plays, k) != 0)
            return -1;
        if (tpos < s->tend && s->tpos == s->tend && b->last_drawer < 0)
            b->last_drawer = 1 - s->leader;
        moves++;
    }
    ss_score(f, s, out);
    out->moves = (uint16_t)moves;
    return 0;
}
