"""croupier.eval: poker hand evaluators and showdown equity.

* ``croupier.eval.reference``: the readable reference (``rank_high``, ``omaha_high``, ``low8``,
  ``omaha_low8``, ``category_of``, ``describe``, ``is_royal``);
* ``croupier.eval.fast``: numba batch kernels on the same value scale (``evaluate5``,
  ``evaluate7``, ``omaha_high_batch``, ``omaha_hilo_batch``...);
* ``croupier.eval.equity``: exact enumeration and seeded Monte Carlo equity;
* ``croupier.eval.census``: complete enumerations (all 5- and 7-card hands).
"""
