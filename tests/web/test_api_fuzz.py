"""API fuzzing with schemathesis against the server's own OpenAPI: whatever a signed-in client
sends (valid or not, for each role), the server never answers 500 and every answer matches the
schema it publishes (status codes, content types, bodies). The server serves two organizations
(issue 29): the fuzzer signs in as people of both, and whatever the second organization's people
send leaves every stream and slip of the first as it was."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is a dev dependency")

from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from tests.web.conftest import Demo, make_demo  # noqa: E402

from croupier.service.people.authz import Actor  # noqa: E402
from croupier.service.server.demo import seed_demo  # noqa: E402

ROLES = ("owner", "gm", "c1", "sm", "au", "b-c1", "b-sm", "b-au")
"""Accounts the fuzzer signs in as: every write path's roles and a read-only one, of both
organizations (``b-``: the second's)."""
SECOND = ("b-c1", "b-sm", "b-au")
SESSION_ENDERS = r"^/api/(login|logout|password|org)$"
"""Signing in or out, changing the password and switching organization would end the fuzzer's
own session; they are covered by tests/web/test_security.py and test_tenancy.py."""


@pytest.fixture(scope="module")
def fuzz_demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    made = make_demo(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'web.db'}")
    server = made.app.state.server
    server.orgs.add("beta")
    for login in seed_demo(server, org="beta", account_prefix="b-", name="Beta Lodge 7"):
        made.passwords[login.name] = login.password
    yield made
    made.app.state.server.close()


def _first_organizations(demo: Demo) -> tuple[object, ...]:
    """Every stream of the first organization with its version, and its prepared slips."""
    server = demo.app.state.server
    office = server.tenant("demo").backoffice
    drafts = [(d.draft_id, d.status) for d in office.drafts(Actor("x", frozenset({"owner"})), None)]
    return tuple(sorted(office.stream_versions().items())), tuple(sorted(drafts))


@pytest.fixture(scope="module")
def sessions(fuzz_demo: Demo) -> dict[str, dict[str, str]]:
    """Per role: the headers of a signed-in API client (session cookie and CSRF token)."""
    out: dict[str, dict[str, str]] = {}
    for name in ROLES:
        client, csrf = fuzz_demo.api_client(name)
        cookie = client.cookies.get("croupier_session")
        assert cookie
        out[name] = {"Cookie": f"croupier_session={cookie}", "X-CSRF-Token": csrf}
    return out


@pytest.mark.slow
def test_api_never_fails_and_keeps_to_its_schema(
    fuzz_demo: Demo, sessions: dict[str, dict[str, str]]
) -> None:
    _fuzz(fuzz_demo, sessions, sessions)


@pytest.mark.slow
def test_29_the_second_organizations_people_change_nothing_of_the_first(
    fuzz_demo: Demo, sessions: dict[str, dict[str, str]]
) -> None:
    before = _first_organizations(fuzz_demo)
    _fuzz(fuzz_demo, sessions, {n: sessions[n] for n in SECOND})
    assert _first_organizations(fuzz_demo) == before


def _fuzz(
    fuzz_demo: Demo, sessions: dict[str, dict[str, str]], who: dict[str, dict[str, str]]
) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", fuzz_demo.app)
    operations = [
        result.ok()
        for result in schema.get_all_operations()
        if not re.match(SESSION_ENDERS, result.ok().path)
    ]
    assert len(operations) >= 8, [op.path for op in operations]
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=25,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
        )
        def check(case) -> None:  # type: ignore[no-untyped-def]
            for headers in who.values():
                response = case.call(base_url="https://testserver", headers=headers)
                case.validate_response(
                    response,
                    checks=[
                        not_a_server_error,
                        status_code_conformance,
                        content_type_conformance,
                        response_schema_conformance,
                    ],
                )

        check()
