"""``croupier serve`` and ``croupier users``: the first start, the demo, the command line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import BASE, sign_in_form

from croupier.service.people.accounts import BOOKS_ROLES, TEST_CONFIG
from croupier.service.people.authz import policy_markdown
from croupier.service.server.serve import prepare
from croupier.web.app import create_app
from croupier.web.settings import WebSettings

ROOT = Path(__file__).resolve().parents[2]


def test_serve_demo_smoke_every_role_signs_in_and_loads_its_pages(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    notes = prepare(url, "demo", demo=True, config=TEST_CONFIG)
    assert notes.owner_password is not None
    roles = {login.roles for login in notes.demo}
    assert roles == {*BOOKS_ROLES, "player"}  # an account in every role the rules name
    again = prepare(url, "demo", demo=True, config=TEST_CONFIG)
    assert (again.owner_password, again.demo, again.demo_existed) == (None, (), True)
    app = create_app(WebSettings(url, "demo", accounts=TEST_CONFIG))
    try:
        logins = [*((login.name, login.password) for login in notes.demo)]
        logins.append(("owner", notes.owner_password))
        for name, password in logins:
            client = TestClient(app, base_url=BASE)
            sign_in_form(client, name, password)
            if name == "owner":  # a one-time password: changed first
                assert client.get("/", follow_redirects=False).headers["location"] == "/password"
                continue
            home = client.get("/")
            assert home.status_code == 200, (name, home.text[-500:])
            assert f"Signed in as <strong>{name}</strong>" in home.text
            links = [
                href
                for href in ("/sites", "/slips", "/verify", "/reports/daily", "/accounts")
                if f'href="{href}"' in home.text
            ]
            for href in links:
                page = client.get(href)
                assert page.status_code == 200, (name, href, page.text[-500:])
    finally:
        app.state.server.close()


def _croupier(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CROUPIER_")}
    return subprocess.run(
        [sys.executable, "-m", "croupier.cli.main", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
        env=env,
    )


def test_more_than_one_worker_on_sqlite_is_refused_in_one_line(tmp_path: Path) -> None:
    done = _croupier(
        "serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'x.db'}", cwd=tmp_path
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: --workers 2 needs PostgreSQL: SQLite has one writer, so it is served by one "
        "worker (use --db postgresql+psycopg://... for more)"
    ]
    assert not (tmp_path / "x.db").exists()


def test_insecure_cookies_only_on_a_loopback_address(tmp_path: Path) -> None:
    done = _croupier("serve", "--host", "0.0.0.0", "--insecure-cookie", cwd=tmp_path)
    assert done.returncode == 2
    assert "--insecure-cookie is for plain HTTP on 127.0.0.1" in done.stderr


def test_a_port_in_use_is_refused_before_anything_is_printed(tmp_path: Path) -> None:
    """Issue 29: with the port taken, the server printed the owner's one-time password and
    "serving" before failing to bind. Now one line, nothing printed, no database made."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen(1)
        port = holder.getsockname()[1]
        db = tmp_path / "x.db"
        done = _croupier("serve", "--port", str(port), "--db", f"sqlite:///{db}", cwd=tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"error: cannot listen on 127.0.0.1:{port}")
    assert "password" not in done.stdout
    assert "serving" not in done.stdout
    assert not db.exists()


def test_the_rules_files_are_found_wherever_the_server_starts(tmp_path: Path) -> None:
    """Issue 29: started outside the checkout, the server found no rules files (a relative
    ``examples/rules``). They are package data now, found from any folder; the variable still
    names another folder."""
    import tomllib
    from fnmatch import fnmatch

    code = (
        "from croupier.web.settings import from_environment; "
        "d = from_environment().rules_dir; print(d.is_absolute(), len(list(d.glob('*.toml'))))"
    )
    env = {k: v for k, v in os.environ.items() if k != "CROUPIER_RULES_DIR"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    shipped = sorted((ROOT / "src/croupier/data/rules").glob("*.toml"))
    assert done.stdout.split() == ["True", str(len(shipped))]
    assert len(shipped) >= 16  # every game's examples and the tournaments'
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
        env={**env, "CROUPIER_RULES_DIR": str(tmp_path)},
    )  # fmt: skip
    assert done.stdout.split() == ["True", "0"]
    # and a wheel carries them: the package data names them
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["croupier"]
    for path in shipped:
        inside = path.relative_to(ROOT / "src/croupier").as_posix()
        assert any(fnmatch(inside, p) for p in patterns), inside


def test_users_add_and_list(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'u.db'}"
    assert _croupier("users", "list", "--db", db, cwd=tmp_path).returncode == 2  # no database
    assert _croupier("db", "upgrade", "--db", db, cwd=tmp_path).returncode == 0
    added = _croupier("users", "add", "kim", "--role", "player", "--db", db, cwd=tmp_path)
    assert added.returncode == 0, added.stderr
    assert "One-time password" in added.stdout
    refused = _croupier(
        "users", "add", "pat", "--role", "pit-boss", "--employee", "pb", "--db", db, cwd=tmp_path
    )
    assert refused.returncode == 2
    assert "no organization 'org' in the books" in refused.stderr
    listed = _croupier("users", "list", "--db", db, cwd=tmp_path)
    assert "kim" in listed.stdout
    assert "one-time password" in listed.stdout
    assert "pat" not in listed.stdout


def test_a_refused_users_add_changes_nothing(tmp_path: Path) -> None:
    """Found by an audit: a name or role refused had still registered the organization."""
    import sqlite3

    path = tmp_path / "u.db"
    db = f"sqlite:///{path}"
    assert _croupier("db", "upgrade", "--db", db, cwd=tmp_path).returncode == 0

    def rows() -> list[object]:
        with sqlite3.connect(path) as conn:
            return [
                conn.execute(f"select * from {t}").fetchall() for t in ("organizations", "accounts")
            ]

    before = rows()
    for name, role in (("", "owner"), ("kim", "emperor"), ("k\u200bim", "player")):
        refused = _croupier("users", "add", name, "--role", role, "--db", db, cwd=tmp_path)
        assert refused.returncode == 2, refused.stdout
        assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    assert rows() == before


def test_docs_web_shows_the_policy_as_the_code_has_it() -> None:
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    assert policy_markdown() in text, "docs/web.md: paste policy_markdown() into the roles table"


@pytest.mark.postgres
def test_workers_on_postgresql_are_accepted(postgres_url: str) -> None:
    from croupier.service.server.webserver import check_workers

    check_workers(postgres_url, 4)
