"""The posted rules handout and prize information, generated from the configuration
(N.D. Admin. Code 99-01.3-11-02.6 for the ticket-card method, -06 for the table method)."""

from __future__ import annotations

from croupier.core.money import format_money
from croupier.core.names import ascii_digits
from croupier.games.paddlewheel.prizes import BetKind
from croupier.games.paddlewheel.rules import Rules, TableRules, TicketRules


def disclosure(rules: Rules) -> str:
    """The handout for either method, as plain text."""
    if isinstance(rules, TableRules):
        return table_disclosure(rules)
    return ticket_disclosure(rules)


def table_disclosure(rules: TableRules) -> str:
    """The rules and notice of -06.1, the prize information of -06.2 and the notice of -06.3."""
    limit = format_money(rules.maximum_bet_per_spin)
    wheel = rules.wheel
    lines = [
        "PADDLEWHEEL RULES (N.D. Admin. Code 99-01.3-11-06)",
        "",
        f"a. A player may not bet chips that exceed a value of {limit} for one spin.",
        "b. A player shall bet by placing a betting chip properly on the betting layout.",
        'c. A player may not touch a betting chip after the wheel operator announces "bets '
        'closed" or obstruct the view of the playing surface until after the wheel operator pays '
        "off all winning wagers.",
        "d. A paddlewheel must make at least four revolutions.",
        "e. If a pointer stops on top of a peg, the number preceding the peg is the winning "
        "number.",
    ]
    spots = rules.prize_table.spots(wheel)
    if any(s.kind in (BetKind.ODD, BetKind.EVEN) for s in spots) and wheel.odd_even_circle:
        houses = ", ".join(wheel.house_numbers) or "none"
        lines.append(
            f"f. A winning odd or even bet is determined by a winning number of only the "
            f"{wheel.odd_even_circle.upper()} circle. However, a player loses all odd and even "
            f"bets if the pointer stops on a designated house number ({houses})."
        )
    lines.append(
        "g. If a player stops playing and has an unused betting chip, the player shall exchange "
        "the betting chip for a casino chip through the wheel operator before leaving the table."
    )
    lines.append("")
    lines.append(
        "Each betting chip is valued at one dollar and is a separate chance to win."
        + (
            ""
            if rules.several_chips_on_one_spot
            else " Only one chip may be bet on a coloured number or symbol a spin."
        )
    )
    if rules.maximum_bet_per_spin < 2000:
        lines.append(f"House maximum: {limit} a player a spin; a bet over it is void and returned.")
    lines += ["", "PRIZE INFORMATION (99-01.3-11-06.2)", ""]
    for circle in wheel.circles:
        for symbols, payoff in rules.prize_table.exact_payoffs(circle.name):
            listed = f" ({', '.join(symbols)})" if symbols else ""
            lines.append(f"EXACT NUMBER {circle.name.upper()}{listed} {payoff}")
    for spot in spots:
        if spot.kind is BetKind.SET:
            members = ", ".join(sorted(spot.symbols, key=_sort_key))
            circle_name = wheel.circles[spot.circle].name.upper()
            lines.append(f"SET {spot.label[4:].upper()} {circle_name} ({members}) {spot.payoff}")
        elif spot.kind is not BetKind.EXACT:
            lines.append(f"{spot.kind.value.upper()} {spot.payoff}")
    lines += [
        "",
        "NOTICE (99-01.3-11-06.3): If a person knowingly uses a fraudulent scheme or technique to "
        "cheat or skim involving paddlewheels, regardless of the amount gained, the offense is a "
        "class C felony.",
    ]
    return "\n".join(lines) + "\n"


def ticket_disclosure(rules: TicketRules) -> str:
    """The rules and policy of -02.6 and the series' flare (-02.1)."""
    f = rules.flare
    lines = [
        "PADDLEWHEEL TICKET RULES (N.D. Admin. Code 99-01.3-11-02.6)",
        "",
        "a. A player may not bet tickets that exceed a value of $20.00 for one spin.",
        "b. A paddlewheel must make at least four revolutions.",
    ]
    if rules.presence_required:
        lines.append("c. A player is required to be present when the paddlewheel is spun to win.")
    else:
        lines.append(
            "c. A player is not required to be present when the paddlewheel is spun to win."
        )
        lines.append(
            f"d. The winning player must claim the prize within {rules.claim_limit_minutes} "
            "minutes of the spin."
        )
    lines.append(
        ("d" if rules.presence_required else "e")
        + ". If a prize is not claimed, the organization conducts one or more additional spins "
        "until the prize is claimed."
    )
    lines += [
        "",
        f"MASTER FLARE: {f.ticket_type}; {format_money(f.price_per_ticket)} per ticket; cards "
        f"{f.first_card_number} to {f.last_card_number}; state gaming stamp {f.stamp_number} "
        f"(card {f.stamp_card_number}).",
        "A person is not required to buy more than one ticket; tickets are not discounted.",
        "All tickets are sold on this site the day the game is conducted.",
        "",
        "PRIZES OF EACH CARD (one spin each):",
    ]
    for bundle in rules.bundles:
        lines.insert(
            -2,
            f"{bundle.tickets} tickets may be bought together for {format_money(bundle.price)} "
            f"({format_money(f.price_per_ticket)} each).",
        )
    for i, prize in enumerate(rules.prizes, start=1):
        lines.append(f"  Spin {i}: {prize.describe()}")
    return "\n".join(lines) + "\n"


def _sort_key(symbol: str) -> tuple[int, str]:
    return (int(symbol), "") if ascii_digits(symbol) else (1 << 30, symbol)
