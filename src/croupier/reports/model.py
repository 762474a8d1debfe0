"""What a printed record is made of: a header that says whose record it is (organization, site,
period, the people by name and role), header fields, tables and notes. The builders are in
``forms``, ``game_forms`` and ``registers``; ``render`` and ``terminal`` lay them out."""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.books.hold import HoldLine


@dataclass(frozen=True, slots=True)
class FormTable:
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class FormPerson:
    """A person the record is about or who signed part of it: the name, the employee id, the
    roles registered for them, and what they did in this record."""

    name: str
    employee_id: str
    roles: str
    did: str


PEOPLE_COLUMNS: tuple[str, ...] = ("Name", "Employee id", "Registered role", "In this record")


@dataclass(frozen=True, slots=True)
class Form:
    """One record laid out for printing."""

    title: str
    section: str
    fields: tuple[tuple[str, str], ...]
    tables: tuple[FormTable, ...]
    notes: tuple[str, ...] = ()
    hold_lines: tuple[HoldLine, ...] = field(default=())
    signatures: tuple[str, ...] = ("Prepared by", "Reviewed by")
    """Signature lines printed at the end (name, signature or initials, date)."""
    organization: str = ""
    site: str = ""
    period: str = ""
    people: tuple[FormPerson, ...] = ()
    warning: str | None = None
    """A banner printed above everything (e.g. a broken hash chain in the store, a corrupt
    entry): one line per problem."""
    anchor: str | None = None
    """The signed anchor of the store's history to keep with this record (docs/anchors.md):
    printed as text, and as a QR code in the PDF."""

    @property
    def warnings(self) -> tuple[str, ...]:
        """The banner's lines, each printed as its own warning."""
        return tuple(line for line in (self.warning or "").splitlines() if line.strip())

    @property
    def header(self) -> tuple[tuple[str, str], ...]:
        """Organization, site and period, then the form's own fields."""
        head = (("Organization", self.organization), ("Site", self.site), ("Period", self.period))
        return tuple((k, v) for k, v in head if v) + self.fields

    def people_table(self) -> FormTable:
        return FormTable(
            "People named in this record",
            PEOPLE_COLUMNS,
            tuple((p.name, p.employee_id, p.roles, p.did) for p in self.people),
        )
