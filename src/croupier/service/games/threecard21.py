"""Three Card 21 "N" Done for the command line and the server: house rules from a file, the
posted disclosure, the exact bonus analysis, and a terminal table (one person at space 1).

Every round goes through ``croupier.core.protocol.Play`` (a refused decision changes nothing);
money is cents inside and dollars in every text this module hands out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from croupier.core.data import loads
from croupier.core.errors import InvalidInput
from croupier.core.events import JSON, Event
from croupier.core.money import format_money
from croupier.core.protocol import PendingKind, Play, Settlement
from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.core.shoe import NJShoe, NJShuffleMethod
from croupier.eval.threecard import CATEGORIES_HIGH_TO_LOW
from croupier.games.threecard21 import GAME, Setup
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.actions import Action
from croupier.games.threecard21.disclosure import disclosure
from croupier.games.threecard21.events import CardDealt
from croupier.games.threecard21.model import points
from croupier.games.threecard21.replay import transcript
from croupier.games.threecard21.rules import HouseRules, format_odds, rules_from_dict
from croupier.games.threecard21.state import PersonWager, Round, SpotWagers
from croupier.service.files import read_text
from croupier.service.games.rules import load_rules

GAME_NAME = "threecard21"
Table = Play[HouseRules, Setup, Round, Action]


def house_rules(path: Path | None) -> HouseRules:
    """The table's house rules from ``path`` (TOML or JSON; the posted defaults without one)."""
    rules = load_rules(GAME_NAME, path)
    assert isinstance(rules, HouseRules)
    return rules


def disclosure_text(path: Path | None) -> str:
    """The layout inscriptions and the bonus paytable sign (13:69E-1.10D(b), (c))."""
    return disclosure(house_rules(path))


# -- the bonus analysis -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BonusRow:
    """One line of the bonus analysis: a category (or "no win"), what it pays, the ways a full
    shoe deals it, its exact probability and its part of the expected return per unit."""

    category: str
    pays: str
    ways: int
    probability: Fraction
    contribution: Fraction


@dataclass(frozen=True, slots=True)
class BonusReport:
    """The exact bonus analysis of one shoe size and paytable (2C.2(c), 2C.5(b))."""

    decks: int
    paytable: str
    hands: int
    rows: tuple[BonusRow, ...]
    expected_return: Fraction

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_return

    def to_dict(self) -> dict[str, JSON]:
        return {
            "decks": self.decks,
            "paytable": self.paytable,
            "hands": self.hands,
            "categories": [
                {
                    "category": r.category,
                    "count": r.ways,
                    "probability": str(r.probability),
                    "pays": r.pays,
                }
                for r in self.rows
            ],
            "expected_return": str(self.expected_return),
            "house_edge": float(self.house_edge),
        }


