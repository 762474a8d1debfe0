"""The house and player rules handout (99-01.3-09-06), generated from the table rules."""

from __future__ import annotations

from croupier.core.money import format_money
from croupier.games.poker.rules import AntePayer, BurnProcedure, MinimumRaise, Structure, TableRules


def _amount(rules: TableRules, value: int) -> str:
    return format_money(value) if not rules.tournament else f"{value} chips"


def disclosure(rules: TableRules) -> str:
    """The handout: house rules (-06.1) and player rules (-06.2), in plain words."""
    lines = [f"POKER: {rules.variant.title}", "", "HOUSE RULES"]
    lines.append("- One deck of 52 cards is used, dealt out of the hand.")
    lines.append("- A cut card conceals the bottom card of the deck.")
    if rules.uses_blinds:
        lines.append(
            f"- Blind bets: small blind {_amount(rules, rules.small_blind)}, big blind "
            f"{_amount(rules, rules.big_blind)}."
        )
    if rules.ante and rules.ante_payer is AntePayer.BIG_BLIND:
        lines.append(f"- Ante: {_amount(rules, rules.ante)} each hand, posted by the big blind.")
    elif rules.ante:
        lines.append(f"- Ante: {_amount(rules, rules.ante)} per player per hand.")
    if rules.structure is Structure.NONTOURNAMENT:
        lines.append(
            f"- Minimum bet {_amount(rules, rules.minimum_bet)}; maximum single bet "
            f"{_amount(rules, rules.maximum_bet)}."
        )
        lines.append(
            f"- Fee: {format_money(rules.fee_per_half_hour)} per one-half hour of play, "
            "collected in advance."
        )
    elif rules.structure is Structure.FIXED_LIMIT:
        lines.append(
            f"- Fixed limit: bets and raises of {rules.small_bet} in the first two betting "
            f"rounds and {rules.big_bet} in the last two."
        )
    else:
        lines.append(
            f"- {rules.structure.value.capitalize()} betting; minimum bet "
            f"{_amount(rules, rules.minimum_bet)}."
        )
        if rules.table_limit is not None:
            lines.append(f"- Table limit: {_amount(rules, rules.table_limit)}.")
    if rules.max_raises is not None:
        lines.append(f"- A maximum of {rules.max_raises} raises per betting round.")
    last_raise = rules.minimum_raise is MinimumRaise.LAST_RAISE
    if last_raise and rules.structure is not Structure.FIXED_LIMIT:  # fixed: the fixed amount
        lines.append(
            "- Each raise must be equal to or greater than the original bet of that betting "
            "round, and equal to or greater than the previous raise in that round."
        )
    else:
        lines.append(
            "- Each raise must be equal to or greater than the original bet of that betting round."
        )
    burn = (
        "after each round of betting"
        if rules.burn is BurnProcedure.AFTER_EACH_BETTING_ROUND
        else "before dealing any additional cards"
    )
    lines.append(f"- One card is burned {burn}.")
    lines += [
        "",
        "PLAYER RULES",
        "- Players must be twenty-one years of age or older.",
        "- No side bets or credit play is allowed.",
        "- Chips must remain visible on the table throughout the event.",
        "- The use of any electronic device for communication at the table is prohibited while "
        "the player has a live hand.",
        "- The placement of any electronic device on the table is prohibited.",
        "- Ethical play: any player who soft plays a hand shall be penalized; the penalty may "
        "include chip forfeiture, disqualification or both. Any player involved in chip dumping "
        "or other collusion shall be disqualified.",
    ]
    return "\n".join(lines) + "\n"
