"""The layout inscriptions and the bonus paytable sign (N.J.A.C. 13:69E-1.10D(b), (c))."""

from __future__ import annotations

from croupier.core.money import format_money
from croupier.core.shoe import NJShuffleMethod
from croupier.eval.threecard import CATEGORIES_HIGH_TO_LOW
from croupier.games.threecard21.rules import DealerSeventeen, HouseRules, format_odds


def disclosure(rules: HouseRules) -> str:
    """Plain text of what the layout or the sign must show, generated from the house rules."""
    seventeen = (
        "Dealer must draw to 16 and stand on all 17's"
        if rules.dealer_seventeen is DealerSeventeen.STANDS_ON_ALL_17
        else "Dealer must draw to 16 and hit soft 17"
    )
    lines = [
        f'{rules.casino_name}: THREE CARD 21 "N" DONE',
        "",
        "Layout (N.J.A.C. 13:69E-1.10D(b)):",
        f"  {rules.betting_positions} betting positions, each with one area for the Three Card 21 "
        "wager and one for the Three Card 21 bonus wager",
        '  "21 pays 1 to 1"',
        '  "Insurance pays 2 to 1"',
        '  "Dealer must draw to 16. Stands or hits on all 17\'s per posted option"',
        '  "Both the Three Card 21 wager and the Three Card 21 bonus wager must be in equal '
        'amounts"',
        "",
        f"Posted option (N.J.A.C. 13:69F-2C.11(b)): {seventeen}.",
        "",
        f"Three Card 21 bonus payout odds ({rules.bonus_paytable.name}; N.J.A.C. "
        "13:69E-1.10D(b)4, (c)):",
    ]
    for category in CATEGORIES_HIGH_TO_LOW:
        odds = format_odds(rules.bonus_paytable.odds(category))
        lines.append(f"  {category.value.title():<32}{odds:>10}")
    lines += [
        "",
        "House rules:",
        f"  Table limits: {format_money(rules.table_minimum)} to "
        f"{format_money(rules.table_maximum)} on each wager (N.J.A.C. 13:69F-2C.5(a))",
        f"  Decks: {rules.decks} (N.J.A.C. 13:69F-2C.2(a))",
        f"  Surrender: {'offered' if rules.surrender else 'not offered'} (N.J.A.C. 13:69F-2C.8(c))",
        f"  Card reader device: {'in use' if rules.card_reader else 'none'} "
        "(N.J.A.C. 13:69E-1.10D(f))",
        f"  Shuffle: {_shuffle(rules.shuffle)} (N.J.A.C. 13:69F-2C.4)",
        f"  Wagering on more than one spot: {_permitted(rules.multiple_spots)} "
        "(N.J.A.C. 13:69F-2C.13)",
        f"  People wagering on one spot: up to {rules.max_persons_per_spot} "
        "(N.J.A.C. 13:69F-2C.12)",
    ]
    return "\n".join(lines) + "\n"


def _shuffle(method: NJShuffleMethod) -> str:
    return {
        NJShuffleMethod.HAND: "by hand",
        NJShuffleMethod.AUTOMATIC: "automated card shuffling device",
        NJShuffleMethod.BART_CARTER: "Bart Carter shuffle",
    }[method]


def _permitted(flag: bool) -> str:
    return "permitted" if flag else "not permitted"
