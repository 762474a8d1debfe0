"""The posted house rules, player rules and notice (99-01.3-08-13), generated from the rules."""

from __future__ import annotations

import html

from croupier.core.money import format_money
from croupier.games.twentyone.rules import DealingMethod, DoubleDown, HouseRules, TipDoubleDown

NOTICE = (
    "Notice: If a person knowingly uses a fraudulent scheme or technique to cheat or skim "
    "involving twenty-one, regardless of the amount gained, the offense is a class C felony "
    "punishable by a five thousand dollar fine or five years in jail or both."
)


def sections(rules: HouseRules) -> list[tuple[str, list[str]]]:
    """The handout as (heading, lines) pairs, in the order of 99-01.3-08-13."""
    method = rules.dealing_method
    method_line = f"Use {method.title} method of dealing"
    if method is DealingMethod.CARD_READING_DEVICE:
        method_line += (
            f" (if the card-reading device malfunctions: {rules.device_fallback_method.title})"
        )
    house = [
        f"a. Minimum and maximum betting limit: {format_money(rules.minimum_wager)} minimum, "
        f"{format_money(rules.maximum_wager)} maximum",
        f"b. {method_line}",
        "Dealer must hit soft 17"
        if rules.dealer_hits_soft_17
        else "Dealer must stand on 17 and must draw to 16",
        "Blackjack pays 3 to 2",
    ]
    double = (
        "Double-down bet must equal the original wager"
        if rules.double_down is DoubleDown.EQUAL
        else "Double-down bet may be equal to or less than the original wager"
    )
    insurance = (
        "Insurance permitted pays two to one"
        if rules.insurance_permitted
        else ("Insurance not permitted")
    )
    if rules.insurance_permitted and rules.even_money_offered:
        insurance += "; even money offered to a player dealt a natural twenty-one"
    if rules.tip_betting_permitted:
        tip = "Tip betting permitted"
        if rules.tip_bet_cap is not None:
            tip += f" (tip bets from $0.50 to {format_money(rules.tip_bet_cap)})"
    else:
        tip = "Tip betting not permitted"
    tip_double = {
        TipDoubleDown.NOT_PERMITTED: "Doubling-down on tip bets not permitted",
        TipDoubleDown.EQUAL: "Doubling-down on tip bets permitted must equal the original tip bet",
        TipDoubleDown.EQUAL_OR_LESS: "Doubling-down on tip bets permitted may be equal to or "
        "less than the original tip bet",
    }[rules.tip_double_down]
    player = [
        "a. Must compute the card count of the player's hand",
        "b. Must be twenty-one years of age or older",
        "c. Hand signals must be used",
        "d. No touching of cards",
        "e. Two betting spaces maximum",
        "f. No side bets",
        "g. No payoff on tie counts",
        "h. Splitting on any pair and two 10-count value cards and limited to a maximum of four "
        "hands per betting space",
        "i. Doubling-down on the first two cards dealt or the first two cards of any split "
        "hand, except on split aces",
        f"j. {double}",
        f"k. {insurance}",
        f"l. {tip}",
        f"m. {tip_double}",
    ]
    return [("1. House rules", house), ("2. Player rules", player), ("3. Notice", [NOTICE])]


def disclosure(rules: HouseRules) -> str:
    """The handout as plain text (``SPEC.disclosure``)."""
    lines = ["TWENTY-ONE: HOUSE RULES AND PLAYER RULES (N.D. Admin. Code 99-01.3-08-13)", ""]
    for heading, items in sections(rules):
        lines.append(heading)
        lines.extend(f"   {item}" for item in items)
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def disclosure_html(rules: HouseRules) -> str:
    """The handout as a standalone HTML page."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>Twenty-one rules</title></head>',
        "<body>",
        "<h1>Twenty-one: house rules and player rules</h1>",
        "<p>N.D. Admin. Code 99-01.3-08-13</p>",
    ]
    for heading, items in sections(rules):
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        if heading.startswith("3."):
            parts.append(f"<p><strong>{html.escape(items[0])}</strong></p>")
        else:
            parts.append("<ul>" + "".join(f"<li>{html.escape(i)}</li>" for i in items) + "</ul>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
