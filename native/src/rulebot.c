/* RuleBot in C: see rulebot.h. Each function mirrors the method of the same name in
 * sixtysix/bots/rule_bot.py; ties are broken exactly as Python's min/max with the
 * same keys break them (the first candidate in ascending card order wins a tie). */
#include "rulebot.h"

#define KING(s) (1u << ((s) * 8 + 2))
#define QUEEN(s) (1u << ((s) * 8 + 3))
#define SUIT(s) (0xFFu << (8 * (s)))
#define HIGHER(c) ((((1u << (c)) - 1u)) & ~((1u << ((c) & ~7)) - 1u))

typedef struct facts {
    const ss_bot_rules *r;
    const ss_bot_view *v;
    uint32_t hand, out, opp_may;
    int exact;
} facts;

static int top(uint32_t mask) /* the lowest index */
{
    int i = 0;
    while (!(mask >> i & 1u))
        i++;
    return i;
}

static int highest_index(uint32_t mask)
{
    int i = 31;
    while (!(mask >> i & 1u))
        i--;
    return i;
}

static int popcount(uint32_t x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static int beats(const facts *f, int card, int lead)
{
    return (int)(f->r->beat[lead] >> card & 1u);
}

static int marriage_hope(const facts *f, int card)
{
    int suit = card >> 3, value;
    uint32_t partner;
    if (!((1u << card) & (KING(suit) | QUEEN(suit))))
        return 0;
    if (f->v->declared >> (4 * f->v->seat + suit) & 1)
        return 0;
    partner = (KING(suit) | QUEEN(suit)) & ~(1u << card);
    value = suit == f->r->trump ? 40 : 20;
    if (partner & f->hand)
        return value;
    if ((partner & f->out & ~f->v->opp_known) && !f->v->strict)
        return value / 4;
    return 0;
}

static int future(const facts *f, int card)
{
    int value = marriage_hope(f, card), rank = 7 - (card & 7);
    if (card >> 3 == f->r->trump) {
        value += 8 + 2 * rank;
        if (card == f->r->exchange_card && f->v->exchanged_by < 0 && !f->v->strict &&
            f->v->talon_bottom >= 0)
            value += f->r->points[f->v->talon_bottom];
    } else if (rank == 7) {
        value += 6;
    } else if (rank == 6) {
        value += 3;
    }
    return value;
}

static int keep_value(const facts *f, int card) { return f->r->points[card] + future(f, card); }

/* The card of cards that the bot would least rather keep: min by (keep_value, -c)
 * (ties: the highest index), or with low_ties by (keep_value, c). */
static int least_kept(const facts *f, uint32_t cards, int low_ties)
{
    int c, best = -1, bk = 0;
    for (c = 0; c < 32; c++) {
        int k;
        if (!(cards >> c & 1u))
            continue;
        k = keep_value(f, c);
        if (best < 0 || k < bk || (k == bk && !low_ties)) {
            best = c;
            bk = k;
        }
    }
    return best;
}

static int lead_bonus(const facts *f)
{
    int suit, bonus = 2 + f->v->pending[f->v->seat] / 2;
    for (suit = 0; suit < 4; suit++) {
        uint32_t both = KING(suit) | QUEEN(suit);
        if ((f->hand & both) == both)
            bonus += suit == f->r->trump ? 20 : 10;
    }
    return bonus;
}

static int sure_winner(const facts *f, int card)
{
    int suit = card >> 3;
    if (f->opp_may & HIGHER(card))
        return 0;
    if (suit == f->r->trump || !(f->opp_may & SUIT(f->r->trump)))
        return 1;
    return f->exact && (f->opp_may & SUIT(suit));
}

static int strong(const facts *f)
{
    const ss_bot_view *v = f->v;
    int me = v->seat, points = v->points[me], suit, sure_trumps = 0, max_opp;
    uint32_t opp_trumps, trumps;
    if (v->won[me] || v->step == 2)
        points += v->pending[me];
    if (f->r->marriage_in_strict)
        for (suit = 0; suit < 4; suit++) {
            uint32_t both = KING(suit) | QUEEN(suit);
            if ((f->hand & both) == both)
                points += suit == f->r->trump ? 40 : 20;
        }
    opp_trumps = f->opp_may & SUIT(f->r->trump);
    max_opp = popcount(opp_trumps);
    if (v->opp_hand_size < max_opp)
        max_opp = v->opp_hand_size;
    trumps = f->hand & SUIT(f->r->trump);
    while (trumps) {
        int t = top(trumps);
        if (opp_trumps & HIGHER(t))
            break;
        points += f->r->points[t];
        sure_trumps++;
        trumps &= ~(1u << t);
        if (opp_trumps)
            opp_trumps &= ~(1u << highest_index(opp_trumps));
    }
    if (sure_trumps < max_opp)
        return points >= 66;
    for (suit = 0; suit < 4; suit++) {
        uint32_t mine, theirs;
        if (suit == f->r->trump)
            continue;
        mine = f->hand & SUIT(suit);
        theirs = f->opp_may & SUIT(suit);
        while (mine) {
            int t = top(mine);
            if (theirs & HIGHER(t))
                break;
            points += f->r->points[t];
            mine &= ~(1u << t);
        }
    }
    return points >= 66;
}

static int lead_card(const facts *f, uint32_t plays)
{
    const ss_bot_view *v = f->v;
    int c, best = -1, trump = f->r->trump;
    if (v->turn_marriage >= 0) {
        int suit = v->turn_marriage;
        if (!v->strict && (plays & QUEEN(suit)))
            return top(plays & QUEEN(suit));
        return (plays & KING(suit)) ? top(plays & KING(suit)) : top(plays);
    }
    if (!v->strict)
        return least_kept(f, plays, 0);
    {
        uint32_t sure = 0;
        for (c = 0; c < 32; c++)
            if ((plays >> c & 1u) && sure_winner(f, c))
                sure |= 1u << c;
        if (sure) {
            uint32_t sure_trumps = sure & SUIT(trump);
            int bp = 0;
            if (sure_trumps && (f->opp_may & SUIT(trump)))
                return top(sure_trumps);
            /* max by (POINTS[c], -c): the most points, then the lowest index */
            for (c = 0; c < 32; c++) {
                if (!(sure >> c & 1u))
                    continue;
                if (best < 0 || f->r->points[c] > bp) {
                    best = c;
                    bp = f->r->points[c];
                }
            }
            return best;
        }
    }
    /* min by (is trump, POINTS[c], -(c & 7)); ties: the first (lowest index) */
    {
        int bt = 0, bp = 0, br = 0;
        for (c = 0; c < 32; c++) {
            int t, p, r;
            if (!(plays >> c & 1u))
                continue;
            t = c >> 3 == trump;
            p = f->r->points[c];
            r = -(c & 7);
            if (best < 0 || t < bt || (t == bt && (p < bp || (p == bp && r < br)))) {
                best = c;
                bt = t;
                bp = p;
                br = r;
            }
        }
        return best;
    }
}

static int follow_card(const facts *f, uint32_t plays)
{
    const ss_bot_view *v = f->v;
    int lead = v->lead, me = v->seat, c, best = -1;
    uint32_t winners = plays & f->r->beat[lead];
    if (winners) {
        int potential = v->points[me] + v->pending[me] + f->r->points[lead];
        uint32_t reaching = 0;
        for (c = 0; c < 32; c++)
            if ((winners >> c & 1u) && potential + f->r->points[c] >= 66)
                reaching |= 1u << c;
        if (reaching)
            return least_kept(f, reaching, 1);
        if (v->strict) {
            uint32_t same = winners & SUIT(lead >> 3);
            return highest_index(same ? same : winners);
        }
    }
    if (!v->strict) {
        int bonus = lead_bonus(f), bn = 0;
        /* max by (net(c), c) */
        for (c = 0; c < 32; c++) {
            int stake, n;
            if (!(plays >> c & 1u))
                continue;
            stake = f->r->points[lead] + f->r->points[c];
            n = beats(f, c, lead) ? stake + bonus - future(f, c) : -stake - future(f, c);
            if (best < 0 || n >= bn) {
                best = c;
                bn = n;
            }
        }
        return best;
    }
    return least_kept(f, plays, 0);
}

int ss_rulebot(const ss_bot_rules *r, const ss_bot_view *v, const int8_t *kind,
               const int8_t *arg, int n)
{
    facts f;
    int i, claim = -1, close = -1, draw = -1, exchange = -1, marry = -1, card;
    uint32_t plays = 0, unseen;
    if (n <= 1)
        return 0;
    for (i = 0; i < n; i++) {
        switch (kind[i]) {
        case SB_CLAIM: claim = i; break;
        case SB_CLOSE: close = i; break;
        case SB_DRAW: draw = i; break;
        case SB_EXCHANGE: exchange = i; break;
        case SB_MARRY:
            /* max by (suit == trump, suit) */
            if (marry < 0 || (arg[i] == r->trump) > (arg[marry] == r->trump) ||
                ((arg[i] == r->trump) == (arg[marry] == r->trump) && arg[i] > arg[marry]))
                marry = i;
            break;
        default:
            if (arg[i] >= 0 && arg[i] < 32)
                plays |= 1u << arg[i];
        }
    }
    if (claim >= 0 && v->points[v->seat] >= 66)
        return claim;
    f.r = r;
    f.v = v;
    f.hand = v->hand;
    f.out = r->deck & ~v->hand & ~v->played;
    unseen = v->hand | v->played | v->opp_known;
    if (v->talon_bottom >= 0)
        unseen |= 1u << v->talon_bottom;
    unseen = r->deck & ~unseen;
    f.opp_may = v->opp_known | (unseen & ~(v->opp_excluded & unseen));
    f.exact = v->talon_size == 0;
    if (v->step == 2) {
        if (close >= 0 && strong(&f))
            return close;
        return draw >= 0 ? draw : 0;
    }
    if (exchange >= 0)
        return exchange;
    if (v->step == 0) {
        if (close >= 0 && strong(&f))
            return close;
        if (marry >= 0)
            return marry;
        card = lead_card(&f, plays);
    } else {
        card = follow_card(&f, plays);
    }
    for (i = 0; i < n; i++)
        if (kind[i] == SB_PLAY && arg[i] == card)
            return i;
    return 0; /* (no play among the moves: cannot be) */
}
