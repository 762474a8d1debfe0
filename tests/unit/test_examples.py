"""The example rules files (``examples/rules/``): every file loads through the service, names a
registered game, states money in dollars and comments every field; the options their names
promise are really in the validated rules; a copy with a field out of range is refused with
the section, so the examples are validated, not just parsed.

Expected values come from the file names (``twentyone-no-hole-card-4deck-h17``) and from the
regulations, never from the rules models' own constants.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from croupier.core.errors import ConfigError
from croupier.games.registry import game_names
from croupier.service.games.rules import load_rules

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"
FILES = sorted(p for p in EXAMPLES.glob("*.toml") if not p.name.startswith("tournament-"))


def _ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


def _raw(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _game(path: Path) -> str:
    game = _raw(path).get("game")
    assert isinstance(game, str), f"{path.name} has no game key"
    return game


def _load(path: Path) -> Any:
    return load_rules(_game(path), path)


def _of(game: str) -> list[Path]:
    return [p for p in FILES if _game(p) == game]


def _tokens(path: Path) -> set[str]:
    return set(path.stem.split("-"))


def test_there_are_example_files() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=_ids(FILES))
def test_example_loads_through_load_rules(path: Path) -> None:
    assert _load(path) is not None


@pytest.mark.parametrize("path", FILES, ids=_ids(FILES))
def test_example_names_a_registered_game_and_starts_with_its_name(path: Path) -> None:
    game = _game(path)
    assert game in game_names()
    # the shared property tests find a game's files by this prefix
    assert path.name.startswith(f"{game}-")


def test_every_registered_game_has_an_example() -> None:
    assert {_game(p) for p in FILES} >= set(game_names())


# -- comments and dollars -------------------------------------------------------------------

_KEY_LINE = re.compile(r'^\s*("[^"]+"|[A-Za-z0-9_]+)\s*=')


@pytest.mark.parametrize("path", FILES, ids=_ids(FILES))
def test_example_has_a_header_naming_its_regulation(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = []
    for line in lines:
        if not line.startswith("#"):
            break
        header.append(line)
    text = "\n".join(header)
    assert len(header) >= 5, "a header comment says what table the file describes"
    assert re.search(r"99-01\.3-\d\d|13:69F-2C", text), "the header names the regulation"


@pytest.mark.parametrize("path", FILES, ids=_ids(FILES))
def test_every_field_of_an_example_has_a_comment(path: Path) -> None:
    """Each ``key = value`` line has a comment above it in its paragraph (a run of non-blank
    lines; several fields may share one comment)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    uncommented = []
    for i, line in enumerate(lines):
        if not _KEY_LINE.match(line) or line.startswith("game ="):
            continue
        j = i - 1
        while j >= 0 and lines[j].strip() and not lines[j].lstrip().startswith("#"):
            j -= 1
        if j < 0 or not lines[j].lstrip().startswith("#"):
            uncommented.append(line.strip())
    assert not uncommented, f"fields without a comment: {uncommented}"


MONEY_FIELDS = {
    "twentyone": ("minimum_wager", "maximum_wager", "tip_bet_cap"),
    "threecard21": ("table_minimum", "table_maximum", "smallest_chip"),
    "paddlewheel": ("maximum_bet_per_spin", "price_per_ticket", "cash", "retail_price", "cost"),
    "poker": (
        "small_blind",
        "big_blind",
        "ante",
        "minimum_bet",
        "maximum_bet",
        "small_bet",
        "big_bet",
        "table_limit",
        "odd_chip_unit",
        "fee_per_half_hour",
    ),
}


