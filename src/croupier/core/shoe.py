"""The dealing shoe and its procedure.

North Dakota twenty-one (99-01.3-08-08, -12.9, -12.13) and the New Jersey variant for Three Card 21
"N" Done (N.J.A.C. 13:69F-2C.1, 2C.4, 2C.6(c)).

The shoe holds a stack of cards in dealing order: ``stack[0]`` is the next card out. A shoe is
built from an explicit order (for replay) or shuffled with an injected RNG, then cut, then the
indicator card (ND) or cutting card (NJ) is placed, then the first card is burned. Every step is
validated against its section; a refused step changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from croupier.core.cards import Card, multi_deck
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.rng import Rng
from croupier.core.shuffle import fisher_yates

ND_SHUFFLE = "99-01.3-08-08.1"
ND_INDICATOR = "99-01.3-08-08.2"
ND_BURN = "99-01.3-08-08.3"
ND_SHORT_SHOE = "99-01.3-08-12.9"
NJ_CUT = "N.J.A.C. 13:69F-2C.4(f)"
NJ_NO_CUT = "N.J.A.C. 13:69F-2C.4(b)1"
NJ_RECUT = "N.J.A.C. 13:69F-2C.4(g)"
NJ_RESHUFFLE = "N.J.A.C. 13:69F-2C.4(h)"
NJ_BURN = "N.J.A.C. 13:69F-2C.6(c)"
NJ_BART_CARTER = "N.J.A.C. 13:69F-2C.1"

MIN_CUT_FROM_END = 10
INDICATOR_MIN_FROM_BOTTOM = 50
INDICATOR_MAX_FROM_BOTTOM = 100


class ShoePhase(Enum):
    """Where the shoe is in its procedure."""

    NEEDS_SHUFFLE = "needs shuffle"
    SHUFFLED = "shuffled, awaiting the cut"
    PLACED = "placed in the shoe by the shuffler, awaiting the indicator card"
    CUT = "cut, awaiting the indicator card"
    NEEDS_BURN = "awaiting the burn card"
    DEALING = "dealing"


class ReshuffleReason(Enum):
    """The only occasions on which a dealer may reshuffle (99-01.3-08-08.2)."""

    INDICATOR = "indicator card appeared"
    INACTIVITY = "no activity for the organization's set period"
    REOPENED = "table reopened after a temporary closing with no dealer"
    NEW_SHOE = "start of play"
    NO_PLAYER = "player arrived at an open table with no player"  # 08-08.3


@dataclass(frozen=True, slots=True)
class CutRotation:
    """Rotates the opportunity to cut among the players (99-01.3-08-08.1, 2C.4(d)-(e)).

    ``next_seat`` is the seat first offered the cut; ``offer_order`` the seats to offer in turn.
    """

    seats: tuple[int, ...]
    last_cutter: int | None = None

    def offer_order(self) -> tuple[int, ...]:
        if not self.seats:
            return ()
        ordered = tuple(sorted(self.seats))
        if self.last_cutter is None:
            return ordered
        after = [s for s in ordered if s > self.last_cutter]
        before = [s for s in ordered if s <= self.last_cutter]
        return tuple(after + before)

    def after_cut(self, seat: int | None) -> CutRotation:
        """The rotation once ``seat`` cut (``None``: all declined, the dealer or pit boss cut)."""
        if seat is not None and seat not in self.seats:
            raise RuleViolation(f"seat {seat} is not a player at this table", ND_SHUFFLE)
        return CutRotation(self.seats, seat if seat is not None else self.last_cutter)


class Shoe:
    """A North Dakota twenty-one dealing shoe (99-01.3-08-08)."""

    def __init__(self, decks: int, order: Sequence[Card] | None = None) -> None:
        if decks not in (4, 6, 8):
            raise RuleViolation(
                f"a shoe must hold four, six or eight decks, not {decks}", "99-01.3-08-02.3"
            )
        self.decks = decks
        cards = list(order) if order is not None else multi_deck(decks)
        if len(cards) != 52 * decks:
            raise InvalidInput(f"a {decks}-deck shoe holds {52 * decks} cards, got {len(cards)}")
        if sorted(c.index for c in cards) != sorted(c.index for c in multi_deck(decks)):
            raise InvalidInput(f"the cards are not exactly {decks} complete decks")
        self.stack: list[Card] = cards
        self.discards: list[Card] = []
        self.indicator_from_bottom: int | None = None
        self.indicator_out = False
        self.phase = ShoePhase.NEEDS_SHUFFLE if order is None else ShoePhase.SHUFFLED
        self.dealt_since_shuffle = 0
        self.burned_at_start = False

    # -- the procedure -------------------------------------------------------------------
    def shuffle(self, rng: Rng, reason: ReshuffleReason = ReshuffleReason.NEW_SHOE) -> None:
        """Gather every card (stack and discard holder) and shuffle (99-01.3-08-08.1, -08.2)."""
        if (
            self.phase is ShoePhase.DEALING
            and reason is ReshuffleReason.INDICATOR
            and not self.indicator_out
        ):
            raise RuleViolation(
                "the indicator card has not appeared; the cards may be reshuffled only when "
                "it appears, after the set period of inactivity, or on reopening",
                ND_INDICATOR,
            )
        self.stack = fisher_yates(self.stack + self.discards, rng)
        self.discards = []
        self.indicator_from_bottom = None
        self.indicator_out = False
        self.dealt_since_shuffle = 0
        self.burned_at_start = False
        self.phase = ShoePhase.SHUFFLED

    def cut(self, position: int) -> None:
        """Cut with the cutting card ``position`` cards in from the front (99-01.3-08-08.1, .2).

        The cutting card must be at least ten cards in from either end; the cards in front of it
        go to the back of the stack.
        """
        self._require_phase(ShoePhase.SHUFFLED, "cut", ND_SHUFFLE)
        n = len(self.stack)
        if not MIN_CUT_FROM_END <= position <= n - MIN_CUT_FROM_END:
            raise RuleViolation(
                f"the cutting card must be placed at least {MIN_CUT_FROM_END} cards in from "
                f"either end (positions {MIN_CUT_FROM_END} to {n - MIN_CUT_FROM_END} of {n}), "
                f"not at {position}",
                ND_SHUFFLE,
            )
        self.stack = self.stack[position:] + self.stack[:position]
        self.phase = ShoePhase.CUT

    def insert_indicator(self, from_bottom: int) -> None:
        """Place the indicator card ``from_bottom`` cards from the bottom (50 to 100, -08.2)."""
        self._require_phase(ShoePhase.CUT, "insert the indicator card", ND_INDICATOR)
        if not INDICATOR_MIN_FROM_BOTTOM <= from_bottom <= INDICATOR_MAX_FROM_BOTTOM:
            raise RuleViolation(
                "the indicator card must be about fifty to one hundred cards from the bottom, "
                f"not {from_bottom}",
                ND_INDICATOR,
            )
        self.indicator_from_bottom = from_bottom
        self.phase = ShoePhase.NEEDS_BURN

    def burn(self) -> Card:
        """Burn the top card into the discard holder (99-01.3-08-08.3; also -12.1, -12.6...)."""
        if self.phase in (ShoePhase.NEEDS_SHUFFLE, ShoePhase.SHUFFLED, ShoePhase.CUT):
            raise RuleViolation(f"cannot burn a card while the shoe {self.phase.value}", ND_BURN)
        card = self._take()
        self.discards.append(card)
        if self.phase is ShoePhase.NEEDS_BURN:
            self.burned_at_start = True
            self.phase = ShoePhase.DEALING
        return card

    def start_without_burn(self) -> None:
        """Record that dealing began without the first burn (dealing mistake -12.13)."""
        self._require_phase(ShoePhase.NEEDS_BURN, "start dealing", ND_BURN)
        self.phase = ShoePhase.DEALING

    def draw(self) -> Card:
        """The next card out of the shoe. Marks the indicator when it reaches the face."""
        if self.phase is not ShoePhase.DEALING:
            raise RuleViolation(
                f"cannot deal while the shoe {self.phase.value}; shuffle, cut, place the "
                "indicator card and burn one card first",
                ND_BURN,
            )
        if not self.stack:
            raise RuleViolation(
                "the shoe is empty: shuffle and cut the discard holder, burn one card and "
                "complete the round",
                ND_SHORT_SHOE,
            )
        return self._take()

    def discard(self, cards: Sequence[Card]) -> None:
        """Put cards from the layout into the discard holder at the end of a round."""
        self.discards.extend(cards)

    def refill_from_discards(self, rng: Rng, cut_position: int) -> Card:
        """Not enough cards to finish the round (99-01.3-08-12.9): shuffle and cut the discard
        holder, burn the first card and go on dealing. Returns the burned card."""
        if self.stack:
            raise RuleViolation(
                f"{len(self.stack)} cards remain in the shoe; the discards are used only when "
                "there are not enough cards to complete the round",
                ND_SHORT_SHOE,
            )
        return self.refill_with(fisher_yates(self.discards, rng), cut_position)

    def refill_with(self, order: Sequence[Card], cut_position: int) -> Card:
        """``refill_from_discards`` with the discards already shuffled into ``order`` (a
        recorded refill played back); the burned card. The reshuffle after the round is due."""
        if self.stack:
            raise RuleViolation(
                f"{len(self.stack)} cards remain in the shoe; the discards are used only when "
                "there are not enough cards to complete the round",
                ND_SHORT_SHOE,
            )
        if sorted(c.index for c in order) != sorted(c.index for c in self.discards):
            raise InvalidInput("a refill's cards are not the cards of the discard holder")
        pile = list(order)
        n = len(pile)
        if not MIN_CUT_FROM_END <= cut_position <= n - MIN_CUT_FROM_END:
            raise RuleViolation(
                f"the cutting card must be at least {MIN_CUT_FROM_END} cards from either end of "
                f"the {n} discards, not at {cut_position}",
                ND_SHUFFLE,
            )
        self.stack = pile[cut_position:] + pile[:cut_position]
        self.discards = []
        self.indicator_out = True  # everything is reshuffled after this round (-12.9, -08.2)
        burned = self._take()
        self.discards.append(burned)
        return burned

    # -- state ---------------------------------------------------------------------------
    @property
    def remaining(self) -> int:
        return len(self.stack)

    @property
    def reshuffle_due(self) -> bool:
        """True once the indicator card has appeared: reshuffle after this round (-08.2)."""
        return self.indicator_out

    def check_reshuffle_allowed(self, reason: ReshuffleReason) -> None:
        """Refuse a reshuffle for a reason the rule does not allow (99-01.3-08-08.2)."""
        if reason is ReshuffleReason.INDICATOR and not self.indicator_out:
            raise RuleViolation(
                "the indicator card has not appeared at the face of the shoe", ND_INDICATOR
            )

    def _take(self) -> Card:
        card = self.stack.pop(0)
        self.dealt_since_shuffle += 1
        # the indicator placed N cards from the bottom is at the face of the shoe once the
        # cards in front of it are dealt, N left behind it (-08.2: "appears at the face")
        if self.indicator_from_bottom is not None and len(self.stack) <= self.indicator_from_bottom:
            self.indicator_out = True
        return card

    def _require_phase(self, phase: ShoePhase, what: str, section: str) -> None:
        if self.phase is not phase:
            raise RuleViolation(f"cannot {what} while the shoe {self.phase.value}", section)


class NJShuffleMethod(Enum):
    HAND = "hand"
    AUTOMATIC = "automatic shuffler"
    BART_CARTER = "Bart Carter shuffle"


class NJShoe:
    """The New Jersey dealing shoe for Three Card 21 "N" Done (N.J.A.C. 13:69F-2C.4).

    Six to eight decks (2C.2(a)); after the cut, a cutting card at least about one quarter of the
    way in from the back (2C.4(f)) unless the Bart Carter shuffle is used; a supervisor may order
    a recut before any card is dealt (2C.4(g)); the first card after each full set is burned
    (2C.6(c)) except with the Bart Carter shuffle, which instead reshuffles about one deck from
    the discard rack into pre-marked places of the shoe (2C.1, 2C.4(h)). Cards shuffled by an
    automated card shuffling device are placed in the shoe and dealt without a cut (2C.4(b)1:
    the cut of (c) to (f) is for cards shuffled by hand or preshuffled); the cutting card that
    marks the reshuffle is then placed by the house's approved procedure (2C.4(j)), held here to
    the same quarter from the back.
    """

    def __init__(
        self,
        decks: int,
        method: NJShuffleMethod = NJShuffleMethod.HAND,
        order: Sequence[Card] | None = None,
    ) -> None:
        if decks not in (6, 7, 8):
            raise RuleViolation(
                f'Three Card 21 "N" Done is dealt from six to eight decks, not {decks}',
                "N.J.A.C. 13:69F-2C.2(a)",
            )
        self.decks = decks
        self.method = method
        cards = list(order) if order is not None else multi_deck(decks)
        if sorted(c.index for c in cards) != sorted(c.index for c in multi_deck(decks)):
            raise InvalidInput(f"the cards are not exactly {decks} complete decks")
        self.stack: list[Card] = cards
        self.discards: list[Card] = []
        self.cut_card_from_back: int | None = None
        self.cut_card_out = False
        self.phase = ShoePhase.NEEDS_SHUFFLE if order is None else ShoePhase.SHUFFLED
        self.last_cut_position: int | None = None
        self._before_cut: list[Card] | None = None

    def shuffle(self, rng: Rng) -> None:
        self.stack = fisher_yates(self.stack + self.discards, rng)
        self.discards = []
        self.cut_card_from_back = None
        self.cut_card_out = False
        self.phase = (
            ShoePhase.PLACED if self.method is NJShuffleMethod.AUTOMATIC else ShoePhase.SHUFFLED
        )

    def cut(self, position: int) -> None:
        """Cut at least ten cards from either end (2C.4(f)); the front goes to the back."""
        if self.method is NJShuffleMethod.AUTOMATIC:
            raise RuleViolation(
                "cards shuffled by an automated card shuffling device are placed in the shoe and "
                "dealt, not cut",
                NJ_NO_CUT,
            )
        if self.phase is not ShoePhase.SHUFFLED:
            raise RuleViolation(f"cannot cut while the shoe {self.phase.value}", NJ_CUT)
        n = len(self.stack)
        if not MIN_CUT_FROM_END <= position <= n - MIN_CUT_FROM_END:
            raise RuleViolation(
                f"the cutting card must be at least {MIN_CUT_FROM_END} cards from either end "
                f"(positions {MIN_CUT_FROM_END} to {n - MIN_CUT_FROM_END}), not {position}",
                NJ_CUT,
            )
        self._before_cut = list(self.stack)
        self.stack = self.stack[position:] + self.stack[:position]
        self.last_cut_position = position
        self.phase = ShoePhase.CUT
        if self.method is NJShuffleMethod.BART_CARTER:
            # "the dealer shall not re-insert the cut card after the stack has been cut"
            self.phase = ShoePhase.DEALING

    def recut(self, position: int) -> None:
        """A supervisor's recut before any card is dealt (2C.4(g))."""
        if self._before_cut is None or self.phase not in (ShoePhase.CUT, ShoePhase.NEEDS_BURN):
            raise RuleViolation(
                "a recut may be required only after the cut and before any card is dealt",
                NJ_RECUT,
            )
        self.stack = self._before_cut
        self.phase = ShoePhase.SHUFFLED
        self.cut(position)

    def insert_cut_card(self, from_back: int) -> None:
        """Insert the cutting card at least about one quarter of the way in from the back."""
        if self.method is NJShuffleMethod.BART_CARTER:
            raise RuleViolation(
                "with the Bart Carter shuffle the cut card is not re-inserted", NJ_CUT
            )
        if self.phase not in (ShoePhase.CUT, ShoePhase.PLACED):
            raise RuleViolation(
                f"cannot insert the cutting card while the shoe {self.phase.value}", NJ_CUT
            )
        n = len(self.stack)
        if from_back < n // 4 or from_back > n - MIN_CUT_FROM_END:
            raise RuleViolation(
                f"the cutting card must be at least one quarter of the way in from the back "
                f"({n // 4} or more of {n} cards), not {from_back}",
                NJ_CUT,
            )
        self.cut_card_from_back = from_back
        self.phase = ShoePhase.NEEDS_BURN

    def burn(self) -> Card:
        """Burn the first card of a full set or for a new dealer (2C.6(c))."""
        if self.method is NJShuffleMethod.BART_CARTER and self.phase is ShoePhase.NEEDS_BURN:
            raise RuleViolation(
                "the burn procedure does not apply to the Bart Carter shuffle", NJ_BURN
            )
        if self.phase not in (ShoePhase.NEEDS_BURN, ShoePhase.DEALING):
            raise RuleViolation(f"cannot burn while the shoe {self.phase.value}", NJ_BURN)
        card = self._take()
        self.discards.append(card)
        self.phase = ShoePhase.DEALING
        return card

    def draw(self) -> Card:
        if self.phase is not ShoePhase.DEALING:
            raise RuleViolation(f"cannot deal while the shoe {self.phase.value}", NJ_BURN)
        if not self.stack:
            raise RuleViolation("the shoe is empty", NJ_RESHUFFLE)
        return self._take()

    def discard(self, cards: Sequence[Card]) -> None:
        self.discards.extend(cards)

    @property
    def reshuffle_due(self) -> bool:
        """After the round: the cutting card reached (2C.4(h)), or for the Bart Carter shuffle
        more than about one deck in the discard rack."""
        if self.method is NJShuffleMethod.BART_CARTER:
            return len(self.discards) > 52
        return self.cut_card_out

    def bart_carter(self, rng: Rng, stacks: int, marks: Sequence[int]) -> None:
        """The Bart Carter shuffle (2C.1): shuffle about one deck from the discard rack, split it
        into ``stacks`` stacks and insert each at a pre-marked position (counted from the front
        of the remaining cards). ``marks`` must be ``stacks`` distinct positions."""
        if self.method is not NJShuffleMethod.BART_CARTER:
            raise RuleViolation("this table does not use the Bart Carter shuffle", NJ_BART_CARTER)
        if not self.reshuffle_due:
            raise RuleViolation(
                "the Bart Carter reshuffle takes place after the discard rack exceeds about one "
                "deck",
                NJ_RESHUFFLE,
            )
        if stacks < 1 or len(marks) != stacks or len(set(marks)) != stacks:
            raise InvalidInput(f"need {stacks} distinct pre-marked positions, got {list(marks)}")
        if any(not 0 <= m <= len(self.stack) for m in marks):
            raise InvalidInput(f"pre-marked positions must lie within the {len(self.stack)} cards")
        pile = fisher_yates(self.discards, rng)
        self.discards = []
        size, extra = divmod(len(pile), stacks)
        parts: list[list[Card]] = []
        start = 0
        for k in range(stacks):
            end = start + size + (1 if k < extra else 0)
            parts.append(pile[start:end])
            start = end
        # insert from the deepest mark first so earlier marks keep their meaning
        for mark, part in sorted(zip(marks, parts, strict=True), key=lambda mp: -mp[0]):
            self.stack[mark:mark] = part

    @property
    def remaining(self) -> int:
        return len(self.stack)

    def _take(self) -> Card:
        card = self.stack.pop(0)
        # the cutting card is reached once the cards in front of it are dealt (2C.4(h))
        if self.cut_card_from_back is not None and len(self.stack) <= self.cut_card_from_back:
            self.cut_card_out = True
        return card
