"""Replaying records made elsewhere (``replay_phh(..., record=True)``, ``croupier poker phh``).

A published hand history's showdown order, its unshown discards and a winner's voluntary show
after everyone folded are facts of the record: replayed as recorded, each difference from
North Dakota's rules flagged with its section, never refused. The strict check (``--strict``,
``replay_phh`` without ``record``, and every live table's ``Hand``) is unchanged.

Every corpus file (tests/corpora/phh/ and /work/shared/corpora/phh/) is replayed: none is
refused and its final stacks are checked against the record's own. Where the file records
``finishing_stacks`` those are the record's stacks; the two files that record none
(Antonius-Blom, Dwan-Ivey) are checked against stacks computed independently from the record's
actions by PokerKit (a separate engine, ``HandHistory``), and against the stacks worked by hand
in test_phh_corpus.py.
"""

from __future__ import annotations

import json
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.cards import parse_card
from croupier.core.errors import CroupierError, InvalidInput, RuleViolation
from croupier.games.base import PendingKind
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.hand import Hand
from croupier.games.poker.phh import PhhResult, parse_phh, replay_phh

LOCAL = Path(__file__).parents[2] / "corpora" / "phh"
SHARED = Path("/work/shared/corpora/phh")
CORPUS = sorted(LOCAL.glob("*.phh")) + sorted(SHARED.glob("*.phh"))


def _ids(paths: list[Path]) -> list[str]:
    """``tests/pluribus-100-00``, ``shared/wsop-...``: the corpus and the file."""
    return [f"{p.parents[2].name}/{p.stem}" for p in paths]


ORDER = "99-01.3-09-04.23"
SHOWDOWN = "99-01.3-09-04.24"
OMITTED = "99-01.3-09-04.10"
OVER = "99-01.3-09-04.26"
WORKED = {
    "antonius-blom-2009": ("1937923.75", "0"),
    "dwan-ivey-2009": ("572100", "1997500", "1109500"),
}
"""The stacks worked by hand (test_phh_corpus.py) for the files with no ``finishing_stacks``."""