def _items(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from _items(item)
    elif isinstance(value, list):
        for item in value:
            yield from _items(item)


@pytest.mark.parametrize("path", FILES, ids=_ids(FILES))
def test_example_money_is_written_in_dollars(path: Path) -> None:
    """Money a person reads is ``"$12.50"``; tournament poker chips have no value (-03.4.b)
    and are counted as bare integers instead."""
    data = _raw(path)
    chips = data.get("game") == "poker" and data.get("tournament") is True
    money = [(k, v) for k, v in _items(data) if k in MONEY_FIELDS[_game(path)]]
    assert money, "the example states its money fields"
    for key, value in money:
        if chips:
            assert type(value) is int, (key, value)
        else:
            assert isinstance(value, str), (key, value)
            assert value.startswith("$"), (key, value)


# -- twenty-one (N.D. Admin. Code 99-01.3-08) ---------------------------------------------------

TWENTYONE = _of("twentyone")
DECK_TOKENS = {"4deck": 4, "6deck": 6, "8deck": 8}
METHOD_TOKENS = {
    "hole-card-no-peek": "hole-card-no-peek",
    "no-hole-card": "no-hole-card",
    "card-reader": "hole-card-with-card-reading-device",
}


def _decks_named(path: Path) -> int:
    named = [DECK_TOKENS[t] for t in _tokens(path) if t in DECK_TOKENS]
    assert len(named) == 1, f"{path.name} names its decks once (4deck, 6deck or 8deck)"
    return named[0]


def _method_named(path: Path) -> str:
    named = [v for k, v in METHOD_TOKENS.items() if path.stem.startswith(f"twentyone-{k}-")]
    assert len(named) == 1, f"{path.name} names its dealing method"
    return named[0]


@pytest.mark.parametrize("path", TWENTYONE, ids=_ids(TWENTYONE))
def test_99_01_3_08_02_3_twentyone_example_has_the_decks_its_name_says(path: Path) -> None:
    assert _load(path).decks == _decks_named(path)


def test_99_01_3_08_02_3_twentyone_examples_cover_four_six_and_eight_decks() -> None:
    assert {_decks_named(p) for p in TWENTYONE} == {4, 6, 8}


@pytest.mark.parametrize("path", TWENTYONE, ids=_ids(TWENTYONE))
def test_99_01_3_08_10_1_twentyone_example_uses_the_dealing_method_its_name_says(
    path: Path,
) -> None:
    assert _load(path).dealing_method.value == _method_named(path)


def test_99_01_3_08_10_1_twentyone_examples_cover_the_three_dealing_methods() -> None:
    assert {_method_named(p) for p in TWENTYONE} == set(METHOD_TOKENS.values())


@pytest.mark.parametrize("path", TWENTYONE, ids=_ids(TWENTYONE))
def test_99_01_3_08_11_10_g_twentyone_example_soft_17_as_its_name_says(path: Path) -> None:
    tokens = _tokens(path)
    assert len(tokens & {"s17", "h17"}) == 1, f"{path.name} says s17 or h17"
    assert _load(path).dealer_hits_soft_17 is ("h17" in tokens)


def test_99_01_3_08_11_10_g_twentyone_examples_cover_s17_and_h17() -> None:
    assert {"s17", "h17"} <= set().union(*(_tokens(p) for p in TWENTYONE))


def test_99_01_3_08_10_1_c_5_card_reader_examples_fall_back_to_a_method_without_device() -> None:
    readers = [p for p in TWENTYONE if _method_named(p).endswith("device")]
    assert readers
    for path in readers:
        fallback = _load(path).device_fallback_method.value
        assert fallback in ("hole-card-no-peek", "no-hole-card"), path.name


def test_99_01_3_08_09_1_additional_table_example_has_a_minimum_above_three_dollars() -> None:
    (path,) = [p for p in TWENTYONE if "additional" in _tokens(p)]
    rules = _load(path)
    assert rules.first_active_table is False
    assert rules.minimum_wager == 500  # "$5.00" in the file, more than the $3 of one table
    assert rules.maximum_wager == 2500


def test_99_01_3_08_09_1_first_table_examples_have_a_minimum_of_at_most_three_dollars() -> None:
    for path in TWENTYONE:
        rules = _load(path)
        if rules.first_active_table:
            assert 100 <= rules.minimum_wager <= 300, path.name


def test_99_01_3_08_09_2_b_no_insurance_example_permits_no_insurance_and_no_tip_bets() -> None:
    (path,) = [p for p in TWENTYONE if "no-insurance" in p.stem]
    rules = _load(path)
    assert rules.insurance_permitted is False
    assert rules.even_money_offered is False
    assert rules.tip_betting_permitted is False


def test_99_01_3_08_09_2_a_tip_bet_cap_written_in_dollars_is_cents() -> None:
    path = EXAMPLES / "twentyone-hole-card-no-peek-8deck-h17-additional-table.toml"
    assert _load(path).tip_bet_cap == 1250  # "$12.50"


def test_a_money_amount_in_quotes_without_its_dollar_sign_is_refused_not_read_as_cents() -> None:
    """ "12.50" read as a whole number would be 12 cents, and "300.00" 300 cents ($3.00): a
    number in quotes is refused, the field named and the dollars it may have meant shown."""
    from croupier.games.twentyone.rules import rules_from_dict
    from croupier.tournaments.definition import definition_from_dict

    path = EXAMPLES / "twentyone-hole-card-no-peek-8deck-h17-additional-table.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.pop("game", None)
    with pytest.raises(ConfigError) as refused:
        rules_from_dict({**data, "tip_bet_cap": "12.50"})
    assert "tip_bet_cap" in str(refused.value)
    assert '"$12.50"' in str(refused.value)
    tournament = EXAMPLES / "tournament-twentyone-preliminary-and-championship.toml"
    text = tournament.read_text(encoding="utf-8").replace('"$300.00"', '"300.00"')
    with pytest.raises(ConfigError) as refused:
        definition_from_dict(tomllib.loads(text))
    assert '"$300.00"' in str(refused.value)


# -- Three Card 21 (N.J.A.C. 13:69F-2C) -------------------------------------------------------

THREECARD21 = _of("threecard21")


@pytest.mark.parametrize("path", THREECARD21, ids=_ids(THREECARD21))
def test_13_69f_2c_2_a_three_card_21_example_has_the_decks_its_name_says(path: Path) -> None:
    assert _load(path).decks == _decks_named(path)


def test_13_69f_2c_2_a_three_card_21_examples_cover_six_and_eight_decks() -> None:
    assert {_decks_named(p) for p in THREECARD21} == {6, 8}


POSTED_BONUS_ODDS = {
    # 13:69F-2C.5(b)1, as printed in the regulation
    "21 total": (1, 1),
    "pair": (1, 1),
    "flush": (3, 2),
    "straight": (2, 1),
    "3 of a kind": (5, 1),
    "straight flush": (15, 1),
    "3 card royal flush": (50, 1),
    "3 card diamond royal flush": (200, 1),
}


@pytest.mark.parametrize("path", THREECARD21, ids=_ids(THREECARD21))
def test_13_69f_2c_5_b_1_three_card_21_examples_pay_the_posted_bonus_odds(path: Path) -> None:
    pays = _load(path).bonus_paytable.pays
    assert {category.value: odds for category, odds in pays.items()} == POSTED_BONUS_ODDS


def test_13_69f_2c_11_b_eight_deck_example_hits_soft_17_and_offers_surrender() -> None:
    (path,) = [p for p in THREECARD21 if "8deck" in _tokens(p)]
    rules = _load(path)
    assert rules.dealer_seventeen.value == "hits soft 17"
    assert rules.surrender is True  # 2C.8(c)
    assert rules.max_persons_per_spot == 3  # 2C.12(a)
    assert rules.table_minimum == 1000  # "$10.00"


# -- paddlewheels (N.D. Admin. Code 99-01.3-11) -------------------------------------------------

PADDLEWHEEL = _of("paddlewheel")


def test_99_01_3_11_01_paddlewheel_examples_cover_both_methods() -> None:
    assert sorted(_load(p).method for p in PADDLEWHEEL) == ["table", "ticket-card"]


def test_99_01_3_11_05_3_table_example_limits_a_player_to_twenty_dollars_a_spin() -> None:
    (path,) = [p for p in PADDLEWHEEL if _load(p).method == "table"]
    rules = _load(path)
    assert rules.maximum_bet_per_spin == 2000
    assert len(rules.wheel.circles[0].sections) >= 40  # -03.1
    assert rules.wheel.house_numbers == ("0", "00")  # -06.1.f
    assert [s.label for s in rules.spots()][:3] == ["odd", "even", "set low"]  # -05.5


def test_99_01_3_11_02_6_ticket_card_example_claim_policy_and_prizes() -> None:
    (path,) = [p for p in PADDLEWHEEL if _load(p).method == "ticket-card"]
    rules = _load(path)
    assert rules.presence_required is False  # -02.6.c
    assert rules.claim_limit_minutes == 30  # -02.6.d: at most one hour
    assert rules.flare.price_per_ticket == 200  # "$2.00", the most -02.2 allows
    assert [prize.value for prize in rules.prizes] == [1500, 2000]  # cash $15, retail $20
    assert len(rules.tickets) == 20


# -- poker (N.D. Admin. Code 99-01.3-09) --------------------------------------------------------

POKER_VARIANTS = {
    "poker-holdem": "holdem",
    "poker-omaha": "omaha",
    "poker-omaha-hilo": "omaha-hilo",
}


@pytest.mark.parametrize(("stem", "variant"), POKER_VARIANTS.items())
def test_99_01_3_09_01_nontournament_poker_example_has_its_game_and_the_dollar_limits(
    stem: str, variant: str
) -> None:
    rules = _load(EXAMPLES / f"{stem}.toml")
    assert rules.variant.value == variant
    assert rules.structure.value == "nontournament"
    assert rules.tournament is False
    assert rules.maximum_bet == 100  # a single bet of at most $1
    assert rules.max_raises == 3  # not more than three raises
    assert 0 < rules.fee_per_half_hour <= 200  # -03.3: at most $2 a half hour


def test_99_01_3_09_04_9_omaha_high_low_example_has_an_ante() -> None:
    assert _load(EXAMPLES / "poker-omaha-hilo.toml").ante == 25  # "$0.25"


def test_99_01_3_09_05_8_tournament_example_is_no_limit_under_a_table_limit() -> None:
    (path,) = [p for p in _of("poker") if "tournament" in _tokens(p)]
    rules = _load(path)
    assert rules.tournament is True
    assert rules.structure.value == "no-limit"
    assert rules.variant.value in ("holdem", "omaha")  # -03.4.a
    assert rules.table_limit == 5000  # chips, no value (-03.4.b)
    assert rules.max_players == 11  # -05.2


# -- the examples are validated, not just parsed ------------------------------------------------

OUT_OF_RANGE = [
    # (example, the line as written, an out-of-range line, field, section)
    (
        "twentyone-hole-card-no-peek-6deck-s17.toml",
        "decks = 6",
        "decks = 5",
        "decks",
        "99-01.3-08-02.3",
    ),
    (
        "twentyone-no-hole-card-4deck-h17.toml",
        'maximum_wager = "$10.00"',
        'maximum_wager = "$30.00"',
        "maximum_wager",
        "99-01.3-08-09.1",
    ),
    (
        "threecard21-8deck.toml",
        "decks = 8",
        "decks = 9",
        "decks",
        "N.J.A.C. 13:69F-2C.2(a)",
    ),
    (
        "paddlewheel-table.toml",
        'maximum_bet_per_spin = "$20.00"',
        'maximum_bet_per_spin = "$21.00"',
        "maximum_bet_per_spin",
        "99-01.3-11-05.3",
    ),
    (
        "poker-holdem.toml",
        'maximum_bet = "$1.00"',
        'maximum_bet = "$2.00"',
        "maximum_bet",
        "99-01.3-09-01",
    ),
]


@pytest.mark.parametrize(
    ("name", "line", "bad", "field", "section"),
    OUT_OF_RANGE,
    ids=[f"{case[0].removesuffix('.toml')}-{case[3]}" for case in OUT_OF_RANGE],
)
def test_a_copy_with_a_field_out_of_range_is_refused_with_the_section(
    tmp_path: Path, name: str, line: str, bad: str, field: str, section: str
) -> None:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    assert text.count(f"\n{line}\n") == 1, f"{name} writes {line!r} once"
    copy = tmp_path / name
    copy.write_text(text.replace(f"\n{line}\n", f"\n{bad}\n"), encoding="utf-8")
    game = _game(copy)
    with pytest.raises(ConfigError) as refused:
        load_rules(game, copy)
    assert (field, section) in {(p.field, p.section) for p in refused.value.problems}
    assert section in str(refused.value)
