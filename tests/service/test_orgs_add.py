"""``croupier orgs add`` on a database kept from the command line (issue 29): the first
organization registered keeps the unqualified table and tournament stream names, so a database
whose books are another organization's refuses a stranger as its first, in one line, and
registers nothing; registering the books' own organization first, then the stranger, works."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.service.people.orgs import Organizations
from croupier.store import open_store

runner = CliRunner()


def test_29_the_first_organization_registered_is_the_one_whose_books_the_database_holds(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'books.db'}"
    made = runner.invoke(app, ["books", "init", "post1", "Post 1", "--db", url])
    assert made.exit_code == 0, made.output
    stranger = runner.invoke(app, ["orgs", "add", "beta", "--owner", "bo", "--db", url])
    assert stranger.exit_code == 2
    assert "holds the books of 'post1' and serves no organization yet" in stranger.output
    assert "Traceback" not in stranger.output
    with open_store(url) as store:
        assert Organizations(store.engine).all() == []
    own = runner.invoke(app, ["orgs", "add", "post1", "--owner", "po", "--db", url])
    assert own.exit_code == 0, own.output
    assert "books init" not in own.output  # its books are begun already
    beta = runner.invoke(app, ["orgs", "add", "beta", "--owner", "bo", "--db", url])
    assert beta.exit_code == 0, beta.output
    assert "croupier books init beta NAME" in beta.output
    with open_store(url) as store:
        served = {o.org_id: o.legacy for o in Organizations(store.engine).all()}
    assert served == {"post1": True, "beta": False}


def test_29_an_owner_refused_adds_no_organization(tmp_path: Path) -> None:
    """Found by an audit: `orgs add neworg --owner ''` was refused ("an account name is
    missing") after it had registered the organization, so the retry with a good owner was
    refused as "served already". The owner is checked first: nothing is written."""
    url = f"sqlite:///{tmp_path / 'books.db'}"
    assert runner.invoke(app, ["books", "init", "post1", "Post 1", "--db", url]).exit_code == 0
    assert runner.invoke(app, ["orgs", "add", "post1", "--owner", "po", "--db", url]).exit_code == 0
    for owner in ("", "no spaces allowed"):
        refused = runner.invoke(app, ["orgs", "add", "beta", "--owner", owner, "--db", url])
        assert refused.exit_code == 2
        assert "account name" in refused.output
    with open_store(url) as store:
        assert [o.org_id for o in Organizations(store.engine).all()] == ["post1"]
    again = runner.invoke(app, ["orgs", "add", "beta", "--owner", "bo", "--db", url])
    assert again.exit_code == 0, again.output