def _doc(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _replay(doc: dict[str, Any], **options: bool) -> PhhResult:
    return replay_phh(parse_phh(tomli_w.dumps(doc)), **options)


def _record(doc: dict[str, Any]) -> PhhResult:
    return _replay(doc, record=True)


def _sections(result: PhhResult) -> list[str]:
    return [f.section for f in result.flags]


def _independent(path: Path) -> tuple[Decimal, ...]:
    """The record's own final stacks: its ``finishing_stacks``, else PokerKit's replay of its
    actions (without PokerKit, a peer library: the stacks worked by hand)."""
    doc = _doc(path)
    if "finishing_stacks" in doc:
        return tuple(Decimal(str(s)) for s in doc["finishing_stacks"])
    try:
        import pokerkit
    except ImportError:
        return tuple(Decimal(s) for s in WORKED[path.stem])
    with path.open("rb") as f:
        history = pokerkit.HandHistory.load(f)
    states = list(history)
    return tuple(Decimal(str(s)) for s in states[-1].stacks)


def _showdown_block(actions: list[str]) -> tuple[int, int] | None:
    """The span of the first run of two or more consecutive recorded shows or discards."""
    k = 0
    while k < len(actions):
        if actions[k].split()[1:2] == ["sm"]:
            end = k
            while end < len(actions) and actions[end].split()[1:2] == ["sm"]:
                end += 1
            if end - k >= 2:
                return k, end
            k = end
        k += 1
    return None


def _reversed_showdown(path: Path) -> dict[str, Any] | None:
    doc = _doc(path)
    span = _showdown_block(doc["actions"])
    if span is None:
        return None
    a, b = span
    doc["actions"][a:b] = list(reversed(doc["actions"][a:b]))
    return doc


REVERSIBLE = [p for p in CORPUS if _reversed_showdown(p) is not None]


def _uncontested(path: Path) -> tuple[dict[str, Any], str] | None:
    """The record with the winner of an uncontested pot showing the hand after the award."""
    doc = _doc(path)
    try:
        result = _record(doc)
    except CroupierError:
        return None
    live = [p for p in result.hand.players if p.live]
    if len(live) != 1 or any(p.shown for p in result.hand.players):
        return None
    winner = live[0]
    if any(c is None for c in winner.hole):
        return None
    show = f"p{winner.seat} sm " + "".join(str(c) for c in winner.hole)
    doc["actions"] = [*doc["actions"], show]
    return doc, show


UNCONTESTED = [p for p in CORPUS if _uncontested(p) is not None]


# -- every corpus file ---------------------------------------------------------------------------
def test_the_corpus_holds_every_published_file() -> None:
    assert len(CORPUS) >= 19
    assert len(REVERSIBLE) >= 5
    assert len(UNCONTESTED) >= 10


@pytest.mark.parametrize("path", CORPUS, ids=_ids(CORPUS))
def test_every_corpus_file_replays_as_recorded_none_refused_stacks_match(path: Path) -> None:
    parsed = parse_phh(path.read_text(encoding="utf-8"), str(path))
    result = replay_phh(parsed, record=True)
    mine = tuple(Decimal(s) for s in result.display_stacks())
    assert mine == _independent(path)
    if path.stem in WORKED:
        assert parsed.finishing_stacks is None
        assert tuple(result.display_stacks()) == WORKED[path.stem]
    else:
        assert tuple(result.final_stacks) == parsed.finishing_stacks
    for flag in result.flags:
        assert flag.section.startswith("99-01.3-09-04.")
        assert flag.recorded == parsed.actions[flag.number - 1].strip()


@pytest.mark.parametrize("path", REVERSIBLE, ids=_ids(REVERSIBLE))
def test_99_01_3_09_04_23_foreign_showdown_order_flagged_not_refused(path: Path) -> None:
    # Each corpus showdown played in the reverse of its recorded order: ND's -04.23 has another
    # player show first, so the record is flagged (the lettered rule cited) and replayed; the
    # cards speak, so the stacks are the record's own.
    doc = _reversed_showdown(path)
    assert doc is not None
    result = _record(doc)
    assert tuple(Decimal(s) for s in result.display_stacks()) == _independent(path)
    order = [f for f in result.flags if f.section.startswith(ORDER)]
    assert len(order) == 1
    assert order[0].section[len(ORDER) :] in (".a", ".b", ".c", ".d", ".e")
    assert "-04.23 has" in order[0].detail
    with pytest.raises(RuleViolation) as info:
        _replay(doc, infer_folds=True)
    assert info.value.section in (ORDER, SHOWDOWN)


def test_99_01_3_09_04_23_a_the_bettor_shows_first_record_order_kept() -> None:
    # WSOP 2019 #42: p2 bets the river, p1 calls; the record reversed has p1 show first.
    doc = _reversed_showdown(LOCAL / "wsop-2019-42-day3-00-01-07.phh")
    assert doc is not None
    result = _record(doc)
    assert _sections(result) == [OMITTED, f"{ORDER}.a"]
    assert result.flags[1].recorded == "p1 sm QdJd"
    assert result.flags[1].number == 29
    assert result.hand.shown_order == [1, 2]
    assert tuple(result.final_stacks) == tuple(doc["finishing_stacks"])


def test_99_01_3_09_04_23_b_the_last_raiser_shows_first() -> None:
    # Antonius-Blom: Antonius (p1) re-raises all in on the flop and Blom calls; Blom first.
    doc = _reversed_showdown(LOCAL / "antonius-blom-2009.phh")
    assert doc is not None
    result = _record(doc)
    assert _sections(result) == [f"{ORDER}.b"]
    assert "before p1" in result.flags[0].detail
    assert result.display_stacks() == list(WORKED["antonius-blom-2009"])


def _three_handed(actions: list[str], stacks: tuple[int, int, int] = (100, 100, 100)) -> str:
    return "\n".join(
        [
            "variant = 'NT'",
            "antes = [0, 0, 0]",
            "blinds_or_straddles = [1, 2, 0]",
            "min_bet = 2",
            f"starting_stacks = {list(stacks)}",
            f"actions = {actions!r}",
        ]
    )


DEAL = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd"]
BOARD = ["d db 2h7s9h", "d db 3c", "d db 4d"]


def test_99_01_3_09_04_23_c_checked_around_first_actor_shows_first() -> None:
    # Every player calls 2 pre-flop and checks on; the river is checked by all, so p1 (first to
    # act on it) shows first. The record has p3 show first, then p1, p2: one flag (.c), and
    # p1's aces take the pot of 6: 104, 98, 98.
    checks = ["p1 cc", "p2 cc", "p3 cc"]
    actions = [*DEAL, "p3 cc", "p1 cc", "p2 cc"]
    for street in BOARD:
        actions += [street, *checks]
    actions += ["p3 sm QcQd", "p1 sm AcAd", "p2 sm KcKd"]
    parsed = parse_phh(_three_handed(actions))
    result = replay_phh(parsed, record=True)
    assert _sections(result) == [f"{ORDER}.c"]
    assert result.final_stacks == [104, 98, 98]
    with pytest.raises(RuleViolation) as info:
        replay_phh(parsed)
    assert info.value.section == ORDER


def test_99_01_3_09_04_23_d_then_clockwise() -> None:
    # p1 bets the river, both call: p1 shows first (as recorded), then clockwise p2, p3. The
    # record has p3 before p2: one flag (.d), and the stacks: p1 wins 3 x (2 + 10) = 36.
    checks = ["p1 cc", "p2 cc", "p3 cc"]
    actions = [*DEAL, "p3 cc", "p1 cc", "p2 cc", BOARD[0], *checks, BOARD[1], *checks, BOARD[2]]
    actions += ["p1 cbr 10", "p2 cc", "p3 cc", "p1 sm AcAd", "p3 sm QcQd", "p2 sm KcKd"]
    result = replay_phh(parse_phh(_three_handed(actions)), record=True)
    assert _sections(result) == [f"{ORDER}.d"]
    assert result.flags[0].recorded == "p3 sm QcQd"
    assert result.final_stacks == [124, 88, 88]


def test_99_01_3_09_04_23_e_side_pot_players_show_before_the_main_pot_all_in() -> None:
    # p1 (stack 20) is all in pre-flop; p2 and p3 call and go on to a side pot: p2 bets 10 on
    # the river, p3 calls. ND: p2, p3 (side pot) before p1 (main pot only). The record has p1
    # show first: flagged .e, replayed. p1's aces win the main pot 60; p2's kings the side
    # pot 20: p1 60, p2 100 - 30 + 20 = 90, p3 100 - 30 = 70.
    checks = ["p2 cc", "p3 cc"]
    actions = [*DEAL, "p3 cbr 20", "p1 cc", "p2 cc", BOARD[0], *checks, BOARD[1], *checks]
    actions += [BOARD[2], "p2 cbr 10", "p3 cc", "p1 sm AcAd", "p2 sm KcKd", "p3 sm QcQd"]
    result = replay_phh(parse_phh(_three_handed(actions, (20, 100, 100))), record=True)
    assert _sections(result) == [f"{ORDER}.e"]
    assert "side pot" in result.flags[0].detail
    assert result.final_stacks == [60, 90, 70]


# -- showing and discarding (-04.24) -------------------------------------------------------------
def test_99_01_3_09_04_24_callers_unshown_discard_flagged_not_refused() -> None:
    # Pluribus hand 9: p1 bets the river, p2 calls, p1 shows and p2 mucks unshown. ND forbids
    # the caller's muck; the record is flagged and replayed to its finishing_stacks.
    path = LOCAL / "pluribus-100-09.phh"
    parsed = parse_phh(path.read_text(encoding="utf-8"))
    result = replay_phh(parsed, record=True)
    assert _sections(result) == [SHOWDOWN]
    assert result.flags[0].recorded == "p2 sm"
    assert "called all betting action" in result.flags[0].detail
    assert tuple(result.final_stacks) == parsed.finishing_stacks
    with pytest.raises(RuleViolation) as info:
        replay_phh(parsed)
    assert info.value.section == SHOWDOWN


def test_99_01_3_09_04_24_an_all_in_hand_discarded_unshown_is_flagged() -> None:
    # Dwan-Ivey with Dwan (p3, all in) mucking after Ivey shows: every hand must be shown once
    # a player is all in; flagged, and the record's concession stands: Ivey takes the pot.
    doc = _doc(LOCAL / "dwan-ivey-2009.phh")
    doc["actions"] = ["p3 sm" if a.startswith("p3 sm") else a for a in doc["actions"]]
    result = _record(doc)
    assert _sections(result) == [SHOWDOWN]
    assert "all in" in result.flags[0].detail
    assert result.final_stacks == [1125600 - 500 + 1500 + 2000 + 553000, 1997500, 0]


@pytest.mark.parametrize("path", UNCONTESTED, ids=_ids(UNCONTESTED))
def test_99_01_3_09_04_24_winners_voluntary_show_after_everyone_folded_is_replayed(
    path: Path,
) -> None:
    # Every corpus hand won uncontested, with the winner showing the hand after the award: no
    # showdown (one hand left), so nothing is flagged; the show is listed and the stacks are
    # the record's. Strictly, an action after the award is refused (-04.26).
    found = _uncontested(path)
    assert found is not None
    doc, show = found
    plain = _record(_doc(path))
    result = _record(doc)
    assert result.flags == plain.flags
    assert [(s.recorded, s.number) for s in result.shows] == [(show, len(doc["actions"]))]
    assert result.shows[0].cards == show.split()[2]
    assert tuple(Decimal(s) for s in result.display_stacks()) == _independent(path)
    with pytest.raises(RuleViolation) as info:
        _replay(doc, infer_folds=True)
    assert info.value.section == OVER


def test_a_voluntary_show_is_checked_against_the_deal() -> None:
    doc = _doc(LOCAL / "pluribus-100-00.phh")
    doc["actions"] = [*doc["actions"], "p1 sm TcQd"]
    with pytest.raises(InvalidInput, match="shows Qd but was dealt Qc"):
        _record(doc)
    doc["actions"][-1] = "p4 sm Ah4h"  # p4 folded: it won nothing and has no hand to show
    with pytest.raises(RuleViolation) as info:
        _record(doc)
    assert info.value.section == OVER


def test_the_reversed_caller_muck_is_an_order_flag_a_showing_flag_and_a_voluntary_show() -> None:
    # Pluribus hand 9 reversed: p2 (caller) mucks before the bettor p1 shows (-04.23.a and
    # -04.24 flagged); p1's hand is then the only one left and wins; its show is voluntary.
    doc = _reversed_showdown(LOCAL / "pluribus-100-09.phh")
    assert doc is not None
    result = _record(doc)
    assert _sections(result) == [f"{ORDER}.a", SHOWDOWN]
    assert [s.recorded for s in result.shows] == ["p1 sm JdKc"]
    assert tuple(result.final_stacks) == tuple(doc["finishing_stacks"])


# -- omitted folds (-04.10) ----------------------------------------------------------------------
def test_99_01_3_09_04_10_an_omitted_fold_is_flagged_not_refused() -> None:
    path = LOCAL / "wsop-2019-42-day3-00-01-07.phh"
    parsed = parse_phh(path.read_text(encoding="utf-8"))
    result = replay_phh(parsed, record=True)
    assert [(f.section, f.number, f.recorded) for f in result.flags] == [(OMITTED, 14, "p1 cc")]
    assert "p8" in result.flags[0].detail
    assert tuple(result.final_stacks) == parsed.finishing_stacks
    with pytest.raises(RuleViolation):
        replay_phh(parsed)


# -- live tables keep the strict check -----------------------------------------------------------
def test_99_01_3_09_04_23_live_tables_keep_the_strict_check() -> None:
    # The engine is untouched: after every reversed record is replayed, a hand played as at a
    # table still refuses a show out of order (-04.23) and a caller's unshown discard (-04.24).
    for path in REVERSIBLE:
        doc = _reversed_showdown(path)
        assert doc is not None
        _record(doc)
    parsed = parse_phh(_three_handed(DEAL))
    hand = Hand(parsed.rules, parsed.seats, parsed.button)
    holes = {seat: [parse_card(a[8:10]), parse_card(a[10:12])] for seat, a in enumerate(DEAL, 1)}
    board = [parse_card(c) for c in ("2h", "7s", "9h", "3c", "4d")]
    moves = ["p3 cc", "p1 cc", "p2 cc", *["p1 cc", "p2 cc", "p3 cc"] * 2]
    for note in [*moves, "p1 cbr 10", "p2 cc", "p3 cc"]:
        while hand.pending.kind is PendingKind.CHANCE:
            detail, seat = hand.pending.detail, hand.pending.seat
            card = None
            if detail == "hole" and seat is not None:
                card = holes[seat].pop(0)
            elif detail == "board":
                card = board.pop(0)
            hand.apply(Action(ActionKind.CARD, card=card))
        who, verb, *amount = note.split()
        seat = int(who[1:])
        if verb == "cbr":
            kind = ActionKind.BET if hand.bet_level == 0 else ActionKind.RAISE
            hand.apply(Action(kind, seat, amount=int(amount[0])))
        else:
            stay = hand.bet_level > hand.player(seat).bet
            hand.apply(Action(ActionKind.CALL if stay else ActionKind.CHECK, seat))
    assert (hand.pending.detail, hand.pending.seat) == ("showdown", 1)
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.SHOW, 3))
    assert info.value.section == ORDER
    hand.apply(Action(ActionKind.SHOW, 1))
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.MUCK, 2))
    assert info.value.section == SHOWDOWN


