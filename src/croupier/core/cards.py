"""Playing cards: ranks, suits, parsing, printing, decks and multi-deck shoes.

A card has a compact integer index ``0..51``: ``(rank - 2) * 4 + suit`` with suits ordered
clubs, diamonds, hearts, spades (0..3). The fast evaluators in ``croupier.eval`` use the same
index, so ``card.index`` crosses into numpy arrays unchanged.

Text forms: ``Ah``, ``Td``, ``10d``, ``9c`` (rank then suit, case-insensitive) parse; ``str()``
prints the two-character form (``Td``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from croupier.core.errors import InvalidInput


class Rank(IntEnum):
    """Card ranks, valued 2..14 (ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self - 2]


class Suit(IntEnum):
    """Suits in index order: clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "cdhs"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_RANK_SYMBOLS = "23456789TJQKA"
_RANK_BY_TEXT = {s: Rank(i + 2) for i, s in enumerate(_RANK_SYMBOLS)} | {"10": Rank.TEN}
_SUIT_BY_TEXT = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. Cards of equal rank and suit from different decks are equal."""

    rank: Rank
    suit: Suit

    @property
    def index(self) -> int:
        """The card's index 0..51 (``(rank - 2) * 4 + suit``)."""
        return (self.rank - 2) * 4 + self.suit

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise InvalidInput(f"card index {index} out of range 0..51")
        return _BY_INDEX[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)

    @property
    def count_value(self) -> int:
        """Twenty-one count (99-01.3-08-01.1): ace 1 (or 11, decided by the hand), faces 10."""
        return twentyone_count(self.rank)

    @property
    def is_ten_count(self) -> bool:
        return self.rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({self})"


_BY_INDEX: tuple[Card, ...] = tuple(Card(Rank(r), Suit(s)) for r in range(2, 15) for s in range(4))


def twentyone_count(rank: Rank) -> int:
    """Count of a rank in twenty-one: 2-10 face value, J/Q/K 10, ace 1 (soft 11 by the hand)."""
    if rank == Rank.ACE:
        return 1
    return min(int(rank), 10)


def parse_card(text: str) -> Card:
    """Parse ``Ah``, ``Td``, ``10d`` (case-insensitive). Anything else is ``InvalidInput``."""
    if not isinstance(text, str):
        raise InvalidInput(f"a card must be text such as 'Ah' or '10d', got {text!r}")
    cleaned = text.strip()
    if len(cleaned) not in (2, 3):
        raise InvalidInput(
            f"not a card: {text!r} (expected rank then suit, e.g. 'Ah', 'Td', '10d')"
        )
    rank = _RANK_BY_TEXT.get(cleaned[:-1].upper())
    suit = _SUIT_BY_TEXT.get(cleaned[-1].lower())
    if rank is None or suit is None:
        raise InvalidInput(
            f"not a card: {text!r} (ranks 2-9, T or 10, J, Q, K, A; suits c, d, h, s)"
        )
    return _BY_INDEX[(rank - 2) * 4 + suit]  # the shared object of that card (cards are values)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards from ``"AhKh"``, ``"Ah Kh"``, ``"Ah,10d"`` or an iterable of card texts."""
    if isinstance(text, str):
        items: list[str] = []
        compact = text.replace(",", " ").split()
        for chunk in compact:
            i = 0
            while i < len(chunk):
                step = 3 if chunk[i : i + 2] == "10" else 2
                items.append(chunk[i : i + step])
                i += step
        return tuple(parse_card(item) for item in items)
    return tuple(parse_card(item) for item in text)


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    return sep.join(str(c) for c in cards)


def standard_deck() -> tuple[Card, ...]:
    """One 52-card deck in new-deck order (by rank, then suit)."""
    return _BY_INDEX


def multi_deck(decks: int) -> list[Card]:
    """``decks`` complete decks, unshuffled, as one list."""
    if decks < 1:
        raise InvalidInput(f"number of decks must be at least 1, got {decks}")
    return [card for _ in range(decks) for card in _BY_INDEX]


def check_cards_from_decks(cards: Sequence[Card], decks: int) -> None:
    """Refuse a card sequence holding any card more often than ``decks`` decks contain it."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
        if counts[card] > decks:
            raise InvalidInput(
                f"card {card} appears {counts[card]} times but {decks} deck(s) hold only {decks}"
            )
