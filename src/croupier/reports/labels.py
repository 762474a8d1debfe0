"""How a record names its organization, its sites and its period."""

from __future__ import annotations

from collections.abc import Iterable

from croupier.books.state import Books


def org_label(books: Books) -> str:
    """``Post 1 (p1)``: the organization's name and id as registered."""
    name = books.org_name or "organization not registered"
    return f"{name} ({books.org_id})" if books.org_id else name


def site_label(books: Books, site_id: str) -> str:
    """``S1 Main``: a site's id and name."""
    st = books.sites.get(site_id)
    return f"{site_id} {st.site.name}" if st is not None else f"{site_id} (not registered)"


def sites_label(books: Books, site_ids: Iterable[str] | None = None) -> str:
    """The sites a record covers: the ones given, or every registered site."""
    ids = sorted(set(site_ids)) if site_ids is not None else sorted(books.sites)
    if not ids:
        return "no sites"
    return "; ".join(site_label(books, s) for s in ids)


def span(days: Iterable[str], empty: str = "no activity recorded") -> str:
    """``2026-01-03 to 2026-02-10`` from ISO days or times (their date part)."""
    dates = sorted(d[:10] for d in days)
    if not dates:
        return empty
    return dates[0] if dates[0] == dates[-1] else f"{dates[0]} to {dates[-1]}"
