"""Retrying a lost optimistic-concurrency race with jittered, capped exponential back-off."""

from __future__ import annotations

import pytest

from croupier.core.rng import SeededRng
from croupier.service.retry import Backoff, retrying
from croupier.store import ConcurrencyError


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0
        self.waits: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds

    def monotonic(self) -> float:
        return self.now


def lost(n: int) -> ConcurrencyError:
    return ConcurrencyError(f"lost race {n}", "s", n, n + 1)


def test_retries_until_the_race_is_won_with_waits_under_the_growing_cap() -> None:
    clock = FakeTime()
    backoff = Backoff(
        base=0.01,
        cap=0.05,
        deadline=10,
        sleep=clock.sleep,
        monotonic=clock.monotonic,
        rng=SeededRng(7),
    )
    tries = iter(range(6))

    def run() -> str:
        n = next(tries)
        if n < 5:
            raise lost(n)
        return "written"

    assert retrying(run, backoff) == "written"
    caps = [0.01, 0.02, 0.04, 0.05, 0.05]
    assert len(clock.waits) == 5
    assert all(0 <= w <= cap for w, cap in zip(clock.waits, caps, strict=True))
    assert len(set(clock.waits)) > 1  # jittered, not a fixed schedule


def test_gives_up_after_the_deadline_with_the_last_error() -> None:
    clock = FakeTime()
    backoff = Backoff(
        base=0.5,
        cap=1.0,
        deadline=3.0,
        sleep=clock.sleep,
        monotonic=clock.monotonic,
        rng=SeededRng(1),
    )
    calls = 0

    def run() -> None:
        nonlocal calls
        calls += 1
        clock.now += 0.5
        raise lost(calls)

    with pytest.raises(ConcurrencyError, match=r"lost race \d+"):
        retrying(run, backoff)
    assert clock.now >= 3.0
    assert calls >= 2


def test_a_domain_refusal_is_not_retried() -> None:
    calls = 0

    def run() -> None:
        nonlocal calls
        calls += 1
        raise ValueError("refused by the rules")

    with pytest.raises(ValueError):
        retrying(run, Backoff(sleep=lambda s: None))
    assert calls == 1
