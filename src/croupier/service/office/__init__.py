"""The back office as the web server sees it.

``backoffice.BackOffice`` is the one face the pages and the JSON API use for the books: sites
and their status, the fill and credit slip flow, redemptions, drop box custody, the count, the
close, the reports, the quarter, rent, opening balances and tournaments posted to the books.
Every step asks the policy of ``service.people.authz`` first and records the signed-in person
as the actor; the work itself is done by ``service.books``, ``service.tournaments`` and
``service.database``.
"""
