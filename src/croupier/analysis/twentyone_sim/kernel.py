# mypy: allow-untyped-defs, allow-untyped-calls
"""The numba kernel: whole shoes of twenty-one at one table, ``players`` seats, one strategy.

``run_chunk_kernel`` (called through ``chunks.run_chunk``) plays ``rounds`` rounds starting
from a freshly shuffled shoe and returns the chunk's sufficient statistics (``S_*`` indices),
all exact integers in tenths of the initial wager, so chunks add up to the same totals in any
order.

The deal, as croupier's engine deals it (``croupier.games.twentyone.table``,
``croupier.core.shoe``, ``dealing``):

- shuffle every card; cut with the cutting card ``cut_min`` (10) to ``n - cut_min`` cards in (the
  cards in front go to the back); the indicator card ``indicator_min``..``indicator_max`` (50 to
  100) cards from the bottom; burn one card (99-01.3-08-08);
- one card to each betting space from the dealer's left, the dealer's up card, a second card to
  each space, then the dealer's hole card (hole-card methods); with the no-hole-card method the
  dealer's second card comes after the players' decisions (99-01.3-08-10.1);
- the indicator card has appeared once no more cards remain than its distance from the bottom
  (the cards in front of it dealt, -08.2: "appears at the face of a shoe");
  the round is completed and the cards reshuffled before the next (-08.2); a shoe that runs out
  within a round is refilled from the discard holder, shuffled, cut, first card burned
  (-12.9), and everything is reshuffled after that round;
- the dealer draws no card when every player's hand is settled (all bust and, against an ace or
  ten-count up card without a peek, no split, double or insurance depends on the natural,
  -11.9), and draws to 17 (hitting soft 17 where the rules say) only while an unsettled,
  unbusted hand remains (-11.10.f, g).

``rounds_per_shoe`` (``SimRules.rounds_per_shoe``) can also reshuffle after a fixed number of
rounds (1: every round from a fresh shoe). ``chunks.play_shoe`` deals one given card order without
shuffling, for the card-by-card comparison with the engine
(``tests/analysis/twentyone_sim/test_against_engine.py``).

The shoe itself (generator, shuffle, cut, refill) is in ``shoe``, the array layouts in
``layout``; ``compiled.py`` chooses how the kernel is compiled.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from croupier.analysis.twentyone_sim.layout import (
    N_STATS,
    P_BURN,
    P_DAS,
    P_DECKS,
    P_DOUBLE_ON,
    P_H17,
    P_HOLE_CARD,
    P_HSA,
    P_IND_MIN,
    P_INSURANCE,
    P_MAX_HANDS,
    P_NATURAL,
    P_NATURAL_PAYS,
    P_ROUNDS_PER_SHOE,
    P_RSA,
    P_SURRENDER,
    S_CARDS,
    S_DEALER_NATURALS,
    S_DOUBLES,
    S_HANDLE,
    S_INITIAL,
    S_INSURANCE,
    S_LOSSES,
    S_NET,
    S_PLAYER_NATURALS,
    S_PUSHES,
    S_ROUND_SQ,
    S_ROUNDS,
    S_SEAT_SQ,
    S_SHOES,
    S_SPLITS,
    S_SURRENDERS,
    S_VOIDED,
    S_WINS,
)
from croupier.analysis.twentyone_sim.shoe import new_shoe, refill

__all__ = ["run_chunk_kernel"]

# final actions
_A_HIT = 0
_A_STAND = 1
_A_DOUBLE = 2
_A_SPLIT = 3
_A_SURRENDER = 4

_MAXH = 8

# The hot loop keeps the shoe's state in local integers and calls no function that takes an
# array (each such call costs atomic reference counts); only rare paths (a new shoe, a refill)
# call out.


@njit(cache=True, inline="always")
def _resolve(code, can_double, can_surrender):
    if code == 1:
        return _A_STAND
    if code == 2:
        return _A_DOUBLE if can_double else _A_HIT
    if code == 3:
        return _A_DOUBLE if can_double else _A_STAND
    if code == 5:
        return _A_SURRENDER if can_surrender else _A_HIT
    if code == 6:
        return _A_SURRENDER if can_surrender else _A_STAND
    return _A_HIT


@njit(cache=True)
def run_chunk_kernel(
    rules, hard_t, soft_t, pairs_t, take_insurance, players, rounds, state, order, record
):
    """Play ``rounds`` rounds from a fresh shoe; the chunk's statistics (``S_*``).

    With a non-empty ``order`` (card values, already shuffled and cut) no card is shuffled:
    that one shoe is dealt (its indicator ``rules[P_IND_MIN]`` cards from the bottom) and play
    stops when it would be reshuffled. ``record[r, p]`` receives seat ``p``'s result in round
    ``r`` (tenths) while ``r`` is within its rows."""
    stats = np.zeros(N_STATS, dtype=np.int64)
    s = state.copy()
    n = 52 * rules[P_DECKS]
    cards = np.empty(n, dtype=np.int64)
    k = 0
    for _d in range(4 * rules[P_DECKS]):
        for v in range(1, 10):
            cards[k] = v
            k += 1
        for _t in range(4):
            cards[k] = 10
            k += 1
    tmp = np.empty(n, dtype=np.int64)

    max_hands = rules[P_MAX_HANDS]
    das = rules[P_DAS] == 1
    rsa = rules[P_RSA] == 1
    hsa = rules[P_HSA] == 1
    h17 = rules[P_H17] == 1
    surrender_ok = rules[P_SURRENDER] == 1
    insurance_ok = rules[P_INSURANCE] == 1 and take_insurance
    natural_mode = rules[P_NATURAL]  # 0 peek, 1 no peek OBO, 2 no peek all bets
    peek = natural_mode == 0
    hole_card = rules[P_HOLE_CARD] == 1
    bj_pays = rules[P_NATURAL_PAYS]
    double_on = rules[P_DOUBLE_ON]
    rounds_per_shoe = rules[P_ROUNDS_PER_SHOE]
    in_shoe = 0

    h_hard = np.zeros((players, _MAXH), dtype=np.int64)
    h_ace = np.zeros((players, _MAXH), dtype=np.bool_)
    h_n = np.zeros((players, _MAXH), dtype=np.int64)
    h_c1 = np.zeros((players, _MAXH), dtype=np.int64)
    h_c2 = np.zeros((players, _MAXH), dtype=np.int64)
    h_dbl = np.zeros((players, _MAXH), dtype=np.bool_)
    h_sace = np.zeros((players, _MAXH), dtype=np.bool_)
    h_split = np.zeros((players, _MAXH), dtype=np.bool_)
    nh = np.zeros(players, dtype=np.int64)
    natural = np.zeros(players, dtype=np.bool_)
    surrendered = np.zeros(players, dtype=np.bool_)
    insured = np.zeros(players, dtype=np.bool_)
    extras = np.zeros(players, dtype=np.bool_)

    # the shoe: next card, indicator distance from the bottom, where the round began, where
    # its cards began being counted, whether the indicator has appeared / the shoe was refilled
    pos = 0
    ind = 0
    start = 0
    seg = 0
    refilled = False
    fixed = order.shape[0] > 0
    need_shuffle = True
    played = 0
    total_net = 0
    round_sq = 0
    seat_sq = 0
    wins = 0
    pushes = 0
    losses = 0
    dealt = 0
    for r in range(rounds):
        if need_shuffle:
            if fixed:
                if r > 0:
                    break
                for i in range(n):
                    cards[i] = order[i]
                ind = rules[P_IND_MIN]
                stats[S_SHOES] += 1
                stats[S_CARDS] += rules[P_BURN]
            else:
                ind = new_shoe(cards, n, rules, tmp, s, stats)
            pos = rules[P_BURN]
            need_shuffle = False
            in_shoe = 0
        in_shoe += 1
        start = pos
        seg = pos
        refilled = False
        # -- the initial deal (-10.1)
        for p in range(players):
            if pos >= n:
                stats[S_CARDS] += n - seg
                pos = refill(cards, n, start, refilled, rules, tmp, s, stats)
                seg, refilled = n - start, True
            c = cards[pos]
            pos += 1
            nh[p] = 1
            h_hard[p, 0] = c
            h_ace[p, 0] = c == 1
            h_n[p, 0] = 1
            h_c1[p, 0] = c
            h_dbl[p, 0] = False
            h_sace[p, 0] = False
            h_split[p, 0] = False
            surrendered[p] = False
            insured[p] = False
            extras[p] = False
        if pos >= n:
            stats[S_CARDS] += n - seg
            pos = refill(cards, n, start, refilled, rules, tmp, s, stats)
            seg, refilled = n - start, True
        up = cards[pos]
        pos += 1
        for p in range(players):
            if pos >= n:
                stats[S_CARDS] += n - seg
                pos = refill(cards, n, start, refilled, rules, tmp, s, stats)
                seg, refilled = n - start, True
            c = cards[pos]
            pos += 1
            h_hard[p, 0] += c
            h_ace[p, 0] = h_ace[p, 0] or c == 1
            h_n[p, 0] = 2
            h_c2[p, 0] = c
            natural[p] = h_hard[p, 0] == 11 and h_ace[p, 0]
        hole = 0
        if hole_card:
            if pos >= n:
                stats[S_CARDS] += n - seg
                pos = refill(cards, n, start, refilled, rules, tmp, s, stats)
                seg, refilled = n - start, True
            hole = cards[pos]
            pos += 1
        played += 1
        ace_or_ten = up == 1 or up == 10
        # -- insurance (-09.2.b), then the peek (-10.3)
        if up == 1 and insurance_ok:
            for p in range(players):
                insured[p] = True
                extras[p] = True
            stats[S_HANDLE] += 5 * players
            stats[S_INSURANCE] += players
        for p in range(players):
            if natural[p]:
                stats[S_PLAYER_NATURALS] += 1
        dealer_natural = hole_card and ace_or_ten and up + hole == 11
        dealer = 0
        if not (peek and dealer_natural):
            # -- the players' decisions, from the dealer's left (-09.2.c, d, -11.3 to -11.5)
            any_live = False
            any_pending = False  # an outcome waits on the dealer's natural (no peek)
            for p in range(players):
                if natural[p]:
                    if ace_or_ten and not peek:
                        any_pending = True
                    continue
                h = 0
                while h < nh[p]:
                    if h_n[p, h] == 1:
                        if pos >= n:
                            stats[S_CARDS] += n - seg
                            pos = refill(cards, n, start, refilled, rules, tmp, s, stats)
                            seg, refilled = n - start, True
                        c = cards[pos]
                        pos += 1
                        h_hard[p, h] += c
                        h_ace[p, h] = h_ace[p, h] or c == 1
                        h_n[p, h] = 2
                        h_c2[p, h] = c
                    while True:
                        hard = h_hard[p, h]
                        soft = h_ace[p, h] and hard + 10 <= 21
                        total = hard + 10 if soft else hard
                        if total >= 21:
                            break
                        two = h_n[p, h] == 2
                        sace = h_sace[p, h]
                        pair = two and h_c1[p, h] == h_c2[p, h]
                        can_split = (
                            pair and nh[p] < max_hands and (h_c1[p, h] != 1 or not sace or rsa)
                        )
                        can_surrender = surrender_ok and two and nh[p] == 1 and not h_split[p, h]
                        can_double = two and (not h_split[p, h] or das) and (not sace or hsa)
                        if can_double and double_on != 0:
                            if soft:
                                can_double = False
                            elif double_on == 1:
                                can_double = 9 <= total <= 11
                            else:
                                can_double = 10 <= total <= 11
                        act = -1
                        code = -1
                        if can_split:
                            code = pairs_t[h_c1[p, h], up]
                            if code == 7:
                                act = _A_SURRENDER if can_surrender else _A_SPLIT
                            elif code == 4:
                                act = _A_SPLIT
                        if act < 0 and sace and not hsa:
                            break  # a split ace takes one card (-09.2.c)
                        if act < 0:
                            if code < 0:
                                code = soft_t[total, up] if soft else hard_t[total, up]
                            act = _resolve(code, can_double, can_surrender)
                        if act == _A_STAND:
                            break
                        if act in (_A_HIT, _A_DOUBLE):
                            if act == _A_DOUBLE:
                                h_dbl[p, h] = True
                                extras[p] = True
                                stats[S_DOUBLES] += 1
                                stats[S_HANDLE] += 10
                            if pos >= n:
                                stats[S_CARDS] += n - seg
                                pos = refill(cards, n, start, refilled, rules, tmp, s, stats)
                                seg, refilled = n - start, True
                            c = cards[pos]
                            pos += 1
                            h_hard[p, h] += c
                            h_ace[p, h] = h_ace[p, h] or c == 1
                            h_n[p, h] += 1
                            if act == _A_DOUBLE:
                                break
                            continue
                        if act == _A_SURRENDER:
                            surrendered[p] = True
                            stats[S_SURRENDERS] += 1
                            break
                        # split: the second card starts a new hand, played after this one (-09.2.c)
                        v = h_c1[p, h]
                        for j in range(nh[p], h + 1, -1):
                            h_hard[p, j] = h_hard[p, j - 1]
                            h_ace[p, j] = h_ace[p, j - 1]
                            h_n[p, j] = h_n[p, j - 1]
                            h_c1[p, j] = h_c1[p, j - 1]
                            h_c2[p, j] = h_c2[p, j - 1]
                            h_dbl[p, j] = h_dbl[p, j - 1]
                            h_sace[p, j] = h_sace[p, j - 1]
                            h_split[p, j] = h_split[p, j - 1]
                        nh[p] += 1
                        extras[p] = True
                        stats[S_SPLITS] += 1
                        stats[S_HANDLE] += 10
                        for j in range(h, h + 2):
                            h_hard[p, j] = v
                            h_ace[p, j] = v == 1
                            h_n[p, j] = 1
                            h_c1[p, j] = v
                            h_dbl[p, j] = False
                            h_sace[p, j] = v == 1
                            h_split[p, j] = True
                        if pos >= n:
                            stats[S_CARDS] += n - seg
                            pos = refill(cards, n, start, refilled, rules, tmp, s, stats)
                            seg, refilled = n - start, True
                        c = cards[pos]
                        pos += 1
                        h_hard[p, h] += c
                        h_ace[p, h] = h_ace[p, h] or c == 1
                        h_n[p, h] = 2
                        h_c2[p, h] = c
                    h += 1
                if surrendered[p]:
                    if ace_or_ten and not peek:
                        any_pending = True
                    continue
                for j in range(nh[p]):
                    if h_hard[p, j] <= 21:
                        any_live = True
                if extras[p] and ace_or_ten and not peek:
                    any_pending = True
            # -- the dealer's hand (-11.9, -11.10): no card when every hand is settled
            if any_live or any_pending:
                if not hole_card:
                    if pos >= n:
                        stats[S_CARDS] += n - seg
                        pos = refill(cards, n, start, refilled, rules, tmp, s, stats)
                        seg, refilled = n - start, True
                    hole = cards[pos]
                    pos += 1
                    dealer_natural = ace_or_ten and up + hole == 11
                if not dealer_natural:
                    hard = up + hole
                    ace = up == 1 or hole == 1
                    while True:
                        soft = ace and hard + 10 <= 21
                        dealer = hard + 10 if soft else hard
                        if not any_live or dealer > 17 or (dealer == 17 and not (soft and h17)):
                            break
                        if pos >= n:
                            stats[S_CARDS] += n - seg
                            pos = refill(cards, n, start, refilled, rules, tmp, s, stats)
                            seg, refilled = n - start, True
                        c = cards[pos]
                        pos += 1
                        hard += c
                        ace = ace or c == 1
        # -- settlement (-10.3.a, -11.10, -11.11, -11.12)
        if dealer_natural:
            stats[S_DEALER_NATURALS] += 1
        round_net = 0
        for p in range(players):
            v = 0
            if insured[p]:
                v += 10 if dealer_natural else -5
            if dealer_natural:
                if natural[p]:
                    pass
                elif natural_mode == 2 and not surrendered[p]:
                    for j in range(nh[p]):
                        v -= 20 if h_dbl[p, j] else 10
                else:
                    v -= 10
                    voided = -10
                    for j in range(nh[p]):
                        voided += 20 if h_dbl[p, j] else 10
                    stats[S_VOIDED] += voided
            elif natural[p]:
                v += bj_pays
            elif surrendered[p]:
                v -= 5
            else:
                for j in range(nh[p]):
                    w = 20 if h_dbl[p, j] else 10
                    hard = h_hard[p, j]
                    total = hard + 10 if h_ace[p, j] and hard + 10 <= 21 else hard
                    if total > 21:
                        v -= w
                    elif dealer > 21 or total > dealer:
                        v += w
                    elif total < dealer:
                        v -= w
            round_net += v
            if r < record.shape[0]:
                record[r, p] = v
            seat_sq += v * v
            if v > 0:
                wins += 1
            elif v == 0:
                pushes += 1
            else:
                losses += 1
        total_net += round_net
        round_sq += round_net * round_net
        # -- the indicator card (-08.2): reshuffle before the next round once it has appeared
        dealt += pos - seg
        need_shuffle = refilled or n - pos <= ind or in_shoe == rounds_per_shoe
    stats[S_ROUNDS] += played
    stats[S_INITIAL] += played * players
    stats[S_HANDLE] += 10 * played * players
    stats[S_NET] += total_net
    stats[S_ROUND_SQ] += round_sq
    stats[S_SEAT_SQ] += seat_sq
    stats[S_WINS] += wins
    stats[S_PUSHES] += pushes
    stats[S_LOSSES] += losses
    stats[S_CARDS] += dealt
    return stats
