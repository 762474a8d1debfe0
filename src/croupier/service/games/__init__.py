"""The games for a person at a shell: house-rules files, the posted disclosures, the terminal
tables and round-file replay.

``rules`` reads and validates a table's house-rules file (every invalid field at once, each
with its section); one module per game (``twentyone``, ``threecard21``, ``paddlewheel``,
``poker``) combines that game's domain package with files and the store for the command line;
``twentyone_table`` is the persisted terminal twenty-one table and ``twentyone_view`` what its
screen shows; ``replay`` plays a round file (a dispute record) back through its game.
"""