def bonus_analysis(
    decks: int,
    paytable: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> BonusReport:
    """Exact probabilities of the bonus categories for ``decks`` decks (six to eight, 2C.2(a))
    under the posted paytable or the one in ``paytable`` (a ``{name, pays}`` TOML or JSON
    file, validated as house rules are)."""
    from croupier.analysis.threecard21 import analyze_bonus

    data: dict[str, JSON] = {"decks": decks}
    if paytable is not None:
        text = read_text(paytable, "paytable file")
        data["bonus_paytable"] = loads(
            text, f"paytable file {paytable}", toml=paytable.suffix.lower() == ".toml"
        )
    rules = rules_from_dict(data)
    table = rules.bonus_paytable
    result = analyze_bonus(rules.decks, table, progress)
    rows: list[BonusRow] = []
    for c in [*CATEGORIES_HIGH_TO_LOW, None]:
        p = result.probability(c)
        if c is None:
            rows.append(BonusRow("no win", "loses", result.counts[c], p, -p))
        else:
            win, per = table.odds(c)
            contribution = p * Fraction(win, per)
            rows.append(
                BonusRow(c.value, format_odds((win, per)), result.counts[c], p, contribution)
            )
    return BonusReport(decks, table.name, result.total, tuple(rows), result.expected_return)


# -- a terminal table -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """A decision offered to the person at the table: its key, its label, the action and, for
    a double or an insurance bet, the most it may be (cents)."""

    key: str
    label: str
    action: Action
    limit: int | None = None


_LABELS: dict[type, tuple[str, str]] = {
    a.Stand: ("s", "stand"),
    a.Hit: ("h", "hit"),
    a.Double: ("d", "double"),
    a.Split: ("p", "split three ways"),
    a.Insure: ("i", "insure"),
    a.DeclineInsurance: ("n", "no insurance"),
    a.Surrender: ("u", "surrender"),
    a.DeclineSurrender: ("k", "keep the hand"),
}


class TerminalTable:
    """One person at space 1 of a Three Card 21 table: a shoe (shuffled, cut, the cutting card
    placed, 2C.4), rounds played through ``Play``, the person's chips carried between rounds."""

    def __init__(self, rules: HouseRules, seed: int | None, bankroll: int) -> None:
        self.rules = rules
        self.rng: Rng = SeededRng(seed) if seed is not None else LiveRng()
        self.chips = bankroll
        self.shoe = self._new_shoe()
        self.burn = rules.shuffle is not NJShuffleMethod.BART_CARTER
        self.round: Table | None = None
        self._shown: list[str] = []

    def _new_shoe(self) -> NJShoe:
        shoe = NJShoe(self.rules.decks, self.rules.shuffle)
        shoe.shuffle(self.rng)
        n = shoe.remaining
        if self.rules.shuffle is not NJShuffleMethod.AUTOMATIC:  # a shuffler's stack is not cut
            shoe.cut(10 + self.rng.randbelow(n - 19))
        if self.rules.shuffle is not NJShuffleMethod.BART_CARTER:
            shoe.insert_cut_card(n // 4 + self.rng.randbelow(10))
        return shoe

    @property
    def table_minimum(self) -> str:
        return format_money(self.rules.table_minimum)

    def start(self, amount: int) -> Table:
        """A new round with ``amount`` cents on each of the two areas (2C.5(a)); the cards due
        before the first decision are dealt."""
        if 2 * amount > self.chips:
            raise InvalidInput(
                f"you have {format_money(self.chips)}: not enough for two wagers of "
                f"{format_money(amount)}"
            )
        setup = Setup((SpotWagers(1, (PersonWager(amount),)),), burn_first=self.burn)
        self.round = Play(GAME, self.rules, setup)
        self.burn = False
        self._deal_due()
        return self.round

    def _play(self) -> Table:
        if self.round is None:
            raise InvalidInput("no round is in progress")
        return self.round

    def _deal_due(self) -> None:
        play = self._play()
        while play.pending.kind is PendingKind.CHANCE:
            card = self.shoe.burn() if play.pending.detail == "burn card" else self.shoe.draw()
            self._record(play.apply(a.Deal(card)).events)

    def _record(self, events: Sequence[Event]) -> None:
        self._shown.extend(transcript(events))
        self.shoe.discard([e.card for e in events if isinstance(e, CardDealt)])

    def options(self) -> list[Option]:
        """The decisions open now (none once the round is over)."""
        out: list[Option] = []
        for action in self._play().legal_actions():
            key, label = _LABELS[type(action)]
            limit = action.amount if isinstance(action, a.Double | a.Insure) else None
            out.append(Option(key, label, action, limit))
        return out

    def decide(self, option: Option, amount: int | None = None) -> None:
        """Take ``option`` (a double or insurance bet for ``amount`` cents when given); a
        refusal (``RuleViolation``) changes nothing. The cards then due are dealt."""
        action = option.action
        if amount is not None and isinstance(action, a.Double):
            action = a.Double(action.space, action.hand, amount)
        elif amount is not None and isinstance(action, a.Insure):
            action = a.Insure(action.space, amount, action.player)
        self._record(self._play().apply(action).events)
        self._deal_due()

    def is_over(self) -> bool:
        return GAME.is_over(self._play().state)

    def news(self) -> list[str]:
        """The play-by-play lines since the last call."""
        lines, self._shown = self._shown, []
        return lines

    def rows(self) -> list[tuple[str, str, str]]:
        """The table as the person sees it: (hand, cards, total) for the dealer and each hand."""
        view = self._play().state.view()
        shown = view.dealer_shown
        hidden = None in shown
        dealer = " ".join("??" if c is None else str(c) for c in shown)
        total = "" if hidden else str(points(view.dealer))
        out = [("dealer", dealer, total)]
        for spot in view.spots:
            for i, hand in enumerate(spot.hands):
                out.append((f"you, hand {i}", " ".join(map(str, hand.cards)), str(hand.total)))
        return out

    def finish(self) -> tuple[Settlement, list[str], bool]:
        """The round's settlement, one line per wager in dollars, and whether the cutting card
        came out (a new shoe is then shuffled, 2C.4(h))."""
        settlement = self._play().settlement()
        lines = [
            f"hand {w.hand} {w.kind}: {w.result.value} {format_money(w.net)}"
            for w in sorted(settlement.wagers, key=lambda w: w.key())
        ]
        self.chips += sum(w.net for w in settlement.wagers)
        reshuffled = self.shoe.reshuffle_due
        if reshuffled:
            self.shoe = self._new_shoe()
            self.burn = self.rules.shuffle is not NJShuffleMethod.BART_CARTER
        self.round = None
        return settlement, lines, reshuffled
