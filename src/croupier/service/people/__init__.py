"""People: who signs in and what each may do.

``accounts`` keeps the accounts of ``croupier serve`` (passwords, sessions, sign-in throttling;
stored in the store's own tables, not in the books, since a password changes). ``authz`` is the
one default-deny authorization policy: ``decide(actor, action, facts)`` is asked alike by the
command line, the pages and the JSON API, and every refusal names its reason and section.
"""
