"""A person's own password is refused when weak, each refusal in one line saying why (found by an
audit: only the length was checked; ``service.people.passwords``)."""

from __future__ import annotations

import pytest
from tests.web.conftest import Demo

from croupier.service.people import passwords

WEAK = {
    "aaaaaaaaaaaa": "different characters",
    "ababababcdcd": "different characters",
    "123456789012": "run or a repetition",
    "abcdefghijkl": "run or a repetition",
    "zyxwvutsrqpo": "run or a repetition",
    "qwertyuiopas": "run or a repetition",
    "aaaaaa123456": "run or a repetition",
    "passwordpassword": "run or a repetition",
    "horse1horse1horse1": "run or a repetition",
    "Password2024!": "most common",
    "P@ssw0rd123456": "most common",
    "!!Blackjack777": "most common",
}


@pytest.mark.parametrize(("password", "why"), sorted(WEAK.items()))
def test_weak_passwords_are_refused_saying_why(password: str, why: str) -> None:
    said = passwords.weakness(password, "someone")
    assert said is not None
    assert why in said
    assert "\n" not in said


@pytest.mark.parametrize(
    "password", ["a long enough password", "9f3kQ2mZ7pLw", "correct horse battery", "Tr0ub4dor&3x"]
)
def test_strong_passwords_are_taken(password: str) -> None:
    assert passwords.weakness(password, "someone") is None


def test_the_account_name_is_refused_inside_a_password() -> None:
    assert passwords.weakness("my Kim-Lee passphrase", "kim-lee") is not None
    assert passwords.weakness("c1c1c1c1c1c1", "c1") is not None  # a short name repeated
    assert passwords.weakness("c1 is my favourite", "c1") is None  # shorter than three: beside


def test_the_common_list_is_short_and_lower_case() -> None:
    common = passwords.common_passwords()
    assert 80 <= len(common) <= 200
    assert all(w == w.lower().strip() for w in common)


@pytest.mark.parametrize(
    "new",
    ["aaaaaaaaaaaa", "123456789012", "passwordpassword", "c1c1c1c1c1c1", "c1-c1-c1-c1-c1",
     "iloveyou2024!!"],
)  # fmt: skip
def test_the_api_refuses_a_weak_new_password_and_keeps_the_old(demo: Demo, new: str) -> None:
    client, token = demo.api_client("c1")
    refused = client.post(
        "/api/password",
        json={"current": demo.passwords["c1"], "new": new},
        headers={"X-CSRF-Token": token},
    )
    assert refused.status_code == 422, refused.text
    assert "password" in refused.json()["detail"]
    assert client.get("/api/me").status_code == 200  # nothing changed: still signed in
