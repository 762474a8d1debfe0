"""croupier.books: the organization's records (N.D. Admin. Code 99-01.3-08, -09, -11).

Domain only (no I/O). ``state.Books`` is rebuilt from books events; the command functions in
``operations``, ``slips``, ``count``, ``surveillance`` and ``poker`` validate a request against
the books and return the events that record it (or raise ``RuleViolation`` citing the section,
changing nothing). ``daily``, ``hold``, ``quarterly``, ``rent`` and ``retention`` compute the
records an auditor reads.
"""
