"""Random twenty-one for the bench and the property tests: valid house rules drawn at random and
a ``choose`` hook for ``croupier.core.protocol.play_randomly`` that now and then records a
dealing mistake (99-01.3-08-12) instead of a decision.

The rounds themselves are played by the protocol's random legal player (``play_randomly``):
its chance moves are ``GAME.chance`` and its decisions ``GAME.legal_actions``.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.core.rng import Rng
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.rules import DealingMethod, DoubleDown, HouseRules, TipDoubleDown

K = ActionKind
_PLAYING = frozenset({K.HIT, K.STAND, K.SECOND_CARD, K.DECLINE_SECOND_CARD})


def random_rules(rng: Rng) -> HouseRules:
    """Valid house rules drawn at random."""
    maximum = 100 * (1 + rng.randbelow(25))
    minimum = 100 * (1 + rng.randbelow(min(3, maximum // 100)))
    insurance = rng.randbelow(4) != 0
    tips = rng.randbelow(3) != 0
    methods = list(DealingMethod)
    return HouseRules(
        decks=(4, 6, 8)[rng.randbelow(3)],
        dealer_hits_soft_17=rng.randbelow(2) == 1,
        dealing_method=methods[rng.randbelow(3)],
        device_fallback_method=methods[rng.randbelow(2)],
        minimum_wager=minimum,
        maximum_wager=maximum,
        insurance_permitted=insurance,
        even_money_offered=insurance and rng.randbelow(2) == 1,
        tip_betting_permitted=tips,
        double_down=list(DoubleDown)[rng.randbelow(2)],
        tip_double_down=list(TipDoubleDown)[rng.randbelow(3)]
        if tips
        else TipDoubleDown.NOT_PERMITTED,
        video_surveillance=rng.randbelow(2) == 1,
    )


class MistakeChooser:
    """A ``choose`` hook for ``play_randomly``: about one choice in ``rate`` is a dealing
    mistake that the moment allows (read from the legal options: insurance not offered while
    insurance is asked, -12.5; a card found face up in the shoe, -12.1, discards reshuffled,
    -12.9, or a card drawn in error, -12.7/-12.8, while the players decide; no burn card at the
    start, -12.13, before the deal); otherwise a uniformly random legal option."""

    def __init__(self, rate: int) -> None:
        self.rate = rate
        self.recorded: list[Action] = []

    def __call__(self, options: Sequence[Action], rng: Rng) -> Action:
        pick = options[rng.randbelow(len(options))]
        if self.rate <= 0 or rng.randbelow(self.rate) != 0:
            return pick
        kinds = {o.kind for o in options}
        candidates: list[Action] = []
        if K.INSURANCE in kinds:
            candidates.append(Action(K.INSURANCE_NOT_OFFERED))
        if kinds & _PLAYING:
            candidates += [
                Action(K.CARD_FACE_UP_IN_SHOE),
                Action(K.RESHUFFLE_DISCARDS),
                Action(K.CARD_DRAWN_IN_ERROR, exposed=False),
            ]
            if K.HIT in kinds:  # every player has two cards: an exposed card is burned (-12.8)
                candidates.append(Action(K.CARD_DRAWN_IN_ERROR, exposed=True))
        if K.DEAL in kinds and not self.recorded:
            candidates.append(Action(K.NO_BURN_AT_START))
        if not candidates:
            return pick
        mistake = candidates[rng.randbelow(len(candidates))]
        self.recorded.append(mistake)
        return mistake


__all__ = ["MistakeChooser", "random_rules"]
