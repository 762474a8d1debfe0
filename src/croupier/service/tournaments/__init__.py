"""Tournaments (99-01.3-08-15, 99-01.3-09-01, -03, -05, -07).

``offline`` checks a tournament rules file and runs a tournament file (no database); ``live``
keeps a tournament in the event store, run command by command from the command line or the
web; ``view`` is a stored tournament as people read it (summary, registers, schedule); ``post``
records a finished tournament's money in the organization's books.
"""
