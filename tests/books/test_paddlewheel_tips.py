"""A tip for a wheel operator (99-01.3-11-05.7), expected values worked by hand: "If a tip is
made with a betting chip, a wheel operator shall immediately exchange the betting chip for a
casino chip ..., place the betting chip in the chip tray and casino chip in the tip
receptacle." Found by an audit: the books put the betting chip in the tip receptacle."""

from __future__ import annotations

import pytest
from bookshelp import DAY, Run, at, c

from croupier.books import events as ev
from croupier.books import operations as ops
from croupier.books import slips
from croupier.books.model import SlipKind, Token, chips_total
from croupier.books.state import Books
from croupier.core.errors import RuleViolation


def _wheel(b: Books, run: Run, fill: dict[str, int]) -> None:
    """Table 3 (a paddlewheel) opened by w1 and filled; a player buys 10 betting chips."""
    run(ops.start_shift(b, "S1", DAY, 3, "w1", at(41), 2000))
    run(slips.issue_slip(b, SlipKind.FILL, "S1", 3, c(**fill), at(42), "c1", "c1", "sm"))
    run(ops.sell_chips(b, "S1", 3, 1000, c(betting=10), at(43)))


def _held(chips: tuple[object, ...], token: Token) -> int:
    return sum(x.quantity for x in chips if x.token is token)  # type: ignore[attr-defined]


def test_99_01_3_11_05_7_a_betting_chip_tip_is_exchanged_for_a_casino_chip(
    open_books: Books, run: Run
) -> None:
    b = open_books
    _wheel(b, run, {"betting": 100, "one": 10})
    tray = b.sites["S1"].trays[3]
    # by hand: the tray holds 100 - 10 = 90 betting chips and ten $1 casino chips
    assert (_held(tray, Token.BETTING_CHIP), _held(tray, Token.ONE_DOLLAR)) == (90, 10)
    events = run(ops.receive_tip(b, "S1", 3, c(betting=2), at(44)))
    assert [type(e) for e in events] == [ev.ChipsExchanged, ev.TipReceived]
    tray = b.sites["S1"].trays[3]
    # the two betting chips go in the tray, two $1 casino chips in the tip receptacle
    assert (_held(tray, Token.BETTING_CHIP), _held(tray, Token.ONE_DOLLAR)) == (92, 8)
    tips = b.sites["S1"].tips["w1"]
    assert (_held(tips, Token.ONE_DOLLAR), _held(tips, Token.BETTING_CHIP)) == (2, 0)
    assert chips_total(tips) == 200
    # the wheel operator's tips are redeemed by another employee (-08-06.2): $2.00
    (redeemed,) = run(ops.redeem_tips(b, "S1", DAY, "w1", "c1", at(45)))
    assert isinstance(redeemed, ev.TipsRedeemed)
    assert redeemed.cents == 200


def test_99_01_3_11_05_7_no_casino_chip_in_the_tray_to_exchange(
    open_books: Books, run: Run
) -> None:
    """A tray of betting chips only cannot give a casino chip for the tip: the books record
    the tip as it was given (what happened), not refuse it."""
    b = open_books
    _wheel(b, run, {"betting": 100})
    events = run(ops.receive_tip(b, "S1", 3, c(betting=1), at(44)))
    assert [type(e) for e in events] == [ev.TipReceived]
    assert _held(b.sites["S1"].tips["w1"], Token.BETTING_CHIP) == 1


def test_99_01_3_11_05_2_only_a_betting_chip_places_a_bet(open_books: Books, run: Run) -> None:
    """ "Only a betting chip can be used to place a bet": a casino chip collected as a losing
    bet at a paddlewheel is refused (found by an audit: it was recorded). Winners may be paid
    in casino chips (-05.6)."""
    b = open_books
    _wheel(b, run, {"betting": 100, "one": 10})
    run(slips.issue_slip(b, SlipKind.FILL, "S1", 1, c(five=4), at(44), "c1", "c1", "sm"))
    run(ops.sell_chips(b, "S1", 1, 500, c(five=1), at(44)))  # a casino chip from twenty-one
    with pytest.raises(RuleViolation) as err:
        ops.settle_play(b, "S1", 3, c(five=1), c(), at(45))
    assert err.value.section == "99-01.3-11-05.2"
    run(ops.settle_play(b, "S1", 3, c(betting=2), c(one=3), at(46)))  # paid in casino chips
    assert _held(b.sites["S1"].trays[3], Token.ONE_DOLLAR) == 7