# -- the command ---------------------------------------------------------------------------------
def test_cli_replays_every_corpus_file_in_its_own_order() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["poker", "phh", "--json", *map(str, CORPUS)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    summary = data["summary"]
    assert summary["files"] == summary["hands"] == len(CORPUS)
    assert summary["refused"] == 0
    assert summary["finishing_stacks_different"] == 0
    assert summary["finishing_stacks_not_recorded"] == len(WORKED)
    assert summary["flags"] == sum(len(f["flags"]) for f in data["files"])
    assert all(f["mode"] == "record" and f["refused"] is None for f in data["files"])
    text = runner.invoke(app, ["poker", "phh", *map(str, CORPUS)])
    assert text.exit_code == 0
    assert f"{len(CORPUS)} files, {len(CORPUS)} hands replayed, 0 refused" in text.stdout


def test_cli_flags_a_foreign_showdown_order_and_strict_refuses_it(tmp_path: Path) -> None:
    doc = _reversed_showdown(LOCAL / "wsop-2019-42-day3-00-01-07.phh")
    assert doc is not None
    path = tmp_path / "reversed.phh"
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["poker", "phh", str(path)])
    assert result.exit_code == 0, result.output
    assert "flag: action 29 'p1 sm QdJd'" in result.stdout
    assert f"({ORDER}.a)" in result.stdout
    assert "finishing_stacks: reproduced" in result.stdout
    strict = runner.invoke(app, ["poker", "phh", "--strict", "--infer-folds", str(path)])
    assert strict.exit_code == 2
    assert ORDER in strict.output


def test_cli_reports_different_finishing_stacks_with_exit_1(tmp_path: Path) -> None:
    doc = _doc(LOCAL / "pluribus-100-00.phh")
    doc["finishing_stacks"][0] += 1
    path = tmp_path / "wrong.phh"
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    result = CliRunner().invoke(app, ["poker", "phh", "--json", str(path)])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["matches_finishing_stacks"] is False


@pytest.mark.parametrize("stack", [float("inf"), float("nan"), 1e300, "1e16"])
def test_an_amount_no_table_can_hold_is_refused_in_one_line(stack: object) -> None:
    """Found by an audit: an infinite or huge starting stack ended in an internal error."""
    doc = _doc(CORPUS[0])
    doc["starting_stacks"] = [stack, *doc["starting_stacks"][1:]]
    with pytest.raises(InvalidInput, match="finite amount of at most 15 digits|must be a number"):
        parse_phh(tomli_w.dumps(doc))


def test_an_amount_with_decimals_is_shown_without_an_exponent() -> None:
    from croupier.games.poker.phh import _unscale

    assert _unscale(995_000, 100) == "9950"
    assert _unscale(1_000_000, 100) == "10000"
    assert _unscale(25_050, 100) == "250.5"
